#include "core/apiserver/apierror.h"

#include <QJsonArray>

namespace rlab::apiserver {

QString qualifiedResource(const QString &resource, const QString &group)
{
    return group.isEmpty() ? resource : resource + QLatin1Char('.') + group;
}

QJsonObject ApiError::toStatus() const
{
    QJsonObject s{{QStringLiteral("kind"), QStringLiteral("Status")},
                  {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                  {QStringLiteral("metadata"), QJsonObject{}},
                  {QStringLiteral("status"), QStringLiteral("Failure")},
                  {QStringLiteral("message"), message},
                  {QStringLiteral("reason"), reason},
                  {QStringLiteral("code"), code}};
    QJsonObject details;
    if (!name.isEmpty())
        details.insert(QStringLiteral("name"), name);
    if (!group.isEmpty())
        details.insert(QStringLiteral("group"), group);
    if (!kind.isEmpty())
        details.insert(QStringLiteral("kind"), kind);
    if (!causes.isEmpty()) {
        QJsonArray arr;
        for (const api::FieldError &e : causes)
            arr.append(QJsonObject{{QStringLiteral("reason"), e.reason()},
                                   {QStringLiteral("message"), e.body()},
                                   {QStringLiteral("field"), e.field}});
        details.insert(QStringLiteral("causes"), arr);
    }
    if (retryAfterSeconds > 0)
        details.insert(QStringLiteral("retryAfterSeconds"), retryAfterSeconds);
    if (!details.isEmpty())
        s.insert(QStringLiteral("details"), details);
    return s;
}

ApiError ApiError::notFound(const QString &resource, const QString &group, const QString &name)
{
    return {404, QStringLiteral("NotFound"),
            QStringLiteral("%1 \"%2\" not found").arg(qualifiedResource(resource, group), name),
            name, group, resource, {}, 0};
}

ApiError ApiError::alreadyExists(const QString &resource, const QString &group, const QString &name)
{
    return {409, QStringLiteral("AlreadyExists"),
            QStringLiteral("%1 \"%2\" already exists").arg(qualifiedResource(resource, group), name),
            name, group, resource, {}, 0};
}

ApiError ApiError::conflict(const QString &resource, const QString &group, const QString &name, const QString &why)
{
    return {409, QStringLiteral("Conflict"),
            QStringLiteral("Operation cannot be fulfilled on %1 \"%2\": %3").arg(qualifiedResource(resource, group), name, why),
            name, group, resource, {}, 0};
}

ApiError ApiError::invalid(const QString &kind, const QString &group, const QString &name, const api::FieldErrors &errors)
{
    const QString qualifiedKind = group.isEmpty() ? kind : kind + QLatin1Char('.') + group;
    return {422, QStringLiteral("Invalid"), api::statusInvalidMessage(qualifiedKind, name, errors),
            name, group, kind, errors, 0};
}

ApiError ApiError::badRequest(const QString &message)
{
    return {400, QStringLiteral("BadRequest"), message, {}, {}, {}, {}, 0};
}

ApiError ApiError::gone(const QString &message)
{
    return {410, QStringLiteral("Expired"), message, {}, {}, {}, {}, 0};
}

ApiError ApiError::methodNotSupported(const QString &resource, const QString &group, const QString &action)
{
    return {405, QStringLiteral("MethodNotAllowed"),
            QStringLiteral("%1 is not supported on resources of kind \"%2\"").arg(action, qualifiedResource(resource, group)),
            {}, group, resource, {}, 0};
}

ApiError ApiError::unsupportedMediaType(const QString &contentType)
{
    return {415, QStringLiteral("UnsupportedMediaType"),
            QStringLiteral("the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/merge-patch+json, application/json-patch+json, application/strategic-merge-patch+json (got %1)").arg(contentType),
            {}, {}, {}, {}, 0};
}

ApiError ApiError::requestEntityTooLarge(const QString &message)
{
    return {413, QStringLiteral("RequestEntityTooLarge"), message, {}, {}, {}, {}, 0};
}

ApiError ApiError::unauthorized()
{
    return {401, QStringLiteral("Unauthorized"), QStringLiteral("Unauthorized"), {}, {}, {}, {}, 0};
}

ApiError ApiError::internal(const QString &message)
{
    return {500, QStringLiteral("InternalError"),
            QStringLiteral("Internal error occurred: %1").arg(message), {}, {}, {}, {}, 0};
}

ApiError ApiError::forbidden(const QString &resource, const QString &group, const QString &name, const QString &why)
{
    // apierrors.NewForbidden: no quoted name when there is none (a list, a generated name).
    const QString message = name.isEmpty() ? QStringLiteral("%1 is forbidden: %2").arg(qualifiedResource(resource, group), why)
                                           : QStringLiteral("%1 \"%2\" is forbidden: %3").arg(qualifiedResource(resource, group), name, why);
    return {403, QStringLiteral("Forbidden"), message, name, group, resource, {}, 0};
}

} // namespace rlab::apiserver
