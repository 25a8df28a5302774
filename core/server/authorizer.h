#pragma once
#include "core/apiserver/apierror.h"
#include "core/server/authorizerattributes.h"

#include <QHash>
#include <QString>

namespace rlab::server {

struct UsersFile;

// The classroom's Authorizer: what RBAC would decide with these bindings, fixed in code.
//  - group system:masters (the serve token's "admin", or a users-file row with that group):
//    everything, as RBAC's superuser group.
//  - every authenticated user: get on the discovery, version, OpenAPI and health paths
//    (system:discovery, system:public-info-viewer), and get/list/watch on nodes (the lab's
//    node viewer ClusterRoleBinding, so `kubectl get nodes` and the window's node lanes work).
//  - a user of the users file: every verb on every namespaced resource in the user's own
//    namespace (RBAC's `admin` ClusterRole bound by a RoleBinding there), and get/list/watch of
//    that Namespace object itself; nothing at the cluster scope (no `get pods -A`, no
//    namespace list) and nothing in another namespace.
// Anything else is Forbidden in upstream's words (forbidden()). Immutable once built; any thread.
class Authorizer
{
public:
    struct Decision
    {
        bool allowed = false;
        QString reason;
    };

    void addUsers(const UsersFile &users);
    void setNamespace(const QString &user, const QString &ns) { m_namespaces.insert(user, ns); }

    Decision authorize(const AuthorizerAttributes &a) const;

    // responsewriters.Forbidden: 403 Forbidden, e.g. `pods is forbidden: User "alice" cannot
    // list resource "pods" in API group "" in the namespace "bob"`.
    static apiserver::ApiError forbidden(const AuthorizerAttributes &a, const QString &reason = {});
    static QString forbiddenMessage(const AuthorizerAttributes &a);

private:
    QHash<QString, QString> m_namespaces;   // user -> the namespace they may act in
};

} // namespace rlab::server
