#pragma once
#include "core/apiserver/apiwatch.h"

#include <QHttpServerResponder>
#include <QObject>
#include <QPointer>
#include <QTcpSocket>
#include <QElapsedTimer>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>
#include <mutex>

namespace rlab::server {

struct ServerCounters;

// One open `?watch=true` response: HTTP 200 with Transfer-Encoding: chunked, one JSON watch
// event per line per chunk, until the client goes away, timeoutSeconds pass, or an ERROR event
// (410 Expired) has been sent. The ApiWatch's notify callback runs on writer threads; it only
// posts a queued pump() to this object through a Hub (mutex + pointer cleared on destruction),
// and pump() take()s and writes on the HTTP server's thread, at most kBatch events at a time
// (then it re-posts itself), so a burst to 50 watchers is written round-robin, each change is
// encoded once for all of them (EncodedObjectCache) and other requests get their turn. A client
// that reads slowly gets no more bytes while kMaxBuffered are waiting in its socket: its events
// wait as shared pointers in the store watcher instead. A client that disconnects destroys the
// stream (QPointer on the socket), which stops the ApiWatch: nothing leaks.
// Thread rules: everything on the HTTP server's thread except notifier(), which any thread calls.
class WatchStream : public QObject
{
    Q_OBJECT
public:
    // Turns one event into one JSON line (without the newline); `first` is true once.
    using Encoder = std::function<QByteArray(const apiserver::ApiWatchEvent &event, bool first)>;

    struct Hub
    {
        std::mutex mutex;
        WatchStream *target = nullptr;   // guarded by mutex
    };
    // The notify callback to give ApiServer::watch(): posts pump() to the hub's stream, if any.
    static std::function<void()> notifier(const std::shared_ptr<Hub> &hub);

    // Takes over the responder, writes the response head and the events pending so far.
    // timeoutSeconds <= 0: stay open until the client leaves (kubectl get -w never re-watches).
    WatchStream(QHttpServerResponder &&responder, std::shared_ptr<apiserver::ApiWatch> watch,
                std::shared_ptr<Hub> hub, Encoder encoder, int timeoutSeconds, ServerCounters &counters,
                QObject *parent = nullptr);
    ~WatchStream() override;

    static constexpr std::size_t kBatch = 128;
    static constexpr qint64 kMaxBuffered = 4 * 1024 * 1024;

    void pump();
    // Writes the terminal chunk and deletes the stream later.
    void finish();

    // ?allowWatchBookmarks=true: BOOKMARK events as kube-apiserver's watch cache sends them,
    // roughly every minute and 2 s before the stream's timeout, each after every event up to
    // its resourceVersion. `progress` gives a revision every change up to which has already
    // reached the watch (ApiServer::watchProgressRevision).
    void startBookmarks(std::function<qint64()> progress);
    // The cacher's nextBookmarkTime: ms from `elapsedMs` (since the watch began) to the next
    // bookmark, or -1 for none; timeoutMs <= 0 means no deadline.
    static qint64 nextBookmarkDelayMs(qint64 elapsedMs, qint64 timeoutMs);
    static constexpr qint64 kBookmarkFrequencyMs = 60'000;

private:
    void write(const QByteArray &bytes);
    void schedulePump();
    void takeFresh();
    void bookmark();
    void armBookmark();

    QHttpServerResponder m_responder;
    QPointer<QTcpSocket> m_socket;
    std::shared_ptr<apiserver::ApiWatch> m_watch;
    std::shared_ptr<Hub> m_hub;
    Encoder m_encoder;
    ServerCounters &m_counters;
    QTimer m_timeout;
    QTimer m_bookmark;
    QElapsedTimer m_age;
    qint64 m_timeoutMs = 0;
    qint64 m_lastRevision = 0;   // the newest revision taken from the watch
    std::function<qint64()> m_progress;
    std::deque<apiserver::ApiWatchEvent> m_backlog;   // taken, not yet written
    bool m_first = true;
    bool m_finished = false;
    bool m_pumpPosted = false;
    bool m_throttled = false;
};

} // namespace rlab::server
