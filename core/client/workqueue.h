// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/client/queueevent.h"
#include "core/client/workqueuesnapshot.h"

#include <QHash>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>

namespace rlab {

class Clock;

// WorkQueue is client-go's basic workqueue (util/workqueue/queue.go) for "namespace/name" keys:
// a FIFO, a dirty set (keys waiting to be processed) and a processing set (keys handed out by
// get() and not yet done()). Promises, as upstream: fair (FIFO); stingy (a key is never held by
// two workers at once, and any number of adds before it is processed collapse into one
// processing); many producers and consumers; shutdown drains what is queued.
// Thread rules: every method may be called from any thread (one std::mutex + condition
// variables). get() blocks; tryGet() never does. Times come from the injected Clock.
class WorkQueue
{
public:
    // Called for every QueueEvent, in seq order, while the queue's lock is held, on the thread
    // that caused the event. It must be quick and must not call back into this queue (or into
    // anything that might): append to a thread-safe log and return.
    using EventHook = std::function<void(const QueueEvent &)>;

    explicit WorkQueue(Clock &clock, QString name = {});
    virtual ~WorkQueue();

    WorkQueue(const WorkQueue &) = delete;
    WorkQueue &operator=(const WorkQueue &) = delete;

    // Marks key as needing processing. Ignored after shutdown; collapses with a dirty key; a
    // key being processed is parked and requeued by done().
    void add(const QString &key);
    // Blocks until a key is available (returns it, now held by worker) or the queue is shut
    // down and empty (returns nullopt). Every returned key must be given back with done().
    std::optional<QString> get(int worker = -1);
    // get() without waiting: nullopt when the FIFO is empty (check shuttingDown() to tell why).
    // This is what the deterministic single-thread runner uses.
    std::optional<QString> tryGet(int worker = -1);
    // Blocks until the FIFO holds a key (true) or the queue is shut down and empty or get() is
    // interrupted (false); takes nothing. Lab-only: the threaded runner's paced workers wait
    // here, let the head key sit its queue hop in virtual time, then tryGet().
    bool waitNotEmpty();
    // Ends processing of key; requeues it if it was re-added meanwhile. Works after shutdown.
    // A key that is not being processed is ignored (upstream would queue a duplicate).
    void done(const QString &key);
    // Number of keys in the FIFO (not the processing ones). For display only.
    int len() const;
    // Since when the key at the head of the FIFO has been waiting (its dirty-since time);
    // nullopt when the FIFO is empty. The latency model's runner uses it: a free worker's get
    // happens a fixed hop after the add.
    std::optional<qint64> headDirtySinceMs() const;

    // Stops accepting adds and wakes every get(); queued keys are still handed out.
    virtual void shutDown();
    // shutDown(), then blocks until no key is being processed. A later shutDown() from another
    // thread releases it early. Workers must keep calling done().
    virtual void shutDownWithDrain();
    bool shuttingDown() const;
    // While interrupted, every blocked and every later get() returns nullopt at once, but the
    // queue stays open: adds are accepted, queued keys stay, tryGet() and done() work as usual.
    // Simulation::stopThreaded() parks the worker threads this way and hands the same queue to
    // the deterministic runner; setGetInterrupted(false) lets get() block again.
    void setGetInterrupted(bool interrupted);

    // maxItems >= 0 lists at most that many queued keys (the FIFO's head) and waiting keys (the
    // soonest due) at a cost that grows with maxItems, not with the queue: a window polls a
    // scheduler queue holding 20,000 backed-off pods every frame (issue #17). -1: every key.
    WorkQueueSnapshot snapshot(qsizetype maxItems = -1) const;
    // Bumped by every change snapshot() can show other than the passing of time (add, get,
    // done, a delay added or come due, shutdown): equal generations mean equal snapshots but for
    // atMs and the ages derived from it. Read generation() before snapshot(). Lock-free.
    quint64 generation() const { return m_generation.load(std::memory_order_acquire); }
    void setEventHook(EventHook hook);

    QString name() const { return m_name; }
    Clock &clock() const { return m_clock; }

protected:
    using Lock = std::unique_lock<std::mutex>;

    // add() for subclasses that already hold m_mutex. Returns true if a waiting get() should
    // be woken (call wakeOne() after unlocking).
    bool addLocked(const QString &key, QueuedVia via);
    void wakeOne();
    bool shuttingDownLocked() const { return m_shuttingDown; }
    void countRetryLocked()
    {
        touchLocked();   // every addAfter (a new or earlier waiting key, its merge count)
        ++m_metrics.retries;
    }
    void touchLocked() { m_generation.fetch_add(1, std::memory_order_release); }
    int depthLocked() const { return static_cast<int>(m_queue.size()); }
    bool hasEventHook() const { return static_cast<bool>(m_hook); }
    // Stamps seq, time, queue name and depth, then calls the hook (if any). Needs m_mutex.
    void emitLocked(QueueEvent event);

    // Subclass hooks, all called with m_mutex held.
    virtual void onShutDownLocked() { }
    // Fills waiting (at most maxItems when maxItems >= 0) and metrics.waiting.
    virtual void fillSnapshotLocked(WorkQueueSnapshot &, qsizetype /*maxItems*/) const { }
    virtual int numRequeuesLocked(const QString &) const { return 0; }

    // Guards all queue state, including the state subclasses add (so a snapshot is atomic).
    mutable std::mutex m_mutex;

private:
    struct KeyState
    {
        bool dirty = false;
        bool processing = false;
        QueuedVia via = QueuedVia::Add;
        int worker = -1;
        int dedups = 0;
        qint64 dirtySinceMs = 0;
        qint64 startedAtMs = 0;
        qint64 queueLatencyMs = 0;
        quint64 getSeq = 0; // order of the get() that handed it out
    };

    QString popLocked(int worker);
    void shutDownLocked(bool drain);

    Clock &m_clock;
    const QString m_name;
    std::condition_variable m_cond;      // get() waits: FIFO not empty or shutting down
    std::condition_variable m_drainCond; // shutDownWithDrain() waits: nothing processing
    std::deque<QString> m_queue;
    QHash<QString, KeyState> m_keys;     // dirty or processing keys only
    int m_processingCount = 0;
    bool m_shuttingDown = false;
    bool m_drain = false;
    bool m_getInterrupted = false;
    quint64 m_nextSeq = 1;
    quint64 m_nextGetSeq = 1;
    WorkQueueMetrics m_metrics;
    EventHook m_hook;
    std::atomic<quint64> m_generation{0};
};

} // namespace rlab
