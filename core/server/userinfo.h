#pragma once
#include <QString>
#include <QStringList>

namespace rlab::server {

// user.Info of k8s.io/apiserver: who an authenticated request comes from. Name and UID as the
// Authenticator found them (token file row or client certificate CN), Groups with
// "system:authenticated" appended as kube-apiserver does. A plain value; any thread.
struct UserInfo
{
    QString name;
    QString uid;
    QStringList groups;

    static constexpr const char *kMasters = "system:masters";   // RBAC's superuser group
    bool isMaster() const { return groups.contains(QLatin1String(kMasters)); }
};

} // namespace rlab::server
