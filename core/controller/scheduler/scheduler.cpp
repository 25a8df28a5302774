#include "core/controller/scheduler/scheduler.h"

#include "core/client/interface.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/scheduler/schedulerplugins.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

#include <QJsonArray>

namespace rlab::controller {

using namespace rlab::api;

namespace {
constexpr qint64 kInitialBackoffMs = 1000;
constexpr qint64 kMaxBackoffMs = 10000;
constexpr qint64 kMaxInUnschedulableMs = 5 * 60 * 1000;

bool wantsScheduling(const Pod &pod)
{
    return pod.spec.nodeName.isEmpty() && pod.metadata.deletionTimestamp == 0
        && (pod.spec.schedulerName.isEmpty() || pod.spec.schedulerName == QLatin1String("default-scheduler"))
        && pod.status.phase != QLatin1String("Succeeded") && pod.status.phase != QLatin1String("Failed");
}
} // namespace

Scheduler::Scheduler(client::Interface &api, client::SharedInformerFactory &informers, Clock &clock, TraceLog *trace)
    : m_api(api), m_clock(clock), m_trace(trace),
      m_controller(QStringLiteral("scheduler"), QStringLiteral("scheduleOne"), clock, trace, -1),
      m_events(api, QStringLiteral("default-scheduler")),
      m_pods(informers.lister<Pod>()), m_nodes(informers.lister<Node>()), m_replicaSets(informers.lister<ReplicaSet>())
{
    m_controller.setSyncHandler([this](const QString &key) { return scheduleOne(key); });
    informers.informerFor<Pod>().addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) {
            cachePod(obj);
            enqueueIfUnscheduled(obj);
        },
        [this](const ObjectPtr &, const ObjectPtr &obj) {
            const auto pod = objectCast<Pod>(obj);
            if (!pod->spec.nodeName.isEmpty()) {
                std::lock_guard lock(m_mutex);
                m_assumed.remove(pod->key());   // the binding is visible now
            }
            cachePod(obj);
            enqueueIfUnscheduled(obj);
        },
        [this](const ObjectPtr &obj, const client::DeletedFinalStateUnknown *) {
            uncachePod(obj->key());
            {
                std::lock_guard lock(m_mutex);
                m_assumed.remove(obj->key());
                m_unschedulable.remove(obj->key());
            }
            if (!objectCast<Pod>(obj)->spec.nodeName.isEmpty())
                moveAllToActiveQueue(QStringLiteral("an assigned pod was deleted"));
        }));
    informers.informerFor<Node>().addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &, bool) { moveAllToActiveQueue(QStringLiteral("a node was added")); },
        [this](const ObjectPtr &oldObj, const ObjectPtr &newObj) {
            if (oldObj->metadata.resourceVersion != newObj->metadata.resourceVersion)
                moveAllToActiveQueue(QStringLiteral("a node changed"));
        },
        {}));
}

void Scheduler::uncachePod(const QString &key)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_placements.constFind(key);
    if (it == m_placements.cend())
        return;
    NodeUsage &u = m_usage[it->node];
    u.cpuMilli -= it->requests.cpuMilli;
    u.memoryBytes -= it->requests.memoryBytes;
    u.nonZeroCpuMilli -= it->requests.nonZeroCpuMilli;
    u.nonZeroMemoryBytes -= it->requests.nonZeroMemoryBytes;
    --u.pods;
    m_spread.remove(it->node, it->ns, it->labels, it->terminating);
    m_placements.erase(it);
}

void Scheduler::cachePod(const ObjectPtr &obj)
{
    const auto pod = objectCast<Pod>(obj);
    if (!pod)
        return;
    const bool terminal = pod->status.phase == QLatin1String("Succeeded") || pod->status.phase == QLatin1String("Failed");
    QString node;
    {
        std::lock_guard lock(m_mutex);
        node = pod->spec.nodeName.isEmpty() ? m_assumed.value(pod->key()) : pod->spec.nodeName;
        const auto it = m_placements.constFind(pod->key());
        if (it != m_placements.cend() && it->node == node && !terminal && it->labels == pod->metadata.labels
            && it->terminating == (pod->metadata.deletionTimestamp != 0))
            return;   // already counted there (requests of a bound pod do not change)
    }
    uncachePod(pod->key());
    if (node.isEmpty() || terminal)
        return;
    const PodRequests r = PodRequests::of(*pod);
    std::lock_guard lock(m_mutex);
    m_placements.insert(pod->key(), Placement{node, r, pod->metadata.labels, pod->metadata.namespace_, pod->metadata.deletionTimestamp != 0});
    m_spread.add(node, pod->metadata.namespace_, pod->metadata.labels, pod->metadata.deletionTimestamp != 0);
    NodeUsage &u = m_usage[node];
    u.cpuMilli += r.cpuMilli;
    u.memoryBytes += r.memoryBytes;
    u.nonZeroCpuMilli += r.nonZeroCpuMilli;
    u.nonZeroMemoryBytes += r.nonZeroMemoryBytes;
    ++u.pods;
}

