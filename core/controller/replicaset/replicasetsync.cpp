// SPDX-License-Identifier: Apache-2.0
// ReplicaSetController::syncReplicaSet and manageReplicas (replica_set.go).
#include "core/client/interface.h"
#include "core/apiserver/callerscope.h"
#include "core/controller/controllerrefmanager.h"
#include "core/controller/replicaset/podcontrol.h"
#include "core/controller/replicaset/podstodelete.h"
#include "core/controller/replicaset/replicasetcontroller.h"
#include "core/controller/replicaset/replicasetstatus.h"
#include "core/base/clock.h"

#include <algorithm>
#include <mutex>
#include <thread>
#include <vector>

namespace rlab::controller {

namespace {
QString joinSizes(const QList<int> &sizes)
{
    QStringList parts;
    for (int s : sizes)
        parts << QString::number(s);
    return parts.join(QLatin1Char('+'));
}

// The pods that are ours (controller ref) and still selected (controller.FilterClaimedPods).
QList<PodPtr> FilterClaimedPods(const api::ReplicaSet &rs, const api::Selector &selector, const QList<PodPtr> &pods)
{
    QList<PodPtr> out;
    for (const PodPtr &pod : pods) {
        const api::OwnerReference *ref = pod->metadata.controllerRef();
        if (ref && ref->uid == rs.metadata.uid && selector.matches(pod->metadata.labels))
            out.append(pod);
    }
    return out;
}
} // namespace

SyncResult ReplicaSetController::syncReplicaSet(const QString &key)
{
    SyncResult result;
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    const QString ns = slash < 0 ? QString() : key.left(slash);
    const QString name = slash < 0 ? key : key.mid(slash + 1);

    const ReplicaSetPtr rs = m_rsLister.get(ns, name);
    if (!rs) {
        m_expectations.deleteExpectations(key);
        result.notes << QStringLiteral("ReplicaSet %1 has been deleted: its expectations are forgotten").arg(key);
        return result;
    }

    // Expectations first, pods second: a pod created in between is then seen by the list
    // below and can never lead to one create too many.
    const bool rsNeedsSync = m_expectations.satisfiedExpectations(key);
    // A nil selector selects nothing (metav1.LabelSelectorAsSelector).
    const std::optional<api::Selector> selector = rs->spec.selector ? api::Selector::fromLabelSelector(*rs->spec.selector)
                                                                    : std::optional<api::Selector>(api::Selector::nothing());
    if (!selector) {
        QString why;
        api::Selector::fromLabelSelector(*rs->spec.selector, &why);
        result.notes << QStringLiteral("error converting pod selector to selector for rs %1: %2").arg(key, why);
        return result;   // retrying cannot fix the spec
    }

    // Upstream lists every pod of the namespace so that owned pods whose labels no longer match
    // get released and matching orphans adopted; pods controlled by others are then ignored.
    // The podClaim index yields exactly the owned pods and the orphans (same result, no scan).
    QList<PodPtr> allPods;
    for (const QString &bucket : {rs->metadata.uid, QStringLiteral("orphan/") + rs->metadata.namespace_})
        for (const api::ObjectPtr &o : m_podInformer.indexer().byIndex(podClaimIndex(), bucket))
            if (PodPtr pod = api::objectCast<api::Pod>(o))
                allPods.append(std::move(pod));
    const QList<PodPtr> activePods = FilterActivePods(allPods);
    QString claimError;
    const QList<PodPtr> claimed = claimPods(rs, *selector, activePods, &claimError, result.notes);
    if (!claimError.isEmpty()) {
        result.error = claimError;
        return result;
    }

    QList<PodPtr> terminatingPods;
    if (m_options.statusTerminatingReplicas)
        terminatingPods = FilterClaimedPods(*rs, *selector, FilterTerminatingPods(allPods));

    QString manageReplicasErr;
    if (rsNeedsSync && rs->metadata.deletionTimestamp == 0) {
        manageReplicasErr = manageReplicas(claimed, rs, result.notes);
    } else if (!rsNeedsSync) {
        const std::optional<ControlleeExpectations> exp = m_expectations.getExpectations(key);
        result.notes << QStringLiteral("Controller still waiting on expectations (add %1, del %2): manageReplicas skipped")
                            .arg(exp ? exp->add : 0)
                            .arg(exp ? exp->del : 0);
    }

    const api::ReplicaSetStatus newStatus = calculateStatus(*rs, claimed, terminatingPods, manageReplicasErr, m_api.clock().now(),
                                                            m_options.statusTerminatingReplicas);
    QString statusNote;
    const apiserver::Result<ReplicaSetPtr> updated = updateReplicaSetStatus(m_api, rs, newStatus, &statusNote);
    if (!statusNote.isEmpty())
        result.notes << QStringLiteral("updateReplicaSetStatus: ") + statusNote;
    if (!updated.ok()) {
        result.error = updated.error->message;   // requeue with backoff
        return result;
    }
    // Resync after minReadySeconds as the last line of defence against clock skew.
    const api::ReplicaSet &now = *updated.value;
    if (manageReplicasErr.isEmpty() && now.spec.minReadySeconds > 0 && now.status.readyReplicas == now.replicas()
        && now.status.availableReplicas != now.replicas()) {
        m_controller.enqueueAfter(key, qint64(now.spec.minReadySeconds) * 1000);
        result.notes << QStringLiteral("%1 of %2 ready pods available: sync again in minReadySeconds %3s")
                            .arg(now.status.availableReplicas)
                            .arg(now.status.readyReplicas)
                            .arg(now.spec.minReadySeconds);
    }
    result.error = manageReplicasErr;
    return result;
}

QList<PodPtr> ReplicaSetController::claimPods(const ReplicaSetPtr &rs, const api::Selector &selector,
                                              const QList<PodPtr> &filteredPods, QString *error, QStringList &notes)
{
    // Before the first adoption, an uncached read of the ReplicaSet: never adopt for an RS that
    // is gone (re-created with another uid) or being deleted while the cache lags (#42639).
    const apiserver::ResourceType rsType = apiserver::resources::byKind(api::Kind::ReplicaSet);
    auto getFresh = [this, rs, rsType]() -> apiserver::Result<api::ObjectPtr> {
        apiserver::Result<api::ObjectPtr> fresh = m_api.get(rsType, rs->metadata.namespace_, rs->metadata.name);
        if (fresh.ok() && fresh.value->metadata.uid != rs->metadata.uid)
            return apiserver::Result<api::ObjectPtr>::failure(apiserver::ApiError::internal(
                QStringLiteral("original ReplicaSet %1/%2 is gone: got uid %3, wanted %4")
                    .arg(rs->metadata.namespace_, rs->metadata.name, fresh.value->metadata.uid, rs->metadata.uid)));
        return fresh;
    };
    ControllerRefManager cm(m_api, rs, selector, QStringLiteral("apps/v1"), QStringLiteral("ReplicaSet"),
                            apiserver::resources::byKind(api::Kind::Pod), ControllerRefManager::recheckDeletionTimestamp(getFresh));
    ControllerRefManager::ClaimResult claim;
    const QList<PodPtr> claimed = cm.claimPods(filteredPods, &claim);
    for (const QString &n : claim.adopted)
        notes << QStringLiteral("claimPods: adopted orphan pod %1 (controller ownerReference added)").arg(n);
    for (const QString &n : claim.released)
        notes << QStringLiteral("claimPods: released pod %1 (its labels no longer match the selector)").arg(n);
    if (error)
        *error = claim.error;
    return claimed;
}

QString ReplicaSetController::manageReplicas(const QList<PodPtr> &activePods, const ReplicaSetPtr &rs, QStringList &notes)
{
    const qsizetype diff = activePods.size() - rs->replicas();
    const QString rsKey = rs->key();
    if (diff < 0)
        return createReplicas(int(std::min<qsizetype>(-diff, m_options.burstReplicas)), rs, rsKey, notes);
    if (diff > 0)
        return deleteReplicas(int(std::min<qsizetype>(diff, m_options.burstReplicas)), activePods, rs, rsKey, notes);
    return QString();
}

QString ReplicaSetController::createReplicas(int diff, const ReplicaSetPtr &rs, const QString &rsKey, QStringList &notes)
{
    // Creates are not tracked by name (the API server picks it): just count them.
    m_expectations.expectCreations(rsKey, diff);
    api::OwnerReference ref;   // metav1.NewControllerRef
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("ReplicaSet");
    ref.name = rs->metadata.name;
    ref.uid = rs->metadata.uid;
    ref.controller = true;
    ref.blockOwnerDeletion = true;
    std::mutex createdMutex;
    QStringList created;
    const std::shared_ptr<PodControl> podControl = m_podControl;
    // Slow start: a quota or admission failure stops after 1, 3, 7, … calls instead of
    // spamming the API server (and the event log) with hundreds of failing creates.
    const SlowStartBatchResult r = slowStartBatch(diff, SlowStartInitialBatchSize, [&]() -> QString {
        QString podName;
        const std::optional<apiserver::ApiError> err =
            podControl->createPods(rs->metadata.namespace_, rs->spec.template_, *rs, ref, &podName);
        if (err)
            return PodControl::hasNamespaceTerminatingCause(*err) ? QString() : err->message;
        std::lock_guard lock(createdMutex);
        created << podName;
        return QString();
    }, m_execution.load());
    notes << QStringLiteral("manageReplicas: too few replicas for ReplicaSet %1, need %2, creating %3 (slowStartBatch %4)%5")
                 .arg(rsKey)
                 .arg(rs->replicas())
                 .arg(diff)
                 .arg(joinSizes(r.batchSizes), created.isEmpty() ? QString() : QStringLiteral(": ") + created.join(QStringLiteral(", ")));
    // Pods never created (failed or skipped) will never be observed: stop expecting them.
    if (const int skipped = diff - r.successes; skipped > 0) {
        for (int i = 0; i < skipped; ++i)
            m_expectations.creationObserved(rsKey);
        notes << QStringLiteral("Slow-start failure. Skipping creation of %1 pods, decrementing expectations: %2")
                     .arg(skipped)
                     .arg(r.error);
    }
    return r.error;
}

QString ReplicaSetController::deleteReplicas(int diff, const QList<PodPtr> &activePods, const ReplicaSetPtr &rs,
                                             const QString &rsKey, QStringList &notes)
{
    // Prefer pods early in their start-up, and pods doubled up on a node with relatives.
    const QList<PodPtr> related = getIndirectlyRelatedPods(*rs);
    const QList<PodPtr> podsToDelete = getPodsToDelete(activePods, related, diff, m_api.clock().now(), m_options.deletionGates);
    // Remember exactly which pods, so each deletion is counted once whether the informer
    // shows it as an update with a deletionTimestamp or as a delete.
    m_expectations.expectDeletions(rsKey, getPodKeys(podsToDelete));
    QStringList names;
    for (const PodPtr &p : podsToDelete)
        names << p->metadata.name;
    notes << QStringLiteral("manageReplicas: too many replicas for ReplicaSet %1, need %2, deleting %3 (getPodsToDelete: %4)")
                 .arg(rsKey)
                 .arg(rs->replicas())
                 .arg(diff)
                 .arg(names.join(QStringLiteral(", ")));

    const std::shared_ptr<PodControl> podControl = m_podControl;
    std::vector<QString> errors(static_cast<size_t>(podsToDelete.size()));
    auto deleteOne = [&](qsizetype i) {
        const api::Pod &pod = *podsToDelete.at(i);
        const std::optional<apiserver::ApiError> err = podControl->deletePod(rs->metadata.namespace_, pod.metadata.name, *rs);
        if (!err)
            return;
        // The informer will never see this deletion: stop expecting it.
        m_expectations.deletionObserved(rsKey, PodKey(pod));
        if (err->code != 404)
            errors[size_t(i)] = err->message;
    };
    if (m_execution.load() == BatchExecution::Parallel && podsToDelete.size() > 1) {
        const QString agent = apiserver::CallerScope::userAgent();
        const int worker = apiserver::CallerScope::worker();
        std::vector<std::thread> threads;
        for (qsizetype i = 1; i < podsToDelete.size(); ++i)
            threads.emplace_back([&deleteOne, agent, worker, i] {
                apiserver::CallerScope scope(agent, worker);
                deleteOne(i);
            });
        deleteOne(0);
        for (std::thread &t : threads)
            t.join();
    } else {
        for (qsizetype i = 0; i < podsToDelete.size(); ++i)
            deleteOne(i);
    }
    // All errors were reported as events already and are likely alike: return the first.
    for (const QString &e : errors)
        if (!e.isEmpty())
            return e;
    return QString();
}

} // namespace rlab::controller
