// SPDX-License-Identifier: Apache-2.0
// DeploymentController: wiring, informer handlers, ownership (claim/adopt/release) and
// syncDeployment's step order (deployment_controller.go). The steps live in sync.cpp,
// rolling.cpp, recreate.cpp, rollback.cpp and progress.cpp.
#include "core/controller/deployment/deploymentcontroller.h"

#include "core/api/selectormatcher.h"
#include "core/client/interface.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/controllerrefmanager.h"
#include "core/base/clock.h"

namespace rlab::controller {

using namespace rlab::api;
namespace du = deploymentutil;

namespace {
const QString kDeploymentKind = QStringLiteral("Deployment");
const QString kReplicaSetKind = QStringLiteral("ReplicaSet");

bool sameControllerRef(const OwnerReference *a, const OwnerReference *b)
{
    if (!a || !b)
        return a == b;
    return *a == *b;
}
} // namespace

DeploymentController::DeploymentController(client::Interface &api, client::SharedInformerFactory &informers,
                                           TraceLog *trace, Options options)
    : m_api(api), m_options(options), m_dInformer(informers.informerFor<Deployment>()),
      m_rsInformer(informers.informerFor<ReplicaSet>()), m_podInformer(informers.informerFor<Pod>()),
      m_dLister(m_dInformer.lister<Deployment>()), m_rsLister(m_rsInformer.lister<ReplicaSet>()),
      m_podLister(m_podInformer.lister<Pod>()), m_recorder(api, QStringLiteral("deployment-controller")),
      m_controller(QStringLiteral("deployment"), QStringLiteral("syncDeployment"), api.clock(), trace, MaxRetries)
{
    m_controller.setSyncHandler([this](const QString &key) { return syncDeployment(key); });
    // Pods by their controller's uid (taken already: the same index of another controller).
    m_podInformer.addIndexer(
        podControllerUIDIndex(),
        [](const Object &obj) {
            const OwnerReference *ref = obj.metadata.controllerRef();
            return ref ? QStringList{ref->uid} : QStringList{};
        },
        client::ThreadSafeStore::IndexReads::OwnerReferences);
    m_dHandler = m_dInformer.addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) { addDeployment(obj); },
        [this](const ObjectPtr &oldObj, const ObjectPtr &curObj) { updateDeployment(oldObj, curObj); },
        [this](const ObjectPtr &obj, const client::DeletedFinalStateUnknown *) { deleteDeployment(obj); }));
    m_rsHandler = m_rsInformer.addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) { addReplicaSet(obj); },
        [this](const ObjectPtr &oldObj, const ObjectPtr &curObj) { updateReplicaSet(oldObj, curObj); },
        [this](const ObjectPtr &obj, const client::DeletedFinalStateUnknown *) { deleteReplicaSet(obj); }));
    m_podHandler = m_podInformer.addEventHandler(client::ResourceEventHandlerFuncs(
        {}, {}, [this](const ObjectPtr &obj, const client::DeletedFinalStateUnknown *) { deletePod(obj); }));
}

DeploymentController::~DeploymentController()
{
    m_dInformer.removeEventHandler(m_dHandler.id);
    m_rsInformer.removeEventHandler(m_rsHandler.id);
    m_podInformer.removeEventHandler(m_podHandler.id);
    m_controller.shutDown(false);
}

bool DeploymentController::hasSynced() const
{
    return m_dHandler.hasSynced() && m_rsHandler.hasSynced() && m_podHandler.hasSynced();
}

qint64 DeploymentController::now() const
{
    return m_api.clock().now();
}

// --- Handlers: they only enqueue ----------------------------------------------------------

void DeploymentController::addDeployment(const ObjectPtr &obj)
{
    if (const auto d = objectCast<Deployment>(obj))
        enqueue(*d);
}

void DeploymentController::updateDeployment(const ObjectPtr &, const ObjectPtr &curObj)
{
    if (const auto d = objectCast<Deployment>(curObj))
        enqueue(*d);
}

void DeploymentController::deleteDeployment(const ObjectPtr &obj)
{
    if (const auto d = objectCast<Deployment>(obj))
        enqueue(*d);
}

// A new ReplicaSet wakes its controlling Deployment; an orphan wakes every Deployment whose
// selector matches it, so that one of them can adopt it.
void DeploymentController::addReplicaSet(const ObjectPtr &obj)
{
    const auto rs = objectCast<ReplicaSet>(obj);
    if (!rs)
        return;
    if (rs->metadata.deletionTimestamp != 0) {
        // On a restart of the controller an RS may be "new" while already pending deletion.
        deleteReplicaSet(obj);
        return;
    }
    if (const OwnerReference *ref = rs->metadata.controllerRef()) {
        if (const DeploymentPtr d = resolveControllerRef(rs->metadata.namespace_, *ref))
            enqueue(*d);
        return;
    }
    for (const DeploymentPtr &d : getDeploymentsForReplicaSet(*rs))
        enqueue(*d);
}

