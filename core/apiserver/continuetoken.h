#pragma once
#include <QByteArray>
#include <QString>

#include <optional>

namespace rlab::apiserver {

// The continue token of a chunked list, as k8s.io/apiserver/pkg/storage/continue.go makes it:
// base64url (no padding) of {"v":"meta.k8s.io/v1","rv":<list revision>,"start":"<next key
// relative to the list's key prefix>"}. decode() reports what DecodeContinue reports ("invalid
// continue key: …", "server does not recognize this encoded version …", "continue key is not
// valid: …"); the list answers it as 400 "invalid continue token: <that>". A value; any thread.
struct ContinueToken
{
    qint64 resourceVersion = 0;
    QByteArray startKey;   // absolute: keyPrefix + start

    static QString encode(const QByteArray &nextKey, const QByteArray &keyPrefix, qint64 resourceVersion);
    static std::optional<ContinueToken> decode(const QString &token, const QByteArray &keyPrefix, QString *error);
};

} // namespace rlab::apiserver
