// SPDX-License-Identifier: Apache-2.0
// DeploymentController, sync.go: the new and old ReplicaSets and their revisions, revision-history
// cleanup and the status; scaling events and proportional scaling are in scale.cpp.
#include "core/controller/deployment/deploymentcontroller.h"

#include "core/client/interface.h"
#include "core/controller/deployment/computehash.h"
#include "core/base/clock.h"

#include <algorithm>

namespace rlab::controller {

using namespace rlab::api;
namespace du = deploymentutil;

namespace {
const QString kTrue = QStringLiteral("True");
const QString kFalse = QStringLiteral("False");
const QString kUnknown = QStringLiteral("Unknown");

// "maxSurge 1: 5 allowed, 4 running" — the numbers NewRSNewReplicas looked at.
QString surgeWhy(const Deployment &d, const QList<ReplicaSetPtr> &allRSs)
{
    if (!du::IsRollingUpdate(d))
        return QStringLiteral("%1: spec.replicas %2").arg(d.spec.strategy.type).arg(d.replicas());
    const int surge = du::MaxSurge(d);
    return QStringLiteral("maxSurge %1: %2 allowed, %3 running")
        .arg(surge)
        .arg(d.replicas() + surge)
        .arg(du::GetReplicaCountForReplicaSets(allRSs));
}

bool isNamespaceTerminating(const apiserver::ApiError &e)
{
    return e.code == 403 && e.message.contains(QLatin1String("because it is being terminated"));
}
} // namespace

QString DeploymentController::syncStatusOnly(Context &ctx, Deployment &d, RSList rsList)
{
    const NewAndOld r = getAllReplicaSetsAndSyncRevision(ctx, d, std::move(rsList), false);
    if (!r.error.isEmpty())
        return r.error;
    RSList allRSs = r.oldRSs;
    allRSs.append(r.newRS);
    return syncDeploymentStatus(ctx, allRSs, r.newRS, d);
}

// Paused deployments and scaling events: proportional scaling, no rollout step.
QString DeploymentController::sync(Context &ctx, Deployment &d, RSList rsList)
{
    const NewAndOld r = getAllReplicaSetsAndSyncRevision(ctx, d, std::move(rsList), false);
    if (!r.error.isEmpty())
        return r.error;
    // An error while scaling requeues the deployment: abort this sync.
    const QString error = scale(ctx, d, r.newRS, r.oldRSs);
    if (!error.isEmpty())
        return error;
    // Clean up a paused deployment unless a rollback is in flight.
    if (d.spec.paused && !getRollbackTo(d)) {
        const QString cleanupError = cleanupDeployment(ctx, r.oldRSs, d);
        if (!cleanupError.isEmpty())
            return cleanupError;
    }
    RSList allRSs = r.oldRSs;
    allRSs.append(r.newRS);
    return syncDeploymentStatus(ctx, allRSs, r.newRS, d);
}

QString DeploymentController::checkPausedConditions(Context &ctx, Deployment &d)
{
    if (!du::HasProgressDeadline(d))
        return {};
    const Condition *cond = du::GetDeploymentCondition(d.status, du::DeploymentProgressingType);
    if (cond && cond->reason == du::TimedOutReason)
        return {};   // a timed-out deployment stays timed out: nothing to do
    const bool pausedCondExists = cond && cond->reason == du::PausedDeployReason;
    const QString fn = QStringLiteral("checkPausedConditions");
    if (d.spec.paused && !pausedCondExists) {
        du::SetDeploymentCondition(d.status, du::NewDeploymentCondition(du::DeploymentProgressingType, kUnknown, du::PausedDeployReason,
                                                                        QStringLiteral("Deployment is paused"), now()));
        ctx.note(fn, QStringLiteral("paused: Progressing=Unknown DeploymentPaused (the deadline stops counting)"));
    } else if (!d.spec.paused && pausedCondExists) {
        du::SetDeploymentCondition(d.status, du::NewDeploymentCondition(du::DeploymentProgressingType, kUnknown, du::ResumedDeployReason,
                                                                        QStringLiteral("Deployment is resumed"), now()));
        ctx.note(fn, QStringLiteral("resumed: Progressing=Unknown DeploymentResumed (the deadline restarts now)"));
    } else {
        return {};
    }
    return updateStatus(ctx, fn, d);
}

DeploymentController::NewAndOld DeploymentController::getAllReplicaSetsAndSyncRevision(Context &ctx, Deployment &d,
                                                                                       RSList rsList, bool createIfNotExisted)
{
    NewAndOld r;
    r.oldRSs = du::FindOldReplicaSets(d, rsList).second;
    // Get the new RS with the updated revision number.
    r.newRS = getNewReplicaSet(ctx, d, rsList, r.oldRSs, createIfNotExisted, &r.error);
    if (!r.error.isEmpty())
        return NewAndOld{nullptr, {}, r.error};
    return r;
}

ReplicaSetPtr DeploymentController::getNewReplicaSet(Context &ctx, Deployment &d, RSList &rsList, const RSList &oldRSs,
                                                     bool createIfNotExisted, QString *error)
{
    const QString fn = QStringLiteral("getNewReplicaSet");
    const ReplicaSetPtr existingNewRS = du::FindNewReplicaSet(d, rsList);
    // The new RS's revision is one more than the largest among the old ones.
    const QString newRevision = QString::number(du::MaxRevision(oldRSs) + 1);

    if (existingNewRS) {
        auto rsCopy = std::make_shared<ReplicaSet>(*existingNewRS);
        const QString oldRevision = rsCopy->metadata.annotations.value(du::RevisionAnnotation);
        const bool annotationsUpdated = du::SetNewReplicaSetAnnotations(d, *rsCopy, newRevision, true, du::MaxRevHistoryLengthInChars);
        const bool minReadySecondsNeedsUpdate = rsCopy->spec.minReadySeconds != d.spec.minReadySeconds;
        if (annotationsUpdated || minReadySecondsNeedsUpdate) {
            rsCopy->spec.minReadySeconds = d.spec.minReadySeconds;
            const QString newRSRevision = rsCopy->metadata.annotations.value(du::RevisionAnnotation);
            const apiserver::Result<ObjectPtr> updated = m_api.update(rsCopy);
            if (!updated.ok()) {
                ctx.note(fn, QStringLiteral("updating the new replica set %1 failed: %2").arg(existingNewRS->metadata.name, updated.error->message));
                *error = updated.error->message;
                return nullptr;
            }
            QString what = newRSRevision != oldRevision
                ? QStringLiteral("revision %1 → %2").arg(oldRevision.isEmpty() ? QStringLiteral("none") : oldRevision, newRSRevision)
                : QStringLiteral("annotations copied from the deployment");
            if (minReadySecondsNeedsUpdate)
                what += QStringLiteral(", minReadySeconds %1").arg(d.spec.minReadySeconds);
            ctx.note(fn, QStringLiteral("found new replica set %1 (its template matches); updated it: %2").arg(existingNewRS->metadata.name, what));
            return objectCast<ReplicaSet>(updated.value);
        }
        // The RS is up to date: copy its revision to the deployment (a later pass when the RS
        // was just updated above).
        bool needsUpdate = du::SetDeploymentRevision(d, rsCopy->metadata.annotations.value(du::RevisionAnnotation));
        if (du::HasProgressDeadline(d) && !du::GetDeploymentCondition(d.status, du::DeploymentProgressingType)) {
            du::SetDeploymentCondition(d.status, du::NewDeploymentCondition(du::DeploymentProgressingType, kTrue, du::FoundNewRSReason,
                                                                            QStringLiteral("Found new replica set \"%1\"").arg(rsCopy->metadata.name),
                                                                            now()));
            needsUpdate = true;
        }
        if (needsUpdate) {
            ctx.note(fn, QStringLiteral("found new replica set %1: deployment revision %2 written with UpdateStatus")
                             .arg(rsCopy->metadata.name, d.metadata.annotations.value(du::RevisionAnnotation)));
            *error = updateStatus(ctx, fn, d);
            if (!error->isEmpty())
                return nullptr;
        }
        return rsCopy;
    }

    if (!createIfNotExisted)
        return nullptr;

    // A new ReplicaSet named after the hash of the template (and collisionCount), so that
    // creating it twice is idempotent.
    PodTemplateSpec newRSTemplate = d.spec.template_;
    const QString podTemplateSpecHash = ComputeHash(newRSTemplate, d.status.collisionCount);
    newRSTemplate.metadata.labels.insert(du::DefaultDeploymentUniqueLabelKey, podTemplateSpecHash);
    LabelSelector newRSSelector = d.spec.selector.value_or(LabelSelector{});
    newRSSelector.matchLabels.insert(du::DefaultDeploymentUniqueLabelKey, podTemplateSpecHash);

    auto newRS = std::make_shared<ReplicaSet>();
    newRS->metadata.name = d.metadata.name + QLatin1Char('-') + podTemplateSpecHash;
    newRS->metadata.namespace_ = d.metadata.namespace_;
    OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("Deployment");
    ref.name = d.metadata.name;
    ref.uid = d.metadata.uid;
    ref.controller = true;
    ref.blockOwnerDeletion = true;
    newRS->metadata.ownerReferences = {ref};
    newRS->metadata.labels = newRSTemplate.metadata.labels;
    newRS->spec.replicas = 0;
    newRS->spec.minReadySeconds = d.spec.minReadySeconds;
    newRS->spec.selector = newRSSelector;
    newRS->spec.template_ = newRSTemplate;

    RSList allRSs = oldRSs;
    allRSs.append(newRS);
    const int newReplicasCount = du::NewRSNewReplicas(d, allRSs, *newRS, error);
    if (!error->isEmpty())
        return nullptr;
    newRS->spec.replicas = newReplicasCount;
    // Set the new RS's revision (and desired/max replicas: it is about to be created).
    du::SetNewReplicaSetAnnotations(d, *newRS, newRevision, false, du::MaxRevHistoryLengthInChars);

    const QString rsName = newRS->metadata.name;
    const apiserver::Result<ObjectPtr> created =
        m_api.create(apiserver::resources::byKind(Kind::ReplicaSet), d.metadata.namespace_, newRS);
    ReplicaSetPtr createdRS;
    bool alreadyExists = false;
    if (created.ok()) {
        createdRS = objectCast<ReplicaSet>(created.value);
        ctx.note(fn, QStringLiteral("created new replica set %1 (pod-template-hash %2, revision %3) with %4 replicas (NewRSNewReplicas, %5)")
                         .arg(rsName, podTemplateSpecHash, newRevision)
                         .arg(newReplicasCount)
                         .arg(surgeWhy(d, allRSs)));
    } else if (created.error->code == 409 && created.error->reason == QLatin1String("AlreadyExists")) {
        alreadyExists = true;
        // Either our own RS that the cache had not delivered yet, or a hash collision.
        const ReplicaSetPtr rs = m_rsLister.get(d.metadata.namespace_, rsName);
        if (!rs) {
            *error = QStringLiteral("replicaset.apps \"%1\" not found").arg(rsName);
            return nullptr;
        }
        const OwnerReference *controllerRef = rs->metadata.controllerRef();
        if (controllerRef && controllerRef->uid == d.metadata.uid && du::EqualIgnoreHash(d.spec.template_, rs->spec.template_)) {
            createdRS = rs;
            ctx.note(fn, QStringLiteral("replica set %1 already exists and is ours with this template: using it").arg(rsName));
        } else {
            // A different template hashed to the same name: bump collisionCount so that the next
            // sync computes another hash, and requeue with the create error.
            const int before = d.status.collisionCount.value_or(0);
            d.status.collisionCount = before + 1;
            ctx.note(fn, QStringLiteral("hash collision: %1 exists with another template; collisionCount %2 → %3")
                             .arg(rsName)
                             .arg(before)
                             .arg(before + 1));
            updateStatus(ctx, fn, d);
            *error = created.error->message;
            return nullptr;
        }
    } else if (isNamespaceTerminating(*created.error)) {
        *error = created.error->message;
        return nullptr;
    } else {
        const QString msg = QStringLiteral("Failed to create new replica set \"%1\": %2").arg(rsName, created.error->message);
        if (du::HasProgressDeadline(d)) {
            du::SetDeploymentCondition(d.status, du::NewDeploymentCondition(du::DeploymentProgressingType, kFalse,
                                                                            du::FailedRSCreateReason, msg, now()));
            // The deployment would be requeued anyway: the status write's error is ignored.
            const apiserver::Result<ObjectPtr> ignored = m_api.updateStatus(std::make_shared<Deployment>(d));
            Q_UNUSED(ignored);
        }
        m_recorder.event(d, QStringLiteral("Warning"), du::FailedRSCreateReason, msg);
        ctx.note(fn, msg);
        *error = created.error->message;
        return nullptr;
    }

    if (!alreadyExists && newReplicasCount > 0)
        m_recorder.event(d, QStringLiteral("Normal"), QStringLiteral("ScalingReplicaSet"),
                         QStringLiteral("Scaled up replica set %1 to %2").arg(createdRS->metadata.name).arg(newReplicasCount));

    bool needsUpdate = du::SetDeploymentRevision(d, newRevision);
    if (!alreadyExists && du::HasProgressDeadline(d)) {
        du::SetDeploymentCondition(d.status, du::NewDeploymentCondition(du::DeploymentProgressingType, kTrue, du::NewReplicaSetReason,
                                                                        QStringLiteral("Created new replica set \"%1\"").arg(createdRS->metadata.name),
                                                                        now()));
        needsUpdate = true;
    }
    if (needsUpdate)
        *error = updateStatus(ctx, fn, d);
    return createdRS;
}

// Deletes the oldest old ReplicaSets beyond revisionHistoryLimit, if they are empty.
QString DeploymentController::cleanupDeployment(Context &ctx, const RSList &oldRSs, const Deployment &d)
{
    if (!du::HasRevisionHistoryLimit(d))
        return {};
    // Never delete one that is already being deleted.
    RSList cleanableRSes;
    for (const ReplicaSetPtr &rs : oldRSs)
        if (rs && rs->metadata.deletionTimestamp == 0)
            cleanableRSes.append(rs);
    const int diff = int(cleanableRSes.size()) - *d.spec.revisionHistoryLimit;
    if (diff <= 0)
        return {};
    std::stable_sort(cleanableRSes.begin(), cleanableRSes.end(), du::ReplicaSetsByRevision);
    const QString fn = QStringLiteral("cleanupDeployment");
    for (int i = 0; i < diff; ++i) {
        const ReplicaSetPtr &rs = cleanableRSes[i];
        // Only empty ReplicaSets whose latest spec the RS controller has seen.
        QString keep;
        if (rs->status.replicas != 0 || rs->replicas() != 0)
            keep = QStringLiteral("it still has replicas (spec %1, status %2)").arg(rs->replicas()).arg(rs->status.replicas);
        else if (rs->metadata.generation > rs->status.observedGeneration)
            keep = QStringLiteral("the ReplicaSet controller has not observed generation %1 yet").arg(rs->metadata.generation);
        else if (rs->metadata.deletionTimestamp != 0)
            keep = QStringLiteral("it is being deleted");
        else if (m_options.terminatingReplicas && rs->status.terminatingReplicas.value_or(-1) != 0)
            keep = QStringLiteral("its terminating pods are not known to be gone");
        if (!keep.isEmpty()) {
            ctx.note(fn, QStringLiteral("revisionHistoryLimit %1: kept %2, %3").arg(*d.spec.revisionHistoryLimit).arg(rs->metadata.name, keep));
            continue;
        }
        const apiserver::Result<ObjectPtr> removed =
            m_api.remove(apiserver::resources::byKind(Kind::ReplicaSet), rs->metadata.namespace_, rs->metadata.name);
        if (!removed.ok() && removed.error->code != 404) {
            // Return instead of trying the next ones, so as not to overload the API server.
            ctx.note(fn, QStringLiteral("deleting %1 failed: %2").arg(rs->metadata.name, removed.error->message));
            return removed.error->message;
        }
        ctx.note(fn, QStringLiteral("revisionHistoryLimit %1, %2 old replica sets: deleted %3 (revision %4)")
                         .arg(*d.spec.revisionHistoryLimit)
                         .arg(cleanableRSes.size())
                         .arg(rs->metadata.name, rs->metadata.annotations.value(du::RevisionAnnotation, QStringLiteral("none"))));
    }
    return {};
}

QString DeploymentController::syncDeploymentStatus(Context &ctx, const RSList &allRSs, const ReplicaSetPtr &newRS, Deployment &d)
{
    const DeploymentStatus newStatus = calculateStatus(allRSs, newRS, d);
    if (d.status == newStatus)
        return {};
    d.status = newStatus;
    ctx.note(QStringLiteral("syncDeploymentStatus"),
             QStringLiteral("status: %1 replicas, %2 updated, %3 ready, %4 available, %5 unavailable")
                 .arg(newStatus.replicas)
                 .arg(newStatus.updatedReplicas)
                 .arg(newStatus.readyReplicas)
                 .arg(newStatus.availableReplicas)
                 .arg(newStatus.unavailableReplicas));
    return updateStatus(ctx, QStringLiteral("syncDeploymentStatus"), d);
}

DeploymentStatus DeploymentController::calculateStatus(const RSList &allRSs, const ReplicaSetPtr &newRS, const Deployment &d) const
{
    const int availableReplicas = du::GetAvailableReplicaCountForReplicaSets(allRSs);
    const int totalReplicas = du::GetReplicaCountForReplicaSets(allRSs);
    // More available than desired (while scaling down) is not "negative unavailable".
    const int unavailableReplicas = std::max(0, totalReplicas - availableReplicas);

    DeploymentStatus status;
    status.observedGeneration = d.metadata.generation;
    status.replicas = du::GetActualReplicaCountForReplicaSets(allRSs);
    status.updatedReplicas = du::GetActualReplicaCountForReplicaSets({newRS});
    status.readyReplicas = du::GetReadyReplicaCountForReplicaSets(allRSs);
    status.availableReplicas = availableReplicas;
    status.unavailableReplicas = unavailableReplicas;
    status.collisionCount = d.status.collisionCount;
    if (m_options.terminatingReplicas)
        status.terminatingReplicas = du::GetTerminatingReplicaCountForReplicaSets(allRSs);
    status.conditions = d.status.conditions;
    if (availableReplicas >= d.replicas() - du::MaxUnavailable(d))
        du::SetDeploymentCondition(status, du::NewDeploymentCondition(du::DeploymentAvailable, kTrue, du::MinimumReplicasAvailable,
                                                                      QStringLiteral("Deployment has minimum availability."), now()));
    else
        du::SetDeploymentCondition(status, du::NewDeploymentCondition(du::DeploymentAvailable, kFalse, du::MinimumReplicasUnavailable,
                                                                      QStringLiteral("Deployment does not have minimum availability."), now()));
    return status;
}

} // namespace rlab::controller
