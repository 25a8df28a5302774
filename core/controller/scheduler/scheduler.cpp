#include "core/controller/scheduler/scheduler.h"

#include "core/base/joined.h"

#include "core/client/interface.h"
#include "core/client/threadsafestore.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/scheduler/bindnote.h"
#include "core/controller/scheduler/schedulerplugins.h"
#include "core/controller/scheduler/scheduletrace.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

#include <QJsonArray>

#include <algorithm>
#include <array>

namespace rlab::controller {

using namespace rlab::api;

namespace {
// {nodes: []}: a Schedule event's detail starts as a copy of it and has its value replaced
// (~3,100 instructions, where making the member in an empty object cost ~4,400).
const QJsonObject &withNodes()
{
    static const QJsonObject withNodes{{QStringLiteral("nodes"), QJsonArray()}};
    return withNodes;
}

constexpr qint64 kInitialBackoffMs = 1000;
constexpr qint64 kMaxBackoffMs = 10000;
constexpr qint64 kMaxInUnschedulableMs = 5 * 60 * 1000;

bool wantsScheduling(const Pod &pod)
{
    return pod.spec.nodeName.isEmpty() && pod.metadata.deletionTimestamp == 0
        && (pod.spec.schedulerName.isEmpty() || pod.spec.schedulerName == QLatin1String("default-scheduler"))
        && pod.status.phase != QLatin1String("Succeeded") && pod.status.phase != QLatin1String("Failed");
}
// Whether a pod's update leaves the scheduler's cache as it was: bound to the same node before
// and after, neither version terminal, the same labels (a status update shares them) and the
// same deletion state. E.g. the kubelet's Pending -> Running on node-3: alike; a bind (nodeName
// "" -> node-3), a deletion or Running -> Succeeded: not.
bool boundAlike(const Pod &old, const Pod &pod)
{
    const auto terminal = [](const Pod &p) {
        return p.status.phase == QLatin1String("Succeeded") || p.status.phase == QLatin1String("Failed");
    };
    return !pod.spec.nodeName.isEmpty() && pod.spec.nodeName == old.spec.nodeName
        && (pod.metadata.deletionTimestamp != 0) == (old.metadata.deletionTimestamp != 0) && !terminal(pod) && !terminal(old)
        && pod.metadata.labels == old.metadata.labels;
}
} // namespace

Scheduler::Scheduler(client::Interface &api, client::SharedInformerFactory &informers, Clock &clock, TraceLog *trace)
    : m_api(api), m_clock(clock), m_trace(trace),
      m_controller(QStringLiteral("scheduler"), QStringLiteral("scheduleOne"), clock, trace, -1),
      m_events(api, QStringLiteral("default-scheduler"), EventRecorder::Correlation::None),
      m_pods(informers.lister<Pod>()), m_nodes(informers.lister<Node>()), m_replicaSets(informers.lister<ReplicaSet>())
{
    m_controller.setSyncHandler([this](const QString &key) { return scheduleOne(key); });
    informers.informerFor<Pod>().addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) {
            cachePod(obj);
            enqueueIfUnscheduled(obj);
        },
        [this](const ObjectPtr &oldObj, const ObjectPtr &obj) {
            const auto pod = objectCast<Pod>(obj);
            // A bound pod's status update (most updates: the kubelet's) changes nothing the
            // scheduler keeps: the old version is counted on the same node already (cachePod
            // would find it so, one cold lookup later) and no longer assumed (its binding was
            // seen when nodeName was set). Unbound pods, moves, label, deletion and phase
            // changes go the whole way.
            if (const auto old = objectCast<Pod>(oldObj); old && boundAlike(*old, *pod))
                return;
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
        [this](const ObjectPtr &, bool) {
            markNodesChanged();
            moveAllToActiveQueue(QStringLiteral("a node was added"));
        },
        [this](const ObjectPtr &oldObj, const ObjectPtr &newObj) {
            if (oldObj != newObj)
                markNodesChanged();
            if (oldObj->metadata.resourceVersion != newObj->metadata.resourceVersion)
                moveAllToActiveQueue(QStringLiteral("a node changed"));
        },
        [this](const ObjectPtr &, const client::DeletedFinalStateUnknown *) { markNodesChanged(); }));
}

void Scheduler::markNodesChanged()
{
    std::lock_guard lock(m_mutex);
    m_nodesChanged = true;
}

void Scheduler::uncachePod(const QString &key)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_placements.find(key);
    if (it == m_placements.end())
        return;
    subtractPlacementLocked(*it);
    m_placements.erase(it);
}

