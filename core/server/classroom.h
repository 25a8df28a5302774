#pragma once
#include "core/server/certificateauthority.h"
#include "core/server/usersfile.h"

#include <QByteArray>
#include <QStringList>

#include <memory>
#include <optional>

namespace rlab::apiserver {
class ApiServer;
}

namespace rlab::server {

class Authenticator;
class Authorizer;

// What `rlab serve` needs to serve a class: the CA (kept in --tls-dir if given), the admin
// (the serve token, user "admin" in system:masters), the students of --users, the
// Authenticator and Authorizer built from them, each student's namespace, and one kubeconfig
// per student. Built once before serving, then read-only; the shared Authenticator and
// Authorizer are used from the HTTP thread.
class Classroom
{
public:
    static constexpr const char *kAdmin = "admin";

    // No users: the admin alone. Fails (*error) only if the CA cannot be made or read.
    static std::optional<Classroom> prepare(UsersFile users, const QString &tlsDir, const QByteArray &adminToken, QString *error);

    const CertificateAuthority &ca() const { return m_ca; }
    const UsersFile &users() const { return m_users; }
    std::shared_ptr<const Authenticator> authenticator() const { return m_authenticator; }
    std::shared_ptr<const Authorizer> authorizer() const { return m_authorizer; }
    // The namespaces of the users, sorted, each once.
    QStringList namespaces() const;

    // Creates the namespaces that do not exist yet; returns the names it created.
    QStringList createNamespaces(apiserver::ApiServer &api, QStringList *errors) const;
    // DIR/<user>.kubeconfig for every user: their token if they have one, else a client
    // certificate issued now (CN = user, O = groups).
    bool writeKubeconfigs(const QString &dir, const QString &serverUrl, QString *error) const;

private:
    explicit Classroom(CertificateAuthority ca) : m_ca(std::move(ca)) {}

    CertificateAuthority m_ca;
    UsersFile m_users;
    std::shared_ptr<const Authenticator> m_authenticator;
    std::shared_ptr<const Authorizer> m_authorizer;
};

} // namespace rlab::server
