#include "core/server/queryparameters.h"

#include <QByteArray>

#include <cctype>

#include <limits>

namespace rlab::server {

namespace {
// Go's url.QueryUnescape: '+' is a space, %XX a byte; a malformed escape fails.
std::optional<QString> unescape(const QString &s)
{
    QByteArray in = s.toUtf8(), out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size(); ++i) {
        const char c = in[i];
        if (c == '+') {
            out += ' ';
        } else if (c == '%') {
            if (i + 2 >= in.size() || !std::isxdigit(static_cast<unsigned char>(in[i + 1]))
                || !std::isxdigit(static_cast<unsigned char>(in[i + 2])))
                return std::nullopt;
            out += char(QByteArray::fromHex(in.mid(i + 1, 2)).at(0));
            i += 2;
        } else {
            out += c;
        }
    }
    return QString::fromUtf8(out);
}

// strconv.Quote, enough for error messages: quotes and backslashes escaped.
QString goQuote(const QString &s)
{
    QString out = s;
    out.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    out.replace(QLatin1Char('"'), QLatin1String("\\\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}
} // namespace

QueryParameters QueryParameters::parse(const QString &rawQuery)
{
    QueryParameters q;
    for (const QString &pair : rawQuery.split(QLatin1Char('&'))) {
        if (pair.isEmpty() || pair.contains(QLatin1Char(';')))
            continue;   // Go 1.17+: a ';' makes the pair invalid; it is skipped
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        const std::optional<QString> key = unescape(eq < 0 ? pair : pair.left(eq));
        const std::optional<QString> value = unescape(eq < 0 ? QString() : pair.mid(eq + 1));
        if (!key || !value)
            continue;
        q.m_values[*key].append(*value);
    }
    return q;
}

QString QueryParameters::value(const QString &key) const
{
    const auto it = m_values.constFind(key);
    return it == m_values.cend() || it->isEmpty() ? QString() : it->first();
}

bool QueryParameters::toBool(const QString &value)
{
    return value != QLatin1String("0") && value.compare(QLatin1String("false"), Qt::CaseInsensitive) != 0;
}

bool QueryParameters::flag(const QString &key) const
{
    return has(key) && toBool(value(key));
}

std::optional<bool> QueryParameters::optionalFlag(const QString &key) const
{
    if (!has(key))
        return std::nullopt;
    return toBool(value(key));
}

std::optional<qint64> QueryParameters::parseInt64(const QString &text, QString *error)
{
    const auto fail = [&](const char *why) -> std::optional<qint64> {
        if (error)
            *error = QStringLiteral("strconv.ParseInt: parsing %1: %2").arg(goQuote(text), QLatin1String(why));
        return std::nullopt;
    };
    qsizetype i = 0;
    bool negative = false;
    if (!text.isEmpty() && (text[0] == QLatin1Char('+') || text[0] == QLatin1Char('-'))) {
        negative = text[0] == QLatin1Char('-');
        i = 1;
    }
    if (i == text.size())
        return fail("invalid syntax");
    // ParseUint first (the first bad digit or the first uint64 overflow ends the scan), then
    // the int64 range.
    constexpr quint64 kMaxU = std::numeric_limits<quint64>::max();
    quint64 acc = 0;
    for (; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return fail("invalid syntax");
        const unsigned d = c.unicode() - '0';
        if (acc > (kMaxU - d) / 10)
            return fail("value out of range");
        acc = acc * 10 + d;
    }
    constexpr quint64 kCutoff = quint64(1) << 63;
    if ((!negative && acc >= kCutoff) || (negative && acc > kCutoff))
        return fail("value out of range");
    if (error)
        error->clear();
    return negative ? qint64(0 - acc) : qint64(acc);
}

std::optional<qint64> QueryParameters::integer(const QString &key, QString *error) const
{
    if (error)
        error->clear();
    if (!has(key))
        return std::nullopt;
    return parseInt64(value(key), error);
}

} // namespace rlab::server