void Scheduler::subtractPlacementLocked(const Placement &p)
{
    m_usageChanged.insert(p.node);
    NodeUsage &u = m_usage[p.node];
    u.cpuMilli -= p.requests.cpuMilli;
    u.memoryBytes -= p.requests.memoryBytes;
    u.nonZeroCpuMilli -= p.requests.nonZeroCpuMilli;
    u.nonZeroMemoryBytes -= p.requests.nonZeroMemoryBytes;
    --u.pods;
    m_spread.remove(p.node, p.ns, p.labels, p.terminating);
}

void Scheduler::cachePod(const ObjectPtr &obj)
{
    const auto pod = objectCast<Pod>(obj);
    if (!pod)
        return;
    const bool terminal = pod->status.phase == QLatin1String("Succeeded") || pod->status.phase == QLatin1String("Failed");
    const bool terminating = pod->metadata.deletionTimestamp != 0;
    const QString key = pod->key();
    // One lookup of the key: most calls are a bound pod's status updates, counted already.
    std::lock_guard lock(m_mutex);
    const QString node = pod->spec.nodeName.isEmpty() ? m_assumed.value(key) : pod->spec.nodeName;
    auto it = m_placements.find(key);
    const bool known = it != m_placements.end();
    if (known && it->node == node && !terminal && it->labels == pod->metadata.labels && it->terminating == terminating)
        return;   // already counted there (requests of a bound pod do not change)
    if (known)
        subtractPlacementLocked(*it);
    if (node.isEmpty() || terminal) {
        if (known)
            m_placements.erase(it);
        return;
    }
    const PodRequests r = PodRequests::of(*pod);
    Placement placement{node, r, pod->metadata.labels, pod->metadata.namespace_, terminating};
    if (known)
        *it = std::move(placement);
    else
        m_placements.insert(key, std::move(placement));
    m_spread.add(node, pod->metadata.namespace_, pod->metadata.labels, terminating);
    m_usageChanged.insert(node);
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

int Scheduler::numFeasibleNodesToFind(int numAllNodes)
{
    constexpr int kMinFeasibleNodesToFind = 100, kMinFeasibleNodesPercentageToFind = 5;
    if (numAllNodes < kMinFeasibleNodesToFind)
        return numAllNodes;
    const int percentage = std::max(kMinFeasibleNodesPercentageToFind, 50 - numAllNodes / 125);
    return std::max(kMinFeasibleNodesToFind, numAllNodes * percentage / 100);
}

SyncResult Scheduler::scheduleOne(const QString &key)
{
    SyncResult result;
    const auto [ns, name] = client::ThreadSafeStore::splitMetaNamespaceKey(key);
    const auto pod = m_pods.get(ns, name);
    if (!pod || !wantsScheduling(*pod)) {
        std::lock_guard lock(m_mutex);
        m_unschedulable.remove(key);
        result.notes << QStringLiteral("pod is gone or already assigned");
        return result;
    }
    const PodRequests req = PodRequests::of(*pod);
    std::unique_lock cycle(m_cycleMutex);
    // Cache.UpdateSnapshot: nodes and the requests already placed on them (bound + assumed pods).
    updateSnapshot();
    const int numNodes = int(m_snapshot.size());
    const bool fullDetail = numNodes <= kFullDetailNodes;
    // findNodesThatPassFilters: from nextStartNodeIndex, until enough feasible nodes are found
    // (every node below 100); then the feasible ones in name order, so ties break as before.
    const int toFind = numFeasibleNodesToFind(numNodes);
    QMap<QString, int> reasons;
    std::vector<int> &feasible = m_feasible;
    feasible.clear();
    QStringList filterText;
    if (fullDetail)
        filterText.resize(numNodes);
    int processed = 0;
    // A pod that names no node and selects none: on a schedulable node without taints only
    // NodeResourcesFit can fail (scheduling::fitsResources, inline).
    const bool anyNode = pod->spec.nodeName.isEmpty() && pod->spec.nodeSelector.isEmpty();
    // Written by index into a vector sized for the most it can find, the node index wrapping by
    // a compare (the loop runs ~420 times a pod at 1,000 nodes: a division and a push_back
    // each were half its cost).
    feasible.resize(std::size_t(std::max(0, std::min(toFind, numNodes))));
    int found = 0;
    const NodeInfo *const nodes = m_snapshot.data();
    for (int i = 0, idx = m_nextStartNodeIndex; i < numNodes && found < toFind; ++i, idx = idx + 1 == numNodes ? 0 : idx + 1) {
        const NodeInfo &node = nodes[idx];
        ++processed;
        const bool plain = anyNode && !node.node->spec.unschedulable && node.node->spec.taints.isEmpty();
        if (plain ? scheduling::fitsResources(req, node) : scheduling::fits(*pod, req, node)) {
            feasible[std::size_t(found++)] = idx;
            continue;
        }
        const scheduling::FilterOutcome f = scheduling::filter(*pod, req, node);   // why not
        for (const QString &r : f.reasons)
            reasons[r] += 1;
        if (fullDetail)
            filterText[idx] = f.reasons.join(QStringLiteral(", "));
    }
    feasible.resize(std::size_t(found));
    if (numNodes > 0)
        m_nextStartNodeIndex = (m_nextStartNodeIndex + processed) % numNodes;
    // The search went up from nextStartNodeIndex and wrapped round to 0 at most once: the
    // indices are two ascending runs, and one rotation puts them in order (was a sort).
    const auto wrap = std::is_sorted_until(feasible.begin(), feasible.end());
    std::rotate(feasible.begin(), wrap, feasible.end());
    Q_ASSERT(std::is_sorted(feasible.begin(), feasible.end()));
    const auto nodeName = [this](int idx) -> const QString & { return m_snapshot[std::size_t(idx)].node->metadata.name; };
    // schedule_one.go: with one feasible node there is nothing to compare, so no scoring.
    QString best;
    qint64 bestScore = -1;
    QStringList scores;
    std::span<const NodeScore> scored;
    std::vector<NodeScore> kept;   // the best few when not in full detail
    if (feasible.size() == 1) {
        best = nodeName(feasible.front());
    } else if (!feasible.empty()) {
        scored = scoreNodes(*pod, req, feasible);
        if (fullDetail)   // every node's plugins in the trace event
            for (std::size_t i = 0; i < scored.size(); ++i)
                fillPlugins(m_scores[i], i);
        // The top-scored nodes by index (their names only for the choice made).
        std::vector<int> &top = m_top;
        top.clear();
        for (const NodeScore &ns : scored) {
            if (fullDetail)
                scores << joined(nodeName(ns.index), u" ", QString::number(ns.total));
            if (ns.total > bestScore) {
                bestScore = ns.total;
                top.assign(1, ns.index);
            } else if (ns.total == bestScore) {
                top.push_back(ns.index);
            }
        }
        // selectHost: a uniform choice among the top-scored nodes (reservoir sampling).
        int bestIndex = top.front();
        if (top.size() > 1) {
            std::lock_guard lock(m_mutex);
            for (std::size_t k = 1; k < top.size(); ++k)
                if (nextRandom() % quint64(k + 1) == 0)
                    bestIndex = top[k];
        }
        best = nodeName(bestIndex);
        if (!fullDetail) {
            // The best few, by score (then name): what the compact trace event and notes show.
            // One pass keeping the k best seen, in order (the index breaks every tie, so this
            // is what a partial sort gives; most nodes fail the first compare).
            const auto before = [](const NodeScore *x, const NodeScore *y) { return x->total != y->total ? x->total > y->total : x->index < y->index; };
            std::array<const NodeScore *, kTopCandidates> order{};
            const std::size_t k = std::min<std::size_t>(kTopCandidates, scored.size());
            std::size_t have = 0;
            for (const NodeScore &ns : scored) {
                if (have == k && !before(&ns, order[k - 1]))
                    continue;
                std::size_t at = have < k ? have++ : k - 1;
                for (; at > 0 && before(&ns, order[at - 1]); --at)
                    order[at] = order[at - 1];
                order[at] = &ns;
            }
            for (std::size_t i = 0; i < k; ++i) {
                kept.push_back(*order[i]);
                fillPlugins(kept.back(), std::size_t(order[i] - m_scores.data()));
            }
            scored = kept;
        }
    }
    if (m_trace) {
        TraceEvent ev;
        ev.component = QStringLiteral("scheduler");
        ev.type = QStringLiteral("Schedule");
        ev.key = key;
        QJsonArray perNode;
        if (fullDetail) {
            std::vector<const NodeScore *> byIndex(std::size_t(numNodes), nullptr);
            for (const NodeScore &ns : scored)
                byIndex[std::size_t(ns.index)] = &ns;
            // Each entry shared with the cycles before that had it (a scored node: it fitted,
            // so its filter is "fits"); at 10 nodes, building ten objects was ~60,000
            // instructions a pod, a quarter of the lab at --size small.
            for (int idx = 0; idx < numNodes; ++idx) {
                if (const NodeScore *ns = byIndex[std::size_t(idx)])
                    perNode.append(nodeEntryJson(*ns, nodeName(idx)).json);
                else
                    perNode.append(filterEntryJson(nodeName(idx), filterText[idx]));
            }
            ev.detail = withNodes();
            ev.detail.insert(QStringLiteral("nodes"), perNode);
            ev.text = best.isEmpty()    ? QStringLiteral("scheduleOne %1: no node fits").arg(key)
                      : scores.isEmpty() ? QStringLiteral("scheduleOne %1: only %2 fits (no scoring)").arg(key, best)
                                         : QStringLiteral("scheduleOne %1: %2 of %3 nodes fit; scores %4 → %5")
                                               .arg(key).arg(scores.size()).arg(numNodes).arg(scores.join(QStringLiteral(", ")), best);
        } else {
            // The counts go in args and the detail is completed when read (scheduleDetail):
            // a five-member object built for every pod was a fifth of scheduleOne. The top
            // entries' {nodes} is shared with the cycles that had the same ones (m_nodesDetails);
            // a new one starts as a copy of an object that has the key: replacing its value cost
            // ~3,100 instructions where making the member in an empty object cost ~4,400.
            std::array<NodeEntry, kTopCandidates> entries;
            std::array<quint64, kTopCandidates> serials{};
            std::size_t k = 0;
            for (const NodeScore &ns : scored) {
                if (k == entries.size())
                    break;
                entries[k] = nodeEntryJson(ns, nodeName(ns.index));
                serials[k] = entries[k].serial;
                ++k;
            }
            if (const auto shared = m_nodesDetails.find(serials); shared != m_nodesDetails.end()) {
                ev.detail = shared->second;
            } else {
                for (std::size_t i = 0; i < k; ++i)
                    perNode.append(entries[i].json);
                ev.detail = withNodes();
                ev.detail.insert(QStringLiteral("nodes"), perNode);
                if (m_nodesDetails.size() >= 4096)
                    m_nodesDetails.clear();
                m_nodesDetails.emplace(serials, ev.detail);
            }
            if (!reasons.isEmpty()) {
                QJsonObject filtered;
                for (auto it = reasons.cbegin(); it != reasons.cend(); ++it)
                    filtered.insert(it.key(), it.value());
                ev.detail.insert(QStringLiteral("filtered"), filtered);
            }
            ev.detailFn = &scheduletrace::scheduleDetail;
            ev.args[0] = numNodes;
            ev.args[1] = processed;
            ev.args[2] = qint64(feasible.size());
            if (best.isEmpty()) {
                ev.text = QStringLiteral("scheduleOne %1: no node fits").arg(key);
            } else if (kept.empty()) {
                ev.text = QStringLiteral("scheduleOne %1: only %2 fits (no scoring)").arg(key, best);
            } else {
                ev.text = best;   // the sentence is made when read (scheduleText)
                ev.textFn = &scheduletrace::scheduleText;
            }
        }
        m_trace->append(std::move(ev));
    }
    cycle.unlock();
    if (best.isEmpty()) {
        const QString message = scheduling::fitErrorMessage(numNodes, reasons);
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
                   joined(u"Successfully assigned ", key, u" to ", best));
    if (m_trace) {
        TraceEvent ev;
        ev.component = QStringLiteral("scheduler");
        ev.type = QStringLiteral("Bind");
        ev.key = key;
        // One {node} detail per node, shared by the events that bind to it (building a
        // one-member object cost ~3,000 instructions a pod). Per thread, so no lock.
        thread_local QHash<QString, QJsonObject> bindDetails;
        auto detail = bindDetails.constFind(best);
        if (detail == bindDetails.cend()) {
            if (bindDetails.size() >= 4096)
                bindDetails.clear();
            detail = bindDetails.insert(best, QJsonObject{{QStringLiteral("node"), best}});
        }
        ev.detail = *detail;
        ev.text = joined(u"bound ", key, u" to ", best, u" (pods/binding)");
        m_trace->append(std::move(ev));
    }
    if (scores.isEmpty() && kept.empty()) {
        result.notes << QStringLiteral("bound to %1 (the only node that fits)").arg(best);
    } else {
        std::array<ScoredNode, kTopCandidates> top{};
        const std::size_t n = std::min(kept.size(), top.size());
        for (std::size_t i = 0; i < n; ++i)
            top[i] = ScoredNode{&nodeName(kept[i].index), kept[i].total};
        result.notes << bindNote(best, bestScore, fullDetail ? scores : QStringList(), std::span(top.data(), n));
    }
    return result;
}

} // namespace rlab::controller
