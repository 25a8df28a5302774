#include "core/apiserver/continuetoken.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace rlab::apiserver {

namespace {

const QString kVersion = QStringLiteral("meta.k8s.io/v1");

bool isBase64Url(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

// Go's quoteChar for a JSON syntax error: 'x', or the escape strconv.Quote uses.
QString goQuoteChar(unsigned char c)
{
    if (c == '\'')
        return QStringLiteral("'\\''");
    if (c >= 0x20 && c < 0x7f)
        return QStringLiteral("'%1'").arg(QLatin1Char(char(c)));
    if (c < 0x20 || c == 0x7f)
        return QStringLiteral("'\\x%1'").arg(int(c), 2, 16, QLatin1Char('0'));
    return QStringLiteral("'\\u%1'").arg(int(c), 4, 16, QLatin1Char('0'));
}

} // namespace

QString ContinueToken::encode(const QByteArray &nextKey, const QByteArray &keyPrefix, qint64 resourceVersion)
{
    QByteArray start = nextKey;
    if (start.startsWith(keyPrefix))
        start.remove(0, keyPrefix.size());
    const QJsonObject o{{QStringLiteral("v"), kVersion},
                        {QStringLiteral("rv"), resourceVersion},
                        {QStringLiteral("start"), QString::fromUtf8(start)}};
    return QString::fromLatin1(QJsonDocument(o).toJson(QJsonDocument::Compact)
                                   .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<ContinueToken> ContinueToken::decode(const QString &token, const QByteArray &keyPrefix, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<ContinueToken> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const QByteArray raw = token.toUtf8();
    for (qsizetype i = 0; i < raw.size(); ++i)
        if (!isBase64Url(raw[i]))
            return fail(QStringLiteral("invalid continue key: illegal base64 data at input byte %1").arg(i));
    if (raw.size() % 4 == 1)
        return fail(QStringLiteral("invalid continue key: illegal base64 data at input byte %1").arg(raw.size() - 1));
    const QByteArray data = QByteArray::fromBase64(raw, QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
        const QByteArray trimmed = data.trimmed();
        if (trimmed.isEmpty())
            return fail(QStringLiteral("invalid continue key: unexpected end of JSON input"));
        const unsigned char first = static_cast<unsigned char>(trimmed[0]);
        if (!QByteArray("{[\"-0123456789tfn").contains(char(first)))
            return fail(QStringLiteral("invalid continue key: invalid character %1 looking for beginning of value").arg(goQuoteChar(first)));
        if (doc.isNull())
            return fail(QStringLiteral("invalid continue key: %1").arg(perr.errorString()));
        return fail(QStringLiteral("invalid continue key: json: cannot unmarshal %1 into Go value of type storage.continueToken")
                        .arg(doc.isArray() ? QStringLiteral("array") : QStringLiteral("value")));
    }
    const QJsonObject o = doc.object();
    const QString version = o.value(QLatin1String("v")).toString();
    if (version != kVersion)
        return fail(QStringLiteral("server does not recognize this encoded version %1").arg(version));
    ContinueToken t;
    t.resourceVersion = qint64(o.value(QLatin1String("rv")).toDouble());
    if (t.resourceVersion == 0)
        return fail(QStringLiteral("continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)"));
    const QByteArray start = o.value(QLatin1String("start")).toString().toUtf8();
    if (start.isEmpty())
        return fail(QStringLiteral("continue key is not valid: encoded start key empty (version meta.k8s.io/v1)"));
    // Upstream refuses a start key that path.Clean would change (no way out of the prefix).
    if (start.contains("/../") || start.startsWith("../") || start.contains("//"))
        return fail(QStringLiteral("invalid continue key: %1").arg(QString::fromUtf8(start)));
    t.startKey = keyPrefix + start;
    return t;
}

} // namespace rlab::apiserver
