#include "core/server/watchstream.h"

#include "core/server/connectionguard.h"
#include "core/server/servercounters.h"

#include <algorithm>
#include <limits>

namespace rlab::server {

using apiserver::ApiWatchEvent;

std::function<void()> WatchStream::notifier(const std::shared_ptr<Hub> &hub)
{
    std::weak_ptr<Hub> weak = hub;
    return [weak] {
        const std::shared_ptr<Hub> h = weak.lock();
        if (!h)
            return;
        std::lock_guard lock(h->mutex);
        if (WatchStream *target = h->target)
            QMetaObject::invokeMethod(target, [target] { target->pump(); }, Qt::QueuedConnection);
    };
}

WatchStream::WatchStream(QHttpServerResponder &&responder, std::shared_ptr<apiserver::ApiWatch> watch,
                         std::shared_ptr<Hub> hub, Encoder encoder, int timeoutSeconds, ServerCounters &counters,
                         QObject *parent)
    : QObject(parent), m_responder(std::move(responder)), m_socket(m_responder.socket()), m_watch(std::move(watch)),
      m_hub(std::move(hub)), m_encoder(std::move(encoder)), m_counters(counters)
{
    ++m_counters.watchesOpened;
    ++m_counters.openWatches;
    if (m_socket) {
        m_socket->setProperty(ConnectionGuard::kLongRunningProperty, true);   // not idle while it streams
        connect(m_socket, &QObject::destroyed, this, &QObject::deleteLater);
        connect(m_socket, &QAbstractSocket::disconnected, this, &QObject::deleteLater);
        connect(m_socket, &QIODevice::bytesWritten, this, [this] {
            if (m_throttled && m_socket && m_socket->bytesToWrite() < kMaxBuffered / 2) {
                m_throttled = false;
                schedulePump();
            }
        });
        m_responder.writeStatusLine(QHttpServerResponder::StatusCode::Ok);
        m_responder.writeHeader("Content-Type", "application/json");
        m_responder.writeHeader("Cache-Control", "no-cache, private");
        m_responder.writeHeader("Transfer-Encoding", "chunked");
        m_responder.writeBody("");   // ends the header block
    } else {
        deleteLater();
    }
    m_age.start();
    if (timeoutSeconds > 0) {
        m_timeoutMs = qint64(timeoutSeconds) * 1000;
        m_timeout.setSingleShot(true);
        // QTimer counts int milliseconds (24.8 days): a longer timeout is waited for in parts.
        connect(&m_timeout, &QTimer::timeout, this, [this] {
            const qint64 left = m_timeoutMs - m_age.elapsed();
            if (left > 0)
                m_timeout.start(int(std::min<qint64>(left, std::numeric_limits<int>::max())));
            else
                finish();
        });
        m_timeout.start(int(std::min<qint64>(m_timeoutMs, std::numeric_limits<int>::max())));
    }
    {
        std::lock_guard lock(m_hub->mutex);
        m_hub->target = this;
    }
    pump();
}

WatchStream::~WatchStream()
{
    {
        std::lock_guard lock(m_hub->mutex);
        m_hub->target = nullptr;
    }
    m_watch->stop();
    --m_counters.openWatches;
    if (m_socket)
        m_socket->setProperty(ConnectionGuard::kLongRunningProperty, false);
}

void WatchStream::write(const QByteArray &bytes)
{
    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState) {
        m_responder.writeBody(bytes);
        // Hand the bytes to the kernel now rather than when the write notifier next runs: a
        // server thread busy with a burst of events would otherwise hold them back.
        m_socket->flush();
    }
}

void WatchStream::schedulePump()
{
    if (m_pumpPosted)
        return;
    m_pumpPosted = true;
    QMetaObject::invokeMethod(this, [this] {
        m_pumpPosted = false;
        pump();
    }, Qt::QueuedConnection);
}

void WatchStream::pump()
{
    if (m_finished || !m_socket)
        return;
    if (m_socket->bytesToWrite() > kMaxBuffered) {
        m_throttled = true;   // resumed by bytesWritten
        return;
    }
    takeFresh();
    if (m_backlog.empty())
        return;
    // One socket write per batch: one chunk per event.
    QByteArray out;
    out.reserve(qsizetype(std::min(m_backlog.size(), kBatch)) * 4096);
    bool error = false;
    qint64 count = 0;
    while (!m_backlog.empty() && std::size_t(count) < kBatch) {
        const ApiWatchEvent ev = std::move(m_backlog.front());
        m_backlog.pop_front();
        const QByteArray line = m_encoder(ev, m_first);
        m_first = false;
        out += QByteArray::number(line.size() + 1, 16);
        out += "\r\n";
        out += line;
        out += "\n\r\n";
        ++count;
        if (ev.type == ApiWatchEvent::Error) {
            error = true;   // kube-apiserver ends the stream after an ERROR event
            break;
        }
    }
    m_counters.watchEvents += count;
    m_counters.watchBytes += out.size();
    write(out);
    if (error)
        finish();
    else if (!m_backlog.empty())
        schedulePump();   // after the other streams' turns
}

void WatchStream::takeFresh()
{
    std::vector<ApiWatchEvent> fresh = m_watch->take();
    for (ApiWatchEvent &ev : fresh) {
        m_lastRevision = std::max(m_lastRevision, ev.revision);
        m_backlog.push_back(std::move(ev));
    }
}

qint64 WatchStream::nextBookmarkDelayMs(qint64 elapsedMs, qint64 timeoutMs)
{
    qint64 next = elapsedMs + kBookmarkFrequencyMs;
    if (timeoutMs > 0)
        next = std::min(next, timeoutMs - 2000);   // "right before the watcher timeout"
    return next < elapsedMs ? -1 : next - elapsedMs;
}

void WatchStream::startBookmarks(std::function<qint64()> progress)
{
    m_progress = std::move(progress);
    m_bookmark.setSingleShot(true);
    m_bookmark.setTimerType(Qt::PreciseTimer);   // never early: one bookmark before the deadline
    connect(&m_bookmark, &QTimer::timeout, this, &WatchStream::bookmark);
    armBookmark();
}

void WatchStream::armBookmark()
{
    const qint64 delay = nextBookmarkDelayMs(m_age.elapsed(), m_timeoutMs);
    if (delay > 0)
        m_bookmark.start(int(std::min<qint64>(delay, std::numeric_limits<int>::max())));
}

void WatchStream::bookmark()
{
    if (m_finished || !m_socket)
        return;
    // The revision first, then the events: everything up to it is among them or written.
    const qint64 progress = m_progress();
    takeFresh();
    ApiWatchEvent ev;
    ev.type = ApiWatchEvent::Bookmark;
    ev.revision = std::max(progress, m_lastRevision);
    m_lastRevision = ev.revision;
    m_backlog.push_back(std::move(ev));
    pump();
    armBookmark();
}

void WatchStream::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_timeout.stop();
    m_bookmark.stop();
    write("0\r\n\r\n");
    m_watch->stop();
    deleteLater();
}

} // namespace rlab::server