void Scheduler::enqueueIfUnscheduled(const ObjectPtr &obj)
{
    const auto pod = objectCast<Pod>(obj);
    if (!pod || !wantsScheduling(*pod))
        return;
    {
        std::lock_guard lock(m_mutex);
        if (m_unschedulable.contains(pod->key()) || m_assumed.contains(pod->key()))
            return;   // waits for a cluster event (or its own backoff) instead
    }
    m_controller.enqueue(pod->key());
}

void Scheduler::moveAllToActiveQueue(const QString &why)
{
    QHash<QString, int> pending;
    {
        std::lock_guard lock(m_mutex);
        pending = m_unschedulable;
    }
    QStringList keys = pending.keys();
    keys.sort();
    for (const QString &key : keys) {
        const int attempts = pending.value(key);
        const qint64 backoff = std::min(kMaxBackoffMs, kInitialBackoffMs << std::min(attempts - 1, 10));
        m_controller.enqueueAfter(key, backoff);
    }
    if (!keys.isEmpty() && m_trace) {
        TraceEvent ev;
        ev.component = QStringLiteral("scheduler");
        ev.type = QStringLiteral("MoveAllToActiveQueue");
        ev.text = QStringLiteral("%1: %2 unschedulable pod(s) retried after their backoff").arg(why).arg(keys.size());
        m_trace->append(std::move(ev));
    }
}

