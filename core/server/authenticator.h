#pragma once
#include "core/server/userinfo.h"

#include <QByteArray>
#include <QHash>
#include <QSslCertificate>

#include <optional>

class QSslSocket;

namespace rlab::server {

struct UsersFile;

// kube-apiserver's union Authenticator, reduced to the two a classroom needs, tried in its
// order: the x509 authenticator (a client certificate that chains to the server's CA, with
// clientAuth usage: user = CN, groups = O) and the static token authenticator (bearer token,
// "bearer" in any case, compared in constant time). A request neither accepts is anonymous
// (nullopt; the server answers 401, as kube-apiserver with --anonymous-auth=false).
// Authenticated users get the "system:authenticated" group. Immutable once built; any thread.
class Authenticator
{
public:
    // The CA whose client certificates are accepted (null: none are).
    void setClientCa(const QSslCertificate &ca) { m_clientCa = ca; }
    void addToken(const QByteArray &token, const UserInfo &user);
    void addUsers(const UsersFile &users);

    // authorization: the Authorization header; socket: the request's connection (may be null
    // or not encrypted). Call on the socket's thread.
    std::optional<UserInfo> authenticate(const QByteArray &authorization, const QSslSocket *socket) const;
    std::optional<UserInfo> fromCertificate(const QSslSocket *socket) const;
    std::optional<UserInfo> fromToken(const QByteArray &authorization) const;

private:
    QSslCertificate m_clientCa;
    QHash<QByteArray, UserInfo> m_tokens;
};

// Compares without stopping at the first difference, so timing reveals nothing about a secret.
bool sameSecret(const QByteArray &a, const QByteArray &b);

} // namespace rlab::server
