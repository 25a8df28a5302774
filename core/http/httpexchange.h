// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QByteArray>
#include <QString>

namespace rlab::http {

// One request as RestClient hands it to the network thread: method, path with query (relative
// to the server URL, already percent-encoded), body and its Content-Type. A plain value.
struct HttpRequest
{
    QByteArray method;        // GET, POST, PUT, PATCH, DELETE
    QString pathAndQuery;     // "/apis/apps/v1/namespaces/default/deployments?limit=500"
    QByteArray body;
    QByteArray contentType;   // "application/json", "application/merge-patch+json", …
};

// What came back: the HTTP status and body, or (status 0) why nothing came back, already in
// client-go's words ("dial tcp 127.0.0.1:1: connect: connection refused"). A plain value.
struct HttpResponse
{
    int status = 0;
    QByteArray body;
    QString transportError;   // status 0 only
    int retryAfterSeconds = 0;
};

} // namespace rlab::http
