// SPDX-License-Identifier: Apache-2.0
#include "core/http/restconfig.h"

namespace rlab::http {

QString RestConfig::describe() const
{
    QStringList auth;
    if (!clientCertificatePem.isEmpty())
        auth << QStringLiteral("client certificate");
    if (!token.isEmpty() || !tokenFile.isEmpty())
        auth << QStringLiteral("token");
    if (!username.isEmpty())
        auth << QStringLiteral("basic auth");
    if (exec)
        auth << QStringLiteral("exec plugin %1").arg(exec->command);
    if (auth.isEmpty())
        auth << QStringLiteral("anonymous");
    return QStringLiteral("context %1: cluster %2 (%3), user %4 (%5), namespace %6")
            .arg(contextName.isEmpty() ? QStringLiteral("(none)") : contextName, clusterName,
                 server.toString(QUrl::RemoveUserInfo), userName.isEmpty() ? QStringLiteral("(none)") : userName,
                 auth.join(QStringLiteral(", ")), namespace_);
}

} // namespace rlab::http