void DeploymentController::updateReplicaSet(const ObjectPtr &oldObj, const ObjectPtr &curObj)
{
    const auto oldRS = objectCast<ReplicaSet>(oldObj);
    const auto curRS = objectCast<ReplicaSet>(curObj);
    if (!oldRS || !curRS || curRS->metadata.resourceVersion == oldRS->metadata.resourceVersion)
        return;   // a periodic resync: nothing changed
    const OwnerReference *curRef = curRS->metadata.controllerRef();
    const OwnerReference *oldRef = oldRS->metadata.controllerRef();
    const bool controllerRefChanged = !sameControllerRef(curRef, oldRef);
    if (controllerRefChanged && oldRef) {
        // The old controller should know it lost this RS.
        if (const DeploymentPtr d = resolveControllerRef(oldRS->metadata.namespace_, *oldRef))
            enqueue(*d);
    }
    if (curRef) {
        if (const DeploymentPtr d = resolveControllerRef(curRS->metadata.namespace_, *curRef))
            enqueue(*d);
        return;
    }
    // An orphan: if anything changed that could make it match, let the candidates adopt it.
    const bool labelChanged = curRS->metadata.labels != oldRS->metadata.labels;
    if (labelChanged || controllerRefChanged)
        for (const DeploymentPtr &d : getDeploymentsForReplicaSet(*curRS))
            enqueue(*d);
}

void DeploymentController::deleteReplicaSet(const ObjectPtr &obj)
{
    const auto rs = objectCast<ReplicaSet>(obj);
    if (!rs)
        return;
    const OwnerReference *ref = rs->metadata.controllerRef();
    if (!ref)
        return;   // nobody cares about deleted orphans
    if (const DeploymentPtr d = resolveControllerRef(rs->metadata.namespace_, *ref))
        enqueue(*d);
}

// Recreate waits for the old pods to be gone: the deletion of the last one wakes it. The
// ReplicaSets are listed through the API (util.ListReplicaSets with RsListFromClient).
void DeploymentController::deletePod(const ObjectPtr &obj)
{
    const auto pod = objectCast<Pod>(obj);
    if (!pod)
        return;
    const DeploymentPtr d = getDeploymentForPod(*pod);
    if (!d || d->spec.strategy.type != QLatin1String("Recreate") || !d->spec.selector)
        return;
    const std::optional<Selector> selector = Selector::fromLabelSelector(*d->spec.selector);
    if (!selector)
        return;
    apiserver::ListOptions opts;
    opts.labelSelector = selector->toString();
    const apiserver::Result<apiserver::ObjectList> listed =
        m_api.list(apiserver::resources::byKind(Kind::ReplicaSet), d->metadata.namespace_, opts);
    if (!listed.ok())
        return;
    RSList owned;
    for (const ObjectPtr &o : listed.value.items) {
        const auto rs = objectCast<ReplicaSet>(o);
        const OwnerReference *ref = rs ? rs->metadata.controllerRef() : nullptr;
        if (ref && ref->uid == d->metadata.uid)
            owned.append(rs);
    }
    qsizetype numPods = 0;
    const PodMap podMap = getPodMapForDeployment(*d, owned);
    for (const QList<PodPtr> &pods : podMap)
        numPods += pods.size();
    if (numPods == 0)
        enqueue(*d);
}

DeploymentPtr DeploymentController::resolveControllerRef(const QString &ns, const OwnerReference &controllerRef) const
{
    // A ControllerRef of another kind can never be ours.
    if (controllerRef.kind != kDeploymentKind)
        return nullptr;
    DeploymentPtr d = m_dLister.get(ns, controllerRef.name);
    if (!d || d->metadata.uid != controllerRef.uid)
        return nullptr;   // gone, or a new object with the same name
    return d;
}

DeploymentPtr DeploymentController::getDeploymentForPod(const Pod &pod) const
{
    const OwnerReference *podRef = pod.metadata.controllerRef();
    if (!podRef || podRef->kind != kReplicaSetKind)
        return nullptr;
    const ReplicaSetPtr rs = m_rsLister.get(pod.metadata.namespace_, podRef->name);
    if (!rs || rs->metadata.uid != podRef->uid)
        return nullptr;
    const OwnerReference *rsRef = rs->metadata.controllerRef();
    if (!rsRef)
        return nullptr;
    return resolveControllerRef(rs->metadata.namespace_, *rsRef);
}

