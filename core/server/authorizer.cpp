#include "core/server/authorizer.h"

#include "core/server/usersfile.h"

namespace rlab::server {

namespace {

bool isReadVerb(const QString &verb)
{
    return verb == QLatin1String("get") || verb == QLatin1String("list") || verb == QLatin1String("watch");
}

// system:discovery and system:public-info-viewer: non-resource URLs any authenticated user may get.
bool isPublicInfoPath(const QString &path)
{
    for (const char *exact : {"/api", "/apis", "/healthz", "/livez", "/readyz", "/version", "/version/", "/openapi"})
        if (path == QLatin1String(exact))
            return true;
    for (const char *prefix : {"/api/", "/apis/", "/openapi/", "/healthz/", "/livez/", "/readyz/"})
        if (path.startsWith(QLatin1String(prefix)))
            return true;
    return false;
}

} // namespace

void Authorizer::addUsers(const UsersFile &users)
{
    for (const UsersFile::Entry &e : users.entries)
        if (!e.namespace_.isEmpty())
            m_namespaces.insert(e.user, e.namespace_);
}

Authorizer::Decision Authorizer::authorize(const AuthorizerAttributes &a) const
{
    if (a.user.isMaster())
        return {true, {}};
    if (!a.resourceRequest)
        return {a.verb == QLatin1String("get") && isPublicInfoPath(a.path), {}};
    if (a.apiGroup.isEmpty() && a.resource == QLatin1String("nodes") && isReadVerb(a.verb))
        return {true, {}};
    const auto own = m_namespaces.constFind(a.user.name);
    if (own == m_namespaces.cend() || a.namespace_.isEmpty() || a.namespace_ != *own)
        return {false, {}};
    if (a.apiGroup.isEmpty() && a.resource == QLatin1String("namespaces"))
        return {isReadVerb(a.verb) && a.subresource.isEmpty(), {}};
    return {true, {}};
}

QString Authorizer::forbiddenMessage(const AuthorizerAttributes &a)
{
    const QString user = a.user.name;
    if (!a.resourceRequest)
        return QStringLiteral("User \"%1\" cannot %2 path \"%3\"").arg(user, a.verb, a.path);
    const QString resource = a.subresource.isEmpty() ? a.resource : a.resource + QLatin1Char('/') + a.subresource;
    if (!a.namespace_.isEmpty())
        return QStringLiteral("User \"%1\" cannot %2 resource \"%3\" in API group \"%4\" in the namespace \"%5\"")
            .arg(user, a.verb, resource, a.apiGroup, a.namespace_);
    return QStringLiteral("User \"%1\" cannot %2 resource \"%3\" in API group \"%4\" at the cluster scope").arg(user, a.verb, resource, a.apiGroup);
}

apiserver::ApiError Authorizer::forbidden(const AuthorizerAttributes &a, const QString &reason)
{
    const QString why = reason.isEmpty() ? forbiddenMessage(a) : forbiddenMessage(a) + QStringLiteral(": ") + reason;
    // apierrors.NewForbidden(GroupResource{group, resource}, name, err)
    QString message;
    if (a.resource.isEmpty())
        message = QStringLiteral("forbidden: ") + why;
    else if (a.name.isEmpty())
        message = QStringLiteral("%1 is forbidden: %2").arg(apiserver::qualifiedResource(a.resource, a.apiGroup), why);
    else
        message = QStringLiteral("%1 \"%2\" is forbidden: %3").arg(apiserver::qualifiedResource(a.resource, a.apiGroup), a.name, why);
    return apiserver::ApiError{403, QStringLiteral("Forbidden"), message, a.name, a.apiGroup, a.resource, {}, 0};
}

} // namespace rlab::server
