#include "core/server/authenticator.h"

#include "core/server/usersfile.h"

#include <QSslSocket>

namespace rlab::server {

bool sameSecret(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

namespace {

UserInfo withAuthenticated(UserInfo u)
{
    if (!u.groups.contains(QLatin1String("system:authenticated")))
        u.groups << QStringLiteral("system:authenticated");
    return u;
}

} // namespace

void Authenticator::addToken(const QByteArray &token, const UserInfo &user)
{
    if (!token.isEmpty())
        m_tokens.insert(token, withAuthenticated(user));
}

void Authenticator::addUsers(const UsersFile &users)
{
    for (const UsersFile::Entry &e : users.entries)
        addToken(e.token, UserInfo{e.user, e.uid, e.groups});
}

std::optional<UserInfo> Authenticator::authenticate(const QByteArray &authorization, const QSslSocket *socket) const
{
    if (std::optional<UserInfo> u = fromCertificate(socket))
        return u;
    return fromToken(authorization);
}

std::optional<UserInfo> Authenticator::fromCertificate(const QSslSocket *socket) const
{
    if (!socket || m_clientCa.isNull() || !socket->isEncrypted())
        return std::nullopt;
    const QSslCertificate peer = socket->peerCertificate();
    if (peer.isNull())
        return std::nullopt;
    // The TLS handshake checked the chain against the server's CA list (this CA only) and the
    // clientAuth purpose; any complaint means the certificate proves nothing.
    if (!socket->sslHandshakeErrors().isEmpty())
        return std::nullopt;
    const QList<QSslCertificate> chain = socket->peerCertificateChain();
    if (chain.isEmpty() || chain.last().issuerDisplayName() != m_clientCa.subjectDisplayName() || peer == m_clientCa)
        return std::nullopt;
    const QStringList cn = peer.subjectInfo(QSslCertificate::CommonName);
    if (cn.isEmpty() || cn.first().isEmpty())
        return std::nullopt;
    UserInfo u;
    u.name = cn.first();
    u.groups = peer.subjectInfo(QSslCertificate::Organization);
    return withAuthenticated(u);
}

std::optional<UserInfo> Authenticator::fromToken(const QByteArray &authorization) const
{
    // kube-apiserver's bearertoken authenticator: "<scheme> <token>", scheme "bearer" in any case.
    const QList<QByteArray> parts = authorization.trimmed().split(' ');
    if (parts.size() < 2 || parts[0].toLower() != "bearer" || parts[1].isEmpty())
        return std::nullopt;
    const QByteArray &token = parts[1];
    std::optional<UserInfo> found;
    // Every entry is compared, so timing tells nothing about which tokens exist.
    for (auto it = m_tokens.cbegin(); it != m_tokens.cend(); ++it)
        if (sameSecret(it.key(), token))
            found = it.value();
    return found;
}

} // namespace rlab::server
