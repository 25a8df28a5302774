#include "core/server/connectionguard.h"

#include "core/apiserver/apierror.h"
#include "core/base/allocatorpages.h"
#include "core/server/httpreply.h"
#include "core/server/servercounters.h"

#include <QSslSocket>
#include <QTcpSocket>

#include <chrono>
#include <utility>

#include <sys/socket.h>

namespace rlab::server {

namespace {

// Go's net/http answer to a request it cannot parse (server.go: "HTTP/1.1 " + publicErr +
// errorHeaders + publicErr), e.g. "431 Request Header Fields Too Large".
QByteArray goPlainError(const QByteArray &publicErr)
{
    return "HTTP/1.1 " + publicErr + "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n" + publicErr;
}

QByteArray tooLarge(qint64 limit)
{
    const HttpReply r = HttpReply::error(apiserver::ApiError::requestEntityTooLarge(
        QStringLiteral("Request entity too large: limit is %1").arg(limit)));
    return "HTTP/1.1 413 Request Entity Too Large\r\nCache-Control: no-cache, private\r\nContent-Type: " + r.contentType
           + "\r\nContent-Length: " + QByteArray::number(r.body.size()) + "\r\nConnection: close\r\n\r\n" + r.body;
}

constexpr qsizetype kMaxChunkLine = 4096;
constexpr int kDrainMs = 5000;   // how long a refused client may go on sending before we close
constexpr int kRstAvoidanceMs = 500;   // Go's rstAvoidanceDelay
// Once this many connections have closed since the most open, and at most half of that many
// are left, the HTTP thread's free heap memory goes back to the system (2,000 idle TLS clients
// took the server from 27 to 163 MB; after they had gone it kept 150 MB, now 38 MB).
constexpr qint64 kReleaseAfterClosed = 256;

qint64 monotonicMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

} // namespace

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits, ServerCounters &counters)
    : QObject(socket), m_socket(socket), m_limits(limits), m_counters(counters), m_sinceMs(monotonicMs())
{
    const qint64 open = ++m_counters.openConnections;
    if (open > m_counters.peakOpenConnections.load())
        m_counters.peakOpenConnections = open;
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ConnectionGuard::onTimeout);
    // Connected before Qt HttpServer's own slot (it gets the socket after this), so this one runs
    // first and sees every byte before it is parsed.
    connect(socket, &QIODevice::readyRead, this, &ConnectionGuard::onReadyRead);
    connect(socket, &QIODevice::bytesWritten, this, [this] {
        if (m_state == State::Refused)
            finishRefusal();
    });
    armTimer();
}

ConnectionGuard::~ConnectionGuard()
{
    uncount();
}

void ConnectionGuard::uncount()
{
    if (!std::exchange(m_counted, false))
        return;
    const qint64 open = --m_counters.openConnections;
    const qint64 peak = m_counters.peakOpenConnections.load();
    if (peak - open >= kReleaseAfterClosed && open <= peak / 2) {
        m_counters.peakOpenConnections = open;
        releaseFreeAllocatorMemory();
    }
}

ConnectionGuard::Standing ConnectionGuard::standing() const
{
    if (!m_counted)
        return Standing::Busy;   // already evicted
    if (m_state == State::Refused || m_requests == 0)
        return Standing::Silent;
    const bool idle = m_state == State::Head && m_line.isEmpty() && !m_socket->property(kLongRunningProperty).toBool()
                      && !m_socket->property(kAwaitingReplyProperty).toBool() && m_socket->bytesToWrite() == 0;
    return idle ? Standing::Idle : Standing::Busy;
}

void ConnectionGuard::evict()
{
    ++m_counters.evictedConnections;
    uncount();
    m_timer.stop();
    m_state = State::Refused;   // nothing more is read
    // A TLS connection still in its handshake belongs to QSslServer, which deletes it (its
    // handshake timer); any other is deleted by Qt HttpServer once disconnected.
    m_socket->abort();
}

void ConnectionGuard::onReadyRead()
{
    if (m_state != State::Refused)
        consume(m_socket->peek(m_socket->bytesAvailable()));
    if (m_state == State::Refused) {
        m_socket->skip(m_socket->bytesAvailable());   // Qt HttpServer sees nothing more
        return;
    }
    armTimer();
}

