// SPDX-License-Identifier: Apache-2.0
#include "core/controller/nodelifecycle/taintevictioncontroller.h"

#include "core/client/interface.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/kubelet/goduration.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

#include <limits>

namespace rlab::controller {

using namespace rlab::api;

namespace {
const QString kNoExecute = QStringLiteral("NoExecute");

// v1.Toleration.ToleratesTaint
bool toleratesTaint(const Toleration &t, const Taint &taint)
{
    if (!t.effect.isEmpty() && t.effect != taint.effect)
        return false;
    if (!t.key.isEmpty() && t.key != taint.key)
        return false;
    if (t.operator_.isEmpty() || t.operator_ == QLatin1String("Equal"))
        return t.value == taint.value;
    return t.operator_ == QLatin1String("Exists");
}

QList<Taint> noExecuteTaints(const Node &node)
{
    QList<Taint> out;
    for (const Taint &t : node.spec.taints)
        if (t.effect == kNoExecute)
            out.append(t);
    return out;
}
} // namespace

TaintEvictionController::TaintEvictionController(client::Interface &api, client::SharedInformerFactory &informers,
                                                 Clock &clock, TraceLog *trace)
    : m_api(api), m_clock(clock), m_trace(trace),
      m_controller(QStringLiteral("taint-eviction-controller"), QStringLiteral("processPodOnNode"), clock, trace, -1),
      m_events(api, QStringLiteral("taint-eviction-controller")),
      m_pods(informers.lister<Pod>()), m_nodes(informers.lister<Node>())
{
    m_controller.setSyncHandler([this](const QString &key) { return syncPod(key); });
    informers.informerFor<Pod>().addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) {
            const auto pod = objectCast<Pod>(obj);
            if (pod && nodeHasNoExecute(pod->spec.nodeName))
                m_controller.enqueue(obj->key());
        },
        [this](const ObjectPtr &oldObj, const ObjectPtr &newObj) {
            const auto o = objectCast<Pod>(oldObj);
            const auto n = objectCast<Pod>(newObj);
            if (o->spec.nodeName == n->spec.nodeName && o->spec.tolerations == n->spec.tolerations)
                return;
            if (nodeHasNoExecute(n->spec.nodeName))
                m_controller.enqueue(newObj->key());
        },
        {}));
    informers.informerFor<Node>().addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) {
            if (!noExecuteTaints(*objectCast<Node>(obj)).isEmpty())
                enqueuePodsOn(obj->metadata.name);
        },
        [this](const ObjectPtr &oldObj, const ObjectPtr &newObj) {
            if (noExecuteTaints(*objectCast<Node>(oldObj)) != noExecuteTaints(*objectCast<Node>(newObj)))
                enqueuePodsOn(newObj->metadata.name);
        },
        {}));
}

bool TaintEvictionController::nodeHasNoExecute(const QString &nodeName) const
{
    if (nodeName.isEmpty())
        return false;
    const auto node = m_nodes.get(nodeName);
    return node && !noExecuteTaints(*node).isEmpty();
}

void TaintEvictionController::enqueuePodsOn(const QString &nodeName)
{
    for (const auto &pod : m_pods.list())
        if (pod->spec.nodeName == nodeName)
            m_controller.enqueue(pod->key());
}

SyncResult TaintEvictionController::syncPod(const QString &key)
{
    SyncResult r;
    const QString ns = key.section(QLatin1Char('/'), 0, 0);
    const QString name = key.section(QLatin1Char('/'), 1);
    const auto pod = m_pods.get(ns, name);
    if (!pod || pod->spec.nodeName.isEmpty()) {
        r.notes << QStringLiteral("the pod is gone or not on a node");
        return r;
    }
    if (pod->metadata.deletionTimestamp != 0) {
        r.notes << QStringLiteral("the pod is already being deleted");
        return r;
    }
    const auto node = m_nodes.get(pod->spec.nodeName);
    const QList<Taint> taints = node ? noExecuteTaints(*node) : QList<Taint>();
    if (taints.isEmpty()) {
        r.notes << QStringLiteral("node %1 has no NoExecute taint: nothing to evict").arg(pod->spec.nodeName);
        return r;
    }
    // getMatchingTolerations + getMinTolerationTime
    QString untolerated;
    qint64 minSeconds = std::numeric_limits<qint64>::max();
    qint64 since = std::numeric_limits<qint64>::max();
    for (const Taint &taint : taints) {
        bool matched = false;
        for (const Toleration &t : pod->spec.tolerations) {
            if (!toleratesTaint(t, taint))
                continue;
            matched = true;
            if (t.tolerationSeconds)
                minSeconds = std::min(minSeconds, std::max<qint64>(0, *t.tolerationSeconds));
        }
        if (!matched && untolerated.isEmpty())
            untolerated = QStringLiteral("%1:%2").arg(taint.key, taint.effect);
        since = std::min(since, taint.timeAdded != 0 ? taint.timeAdded : m_clock.now());
    }
    const qint64 now = m_clock.now();
    QString why;
    if (!untolerated.isEmpty()) {
        why = QStringLiteral("it does not tolerate %1").arg(untolerated);
    } else if (minSeconds == std::numeric_limits<qint64>::max()) {
        r.notes << QStringLiteral("its tolerations tolerate the NoExecute taints forever: never evicted");
        return r;
    } else {
        const qint64 due = since + minSeconds * 1000;
        if (now < due) {
            m_controller.enqueueAfter(key, due - now);
            r.notes << QStringLiteral("tolerates the NoExecute taint for %1s: eviction in %2").arg(minSeconds).arg(formatGoDuration(due - now));
            return r;
        }
        why = QStringLiteral("its toleration of %1s for the NoExecute taint ran out").arg(minSeconds);
    }

    // addConditionAndDeletePod
    if (const auto fresh = m_api.getAs<Pod>(ns, name)) {
        auto copy = std::static_pointer_cast<Pod>(fresh->clone());
        Condition c;
        c.type = QStringLiteral("DisruptionTarget");
        c.status = QStringLiteral("True");
        c.reason = QStringLiteral("DeletionByTaintManager");
        c.message = QStringLiteral("Taint manager: deleting due to NoExecute taint");
        c.lastTransitionTime = now / 1000 * 1000;
        const qsizetype i = findCondition(copy->status.conditions, c.type);
        if (i < 0 || copy->status.conditions[i].status != c.status) {
            if (i >= 0)
                copy->status.conditions[i] = c;
            else
                copy->status.conditions.append(c);
            m_api.updateStatus(copy);
        }
    }
    m_events.event(*pod, QStringLiteral("Normal"), QStringLiteral("TaintManagerEviction"),
                   QStringLiteral("Marking for deletion Pod %1").arg(key));
    const auto removed = m_api.remove(apiserver::resources::byKind(Kind::Pod), ns, name);
    if (!removed.ok() && removed.error->code != 404) {
        r.error = removed.error->message;
        return r;
    }
    if (m_trace) {
        TraceEvent ev;
        ev.component = m_controller.name();
        ev.type = QStringLiteral("Evict");
        ev.key = key;
        ev.detail = QJsonObject{{QStringLiteral("node"), pod->spec.nodeName}};
        ev.text = QStringLiteral("taint eviction: %1 on %2 is deleted because %3").arg(key, pod->spec.nodeName, why);
        m_trace->append(std::move(ev));
    }
    r.notes << QStringLiteral("deleted: %1").arg(why);
    return r;
}

} // namespace rlab::controller
