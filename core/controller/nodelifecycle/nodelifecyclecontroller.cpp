// SPDX-License-Identifier: Apache-2.0
#include "core/controller/nodelifecycle/nodelifecyclecontroller.h"

#include "core/client/interface.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/kubelet/kubelet.h"
#include "core/controller/podutil.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

namespace rlab::controller {

using namespace rlab::api;

namespace {
const QString kUnreachable = QStringLiteral("node.kubernetes.io/unreachable");
const QString kNotReady = QStringLiteral("node.kubernetes.io/not-ready");
const QString kUnknown = QStringLiteral("Unknown");
const QString kNodeStatusUnknown = QStringLiteral("NodeStatusUnknown");

struct Healthy
{
    const char *type, *status, *reason, *message;
};
// What the kubelet posts for a healthy node (the same words as Cluster::addNode).
constexpr Healthy kHealthy[] = {
    {"MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"},
    {"DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"},
    {"PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"},
    {"Ready", "True", "KubeletReady", "kubelet is posting ready status"},
};

bool hasTaint(const Node &node, const QString &key, const QString &effect)
{
    for (const Taint &t : node.spec.taints)
        if (t.key == key && t.effect == effect)
            return true;
    return false;
}
} // namespace

NodeLifecycleController::NodeLifecycleController(client::Interface &api, client::SharedInformerFactory &informers,
                                                 Clock &clock, TraceLog *trace)
    : m_api(api), m_clock(clock), m_trace(trace),
      m_controller(QStringLiteral("node-lifecycle-controller"), QStringLiteral("monitorNodeHealth"), clock, trace, -1),
      m_nodeEvents(api, QStringLiteral("node-controller")), m_kubeletEvents(api, QStringLiteral("kubelet")),
      m_pods(informers.lister<Pod>()), m_taintEviction(api, informers, clock, trace)
{
    m_controller.setSyncHandler([this](const QString &key) { return syncNode(key); });
    informers.informerFor<Node>().addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) {
            if (isFailed(obj->metadata.name))
                m_controller.enqueue(obj->metadata.name);
        },
        [this](const ObjectPtr &, const ObjectPtr &obj) {
            if (isFailed(obj->metadata.name))
                m_controller.enqueue(obj->metadata.name);
        },
        {}));
}

void NodeLifecycleController::addKubelet(Kubelet &kubelet)
{
    std::lock_guard lock(m_mutex);
    m_kubelets.insert(kubelet.nodeName(), &kubelet);
}

bool NodeLifecycleController::isFailed(const QString &name) const
{
    std::lock_guard lock(m_mutex);
    return m_failed.contains(name);
}

void NodeLifecycleController::trace(const QString &key, const QString &text) const
{
    if (!m_trace)
        return;
    TraceEvent ev;
    ev.component = m_controller.name();
    ev.type = QStringLiteral("NodeHealth");
    ev.key = key;
    ev.text = text;
    m_trace->append(std::move(ev));
}

void NodeLifecycleController::failNode(const QString &name)
{
    Kubelet *kubelet = nullptr;
    {
        std::lock_guard lock(m_mutex);
        m_failed.insert(name);
        kubelet = m_kubelets.value(name);
    }
    trace(name, QStringLiteral("failNode %1: the node stops answering; its kubelet stops posting status").arg(name));
    if (kubelet)
        kubelet->stop();
    m_controller.enqueue(name);
}

void NodeLifecycleController::recoverNode(const QString &name)
{
    Kubelet *kubelet = nullptr;
    {
        std::lock_guard lock(m_mutex);
        m_failed.remove(name);
        kubelet = m_kubelets.value(name);
    }
    trace(name, QStringLiteral("recoverNode %1: the node is back; its kubelet starts again").arg(name));
    m_controller.enqueue(name);
    if (kubelet)
        kubelet->start();
}

SyncResult NodeLifecycleController::syncNode(const QString &name)
{
    const auto node = m_api.getAs<Node>(QString(), name);
    if (!node) {
        SyncResult r;
        r.notes << QStringLiteral("node %1 does not exist").arg(name);
        return r;
    }
    return isFailed(name) ? markFailed(*node) : markRecovered(*node);
}