QList<DeploymentPtr> DeploymentController::getDeploymentsForReplicaSet(const ReplicaSet &rs) const
{
    // More than one is a user error (overlapping selectors); upstream logs it and wakes all.
    return du::GetDeploymentsForReplicaSet(m_dLister.list(rs.metadata.namespace_, api::Selector()), rs);
}

// --- Ownership ----------------------------------------------------------------------------

DeploymentController::RSList DeploymentController::getReplicaSetsForDeployment(Context &ctx, const Deployment &d,
                                                                               QString *error)
{
    // Every RS of the namespace, so that owned ones whose labels no longer match are released.
    const RSList rsList = m_rsLister.list(d.metadata.namespace_, Selector());
    QString selectorError;
    const std::optional<Selector> selector =
        d.spec.selector ? Selector::fromLabelSelector(*d.spec.selector, &selectorError) : std::optional<Selector>(Selector::nothing());
    if (!selector) {
        *error = QStringLiteral("deployment %1/%2 has invalid label selector: %3").arg(d.metadata.namespace_, d.metadata.name, selectorError);
        return {};
    }
    // Before adopting anything, make sure (uncached) that the deployment is not being deleted.
    client::Interface &api = m_api;
    const QString ns = d.metadata.namespace_, name = d.metadata.name, uid = d.metadata.uid;
    const ControllerRefManager::CanAdoptFunc canAdopt =
        ControllerRefManager::recheckDeletionTimestamp([&api, ns, name, uid]() -> apiserver::Result<ObjectPtr> {
            apiserver::Result<ObjectPtr> fresh = api.get(apiserver::resources::byKind(Kind::Deployment), ns, name);
            if (fresh.ok() && fresh.value->metadata.uid != uid) {
                apiserver::ApiError e;
                e.message = QStringLiteral("original Deployment %1/%2 is gone: got uid %3, wanted %4")
                                .arg(ns, name, fresh.value->metadata.uid, uid);
                return apiserver::Result<ObjectPtr>::failure(e);
            }
            return fresh;
        });
    ControllerRefManager cm(m_api, std::make_shared<Deployment>(d), *selector, QStringLiteral("apps/v1"), kDeploymentKind,
                            apiserver::resources::byKind(Kind::ReplicaSet), canAdopt);
    ControllerRefManager::ClaimResult claim;
    const RSList claimed = cm.claim<ReplicaSet>(rsList, &claim);
    for (const QString &n : claim.adopted)
        ctx.note(QStringLiteral("getReplicaSetsForDeployment"),
                 QStringLiteral("adopted orphan ReplicaSet %1 (its labels match the selector)").arg(n));
    for (const QString &n : claim.released)
        ctx.note(QStringLiteral("getReplicaSetsForDeployment"),
                 QStringLiteral("released ReplicaSet %1 (its labels no longer match the selector)").arg(n));
    if (!claim.error.isEmpty())
        *error = claim.error;
    return claimed;
}

DeploymentController::PodMap DeploymentController::getPodMapForDeployment(const Deployment &d, const RSList &rsList) const
{
    PodMap podMap;
    for (const ReplicaSetPtr &rs : rsList)
        if (rs)
            podMap.insert(rs->metadata.uid, {});
    if (!d.spec.selector)
        return podMap;
    const std::optional<Selector> selector = Selector::fromLabelSelector(*d.spec.selector);
    if (!selector)
        return podMap;
    // Upstream lists the namespace's pods matching the selector and groups them by controller
    // uid; reading each ReplicaSet's pods from the controller-uid index gives the same lists,
    // in the same (key) order, without visiting every pod of the namespace on every sync.
    // Inactive pods are kept: Recreate must see them.
    // A ReplicaSet's pods share their template's labels: matched once, not once a pod.
    SelectorMatcher matches(*selector);
    for (auto it = podMap.begin(); it != podMap.end(); ++it) {
        for (const ObjectPtr &o : m_podInformer.indexer().byIndex(podControllerUIDIndex(), it.key())) {
            PodPtr pod = objectCast<Pod>(o);
            if (pod && pod->metadata.namespace_ == d.metadata.namespace_ && matches(pod->metadata.labels))
                it->append(std::move(pod));
        }
    }
    return podMap;
}

// --- syncDeployment -----------------------------------------------------------------------

