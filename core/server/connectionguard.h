#pragma once
#include "core/server/httplimits.h"

#include <QByteArray>
#include <QObject>
#include <QTimer>

class QTcpSocket;

namespace rlab::server {

struct ServerCounters;

// Watches the bytes of one HTTP/1.1 connection before Qt HttpServer reads them (its readyRead
// slot is connected first and only peeks) and enforces HttpLimits the way Go's net/http and
// kube-apiserver do: request headers over maxHeaderBytes → "431 Request Header Fields Too
// Large"; a Content-Length or a chunked body over maxBodyBytes → 413 RequestEntityTooLarge,
// before the body is read; the first request's headers not complete within readHeaderTimeoutMs
// of the connection's start (TLS handshake included), later ones within readHeaderTimeoutMs of
// their first byte, a body not within bodyReadTimeoutMs, or no request for idleTimeoutMs between
// requests (unless a watch streams on it) → closed without an answer.
// A refused connection is half-closed after its answer and its further bytes are dropped.
// At the cap (HttpLimits::maxConnections) GuardedTcpServer makes room by evict()ing one: a
// connection that has not sent a whole request head yet (TLS handshake included, or a refused
// one draining) before one idle between requests, the longest in that standing first; a busy
// one (a request in progress, an answer pending, a watch) never. E.g. 4,096 clients that
// connect and say nothing no longer lock kubectl out for 32 s: each new connection takes the
// place of the oldest of them.
// Thread rules: a child of its socket, on the HTTP server's thread only.
class ConnectionGuard : public QObject
{
    Q_OBJECT
public:
    // Set to true on a socket while a long-running response (a watch) streams on it.
    static constexpr const char *kLongRunningProperty = "rlabLongRunning";
    // Set to true on a socket while its requests wait for their answers (ReplyQueue): Go's
    // IdleTimeout starts only once the answer is out.
    static constexpr const char *kAwaitingReplyProperty = "rlabAwaitingReply";

    ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits, ServerCounters &counters);
    ~ConnectionGuard() override;

    enum class Standing { Silent, Idle, Busy };
    Standing standing() const;
    // When it took its standing: its start (Silent) or the end of its last request (Idle), in
    // ms of a monotonic clock.
    qint64 standingSinceMs() const { return m_sinceMs; }
    // Closes the connection at once; its place counts as free from now on.
    void evict();

private:
    enum class State { Head, Body, ChunkSize, ChunkData, ChunkEnd, Trailer, Refused };

    void onReadyRead();
    void consume(const QByteArray &data);
    bool headComplete(const QByteArray &head);
    void refuse(const QByteArray &response);
    void armTimer();
    void onTimeout();
    void finishRefusal();
    void uncount();   // leaves ServerCounters::openConnections (once), releasing memory after a flood

    QTcpSocket *m_socket;
    HttpLimits m_limits;
    ServerCounters &m_counters;
    State m_state = State::Head;
    QByteArray m_line;          // the request head, or a chunk-size / trailer line, so far
    qint64 m_remaining = 0;     // bytes of the body or chunk still to come
    qint64 m_bodyBytes = 0;     // chunked body so far
    QTimer m_timer;
    int m_phase = -1;           // of m_timer: 0 idle, 1 before or in a head, 2 reading a body
    qint64 m_requests = 0;      // heads read so far
    bool m_shutdown = false;
    bool m_counted = true;      // in ServerCounters::openConnections (false once evicted)
    qint64 m_sinceMs = 0;       // see standingSinceMs()
};

} // namespace rlab::server
