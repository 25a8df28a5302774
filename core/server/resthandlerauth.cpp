// RestHandler: authentication and authorization (the classroom server).
#include "core/server/authenticator.h"
#include "core/server/authorizer.h"
#include "core/server/resthandler.h"

#include <QHttpServerResponder>
#include <QSslSocket>

namespace rlab::server {

using apiserver::ApiError;
using Method = QHttpServerRequest::Method;

// WithAuthentication, then WithAuthorization: 401 for no user, 403 Forbidden for a request the
// Authorizer does not allow. Public paths (/version, health) need neither.
std::optional<ApiError> RestHandler::authenticateAndAuthorize(Call &call, const QByteArray &authorization,
                                                             const QTcpSocket *socket, bool publicPath) const
{
    if (!m_authenticator || publicPath)
        return std::nullopt;
    const std::optional<UserInfo> user = m_authenticator->authenticate(authorization, qobject_cast<const QSslSocket *>(socket));
    if (!user)
        return ApiError::unauthorized();
    call.user = user->name;
    call.privileged = user->isMaster();
    if (!m_authorizer)
        return std::nullopt;
    QString method;
    switch (call.method) {
    case Method::Get: method = QStringLiteral("GET"); break;
    case Method::Head: method = QStringLiteral("HEAD"); break;
    case Method::Post: method = QStringLiteral("POST"); break;
    case Method::Put: method = QStringLiteral("PUT"); break;
    case Method::Patch: method = QStringLiteral("PATCH"); break;
    case Method::Delete: method = QStringLiteral("DELETE"); break;
    default: method = QStringLiteral("OPTIONS"); break;
    }
    const AuthorizerAttributes attributes = AuthorizerAttributes::fromRequest(*user, method, call.path, call.params);
    const Authorizer::Decision decision = m_authorizer->authorize(attributes);
    if (decision.allowed)
        return std::nullopt;
    return Authorizer::forbidden(attributes, decision.reason);
}

} // namespace rlab::server
