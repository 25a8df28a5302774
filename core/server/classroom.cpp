#include "core/server/classroom.h"

#include "core/api/namespace.h"
#include "core/apiserver/apiserver.h"
#include "core/apiserver/callerscope.h"
#include "core/apiserver/resourcetype.h"
#include "core/server/authenticator.h"
#include "core/server/authorizer.h"
#include "core/server/userkubeconfig.h"

#include <QDir>

namespace rlab::server {

std::optional<Classroom> Classroom::prepare(UsersFile users, const QString &tlsDir, const QByteArray &adminToken, QString *error)
{
    std::optional<CertificateAuthority> ca = CertificateAuthority::open(tlsDir, error);
    if (!ca)
        return std::nullopt;
    Classroom c(std::move(*ca));
    c.m_users = std::move(users);
    auto authenticator = std::make_shared<Authenticator>();
    authenticator->setClientCa(c.m_ca.certificate());
    authenticator->addToken(adminToken, UserInfo{QLatin1String(kAdmin), QLatin1String(kAdmin), {QLatin1String(UserInfo::kMasters)}});
    authenticator->addUsers(c.m_users);
    auto authorizer = std::make_shared<Authorizer>();
    authorizer->addUsers(c.m_users);
    c.m_authenticator = std::move(authenticator);
    c.m_authorizer = std::move(authorizer);
    return c;
}

QStringList Classroom::namespaces() const
{
    QStringList out;
    for (const UsersFile::Entry &e : m_users.entries)
        if (!e.namespace_.isEmpty() && !out.contains(e.namespace_))
            out << e.namespace_;
    out.sort();
    return out;
}

QStringList Classroom::createNamespaces(apiserver::ApiServer &api, QStringList *errors) const
{
    apiserver::CallerScope caller(QStringLiteral("rlab-serve"));
    QStringList created;
    const apiserver::ResourceType rt = apiserver::resources::byKind(api::Kind::Namespace);
    for (const QString &name : namespaces()) {
        if (api.get(rt, QString(), name).ok())
            continue;
        auto ns = std::make_shared<api::Namespace>();
        ns->metadata.name = name;
        ns->metadata.labels.insert(QStringLiteral("kubernetes.io/metadata.name"), name);
        const apiserver::Result<api::ObjectPtr> r = api.create(ns);
        if (r.ok())
            created << name;
        else
            errors->append(r.error->message);
    }
    return created;
}

bool Classroom::writeKubeconfigs(const QString &dir, const QString &serverUrl, QString *error) const
{
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("cannot create %1").arg(dir);
        return false;
    }
    for (const UsersFile::Entry &e : m_users.entries) {
        UserKubeconfig k;
        k.serverUrl = serverUrl;
        k.caPem = m_ca.certificatePem();
        k.user = e.user;
        k.namespace_ = e.namespace_;
        k.token = e.token;
        if (e.token.isEmpty()) {
            const std::optional<CertificateAuthority::Issued> cert = m_ca.issueClient(e.user, e.groups, error);
            if (!cert)
                return false;
            k.clientCertificatePem = cert->certificatePem;
            k.clientKeyPem = cert->keyPem;
        }
        if (!k.write(QDir(dir).filePath(e.user + QStringLiteral(".kubeconfig")), error))
            return false;
    }
    return true;
}

} // namespace rlab::server
