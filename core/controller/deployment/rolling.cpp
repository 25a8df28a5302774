// SPDX-License-Identifier: Apache-2.0
// DeploymentController, rolling.go: the RollingUpdate strategy. One sync performs at most one
// scale-up of the new ReplicaSet or one scale-down phase of the old ones, then writes status.
//
// Concrete example: replicas 10, maxUnavailable 2, maxSurge 3, a new template.
//  * sync 1 creates the new RS with 3 (10 + maxSurge = 13 pods at most) and scales the old RS
//    down to 8 (minAvailable = 10 - 2); sync 2 grows the new RS to 5 (13 again).
//  * If the new pods never become available: allPods 13, minAvailable 8, new RS unavailable 5
//    -> maxScaledDown = 13 - 8 - 5 = 0, so no healthy old pod is removed even if one fails.
//  * After `kubectl rollout undo`, the good RS becomes the "new" one: new RS unavailable 1 ->
//    13 - 8 - 1 = 4 crash-looping pods may go, the total drops to 9, and the good RS grows
//    back to 10.
#include "core/controller/deployment/deploymentcontroller.h"

#include <algorithm>

namespace rlab::controller {

using namespace rlab::api;
namespace du = deploymentutil;

QString DeploymentController::rolloutRolling(Context &ctx, Deployment &d, RSList rsList)
{
    const NewAndOld r = getAllReplicaSetsAndSyncRevision(ctx, d, std::move(rsList), true);
    if (!r.error.isEmpty())
        return r.error;
    if (!r.newRS)   // cannot happen with createIfNotExisted; upstream would crash here
        return QStringLiteral("no new replica set for deployment %1").arg(d.metadata.name);
    RSList allRSs = r.oldRSs;
    allRSs.append(r.newRS);

    // Scale up, if we can.
    QString error;
    const bool scaledUp = reconcileNewReplicaSet(ctx, allRSs, r.newRS, d, &error);
    if (!error.isEmpty())
        return error;
    if (scaledUp)
        return syncRolloutStatus(ctx, allRSs, r.newRS, d);

    // Scale down, if we can.
    const bool scaledDown = reconcileOldReplicaSets(ctx, allRSs, du::FilterActiveReplicaSets(r.oldRSs), r.newRS, d, &error);
    if (!error.isEmpty())
        return error;
    if (scaledDown)
        return syncRolloutStatus(ctx, allRSs, r.newRS, d);

    // Judged on the status as it was when the sync started.
    if (du::DeploymentComplete(d, d.status)) {
        error = cleanupDeployment(ctx, r.oldRSs, d);
        if (!error.isEmpty())
            return error;
    }
    return syncRolloutStatus(ctx, allRSs, r.newRS, d);
}

bool DeploymentController::reconcileNewReplicaSet(Context &ctx, const RSList &allRSs, const ReplicaSetPtr &newRS,
                                                  const Deployment &d, QString *error)
{
    const QString fn = QStringLiteral("reconcileNewReplicaSet");
    const int from = newRS->replicas();
    if (from == d.replicas()) {
        ctx.note(fn, QStringLiteral("%1 already has spec.replicas %2").arg(newRS->metadata.name).arg(from));
        return false;
    }
    if (from > d.replicas()) {
        // Scale down.
        const ScaleResult r = scaleReplicaSetAndRecordEvent(ctx, newRS, d.replicas(), d);
        *error = r.error;
        if (r.scaled)
            ctx.note(fn, QStringLiteral("scaled down %1 from %2 to %3 (more than spec.replicas)").arg(newRS->metadata.name).arg(from).arg(d.replicas()));
        return r.scaled;
    }
    const int newReplicasCount = du::NewRSNewReplicas(d, allRSs, *newRS, error);
    if (!error->isEmpty())
        return false;
    const int surge = du::MaxSurge(d);
    const QString why = QStringLiteral("maxSurge %1: %2 allowed, %3 running")
                            .arg(surge)
                            .arg(d.replicas() + surge)
                            .arg(du::GetReplicaCountForReplicaSets(allRSs));
    const ScaleResult r = scaleReplicaSetAndRecordEvent(ctx, newRS, newReplicasCount, d);
    *error = r.error;
    if (r.scaled)
        ctx.note(fn, QStringLiteral("scaled up %1 from %2 to %3 (%4)").arg(newRS->metadata.name).arg(from).arg(newReplicasCount).arg(why));
    else if (r.error.isEmpty())
        ctx.note(fn, QStringLiteral("cannot scale up %1 beyond %2 (%3)").arg(newRS->metadata.name).arg(from).arg(why));
    return r.scaled;
}

bool DeploymentController::reconcileOldReplicaSets(Context &ctx, RSList allRSs, RSList oldRSs, const ReplicaSetPtr &newRS,
                                                   const Deployment &d, QString *error)
{
    Q_UNUSED(error);   // upstream swallows the errors of both scale-down steps
    const QString fn = QStringLiteral("reconcileOldReplicaSets");
    const int oldPodsCount = du::GetReplicaCountForReplicaSets(oldRSs);
    if (oldPodsCount == 0)
        return false;   // can't scale down further
    const int allPodsCount = du::GetReplicaCountForReplicaSets(allRSs);
    const int maxUnavailable = du::MaxUnavailable(d);
    // How far we may scale down: every pod above minAvailable, minus the new RS's pods that are
    // not available yet (so that healthy old pods survive while new ones crash-loop).
    // Example: replicas 10, maxUnavailable 2 -> minAvailable 8; old 10 + new 3 (none available):
    // 13 - 8 - 3 = 2 old pods may go.
    const int minAvailable = d.replicas() - maxUnavailable;
    const int newRSUnavailablePodCount = newRS->replicas() - newRS->status.availableReplicas;
    const int maxScaledDown = allPodsCount - minAvailable - newRSUnavailablePodCount;
    if (maxScaledDown <= 0) {
        ctx.note(fn, QStringLiteral("cannot scale down: %1 pods - minAvailable %2 - %3 unavailable in %4 = %5")
                         .arg(allPodsCount)
                         .arg(minAvailable)
                         .arg(newRSUnavailablePodCount)
                         .arg(newRS->metadata.name)
                         .arg(maxScaledDown));
        return false;
    }
    // Unhealthy replicas first: they would block the rollout and make it time out.
    const CleanupResult cleanup = cleanupUnhealthyReplicas(ctx, std::move(oldRSs), d, maxScaledDown);
    if (!cleanup.error.isEmpty())
        return false;
    allRSs = cleanup.oldRSs;
    allRSs.append(newRS);
    QString scaleDownError;
    const int scaledDownCount = scaleDownOldReplicaSetsForRollingUpdate(ctx, allRSs, cleanup.oldRSs, d, &scaleDownError);
    if (!scaleDownError.isEmpty())
        return false;
    return cleanup.cleanupCount + scaledDownCount > 0;
}

// Scales old ReplicaSets down by their unavailable replicas (at most maxCleanupCount in all),
// oldest first; the RS controller then deletes the not-ready pods first.
DeploymentController::CleanupResult DeploymentController::cleanupUnhealthyReplicas(Context &ctx, RSList oldRSs,
                                                                                   const Deployment &d, int maxCleanupCount)
{
    std::stable_sort(oldRSs.begin(), oldRSs.end(), du::ReplicaSetsByCreationTimestamp);
    CleanupResult result;
    int totalScaledDown = 0;
    for (qsizetype i = 0; i < oldRSs.size(); ++i) {
        if (totalScaledDown >= maxCleanupCount)
            break;
        const ReplicaSetPtr targetRS = oldRSs[i];
        if (targetRS->replicas() == 0)
            continue;   // cannot scale down this replica set
        if (targetRS->replicas() == targetRS->status.availableReplicas)
            continue;   // no unhealthy replicas
        const int unhealthy = targetRS->replicas() - targetRS->status.availableReplicas;
        const int scaledDownCount = std::min(maxCleanupCount - totalScaledDown, unhealthy);
        const int newReplicasCount = targetRS->replicas() - scaledDownCount;
        if (newReplicasCount > targetRS->replicas()) {
            result.error = QStringLiteral("when cleaning up unhealthy replicas, got invalid request to scale down %1/%2 %3 -> %4")
                               .arg(targetRS->metadata.namespace_, targetRS->metadata.name)
                               .arg(targetRS->replicas())
                               .arg(newReplicasCount);
            return CleanupResult{{}, 0, result.error};
        }
        const ScaleResult r = scaleReplicaSetAndRecordEvent(ctx, targetRS, newReplicasCount, d);
        if (!r.error.isEmpty())
            return CleanupResult{{}, totalScaledDown, r.error};
        ctx.note(QStringLiteral("cleanupUnhealthyReplicas"),
                 QStringLiteral("scaled down %1 from %2 to %3: %4 of its replicas are not available (may remove %5)")
                     .arg(targetRS->metadata.name)
                     .arg(targetRS->replicas())
                     .arg(newReplicasCount)
                     .arg(unhealthy)
                     .arg(maxCleanupCount - totalScaledDown));
        totalScaledDown += scaledDownCount;
        oldRSs[i] = r.rs;
    }
    result.oldRSs = oldRSs;
    result.cleanupCount = totalScaledDown;
    return result;
}

// Scales old ReplicaSets down, oldest first, while more than minAvailable pods are available.
// Example: replicas 10, maxUnavailable 2, 10 available -> 2 may go: the old RS 10 -> 8.
int DeploymentController::scaleDownOldReplicaSetsForRollingUpdate(Context &ctx, const RSList &allRSs, RSList oldRSs,
                                                                  const Deployment &d, QString *error)
{
    const QString fn = QStringLiteral("scaleDownOldReplicaSetsForRollingUpdate");
    const int minAvailable = d.replicas() - du::MaxUnavailable(d);
    const int availablePodCount = du::GetAvailableReplicaCountForReplicaSets(allRSs);
    if (availablePodCount <= minAvailable) {
        ctx.note(fn, QStringLiteral("cannot scale down: %1 available <= minAvailable %2").arg(availablePodCount).arg(minAvailable));
        return 0;
    }
    std::stable_sort(oldRSs.begin(), oldRSs.end(), du::ReplicaSetsByCreationTimestamp);
    int totalScaledDown = 0;
    const int totalScaleDownCount = availablePodCount - minAvailable;
    for (const ReplicaSetPtr &targetRS : oldRSs) {
        if (totalScaledDown >= totalScaleDownCount)
            break;   // no further scaling required
        if (targetRS->replicas() == 0)
            continue;   // cannot scale down this ReplicaSet
        const int scaleDownCount = std::min(targetRS->replicas(), totalScaleDownCount - totalScaledDown);
        const int newReplicasCount = targetRS->replicas() - scaleDownCount;
        if (newReplicasCount > targetRS->replicas()) {
            *error = QStringLiteral("when scaling down old RS, got invalid request to scale down %1/%2 %3 -> %4")
                         .arg(targetRS->metadata.namespace_, targetRS->metadata.name)
                         .arg(targetRS->replicas())
                         .arg(newReplicasCount);
            return 0;
        }
        const ScaleResult r = scaleReplicaSetAndRecordEvent(ctx, targetRS, newReplicasCount, d);
        if (!r.error.isEmpty()) {
            *error = r.error;
            return totalScaledDown;
        }
        ctx.note(fn, QStringLiteral("scaled down %1 from %2 to %3 (%4 available > minAvailable %5: may remove %6)")
                         .arg(targetRS->metadata.name)
                         .arg(targetRS->replicas())
                         .arg(newReplicasCount)
                         .arg(availablePodCount)
                         .arg(minAvailable)
                         .arg(totalScaleDownCount - totalScaledDown));
        totalScaledDown += scaleDownCount;
    }
    return totalScaledDown;
}

} // namespace rlab::controller
