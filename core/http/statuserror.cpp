// SPDX-License-Identifier: Apache-2.0
#include "core/http/statuserror.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::http {

using apiserver::ApiError;

namespace {

api::FieldError causeToFieldError(const QJsonObject &cause)
{
    using T = api::FieldError::Type;
    static const QList<QPair<QString, T>> kReasons{
            {QStringLiteral("FieldValueInvalid"), T::Invalid},         {QStringLiteral("FieldValueRequired"), T::Required},
            {QStringLiteral("FieldValueDuplicate"), T::Duplicate},     {QStringLiteral("FieldValueNotSupported"), T::NotSupported},
            {QStringLiteral("FieldValueForbidden"), T::Forbidden},     {QStringLiteral("FieldValueTooLong"), T::TooLong},
            {QStringLiteral("FieldValueTooMany"), T::TooMany},         {QStringLiteral("FieldValueNotFound"), T::NotFound}};
    api::FieldError e;
    e.field = cause.value(QLatin1String("field")).toString();
    const QString reason = cause.value(QLatin1String("reason")).toString();
    for (const auto &r : kReasons)
        if (r.first == reason)
            e.type = r.second;
    // Keep the server's text: body() rebuilds "<type>: <rest>" from it exactly.
    QString message = cause.value(QLatin1String("message")).toString();
    const QString prefix = e.typeString() + QStringLiteral(": ");
    const QString rest = message.startsWith(prefix) ? message.mid(prefix.size()) : message;
    switch (e.type) {
    case T::Required:
    case T::Forbidden:
    case T::TooMany:
    case T::TooLong:
        e.detail = message == e.typeString() ? QString() : rest;
        break;
    default:
        e.renderedValue = rest;
    }
    return e;
}

QString verbOf(const QByteArray &method)
{
    if (method == "GET")
        return QStringLiteral("get");
    if (method == "POST")
        return QStringLiteral("post");
    if (method == "PUT")
        return QStringLiteral("put");
    if (method == "PATCH")
        return QStringLiteral("patch");
    return QStringLiteral("delete");
}

QString methodTitle(const QByteArray &method)
{
    return method.left(1) + method.mid(1).toLower();
}

} // namespace

ApiError StatusError::fromStatus(const QJsonObject &status, int httpStatus)
{
    ApiError e;
    e.code = status.value(QLatin1String("code")).toInt(httpStatus);
    e.reason = status.value(QLatin1String("reason")).toString();
    e.message = status.value(QLatin1String("message")).toString();
    const QJsonObject details = status.value(QLatin1String("details")).toObject();
    e.name = details.value(QLatin1String("name")).toString();
    e.group = details.value(QLatin1String("group")).toString();
    e.kind = details.value(QLatin1String("kind")).toString();
    e.retryAfterSeconds = details.value(QLatin1String("retryAfterSeconds")).toInt();
    for (const QJsonValue &c : details.value(QLatin1String("causes")).toArray())
        e.causes.append(causeToFieldError(c.toObject()));
    return e;
}

ApiError StatusError::fromResponse(const HttpResponse &response, const QByteArray &method, const QString &url)
{
    if (response.status == 0) {
        ApiError e;
        e.code = 503;
        e.reason = QStringLiteral("ServiceUnavailable");
        e.message = QStringLiteral("%1 \"%2\": %3").arg(methodTitle(method), url, response.transportError);
        return e;
    }
    const QJsonObject json = QJsonDocument::fromJson(response.body).object();
    if (isStatus(json)) {
        ApiError e = fromStatus(json, response.status);
        if (e.retryAfterSeconds == 0)
            e.retryAfterSeconds = response.retryAfterSeconds;
        return e;
    }
    // client-go's newUnstructuredResponseError for bodies that are not a Status.
    ApiError e;
    e.code = response.status;
    const QString verb = verbOf(method);
    switch (response.status) {
    case 401:
        e.reason = QStringLiteral("Unauthorized");
        e.message = QStringLiteral("Unauthorized");
        break;
    case 403:
        e.reason = QStringLiteral("Forbidden");
        e.message = QStringLiteral("Forbidden");
        break;
    case 404:
        e.reason = QStringLiteral("NotFound");
        e.message = QStringLiteral("the server could not find the requested resource");
        break;
    case 409:
        e.reason = QStringLiteral("Conflict");
        e.message = QStringLiteral("the server reported a conflict");
        break;
    case 410:
        e.reason = QStringLiteral("Expired");
        e.message = QStringLiteral("the resource version requested is too old");
        break;
    case 429:
        e.reason = QStringLiteral("TooManyRequests");
        e.message = QStringLiteral("the server has received too many requests and has asked us to try again later");
        break;
    default:
        e.reason = response.status >= 500 ? QStringLiteral("InternalError") : QStringLiteral("BadRequest");
        e.message = QStringLiteral("an error on the server (\"%1\") has prevented the request from succeeding")
                            .arg(QString::fromUtf8(response.body.left(200)).trimmed());
    }
    e.message += QStringLiteral(" (%1 %2)").arg(verb, url);
    e.retryAfterSeconds = response.retryAfterSeconds;
    return e;
}

} // namespace rlab::http
