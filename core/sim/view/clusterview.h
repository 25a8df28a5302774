#pragma once
#include "core/base/traceevent.h"
#include "core/sim/view/keyvalue.h"
#include "core/sim/view/queueview.h"
#include "core/sim/view/snapshot.h"
#include "core/sim/view/watchevent.h"

#include <QByteArray>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace rlab {
class Simulation;
struct SimulationConfig;
} // namespace rlab

namespace rlab::view {

class WatchFeed;

// What the window may read of a running lab, as values: etcd's keys at any retained revision,
// one key's history, a watch feed of changes from a revision on, trace ranges, every
// controller's workqueue as a snapshot, the virtual clock and the lab's switches. Nothing it
// returns refers into live state (objects are shared immutable values), so a panel cannot change
// the cluster through it: writes go through client::Interface (the kubectl verbs).
// Example: after writes at revisions 2..118, objects(42)->kvs are the keys as of revision 42.
// Thread rules: every reader from any thread (the store, trace and queues lock themselves);
// construct on the Simulation's owning thread; must not outlive the Simulation.
class ClusterView
{
public:
    explicit ClusterView(Simulation &sim);

    static QByteArray registryPrefix() { return QByteArrayLiteral("/registry/"); }

    // etcd ----------------------------------------------------------------------------------
    qint64 revision() const;
    // The oldest revision still readable: the compact revision, 1 before any compaction.
    qint64 oldestRevision() const;
    // The keys under `prefix` at `rev` (0: now); nullopt when rev is compacted or in the future.
    std::optional<Snapshot> objects(qint64 rev = 0, const QByteArray &prefix = registryPrefix()) const;
    // One key now; nullopt when it does not exist.
    std::optional<KeyValue> value(const QByteArray &key) const;
    // Every retained change of one key, oldest first (PUTs and DELETEs, across re-creations).
    std::vector<WatchEvent> history(const QByteArray &key) const;
    // Changes under `prefix` from `fromRevision` on (the retained past first, then live ones).
    std::unique_ptr<WatchFeed> watch(qint64 fromRevision, const QByteArray &prefix = registryPrefix()) const;

    // Trace ---------------------------------------------------------------------------------
    std::vector<TraceEvent> trace(qint64 afterSeq, std::size_t max = SIZE_MAX) const;
    // Only the events of `types` with afterSeq < seq <= untilSeq (TraceLog::ofTypes).
    std::vector<TraceEvent> traceOfTypes(qint64 afterSeq, qint64 untilSeq, const QStringList &types) const;
    qint64 lastTraceSeq() const;
    // The seq of the last trace event with rev <= rev (0 when none): revisions never decrease
    // along seq. E.g. revs [1 1 2 5 5 7] at seqs 1..6: rev 5 -> seq 5; rev 0 -> 0.
    qint64 lastTraceSeqAt(qint64 rev) const;

    // Controllers ---------------------------------------------------------------------------
    // Every controller's queue, in the Simulation's order.
    std::vector<QueueView> queues() const;
    // queues() for a per-frame poll (issue #17): a queue whose WorkQueue::generation() equals
    // known[i], with the same controller at i in `previous`, keeps previous[i]'s snapshot
    // (no copy of its keys under its lock), brought to now: atMs and the ages derived from it.
    // *generations (if given) receives the generations read, to pass as `known` next time.
    // maxItems >= 0 bounds each snapshot's queued and waiting lists (WorkQueue::snapshot).
    std::vector<QueueView> queues(const std::vector<QueueView> &previous, const std::vector<quint64> &known,
                                  std::vector<quint64> *generations, qsizetype maxItems = -1) const;
    // Only names and current lengths (cheaper than queues(): no item lists are copied).
    std::vector<std::pair<QString, int>> queueLengths() const;
    QStringList controllerNames() const;
    qint64 reconciles() const;   // syncs of every controller, summed

    // Time and the lab ------------------------------------------------------------------------
    qint64 now() const;                        // virtual ms since the epoch
    qint64 startTime() const;                  // the cluster's t = 0
    std::optional<qint64> nextTimerAt() const;
    bool isThreaded() const;
    bool replicaFloorEnabled() const;
    SimulationConfig config() const;

private:
    Simulation &m_sim;
};

} // namespace rlab::view