SyncResult DeploymentController::syncDeployment(const QString &key)
{
    Context ctx;
    SyncResult result;
    const QStringList parts = key.split(QLatin1Char('/'));
    if (parts.size() > 2) {
        result.error = QStringLiteral("unexpected key format: \"%1\"").arg(key);
        return result;
    }
    const QString ns = parts.size() == 2 ? parts[0] : QString();
    const QString name = parts.back();
    const DeploymentPtr cached = m_dLister.get(ns, name);
    if (!cached) {
        ctx.note(QStringLiteral("syncDeployment"), QStringLiteral("Deployment %1 has been deleted").arg(key));
        result.notes = ctx.notes;
        return result;
    }
    // Deep-copy: the cache is read-only, and the steps below change status and annotations.
    Deployment d = *cached;
    const auto finish = [&](const QString &error) {
        result.error = error;
        // handleErr forgets (never retries) an error caused by a terminating namespace.
        if (error.contains(QLatin1String("because it is being terminated"))) {
            ctx.note(QStringLiteral("handleErr"), QStringLiteral("%1: the namespace is terminating, the key is not retried").arg(error));
            result.error.clear();
        }
        result.notes = ctx.notes;
        return result;
    };

    if (d.spec.selector && d.spec.selector->isEmpty()) {
        m_recorder.event(d, QStringLiteral("Warning"), QStringLiteral("SelectingAll"),
                         QStringLiteral("This deployment is selecting all pods. A non-empty selector is required."));
        ctx.note(QStringLiteral("syncDeployment"), QStringLiteral("the selector is empty and would select all pods: nothing is done"));
        if (d.status.observedGeneration < d.metadata.generation) {
            d.status.observedGeneration = d.metadata.generation;
            updateStatus(ctx, QStringLiteral("syncDeployment"), d);
        }
        return finish({});
    }

    // ReplicaSets this deployment owns (adopting and releasing as needed) and their pods.
    QString error;
    const RSList rsList = getReplicaSetsForDeployment(ctx, d, &error);
    if (!error.isEmpty())
        return finish(error);
    const PodMap podMap = getPodMapForDeployment(d, rsList);

    if (d.metadata.deletionTimestamp != 0) {
        ctx.phase = QStringLiteral("syncStatusOnly");
        ctx.note(QStringLiteral("syncDeployment"), QStringLiteral("the deployment is being deleted: only its status is updated"));
        return finish(syncStatusOnly(ctx, d, rsList));
    }

    // Update the Progressing condition for pause/resume before anything else, so that the
    // deadline is not counted while paused.
    error = checkPausedConditions(ctx, d);
    if (!error.isEmpty())
        return finish(error);

    if (d.spec.paused) {
        ctx.phase = QStringLiteral("sync");
        ctx.note(QStringLiteral("syncDeployment"), QStringLiteral("paused: only scaling and cleanup, no rollout step"));
        return finish(sync(ctx, d, rsList));
    }

    // The legacy rollback request comes before a scaling event: a rollback first, then scaling.
    if (const std::optional<qint64> to = getRollbackTo(d)) {
        ctx.phase = QStringLiteral("rollback");
        ctx.note(QStringLiteral("syncDeployment"),
                 QStringLiteral("annotation %1=%2 asks for a rollback").arg(du::DeprecatedRollbackTo).arg(*to));
        return finish(rollback(ctx, d, rsList));
    }

    const bool scalingEvent = isScalingEvent(ctx, d, rsList, &error);
    if (!error.isEmpty())
        return finish(error);
    if (scalingEvent) {
        ctx.phase = QStringLiteral("sync");
        return finish(sync(ctx, d, rsList));
    }

    if (d.spec.strategy.type == QLatin1String("Recreate")) {
        ctx.phase = QStringLiteral("rolloutRecreate");
        return finish(rolloutRecreate(ctx, d, rsList, podMap));
    }
    if (d.spec.strategy.type == QLatin1String("RollingUpdate")) {
        ctx.phase = QStringLiteral("rolloutRolling");
        return finish(rolloutRolling(ctx, d, rsList));
    }
    return finish(QStringLiteral("unexpected deployment strategy type: %1").arg(d.spec.strategy.type));
}

// Writes the status with d as read at the start of the sync, resourceVersion included, as
// upstream's client does. So, exactly like upstream against a real API server, a second write
// of the Deployment within one sync (e.g. the revision annotation, then the rollout status)
// fails with 409 Conflict and the key is retried with backoff (5 ms, 10 ms, …).
QString DeploymentController::updateStatus(Context &ctx, const QString &function, const Deployment &d)
{
    const apiserver::Result<ObjectPtr> r = m_api.updateStatus(std::make_shared<Deployment>(d));
    if (r.ok())
        return {};
    ctx.note(function, QStringLiteral("UpdateStatus failed: %1").arg(r.error->message));
    return r.error->message;
}

} // namespace rlab::controller