SyncResult Scheduler::scheduleOne(const QString &key)
{
    SyncResult result;
    const QString ns = key.section(QLatin1Char('/'), 0, 0);
    const QString name = key.section(QLatin1Char('/'), 1);
    const auto pod = m_pods.get(ns, name);
    if (!pod || !wantsScheduling(*pod)) {
        std::lock_guard lock(m_mutex);
        m_unschedulable.remove(key);
        result.notes << QStringLiteral("pod is gone or already assigned");
        return result;
    }
    // Snapshot: nodes and the requests already placed on them (bound pods + assumed ones).
    QList<std::shared_ptr<const Node>> nodes = m_nodes.list();
    std::sort(nodes.begin(), nodes.end(), [](const auto &a, const auto &b) { return a->metadata.name < b->metadata.name; });
    QHash<QString, NodeInfo> infos;
    infos.reserve(nodes.size());
    {
        std::lock_guard lock(m_mutex);
        // A node's allocatable is parsed once per Node object (they are immutable values).
        for (const auto &n : nodes) {
            NodeInfo &cached = m_nodeInfos[n->metadata.name];
            if (cached.node != n)
                cached = NodeInfo(n);
            infos.insert(n->metadata.name, cached);
        }
        for (auto it = infos.begin(); it != infos.end(); ++it) {
            const NodeUsage u = m_usage.value(it.key());
            it->requestedCpuMilli = u.cpuMilli;
            it->requestedMemoryBytes = u.memoryBytes;
            it->nonZeroCpuMilli = u.nonZeroCpuMilli;
            it->nonZeroMemoryBytes = u.nonZeroMemoryBytes;
            it->pods = u.pods;
        }
    }
    const PodRequests req = PodRequests::of(*pod);
    QMap<QString, int> reasons;
    QJsonArray perNode;
    QStringList feasible;
    QHash<QString, QJsonObject> entries;
    for (const auto &n : nodes) {
        const NodeInfo &info = infos[n->metadata.name];
        const scheduling::FilterOutcome f = scheduling::filter(*pod, req, info);
        QJsonObject entry{{QStringLiteral("node"), n->metadata.name}};
        if (!f.fits()) {
            for (const QString &r : f.reasons)
                reasons[r] += 1;
            entry.insert(QStringLiteral("filter"), f.reasons.join(QStringLiteral(", ")));
        } else {
            entry.insert(QStringLiteral("filter"), QStringLiteral("fits"));
            feasible << n->metadata.name;
        }
        entries.insert(n->metadata.name, entry);
    }
    // schedule_one.go: with one feasible node there is nothing to compare, so no scoring.
    QString best;
    qint64 bestScore = -1;
    QStringList scores;
    if (feasible.size() == 1) {
        best = feasible.first();
    } else if (!feasible.isEmpty()) {
        const QList<NodeScore> scored = scoreNodes(*pod, req, nodes, infos, feasible);
        QStringList top;
        for (const NodeScore &ns : scored) {
            QJsonObject &entry = entries[ns.node];
            entry.insert(QStringLiteral("plugins"), ns.plugins);
            entry.insert(QStringLiteral("score"), ns.total);
            scores << QStringLiteral("%1 %2").arg(ns.node).arg(ns.total);
            if (ns.total > bestScore) {
                bestScore = ns.total;
                top = {ns.node};
            } else if (ns.total == bestScore) {
                top << ns.node;
            }
        }
        // selectHost: a uniform choice among the top-scored nodes (reservoir sampling).
        best = top.first();
        if (top.size() > 1) {
            std::lock_guard lock(m_mutex);
            for (qsizetype k = 1; k < top.size(); ++k)
                if (nextRandom() % quint64(k + 1) == 0)
                    best = top[k];
        }
    }
    for (const auto &n : nodes)
        perNode.append(entries.value(n->metadata.name));
    if (m_trace) {
        TraceEvent ev;
        ev.component = QStringLiteral("scheduler");
        ev.type = QStringLiteral("Schedule");
        ev.key = key;
        ev.detail = QJsonObject{{QStringLiteral("nodes"), perNode}};
        ev.text = best.isEmpty()    ? QStringLiteral("scheduleOne %1: no node fits").arg(key)
                  : scores.isEmpty() ? QStringLiteral("scheduleOne %1: only %2 fits (no scoring)").arg(key, best)
                                     : QStringLiteral("scheduleOne %1: %2 of %3 nodes fit; scores %4 → %5")
                                           .arg(key).arg(scores.size()).arg(nodes.size()).arg(scores.join(QStringLiteral(", ")), best);
        m_trace->append(std::move(ev));
    }
    if (best.isEmpty()) {
        const QString message = scheduling::fitErrorMessage(int(nodes.size()), reasons);
        int attempts = 0;
        {
            std::lock_guard lock(m_mutex);
            attempts = ++m_unschedulable[key];
        }
        m_events.event(*pod, QStringLiteral("Warning"), QStringLiteral("FailedScheduling"), message);
        auto copy = std::static_pointer_cast<Pod>(pod->clone());
        Condition c;
        c.type = QStringLiteral("PodScheduled");
        c.status = QStringLiteral("False");
        c.reason = QStringLiteral("Unschedulable");
        c.message = message;
        c.lastTransitionTime = m_clock.now() / 1000 * 1000;
        const qsizetype i = findCondition(copy->status.conditions, c.type);
        if (i < 0 || copy->status.conditions[i].message != message) {
            if (i >= 0)
                copy->status.conditions[i] = c;
            else
                copy->status.conditions.append(c);
            m_api.updateStatus(copy);
        }
        m_controller.enqueueAfter(key, kMaxInUnschedulableMs);
        result.notes << QStringLiteral("unschedulable (attempt %1): %2").arg(attempts).arg(message);
        return result;
    }
    {
        std::lock_guard lock(m_mutex);
        m_assumed.insert(key, best);
        m_unschedulable.remove(key);
    }
    cachePod(pod);   // assume (Cache.AssumePod): count it on `best` before the informer shows the binding
    const auto bound = m_api.bind(ns, name, best);
    if (!bound.ok()) {
        {
            std::lock_guard lock(m_mutex);
            m_assumed.remove(key);
        }
        uncachePod(key);
        if (bound.error->code == 404 || bound.error->code == 409) {
            result.notes << QStringLiteral("binding skipped: %1").arg(bound.error->message);
            return result;
        }
        result.error = bound.error->message;
        return result;
    }
    m_events.event(*pod, QStringLiteral("Normal"), QStringLiteral("Scheduled"),
                   QStringLiteral("Successfully assigned %1 to %2").arg(key, best));
    if (m_trace) {
        TraceEvent ev;
        ev.component = QStringLiteral("scheduler");
        ev.type = QStringLiteral("Bind");
        ev.key = key;
        ev.detail = QJsonObject{{QStringLiteral("node"), best}};
        ev.text = QStringLiteral("bound %1 to %2 (pods/binding)").arg(key, best);
        m_trace->append(std::move(ev));
    }
    if (scores.isEmpty())
        result.notes << QStringLiteral("bound to %1 (the only node that fits)").arg(best);
    else
        result.notes << QStringLiteral("bound to %1 (score %2 of %3)").arg(best).arg(bestScore).arg(scores.join(QStringLiteral(", ")));
    return result;
}

} // namespace rlab::controller