void ConnectionGuard::consume(const QByteArray &data)
{
    qsizetype pos = 0;
    const qsizetype n = data.size();
    while (pos < n && m_state != State::Refused) {
        switch (m_state) {
        case State::Head: {
            const qsizetype before = m_line.size();
            m_line.append(data.constData() + pos, n - pos);
            qsizetype from = qMax<qsizetype>(0, before - 3);
            if (before == 0 || m_line.startsWith("\r\n")) {
                while (m_line.startsWith("\r\n"))   // blank lines between requests
                    m_line.remove(0, 2);
                from = 0;
            }
            const qsizetype end = m_line.indexOf("\r\n\r\n", from);
            if (end < 0) {
                if (m_line.size() > m_limits.maxHeaderBytes)
                    return refuse(goPlainError("431 Request Header Fields Too Large"));
                return;
            }
            const qsizetype headLength = end + 4;
            if (headLength > m_limits.maxHeaderBytes)
                return refuse(goPlainError("431 Request Header Fields Too Large"));
            // What of this fragment lies past the head is the body or the next request.
            const qsizetype unused = m_line.size() - headLength;
            pos = n - qMin<qsizetype>(unused, n);
            const QByteArray head = m_line.left(headLength);
            m_line.clear();
            if (!headComplete(head))
                return;
            break;
        }
        case State::Body:
        case State::ChunkData:
        case State::ChunkEnd: {
            const qint64 k = qMin<qint64>(m_remaining, n - pos);
            pos += k;
            m_remaining -= k;
            if (m_remaining == 0) {
                if (m_state == State::ChunkData) {
                    m_state = State::ChunkEnd;
                    m_remaining = 2;
                } else {
                    m_state = m_state == State::Body ? State::Head : State::ChunkSize;
                }
            }
            break;
        }
        case State::ChunkSize:
        case State::Trailer: {
            const qsizetype eol = data.indexOf('\n', pos);
            const qsizetype stop = eol < 0 ? n : eol + 1;
            m_line.append(data.constData() + pos, stop - pos);
            pos = stop;
            if (m_line.size() > kMaxChunkLine)
                return refuse(goPlainError("400 Bad Request"));
            if (eol < 0)
                return;
            const QByteArray line = m_line.trimmed();
            m_line.clear();
            if (m_state == State::Trailer) {
                if (line.isEmpty())
                    m_state = State::Head;
                break;
            }
            const qsizetype semicolon = line.indexOf(';');
            bool ok = false;
            const qint64 size = (semicolon < 0 ? line : line.left(semicolon)).trimmed().toLongLong(&ok, 16);
            if (!ok || size < 0)
                return refuse(goPlainError("400 Bad Request"));
            if (size == 0) {
                m_state = State::Trailer;
                break;
            }
            if (size > m_limits.maxBodyBytes - m_bodyBytes)
                return refuse(tooLarge(m_limits.maxBodyBytes));
            m_bodyBytes += size;
            m_state = State::ChunkData;
            m_remaining = size;
            break;
        }
        case State::Refused: return;
        }
    }
}

bool ConnectionGuard::headComplete(const QByteArray &head)
{
    ++m_requests;
    qint64 contentLength = 0;
    bool chunked = false;
    const QList<QByteArray> lines = head.split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray &line = lines[i];
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "content-length") {
            bool ok = false;
            contentLength = value.toLongLong(&ok);
            if (!ok || contentLength < 0) {
                refuse(goPlainError("400 Bad Request"));
                return false;
            }
        } else if (name == "transfer-encoding" && value.toLower().contains("chunked")) {
            chunked = true;
        }
    }
    if (chunked) {
        m_state = State::ChunkSize;
        m_bodyBytes = 0;
    } else if (contentLength > m_limits.maxBodyBytes) {
        refuse(tooLarge(m_limits.maxBodyBytes));
        return false;
    } else if (contentLength > 0) {
        m_state = State::Body;
        m_remaining = contentLength;
    } else {
        m_state = State::Head;
    }
    return true;
}

void ConnectionGuard::refuse(const QByteArray &response)
{
    ++m_counters.limitRefusals;
    m_state = State::Refused;
    m_line.clear();
    m_socket->write(response);
    m_socket->flush();
    m_timer.start(kDrainMs);
    finishRefusal();
}

void ConnectionGuard::finishRefusal()
{
    if (m_shutdown)
        return;
    const auto *ssl = qobject_cast<QSslSocket *>(m_socket);
    if (m_socket->bytesToWrite() > 0 || (ssl && ssl->encryptedBytesToWrite() > 0))
        return;
    // Like Go's closeWriteAndWait: the answer is out, the client reads EOF after it; what it still
    // sends is dropped until it closes or the drain time ends, so it does not get a reset instead
    // of the answer.
    m_shutdown = true;
    if (ssl) {
        // TLS: a raw half-close would cut the records QSslSocket still moves to the network.
        // Go's closeWriteAndWait waits rstAvoidanceDelay (500 ms) before closing, so a client
        // still sending reads the answer instead of a reset; then close_notify and close.
        QTimer::singleShot(kRstAvoidanceMs, this, [this] { m_socket->disconnectFromHost(); });
        return;
    }
    ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
}

void ConnectionGuard::armTimer()
{
    if (m_state == State::Refused)
        return;
    // Go: ReadHeaderTimeout from the connection's start (the TLS handshake included) for the
    // first request; IdleTimeout between requests.
    const bool idle = m_state == State::Head && m_line.isEmpty() && m_requests > 0;
    const int phase = idle ? 0 : (m_state == State::Head ? 1 : 2);
    // The idle clock restarts with every request; the header and body clocks run from their start.
    if (phase == 0) {
        m_timer.start(m_limits.idleTimeoutMs);
        m_sinceMs = monotonicMs();
    }
    else if (phase != m_phase || !m_timer.isActive())
        m_timer.start(phase == 1 ? m_limits.readHeaderTimeoutMs : m_limits.bodyReadTimeoutMs);
    m_phase = phase;
}

void ConnectionGuard::onTimeout()
{
    if (m_state == State::Refused) {
        m_socket->abort();
        return;
    }
    const bool idle = m_state == State::Head && m_line.isEmpty() && m_requests > 0;
    if (idle && (m_socket->property(kLongRunningProperty).toBool() || m_socket->property(kAwaitingReplyProperty).toBool()
                 || m_socket->bytesToWrite() > 0)) {
        m_timer.start(m_limits.idleTimeoutMs);   // a watch streams, or an answer is being made or still going out
        return;
    }
    // Go closes a connection whose read timed out without an answer.
    ++m_counters.timedOutConnections;
    m_socket->disconnectFromHost();
}

} // namespace rlab::server
