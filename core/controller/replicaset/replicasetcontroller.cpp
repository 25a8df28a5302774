// SPDX-License-Identifier: Apache-2.0
// ReplicaSetController: wiring, informer handlers and cache lookups. The sync is in
// replicasetsync.cpp, the status in replicasetstatus.cpp.
#include "core/controller/replicaset/replicasetcontroller.h"

#include "core/api/pod.h"
#include "core/client/interface.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/replicaset/realpodcontrol.h"

#include <QSet>

namespace rlab::controller {

using api::ObjectPtr;
using api::objectCast;

namespace {
const QString kKind = QStringLiteral("ReplicaSet");

bool sameControllerRef(const api::OwnerReference *a, const api::OwnerReference *b)
{
    if (!a || !b)
        return a == b;
    return *a == *b;
}

QStringList controllerUIDIndexFunc(const api::Object &obj)
{
    if (const api::OwnerReference *ref = obj.metadata.controllerRef())
        return {ref->uid};
    return {};
}

// Pods by controller UID, orphans by "orphan/<namespace>": exactly the pods claimPods can act on
// (pods controlled by someone else are ignored by it), without scanning the whole namespace.
QStringList podClaimIndexFunc(const api::Object &obj)
{
    if (const api::OwnerReference *ref = obj.metadata.controllerRef())
        return {ref->uid};
    return {QStringLiteral("orphan/") + obj.metadata.namespace_};
}
} // namespace

ReplicaSetController::ReplicaSetController(client::Interface &api, client::SharedInformerFactory &informers,
                                           TraceLog *trace, Options options)
    : m_api(api), m_options(options),
      m_rsInformer(informers.informerFor<api::ReplicaSet>()), m_podInformer(informers.informerFor<api::Pod>()),
      m_rsLister(m_rsInformer.lister<api::ReplicaSet>()), m_podLister(m_podInformer.lister<api::Pod>()),
      m_recorder(api, QStringLiteral("replicaset-controller")),
      m_expectations(api.clock(), options.expectationsTimeoutMs),
      m_podControl(std::make_shared<RealPodControl>(api, m_recorder)),
      m_controller(QStringLiteral("replicaset"), QStringLiteral("syncReplicaSet"), api.clock(), trace, /*maxRetries*/ -1)
{
    m_controller.setSyncHandler([this](const QString &key) { return syncReplicaSet(key); });
    // Taken already (another ReplicaSet controller on the same factory) means the same index.
    m_rsInformer.addIndexer(controllerUIDIndex(), controllerUIDIndexFunc, client::ThreadSafeStore::IndexReads::OwnerReferences);
    m_podInformer.addIndexer(podClaimIndex(), podClaimIndexFunc, client::ThreadSafeStore::IndexReads::OwnerReferences);
    // getIndirectlyRelatedPods lists each related ReplicaSet's pods by selector, as upstream's
    // podLister.Pods(ns).List(selector): by label bucket, not by every pod of the namespace.
    m_podInformer.addLabelIndexer();
    m_rsHandler = m_rsInformer.addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) { addRS(obj); },
        [this](const ObjectPtr &oldObj, const ObjectPtr &curObj) { updateRS(oldObj, curObj); },
        [this](const ObjectPtr &obj, const client::DeletedFinalStateUnknown *) { deleteRS(obj); }));
    m_podHandler = m_podInformer.addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) { addPod(obj); },
        [this](const ObjectPtr &oldObj, const ObjectPtr &curObj) { updatePod(oldObj, curObj); },
        [this](const ObjectPtr &obj, const client::DeletedFinalStateUnknown *) { deletePod(obj); }));
}

ReplicaSetController::~ReplicaSetController()
{
    m_rsInformer.removeEventHandler(m_rsHandler.id);
    m_podInformer.removeEventHandler(m_podHandler.id);
    m_controller.shutDown(false);
}

void ReplicaSetController::run(int workers)
{
    m_execution.store(BatchExecution::Parallel);
    m_controller.run(workers);
}

void ReplicaSetController::shutDown(bool drain)
{
    m_controller.shutDown(drain);
    m_execution.store(BatchExecution::Sequential);
}

