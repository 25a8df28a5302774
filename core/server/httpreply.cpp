#include "core/server/httpreply.h"

#include <QHttpServerResponder>
#include <QJsonDocument>

namespace rlab::server {

HttpReply HttpReply::json(const QJsonObject &object, int status)
{
    HttpReply r;
    r.status = status;
    r.body = QJsonDocument(object).toJson(QJsonDocument::Compact);
    return r;
}

HttpReply HttpReply::error(const apiserver::ApiError &error)
{
    return json(error.toStatus(), error.code);
}

HttpReply HttpReply::text(const QByteArray &text, int status)
{
    HttpReply r;
    r.status = status;
    r.contentType = "text/plain; charset=utf-8";
    r.body = text;
    return r;
}

HttpReply HttpReply::notFound()
{
    apiserver::ApiError e{404, QStringLiteral("NotFound"), QStringLiteral("the server could not find the requested resource"),
                          {}, {}, {}, {}, 0};
    return error(e);
}

void HttpReply::sendTo(QHttpServerResponder &responder) const
{
    responder.writeStatusLine(QHttpServerResponder::StatusCode(status));
    responder.writeHeader("Content-Type", contentType);
    responder.writeHeader("Cache-Control", "no-cache, private");
    for (const auto &h : headers)
        responder.writeHeader(h.first, h.second);
    responder.writeHeader("Content-Length", QByteArray::number(body.size()));
    responder.writeBody(body);
}

} // namespace rlab::server
