#pragma once
#include "core/api/fielderror.h"

#include <QJsonObject>
#include <QString>
#include <optional>

namespace rlab::apiserver {

// A metav1.Status failure, as the API server returns it (k8s.io/apimachinery/pkg/api/errors):
// HTTP code, reason, message, and details (name, group, kind, causes). The GUI shows
// message(); the HTTP server sends toStatus().
struct ApiError
{
    int code = 500;
    QString reason;        // NotFound, AlreadyExists, Conflict, Invalid, BadRequest, Expired, …
    QString message;
    QString name, group, kind;   // details
    api::FieldErrors causes;     // Invalid only
    int retryAfterSeconds = 0;

    QJsonObject toStatus() const;

    // `deployments.apps "web" not found`
    static ApiError notFound(const QString &resource, const QString &group, const QString &name);
    static ApiError alreadyExists(const QString &resource, const QString &group, const QString &name);
    // `Operation cannot be fulfilled on deployments.apps "web": the object has been modified; …`
    static ApiError conflict(const QString &resource, const QString &group, const QString &name, const QString &why);
    static ApiError invalid(const QString &kind, const QString &group, const QString &name, const api::FieldErrors &errors);
    static ApiError badRequest(const QString &message);
    static ApiError gone(const QString &message);   // 410 Expired: "too old resource version: 5 (10)"
    static ApiError methodNotSupported(const QString &resource, const QString &group, const QString &action);
    static ApiError unsupportedMediaType(const QString &contentType);
    static ApiError requestEntityTooLarge(const QString &message);
    static ApiError unauthorized();
    static ApiError internal(const QString &message);
    static ApiError forbidden(const QString &resource, const QString &group, const QString &name, const QString &why);
};

// A value or an ApiError.
template<class T> struct Result
{
    T value{};
    std::optional<ApiError> error;
    bool ok() const { return !error.has_value(); }
    static Result failure(ApiError e)
    {
        Result r;
        r.error = std::move(e);
        return r;
    }
};

QString qualifiedResource(const QString &resource, const QString &group);   // "deployments.apps" / "pods"

} // namespace rlab::apiserver