bool ReplicaSetController::hasSynced() const
{
    return m_rsHandler.hasSynced() && m_podHandler.hasSynced();
}

void ReplicaSetController::setPodControl(std::shared_ptr<PodControl> podControl)
{
    m_podControl = podControl ? std::move(podControl) : std::make_shared<RealPodControl>(m_api, m_recorder);
}

void ReplicaSetController::enqueueRS(const api::ReplicaSet &rs)
{
    m_controller.enqueue(rs.key());
}

void ReplicaSetController::enqueueRSAfter(const api::ReplicaSet &rs, qint64 delayMs)
{
    m_controller.enqueueAfter(rs.key(), delayMs);
}

// --- ReplicaSet handlers -----------------------------------------------------------------

void ReplicaSetController::addRS(const ObjectPtr &obj)
{
    if (const auto rs = objectCast<api::ReplicaSet>(obj))
        enqueueRS(*rs);
}

void ReplicaSetController::updateRS(const ObjectPtr &oldObj, const ObjectPtr &curObj)
{
    const auto oldRS = objectCast<api::ReplicaSet>(oldObj);
    const auto curRS = objectCast<api::ReplicaSet>(curObj);
    if (!oldRS || !curRS)
        return;
    // Deleted and re-created under the same name between two watch events: the old one's
    // expectations must not leak into the new one.
    if (curRS->metadata.uid != oldRS->metadata.uid)
        deleteRS(oldRS);
    // Always enqueue, not only on spec changes: a resync then retries RSs whose creates failed.
    enqueueRS(*curRS);
}

void ReplicaSetController::deleteRS(const ObjectPtr &obj)
{
    const auto rs = objectCast<api::ReplicaSet>(obj);
    if (!rs)
        return;
    // A new ReplicaSet of the same name starts with clean expectations.
    m_expectations.deleteExpectations(rs->key());
    enqueueRS(*rs);
}

// --- Pod handlers ------------------------------------------------------------------------

void ReplicaSetController::addPod(const ObjectPtr &obj)
{
    const auto pod = objectCast<api::Pod>(obj);
    if (!pod)
        return;
    if (pod->metadata.deletionTimestamp != 0) {
        // A controller-manager restart can find pods already being deleted: not a creation.
        deletePod(pod);
        return;
    }
    if (const api::OwnerReference *ref = pod->metadata.controllerRef()) {
        const ReplicaSetPtr rs = resolveControllerRef(pod->metadata.namespace_, *ref);
        if (!rs)
            return;
        m_expectations.creationObserved(rs->key());
        enqueueRS(*rs);
        return;
    }
    // An orphan: wake every matching ReplicaSet so that one may adopt it. No controller is
    // waiting for an orphan, so no expectation changes.
    for (const ReplicaSetPtr &rs : getPodReplicaSets(*pod))
        enqueueRS(*rs);
}

void ReplicaSetController::updatePod(const ObjectPtr &oldObj, const ObjectPtr &curObj)
{
    const auto oldPod = objectCast<api::Pod>(oldObj);
    const auto curPod = objectCast<api::Pod>(curObj);
    if (!oldPod || !curPod)
        return;
    if (curPod->metadata.resourceVersion == oldPod->metadata.resourceVersion)
        return;   // a resync; two versions of one pod always differ in resourceVersion
    const bool labelChanged = curPod->metadata.labels != oldPod->metadata.labels;
    if (curPod->metadata.deletionTimestamp != 0) {
        // Graceful deletion starts: count it as the delete now instead of waiting for the
        // kubelet, so that replacements are created at once.
        deletePod(curPod);
        if (labelChanged)
            deletePod(oldPod);   // deletionTimestamp cannot be unset, so old's owner cares too
        return;
    }
    const api::OwnerReference *curRef = curPod->metadata.controllerRef();
    const api::OwnerReference *oldRef = oldPod->metadata.controllerRef();
    const bool refChanged = !sameControllerRef(curRef, oldRef);
    if (refChanged && oldRef) {
        if (const ReplicaSetPtr rs = resolveControllerRef(oldPod->metadata.namespace_, *oldRef))
            enqueueRS(*rs);
    }
    if (curRef) {
        const ReplicaSetPtr rs = resolveControllerRef(curPod->metadata.namespace_, *curRef);
        if (!rs)
            return;
        enqueueRS(*rs);
        // No event will say when a Ready pod becomes available: look again after
        // minReadySeconds, plus a second against millisecond skew in addAfter.
        if (!IsPodReady(*oldPod) && IsPodReady(*curPod) && rs->spec.minReadySeconds > 0)
            enqueueRSAfter(*rs, qint64(rs->spec.minReadySeconds) * 1000 + 1000);
        return;
    }
    // An orphan: if anything changed, a matching ReplicaSet may want to adopt it now.
    if (labelChanged || refChanged)
        for (const ReplicaSetPtr &rs : getPodReplicaSets(*curPod))
            enqueueRS(*rs);
}

