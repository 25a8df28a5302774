#pragma once
#include "core/apiserver/apierror.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>

class QHttpServerResponder;

namespace rlab::server {

// One complete (non-streaming) HTTP answer: status, content type, extra headers (Warning: …)
// and body. Errors are metav1.Status JSON with the error's code. A plain value; sendTo() on the
// HTTP server's thread only (it writes to the responder's socket).
struct HttpReply
{
    int status = 200;
    QByteArray contentType = "application/json";
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    static HttpReply json(const QJsonObject &object, int status = 200);
    static HttpReply error(const apiserver::ApiError &error);
    static HttpReply text(const QByteArray &text, int status = 200);
    // kube-apiserver's answer to a path it does not serve.
    static HttpReply notFound();

    // Status line, Content-Type, Content-Length, headers, body: one write on the socket.
    void sendTo(QHttpServerResponder &responder) const;
};

} // namespace rlab::server
