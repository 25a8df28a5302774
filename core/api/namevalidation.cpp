#include "core/api/namevalidation.h"

#include "core/api/namematch.h"

#include <QRegularExpression>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rlab::api {

namespace {

const QString kDns1123LabelFmt = QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
const QString kDns1123SubdomainFmt = kDns1123LabelFmt + QStringLiteral("(\\.") + kDns1123LabelFmt + QStringLiteral(")*");
const QString kLabelKeyFmt = QStringLiteral("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
const QString kLabelValueFmt = QStringLiteral("(") + kLabelKeyFmt + QStringLiteral(")?");
const QString kPercentFmt = QStringLiteral("[0-9]+%");

constexpr int kDns1123LabelMaxLength = 63;
constexpr int kDns1123SubdomainMaxLength = 253;
constexpr int kLabelKeyMaxLength = 63;
constexpr int kLabelValueMaxLength = 63;

// Each pattern is compiled once (function-local statics) and only read afterwards, so the
// checks are cheap on the create path and safe from any thread.
QRegularExpression compiled(const QString &fmt, bool anchored = true)
{
    QRegularExpression re(anchored ? QRegularExpression::anchoredPattern(fmt) : fmt);
    re.optimize();
    return re;
}

bool fullMatch(const QRegularExpression &re, const QString &value)
{
    return re.match(value).hasMatch();
}

qsizetype byteLength(const QString &value)
{
    return namematch::utf8Length(value);
}

QStringList prefixEach(QStringList msgs, const QString &prefix)
{
    for (QString &m : msgs)
        m.prepend(prefix);
    return msgs;
}

// generic.go maskTrailingDash: the `len(name)-2` slice is upstream's (it drops two characters
// and appends one); kept as is because it decides which generateNames validate.
QString maskTrailingDash(const QString &name)
{
    if (name.size() > 1 && name.endsWith(QLatin1Char('-')))
        return name.left(name.size() - 2) + QLatin1Char('a');
    return name;
}

} // namespace

QString regexError(const QString &msg, const QString &fmt, const QStringList &examples)
{
    if (examples.isEmpty())
        return msg + QStringLiteral(" (regex used for validation is '") + fmt + QStringLiteral("')");
    QString out = msg + QStringLiteral(" (e.g. ");
    for (qsizetype i = 0; i < examples.size(); ++i) {
        if (i > 0)
            out += QStringLiteral(" or ");
        out += QLatin1Char('\'') + examples[i] + QStringLiteral("', ");
    }
    return out + QStringLiteral("regex used for validation is '") + fmt + QStringLiteral("')");
}

QString maxLenError(int length)
{
    return QStringLiteral("must be no more than %1 characters").arg(length);
}

QString inclusiveRangeError(qint64 lo, qint64 hi)
{
    return QStringLiteral("must be between %1 and %2, inclusive").arg(lo).arg(hi);
}

QStringList isDNS1123Label(const QString &value)
{
    QStringList errs;
    if (byteLength(value) > kDns1123LabelMaxLength)
        errs << maxLenError(kDns1123LabelMaxLength);
    if (!namematch::dns1123Label(value)) {
        if (namematch::dns1123Subdomain(value))
            errs << QStringLiteral("must not contain dots");   // a valid subdomain: only dots are wrong
        else
            errs << regexError(QStringLiteral("a lowercase RFC 1123 label must consist of lower case "
                                              "alphanumeric characters or '-', and must start and end "
                                              "with an alphanumeric character"),
                               kDns1123LabelFmt, {QStringLiteral("my-name"), QStringLiteral("123-abc")});
    }
    return errs;
}

QStringList isDNS1123Subdomain(const QString &value)
{
    QStringList errs;
    if (byteLength(value) > kDns1123SubdomainMaxLength)
        errs << maxLenError(kDns1123SubdomainMaxLength);
    if (!namematch::dns1123Subdomain(value))
        errs << regexError(QStringLiteral("a lowercase RFC 1123 subdomain must consist of lower case "
                                          "alphanumeric characters, '-' or '.', and must start and end "
                                          "with an alphanumeric character"),
                           kDns1123SubdomainFmt, {QStringLiteral("example.com")});
    return errs;
}

QStringList isQualifiedName(const QString &value)
{
    static const QString keyMsg = QStringLiteral("must consist of alphanumeric characters, '-', '_' or '.', "
                                                 "and must start and end with an alphanumeric character");
    static const QStringList examples{QStringLiteral("MyName"), QStringLiteral("my.name"), QStringLiteral("123-abc")};
    QStringList errs;
    const qsizetype slash = value.indexOf(QLatin1Char('/'));
    const qsizetype parts = slash < 0 ? 1 : value.indexOf(QLatin1Char('/'), slash + 1) < 0 ? 2 : 3;
    QString name;
    switch (parts) {
    case 1:
        name = value;
        break;
    case 2: {
        const QString prefix = value.left(slash);
        name = value.mid(slash + 1);
        if (prefix.isEmpty())
            errs << QStringLiteral("prefix part must be non-empty");
        else if (const QStringList msgs = isDNS1123Subdomain(prefix); !msgs.isEmpty())
            errs << prefixEach(msgs, QStringLiteral("prefix part "));
        break;
    }
    default:
        return errs << QStringLiteral("a valid label key ") + regexError(keyMsg, kLabelKeyFmt, examples)
                           + QStringLiteral(" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
    }
    if (name.isEmpty())
        errs << QStringLiteral("name part must be non-empty");
    else if (byteLength(name) > kLabelKeyMaxLength)
        errs << QStringLiteral("name part ") + maxLenError(kLabelKeyMaxLength);
    if (!namematch::labelKeyName(name))
        errs << QStringLiteral("name part ") + regexError(keyMsg, kLabelKeyFmt, examples);
    return errs;
}

QStringList isValidLabelValue(const QString &value)
{
    QStringList errs;
    if (byteLength(value) > kLabelValueMaxLength)
        errs << maxLenError(kLabelValueMaxLength);
    if (!namematch::labelValue(value))
        errs << regexError(QStringLiteral("a valid label must be an empty string or consist of alphanumeric "
                                          "characters, '-', '_' or '.', and must start and end with an "
                                          "alphanumeric character"),
                           kLabelValueFmt,
                           {QStringLiteral("MyValue"), QStringLiteral("my_value"), QStringLiteral("12345")});
    return errs;
}

QStringList isValidPercent(const QString &value)
{
    static const QRegularExpression percentRe = compiled(kPercentFmt);
    if (fullMatch(percentRe, value))
        return {};
    return {regexError(QStringLiteral("a valid percent string must be a numeric string followed by an ending '%'"),
                       kPercentFmt, {QStringLiteral("1%"), QStringLiteral("93%")})};
}

QStringList isValidPortNum(qint64 port)
{
    if (port >= 1 && port <= 65535)
        return {};
    return {inclusiveRangeError(1, 65535)};
}

QStringList isValidPortName(const QString &port)
{
    QStringList errs;
    if (byteLength(port) > 15)
        errs << maxLenError(15);
    static const QRegularExpression charsetRe = compiled(QStringLiteral("[-a-z0-9]+"));
    static const QRegularExpression letterRe = compiled(QStringLiteral("[a-z]"), false);
    if (!fullMatch(charsetRe, port))
        errs << QStringLiteral("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    if (!letterRe.match(port).hasMatch())
        errs << QStringLiteral("must contain at least one letter or number (a-z, 0-9)");
    if (port.contains(QLatin1String("--")))
        errs << QStringLiteral("must not contain consecutive hyphens");
    if (!port.isEmpty() && (port.front() == QLatin1Char('-') || port.back() == QLatin1Char('-')))
        errs << QStringLiteral("must not begin or end with a hyphen");
    return errs;
}

QStringList nameIsDNSSubdomain(const QString &name, bool prefix)
{
    return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
}

QStringList nameIsDNSLabel(const QString &name, bool prefix)
{
    return isDNS1123Label(prefix ? maskTrailingDash(name) : name);
}

QStringList validatePathSegmentName(const QString &name, bool prefix)
{
    // One pass for the two characters a segment may not hold, eight at a time (every Event's
    // name is checked: two QString::contains searches were ~400 instructions a name).
    const char16_t *u = reinterpret_cast<const char16_t *>(name.constData());
    const qsizetype n = name.size();
    qsizetype i = 0;
    bool either = false;
#if defined(__SSE2__)
    const __m128i slashes = _mm_set1_epi16(short(u'/')), percents = _mm_set1_epi16(short(u'%'));
    for (; i + 8 <= n && !either; i += 8) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(u + i));
        either = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi16(v, slashes), _mm_cmpeq_epi16(v, percents))) != 0;
    }
#endif
    for (; i < n && !either; ++i)
        either = u[i] == u'/' || u[i] == u'%';
    const bool slash = either && name.contains(QLatin1Char('/'));
    const bool percent = either && name.contains(QLatin1Char('%'));
    QStringList errs;
    if (!prefix && (name == QLatin1String(".") || name == QLatin1String("..")))
        errs << QStringLiteral("may not be '%1'").arg(name);
    if (slash)
        errs << QStringLiteral("may not contain '/'");
    if (percent)
        errs << QStringLiteral("may not contain '%'");
    return errs;
}

} // namespace rlab::api