void ReplicaSetController::deletePod(const ObjectPtr &obj)
{
    const auto pod = objectCast<api::Pod>(obj);
    if (!pod)
        return;
    const api::OwnerReference *ref = pod->metadata.controllerRef();
    if (!ref)
        return;   // nobody cares about orphans being deleted
    const ReplicaSetPtr rs = resolveControllerRef(pod->metadata.namespace_, *ref);
    if (!rs)
        return;
    const QString rsKey = rs->key();
    m_expectations.deletionObserved(rsKey, pod->metadata.namespace_ + QLatin1Char('/') + pod->metadata.name);
    enqueueRS(*rs);
}

// --- Lookups -----------------------------------------------------------------------------

ReplicaSetPtr ReplicaSetController::resolveControllerRef(const QString &ns, const api::OwnerReference &controllerRef) const
{
    // Look up by name, then check the UID (the name may have been reused); other kinds never.
    if (controllerRef.kind != kKind)
        return nullptr;
    const ReplicaSetPtr rs = m_rsLister.get(ns, controllerRef.name);
    if (!rs || rs->metadata.uid != controllerRef.uid)
        return nullptr;
    return rs;
}

QList<ReplicaSetPtr> ReplicaSetController::getPodReplicaSets(const api::Pod &pod) const
{
    // ReplicaSetLister.GetPodReplicaSets: no labels, no match; a nil or empty selector matches
    // nothing here (not everything). More than one is a user error upstream only logs.
    QList<ReplicaSetPtr> out;
    if (pod.metadata.labels.isEmpty())
        return out;
    for (const ReplicaSetPtr &rs : m_rsLister.list(pod.metadata.namespace_, api::Selector())) {
        if (rs->metadata.namespace_ != pod.metadata.namespace_ || !rs->spec.selector)
            continue;
        const std::optional<api::Selector> selector = api::Selector::fromLabelSelector(*rs->spec.selector);
        if (!selector || selector->isEmpty() || !selector->matches(pod.metadata.labels))
            continue;
        out.append(rs);
    }
    return out;
}

QList<ReplicaSetPtr> ReplicaSetController::getReplicaSetsWithSameController(const api::ReplicaSet &rs) const
{
    const api::OwnerReference *ref = rs.metadata.controllerRef();
    if (!ref)
        return {};   // no controller: no relatives, every rank will be 0
    QList<ReplicaSetPtr> out;
    for (const ObjectPtr &o : m_rsInformer.indexer().byIndex(controllerUIDIndex(), ref->uid))
        if (const auto related = objectCast<api::ReplicaSet>(o))
            out.append(related);
    return out;
}

QList<PodPtr> ReplicaSetController::getIndirectlyRelatedPods(const api::ReplicaSet &rs) const
{
    QList<PodPtr> related;
    QSet<QString> seen;   // pod UIDs: a pod matched by two ReplicaSets counts once
    for (const ReplicaSetPtr &relatedRS : getReplicaSetsWithSameController(rs)) {
        if (!relatedRS->spec.selector)
            continue;
        const std::optional<api::Selector> selector = api::Selector::fromLabelSelector(*relatedRS->spec.selector);
        if (!selector)
            continue;   // an invalid selector matches no pods
        for (const PodPtr &pod : m_podLister.list(relatedRS->metadata.namespace_, *selector)) {
            if (seen.contains(pod->metadata.uid))
                continue;
            seen.insert(pod->metadata.uid);
            related.append(pod);
        }
    }
    return related;
}

} // namespace rlab::controller
