// SPDX-License-Identifier: Apache-2.0
// DeploymentController, recreate.go: the Recreate strategy. Old ReplicaSets go to 0 first; the
// new one is created (at full size) only once no old pod is left running, so old and new pods
// never run side by side. Example, replicas 3, a new template: sync 1 scales the old RS 3 -> 0;
// syncs wait while its pods terminate (the deletion of the last pod wakes the deployment);
// the next sync creates the new RS with 3 replicas.
#include "core/controller/deployment/deploymentcontroller.h"

namespace rlab::controller {

using namespace rlab::api;
namespace du = deploymentutil;

QString DeploymentController::rolloutRecreate(Context &ctx, Deployment &d, RSList rsList, const PodMap &podMap)
{
    // Don't create a new RS if not already existed, so that we avoid scaling up before scaling down.
    NewAndOld r = getAllReplicaSetsAndSyncRevision(ctx, d, rsList, false);
    if (!r.error.isEmpty())
        return r.error;
    RSList allRSs = r.oldRSs;
    allRSs.append(r.newRS);
    RSList activeOldRSs = du::FilterActiveReplicaSets(r.oldRSs);

    // Scale down old replica sets.
    QString error;
    const bool scaledDown = scaleDownOldReplicaSetsForRecreate(ctx, activeOldRSs, d, &error);
    if (!error.isEmpty())
        return error;
    if (scaledDown)
        return syncRolloutStatus(ctx, allRSs, r.newRS, d);

    // Do not go on while old pods are running.
    if (oldPodsRunning(r.newRS, r.oldRSs, podMap)) {
        ctx.note(QStringLiteral("oldPodsRunning"), QStringLiteral("old pods are still running: waiting for them to be gone"));
        return syncRolloutStatus(ctx, allRSs, r.newRS, d);
    }

    // If we need to create a new RS, create it now.
    if (!r.newRS) {
        r = getAllReplicaSetsAndSyncRevision(ctx, d, std::move(rsList), true);
        if (!r.error.isEmpty())
            return r.error;
        allRSs = r.oldRSs;
        allRSs.append(r.newRS);
    }

    // Scale up the new replica set.
    scaleUpNewReplicaSetForRecreate(ctx, r.newRS, d, &error);
    if (!error.isEmpty())
        return error;

    if (du::DeploymentComplete(d, d.status)) {
        error = cleanupDeployment(ctx, r.oldRSs, d);
        if (!error.isEmpty())
            return error;
    }
    return syncRolloutStatus(ctx, allRSs, r.newRS, d);
}

bool DeploymentController::scaleDownOldReplicaSetsForRecreate(Context &ctx, RSList &oldRSs, const Deployment &d, QString *error)
{
    bool scaled = false;
    for (ReplicaSetPtr &rs : oldRSs) {
        if (rs->replicas() == 0)
            continue;   // scaling not required
        const int from = rs->replicas();
        const ScaleResult r = scaleReplicaSetAndRecordEvent(ctx, rs, 0, d);
        if (!r.error.isEmpty()) {
            *error = r.error;
            return false;
        }
        if (r.scaled) {
            ctx.note(QStringLiteral("scaleDownOldReplicaSetsForRecreate"),
                     QStringLiteral("scaled down %1 from %2 to 0 (Recreate: old pods go before new ones are created)")
                         .arg(rs->metadata.name)
                         .arg(from));
            rs = r.rs;
            scaled = true;
        }
    }
    return scaled;
}

bool DeploymentController::scaleUpNewReplicaSetForRecreate(Context &ctx, const ReplicaSetPtr &newRS, const Deployment &d,
                                                           QString *error)
{
    if (!newRS) {
        *error = QStringLiteral("no new replica set for deployment %1").arg(d.metadata.name);
        return false;
    }
    const int from = newRS->replicas();
    const ScaleResult r = scaleReplicaSetAndRecordEvent(ctx, newRS, d.replicas(), d);
    *error = r.error;
    if (r.scaled)
        ctx.note(QStringLiteral("scaleUpNewReplicaSetForRecreate"),
                 QStringLiteral("scaled up %1 from %2 to %3 (no old pod is running)").arg(newRS->metadata.name).arg(from).arg(d.replicas()));
    return r.scaled;
}

bool DeploymentController::oldPodsRunning(const ReplicaSetPtr &newRS, const RSList &oldRSs, const PodMap &podMap)
{
    if (du::GetActualReplicaCountForReplicaSets(oldRSs) > 0)
        return true;
    for (auto it = podMap.cbegin(); it != podMap.cend(); ++it) {
        // Pods of the new ReplicaSet do not count.
        if (newRS && newRS->metadata.uid == it.key())
            continue;
        for (const PodPtr &pod : it.value()) {
            // Terminal pods do not count; Unknown (a node out of touch) and every other phase
            // might still be running, so they do.
            const QString &phase = pod->status.phase;
            if (phase == QLatin1String("Failed") || phase == QLatin1String("Succeeded"))
                continue;
            return true;
        }
    }
    return false;
}

} // namespace rlab::controller