SyncResult NodeLifecycleController::markFailed(const Node &node)
{
    SyncResult r;
    const QString name = node.metadata.name;
    const qint64 now = m_clock.now() / 1000 * 1000;

    // tryUpdateNodeHealth: every condition the kubelet posts becomes Unknown.
    auto status = std::static_pointer_cast<Node>(node.clone());
    bool changed = false;
    if (findCondition(status->status.conditions, QStringLiteral("Ready")) < 0) {
        Condition ready;
        ready.type = QStringLiteral("Ready");
        status->status.conditions.append(ready);
    }
    for (Condition &c : status->status.conditions) {
        if (c.status == kUnknown)
            continue;
        c.status = kUnknown;
        c.reason = kNodeStatusUnknown;
        c.message = QStringLiteral("Kubelet stopped posting node status.");
        c.lastTransitionTime = now;
        changed = true;
    }
    if (changed) {
        const auto written = m_api.updateStatus(status);
        if (!written.ok()) {
            r.error = written.error->message;
            return r;
        }
        m_nodeEvents.event(node, QStringLiteral("Normal"), QStringLiteral("NodeNotReady"),
                           QStringLiteral("Node %1 status is now: NodeNotReady").arg(name));
        trace(name, QStringLiteral("monitorNodeHealth: no status from %1's kubelet → Ready Unknown (NodeStatusUnknown)").arg(name));
        r.notes << QStringLiteral("Ready → Unknown");
    }

    // doNoScheduleTaintingPass + doNoExecuteTaintingPass (swap not-ready for unreachable).
    if (const auto fresh = m_api.getAs<Node>(QString(), name)) {
        auto tainted = std::static_pointer_cast<Node>(fresh->clone());
        bool taintsChanged = false;
        for (qsizetype i = tainted->spec.taints.size() - 1; i >= 0; --i) {
            if (tainted->spec.taints[i].key == kNotReady) {
                tainted->spec.taints.removeAt(i);
                taintsChanged = true;
            }
        }
        for (const char *effect : {"NoSchedule", "NoExecute"}) {
            if (hasTaint(*tainted, kUnreachable, QLatin1String(effect)))
                continue;
            Taint t;
            t.key = kUnreachable;
            t.effect = QLatin1String(effect);
            t.timeAdded = now;
            tainted->spec.taints.append(t);
            taintsChanged = true;
        }
        if (taintsChanged) {
            const auto written = m_api.update(tainted);
            if (!written.ok()) {
                r.error = written.error->message;
                return r;
            }
            trace(name, QStringLiteral("tainted %1 with %2:NoSchedule (no new pods) and %2:NoExecute (pods are evicted when "
                                       "their toleration runs out)")
                            .arg(name, kUnreachable));
            r.notes << QStringLiteral("tainted unreachable NoSchedule + NoExecute");
        }
    }

    // MarkPodsNotReady
    int marked = 0;
    for (const auto &pod : m_pods.list()) {
        if (pod->spec.nodeName != name || !IsPodReady(*pod))
            continue;
        const auto fresh = m_api.getAs<Pod>(pod->metadata.namespace_, pod->metadata.name);
        if (!fresh || !IsPodReady(*fresh))
            continue;
        auto copy = std::static_pointer_cast<Pod>(fresh->clone());
        const qsizetype i = findCondition(copy->status.conditions, QStringLiteral("Ready"));
        copy->status.conditions[i].status = QStringLiteral("False");
        copy->status.conditions[i].lastTransitionTime = now;
        if (!m_api.updateStatus(copy).ok())
            continue;
        m_nodeEvents.event(*fresh, QStringLiteral("Warning"), QStringLiteral("NodeNotReady"), QStringLiteral("Node is not ready"));
        ++marked;
    }
    if (marked > 0) {
        trace(name, QStringLiteral("MarkPodsNotReady: %1 pod(s) on %2 set to Ready=False; their ReplicaSets see them as unavailable")
                        .arg(marked)
                        .arg(name));
        r.notes << QStringLiteral("%1 pod(s) marked NotReady").arg(marked);
    }
    return r;
}

SyncResult NodeLifecycleController::markRecovered(const Node &node)
{
    SyncResult r;
    const QString name = node.metadata.name;
    const qint64 now = m_clock.now() / 1000 * 1000;

    auto status = std::static_pointer_cast<Node>(node.clone());
    bool changed = false;
    for (Condition &c : status->status.conditions) {
        if (c.status != kUnknown || c.reason != kNodeStatusUnknown)
            continue;
        for (const Healthy &h : kHealthy) {
            if (c.type != QLatin1String(h.type))
                continue;
            c.status = QLatin1String(h.status);
            c.reason = QLatin1String(h.reason);
            c.message = QLatin1String(h.message);
            c.lastHeartbeatTime = now;
            c.lastTransitionTime = now;
            changed = true;
        }
    }
    if (changed) {
        const auto written = m_api.updateStatus(status);
        if (!written.ok()) {
            r.error = written.error->message;
            return r;
        }
        m_kubeletEvents.event(node, QStringLiteral("Normal"), QStringLiteral("NodeReady"),
                              QStringLiteral("Node %1 status is now: NodeReady").arg(name));
        trace(name, QStringLiteral("%1's kubelet posts Ready=True again (KubeletReady)").arg(name));
        r.notes << QStringLiteral("Ready → True");
    }

    // markNodeAsReachable + doNoScheduleTaintingPass
    if (const auto fresh = m_api.getAs<Node>(QString(), name)) {
        auto untainted = std::static_pointer_cast<Node>(fresh->clone());
        const qsizetype before = untainted->spec.taints.size();
        untainted->spec.taints.removeIf([](const Taint &t) { return t.key == kUnreachable; });
        if (untainted->spec.taints.size() != before) {
            const auto written = m_api.update(untainted);
            if (!written.ok()) {
                r.error = written.error->message;
                return r;
            }
            trace(name, QStringLiteral("removed the %1 taints from %2: it takes new pods again").arg(kUnreachable, name));
            r.notes << QStringLiteral("unreachable taints removed");
        }
    }
    if (r.notes.isEmpty())
        r.notes << QStringLiteral("node %1 is healthy").arg(name);
    return r;
}

} // namespace rlab::controller
