#include "core/sim/view/clusterview.h"

#include "core/controller/controller.h"
#include "core/controller/replicafloor/replicafloorreconciler.h"
#include "core/sim/simulation.h"
#include "core/sim/view/watchfeed.h"
#include "core/store/kvstore.h"

namespace rlab::view {

namespace {
store::KvStore &storeOf(Simulation &sim)
{
    return sim.cluster().store();
}
} // namespace

ClusterView::ClusterView(Simulation &sim)
    : m_sim(sim)
{
}

qint64 ClusterView::revision() const
{
    return storeOf(m_sim).revision();
}

qint64 ClusterView::oldestRevision() const
{
    return qMax<qint64>(1, storeOf(m_sim).compactRevision());
}

std::optional<Snapshot> ClusterView::objects(qint64 rev, const QByteArray &prefix) const
{
    store::RangeOptions options;
    options.rev = rev;
    store::RangeResult r = storeOf(m_sim).range(store::KeyRange::prefix(prefix), options);
    if (!r.ok())
        return std::nullopt;
    return Snapshot{std::move(r.kvs), rev > 0 ? rev : r.revision};
}

std::optional<KeyValue> ClusterView::value(const QByteArray &key) const
{
    store::RangeResult r = storeOf(m_sim).range(store::KeyRange::single(key));
    if (r.kvs.empty())
        return std::nullopt;
    return std::move(r.kvs.front());
}

std::vector<WatchEvent> ClusterView::history(const QByteArray &key) const
{
    return storeOf(m_sim).history(key);
}

std::unique_ptr<WatchFeed> ClusterView::watch(qint64 fromRevision, const QByteArray &prefix) const
{
    return std::make_unique<WatchFeed>(storeOf(m_sim).watch(store::KeyRange::prefix(prefix), fromRevision).watcher);
}

std::vector<TraceEvent> ClusterView::trace(qint64 afterSeq, std::size_t max) const
{
    return m_sim.trace().since(afterSeq, max);
}

std::vector<TraceEvent> ClusterView::traceOfTypes(qint64 afterSeq, qint64 untilSeq, const QStringList &types) const
{
    return m_sim.trace().ofTypes(afterSeq, untilSeq, types);
}

qint64 ClusterView::lastTraceSeq() const
{
    return m_sim.trace().lastSeq();
}

qint64 ClusterView::lastTraceSeqAt(qint64 rev) const
{
    const TraceLog &trace = m_sim.trace();
    const std::vector<TraceEvent> first = trace.since(0, 1);
    if (first.empty() || first.front().rev > rev)
        return first.empty() ? 0 : first.front().seq - 1;
    qint64 lo = first.front().seq, hi = trace.lastSeq();   // invariant: rev(lo) <= rev
    while (lo < hi) {
        const qint64 mid = lo + (hi - lo + 1) / 2;
        const std::vector<TraceEvent> e = trace.since(mid - 1, 1);
        if (!e.empty() && e.front().rev <= rev)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

std::vector<QueueView> ClusterView::queues() const
{
    return queues({}, {}, nullptr);
}

std::vector<QueueView> ClusterView::queues(const std::vector<QueueView> &previous, const std::vector<quint64> &known,
                                           std::vector<quint64> *generations, qsizetype maxItems) const
{
    const SimulationConfig &config = m_sim.config();
    std::vector<QueueView> out;
    if (generations)
        generations->clear();
    for (controller::Controller *c : m_sim.controllers()) {
        const std::size_t i = out.size();
        QueueView v;
        v.controller = c->name();
        v.threaded = c->isRunning();
        if (v.threaded)
            v.workers = c->workers();
        else if (v.controller == QLatin1String("deployment"))
            v.workers = config.deploymentWorkers;
        else if (v.controller == QLatin1String("replicaset"))
            v.workers = config.replicaSetWorkers;
        v.syncs = c->syncs();
        const quint64 generation = c->queue().generation();   // before the snapshot: never newer than it
        if (i < known.size() && i < previous.size() && known[i] == generation && previous[i].controller == v.controller) {
            v.snapshot = previous[i].snapshot;   // implicitly shared lists: no copy
            WorkQueueSnapshot &s = v.snapshot;
            s.atMs = c->queue().clock().now();
            s.metrics.longestRunningProcessorMs = 0;
            s.metrics.unfinishedWorkMs = 0;
            for (const ProcessingItem &item : std::as_const(s.processing)) {   // as WorkQueue::snapshot()
                const qint64 age = s.atMs - item.startedAtMs;
                s.metrics.longestRunningProcessorMs = qMax(s.metrics.longestRunningProcessorMs, age);
                s.metrics.unfinishedWorkMs += age;
            }
        } else {
            v.snapshot = c->queue().snapshot(maxItems);
        }
        if (generations)
            generations->push_back(generation);
        out.push_back(std::move(v));
    }
    return out;
}

std::vector<std::pair<QString, int>> ClusterView::queueLengths() const
{
    std::vector<std::pair<QString, int>> out;
    for (controller::Controller *c : m_sim.controllers())
        out.emplace_back(c->name(), c->queue().len());
    return out;
}

QStringList ClusterView::controllerNames() const
{
    QStringList names;
    for (controller::Controller *c : m_sim.controllers())
        names << c->name();
    return names;
}

qint64 ClusterView::reconciles() const
{
    qint64 n = 0;
    for (const controller::Controller *c : m_sim.controllers())
        n += c->syncs();
    return n;
}

qint64 ClusterView::now() const
{
    return m_sim.clock().now();
}

qint64 ClusterView::startTime() const
{
    return m_sim.config().cluster.startTimeMs;
}

std::optional<qint64> ClusterView::nextTimerAt() const
{
    return m_sim.clock().nextTimerAt();
}

bool ClusterView::isThreaded() const
{
    return m_sim.isThreaded();
}

bool ClusterView::replicaFloorEnabled() const
{
    const controller::ReplicaFloorReconciler *floor = m_sim.replicaFloor();
    return floor && floor->isEnabled();
}

SimulationConfig ClusterView::config() const
{
    return m_sim.config();
}

} // namespace rlab::view
