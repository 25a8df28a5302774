#pragma once
#include <QtGlobal>

namespace rlab::server {

// The limits of the HTTP server, as kube-apiserver has them: the 3 MiB request body
// (maxRequestBodyBytes, enforced while reading: a larger Content-Length is refused before the
// body is read), Go's 1 MiB of request headers (MaxHeaderBytes), ReadHeaderTimeout 32 s and
// IdleTimeout 90 s of its http.Server; a body must arrive within bodyReadTimeoutMs. A TLS client
// must begin its handshake within QSslServer's 5 s (Go allows the ReadHeaderTimeout, 32 s): a
// client that connects and sends nothing is closed after 5 s. Go has no connection cap; the lab
// caps open connections so that idle clients cannot exhaust the process's file descriptors (at
// the cap a new connection evicts a silent or idle one: GuardedTcpServer), and listens with a
// larger backlog than Qt's default 50.
// Requests in flight as kube-apiserver's --max-requests-inflight (400, read-only requests) and
// --max-mutating-requests-inflight (200): beyond them a request is answered 429 (0 = no
// limit); requestWorkers threads serve the admitted ones, the rest wait for a worker.
// A plain value: copy it anywhere.
struct HttpLimits
{
    qint64 maxBodyBytes = 3 * 1024 * 1024;
    qint64 maxHeaderBytes = 1024 * 1024;
    int readHeaderTimeoutMs = 32 * 1000;
    int bodyReadTimeoutMs = 60 * 1000;
    int idleTimeoutMs = 90 * 1000;
    int maxConnections = 4096;
    int listenBacklog = 4096;
    int maxRequestsInflight = 400;
    int maxMutatingRequestsInflight = 200;
    int requestWorkers = 4;
};

} // namespace rlab::server
