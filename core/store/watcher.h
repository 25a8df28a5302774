#pragma once
#include "core/store/keyrange.h"
#include "core/store/watchevent.h"
#include "core/store/watchtrigger.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <vector>

namespace rlab::store {

// What the GUI shows about one watcher (KvStore::watchers()).
struct WatcherInfo
{
    qint64 id = 0;
    KeyRange range;
    qint64 startRevision = 0;
    qsizetype pending = 0;      // events appended but not taken yet
    qint64 appended = 0;        // events appended since the watch began (replay included)
    qint64 lastRevision = 0;    // main revision of the newest appended event, 0 if none
    WatchTrigger trigger;       // its indexed trigger (unset: it sees its whole range)
};

// One watch on a KeyRange, as etcd's watcher: an unbounded FIFO of WatchEvents that the KvStore
// fills in revision order with no gaps and no duplicates (the retained history from
// startRevision first, then every live change), and that its owner drains with take().
// Thread rules: take(), waitTake(), cancel() and the accessors may be called from any thread.
// The notify callback runs outside every store lock each time the FIFO goes from empty to
// non-empty (edge-triggered: after a notify, take() everything): on a writer's thread for live
// events, and once on the caller's thread, before watch() returns, when history was replayed.
// So it must not rely on the handle watch() returns: it should just post a wake-up.
// With a WatchTrigger it takes only the events that concern its (field, value).
// Dropping the last shared_ptr cancels the watch.
class Watcher
{
public:
    using Notify = std::function<void()>;

    Watcher(qint64 id, KeyRange range, qint64 startRevision, Notify notify, WatchTrigger trigger = {});

    qint64 id() const { return m_id; }
    const KeyRange &range() const { return m_range; }
    qint64 startRevision() const { return m_startRevision; }
    const WatchTrigger &trigger() const { return m_trigger; }

    // Every pending event, oldest first; empty when there is none. Never blocks.
    std::vector<WatchEvent> take();
    // Like take(), but first waits up to `timeout` for an event (returns early, empty, when
    // the watcher is cancelled).
    std::vector<WatchEvent> waitTake(std::chrono::milliseconds timeout);
    qsizetype pending() const;
    // Lock-free: whether take() would return something now (a writer racing with it may have
    // appended since; its notify follows). A deterministic runner polls every informer each
    // step, and most find nothing.
    bool hasPending() const { return m_queued.load(std::memory_order_acquire) != 0; }
    WatcherInfo info() const;

    // Stops delivery and drops pending events; wakes waitTake(). Idempotent.
    void cancel();
    bool isCancelled() const { return m_cancelled.load(std::memory_order_acquire); }

private:
    friend class KvStore;
    bool matches(const WatchEvent &e) const;
    // Appends the events this watcher wants; true when the FIFO went from empty to non-empty.
    // *appended (if given) grows by the number of events appended.
    bool appendMatching(const std::vector<WatchEvent> &events, qint64 *appended = nullptr);
    void notify() const;

    const qint64 m_id;
    const KeyRange m_range;
    const qint64 m_startRevision;
    const Notify m_notify;
    const WatchTrigger m_trigger;

    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::vector<WatchEvent> m_queue;   // guarded by m_mutex
    std::atomic<std::size_t> m_queued{0};   // m_queue.size(), stored under m_mutex
    qint64 m_appended = 0;             // guarded by m_mutex
    qint64 m_lastRevision = 0;         // guarded by m_mutex
    std::atomic<bool> m_cancelled{false};
};

} // namespace rlab::store
