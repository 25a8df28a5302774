#pragma once
#include "core/client/ratelimitingqueue.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QThread;

namespace rlab {
class Clock;
class TraceLog;
} // namespace rlab

namespace rlab::controller {

// What one call of a controller's sync handler (syncDeployment, syncReplicaSet, …) reports.
struct SyncResult
{
    QString error;        // non-empty: failed, the key is requeued with backoff (handleErr)
    QStringList notes;    // what it did, in upstream's words, for the trace:
                          // "rolloutRolling → reconcileNewReplicaSet: scaled up web-7c5b4f to 2"
    bool ok() const { return error.isEmpty(); }
};

// A classic kube-controller-manager controller: a rate-limited workqueue of "namespace/name"
// keys, event handlers that only enqueue (added by the owner), a sync handler, and N workers
// each looping upstream's processNextWorkItem: get → sync → handleErr (success: forget;
// error: addRateLimited until maxRetries, then drop) → done. The same processNextWorkItem is
// driven by worker QThreads (run) or by the deterministic runner on one thread (wait = false).
// Thread rules: enqueue* from any thread (handlers run on informer threads); run/stop/shutDown
// from the owning thread; the sync handler runs on worker threads, one key at a time per key.
class Controller
{
public:
    using SyncHandler = std::function<SyncResult(const QString &key)>;

    // maxRetries < 0: retry forever (the ReplicaSet controller); 15 for Deployments.
    Controller(QString name, QString syncName, Clock &clock, TraceLog *trace, int maxRetries);
    ~Controller();
    Controller(const Controller &) = delete;
    Controller &operator=(const Controller &) = delete;

    void setSyncHandler(SyncHandler handler) { m_sync = std::move(handler); }
    RateLimitingQueue &queue() { return *m_queue; }
    QString name() const { return m_name; }

    void enqueue(const QString &key) { m_queue->add(key); }
    void enqueueAfter(const QString &key, qint64 delayMs) { m_queue->addAfter(key, delayMs); }
    void enqueueRateLimited(const QString &key) { m_queue->addRateLimited(key); }

    // One item: false when there is none (wait = false) or the queue is shut down.
    bool processNextWorkItem(int worker, bool wait = true);

    // processNextWorkItem cut in two for the latency model's runner, which lets virtual time
    // pass while the worker holds the key: beginWorkItem gets a key without waiting and runs
    // the sync handler (nullopt: nothing queued); endWorkItem, later, does handleErr and done.
    // Between the two the key is "processing": re-adds wait in the dirty set, as upstream.
    struct HeldItem
    {
        QString key;
        int worker = 0;
        SyncResult result;
    };
    std::optional<HeldItem> beginWorkItem(int worker);
    void endWorkItem(const HeldItem &item);
    // One reconcile of `key` right now, outside the queue (a scenario's `sync:` step, the lab
    // bench): traced and error-handled like processNextWorkItem.
    SyncResult syncKey(const QString &key, int worker = 0);

    // Pacing of the worker threads (run) under the latency model, set before run(): awaitGet
    // blocks until a queued key has waited its hop (false: stop the worker), hold runs between
    // a sync and its done (the reconcile's own work). Empty functions: upstream's plain loop.
    struct WorkerPacing
    {
        std::function<bool(RateLimitingQueue &)> awaitGet;
        std::function<void()> hold;
    };
    void setWorkerPacing(WorkerPacing pacing) { m_pacing = std::move(pacing); }

    // Starts `workers` QThreads looping processNextWorkItem (upstream default 5).
    void run(int workers);
    // Stops the workers: drain = let queued keys finish (shutDownWithDrain), else abandon the
    // queue after the in-flight syncs return. Joins the threads. Idempotent.
    void shutDown(bool drain = false);
    // Parks the workers without shutting the queue down (WorkQueue::setGetInterrupted): the
    // syncs in flight finish, queued and delayed keys stay for a later run() or for the
    // deterministic runner's processNextWorkItem(0, false). Joins the threads. Idempotent.
    void stop();
    bool isRunning() const { return !m_threads.empty(); }
    int workers() const { return int(m_threads.size()); }
    qint64 syncs() const { return m_syncs.load(); }

private:
    void trace(const QString &type, const QString &key, int worker, const QString &text) const;
    // A ReconcileStart or ReconcileEnd: its sentence is made when read (reconcileText), from
    // the sync function's name (by m_syncNameId) and the key, with `tail` after them.
    void traceReconcile(bool end, const QString &key, int worker, const QString &tail) const;
    SyncResult runSync(const QString &key, int worker);
    SyncResult startSync(const QString &key, int worker);
    void finishSync(const QString &key, int worker, const SyncResult &r);

    QString m_name;
    QString m_syncName;
    qint64 m_syncNameId = 0;   // m_syncName's id in the trace texts' registry (controller.cpp)
    Clock &m_clock;
    TraceLog *m_trace;
    quint32 m_traceComponent = 0, m_traceStart = 0, m_traceEnd = 0;   // m_trace's ids of m_name, ReconcileStart, ReconcileEnd
    int m_maxRetries;
    std::unique_ptr<RateLimitingQueue> m_queue;
    SyncHandler m_sync;
    WorkerPacing m_pacing;
    std::vector<QThread *> m_threads;
    std::atomic<qint64> m_syncs{0};
};

} // namespace rlab::controller
