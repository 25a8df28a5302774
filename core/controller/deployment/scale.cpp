// SPDX-License-Identifier: Apache-2.0
// DeploymentController, sync.go: scaling events — isScalingEvent, proportional scaling of the
// new and old ReplicaSets (scale) and scaleReplicaSet with its ScalingReplicaSet event.
#include "core/controller/deployment/deploymentcontroller.h"

#include "core/client/interface.h"

#include <algorithm>

namespace rlab::controller {

using namespace rlab::api;
namespace du = deploymentutil;

// A change of spec.replicas alone shows as an active RS annotated for another size.
bool DeploymentController::isScalingEvent(Context &ctx, Deployment &d, RSList rsList, QString *error)
{
    const NewAndOld r = getAllReplicaSetsAndSyncRevision(ctx, d, std::move(rsList), false);
    if (!r.error.isEmpty()) {
        *error = r.error;
        return false;
    }
    RSList allRSs = r.oldRSs;
    allRSs.append(r.newRS);
    for (const ReplicaSetPtr &rs : du::FilterActiveReplicaSets(allRSs)) {
        const std::optional<int> desired = du::GetDesiredReplicasAnnotation(*rs);
        if (!desired)
            continue;
        if (*desired != d.replicas()) {
            ctx.note(QStringLiteral("isScalingEvent"),
                     QStringLiteral("replica set %1 is annotated desired-replicas %2 but the deployment wants %3: a scaling event, handled by sync")
                         .arg(rs->metadata.name)
                         .arg(*desired)
                         .arg(d.replicas()));
            return true;
        }
    }
    return false;
}

// Scales the ReplicaSets to spec.replicas (+ maxSurge while a rollout is in progress), in
// proportion to their sizes. Worked example (7 → 10, maxSurge 0, all annotated max 7): RSs
// v3 2 (new), v2 3, v1 2; toAdd = 10 - 7 = 3; order by size, newer first on ties: v2, v3, v1;
// v2 round(3*10/7 = 4.29) = 4 (+1), v3 round(2.86) = 3 (+1), v1 +1; added 3, leftover 0.
QString DeploymentController::scale(Context &ctx, const Deployment &d, const ReplicaSetPtr &newRS, RSList oldRSs)
{
    const QString fn = QStringLiteral("scale");
    // One active RS (or none: the newest) takes the whole size.
    if (const ReplicaSetPtr activeOrLatest = du::FindActiveOrLatest(newRS, oldRSs)) {
        if (activeOrLatest->replicas() == d.replicas())
            return {};
        const int from = activeOrLatest->replicas();
        const ScaleResult r = scaleReplicaSetAndRecordEvent(ctx, activeOrLatest, d.replicas(), d);
        if (r.error.isEmpty())
            ctx.note(fn, QStringLiteral("%1 is the only active replica set: scaled %2 from %3 to %4")
                             .arg(activeOrLatest->metadata.name, from < d.replicas() ? QStringLiteral("up") : QStringLiteral("down"))
                             .arg(from)
                             .arg(d.replicas()));
        return r.error;
    }

    // A saturated new RS: the old ones go to 0 (adoption during a saturated rollout).
    if (du::IsSaturated(d, newRS)) {
        for (const ReplicaSetPtr &old : du::FilterActiveReplicaSets(oldRSs)) {
            const int from = old->replicas();
            const ScaleResult r = scaleReplicaSetAndRecordEvent(ctx, old, 0, d);
            if (!r.error.isEmpty())
                return r.error;
            ctx.note(fn, QStringLiteral("new replica set %1 is saturated: scaled down old %2 from %3 to 0")
                             .arg(newRS->metadata.name, old->metadata.name)
                             .arg(from));
        }
        return {};
    }

    // Several active RSs and a new one that is not saturated: proportional scaling (RollingUpdate
    // only; Recreate with several active RSs waits for its rollout).
    if (!du::IsRollingUpdate(d))
        return {};
    // FindActiveOrLatest's order: old RSs newest first, then the new one.
    std::stable_sort(oldRSs.begin(), oldRSs.end(),
                     [](const ReplicaSetPtr &a, const ReplicaSetPtr &b) { return du::ReplicaSetsByCreationTimestamp(b, a); });
    RSList candidates = oldRSs;
    candidates.append(newRS);
    RSList allRSs = du::FilterActiveReplicaSets(candidates);
    const int allRSsReplicas = du::GetReplicaCountForReplicaSets(allRSs);
    const int maxSurge = du::MaxSurge(d);
    const int allowedSize = d.replicas() > 0 ? du::AddInt32(d.replicas(), maxSurge) : 0;
    // Replicas to add (or remove, < 0), shared in proportion, largest RS first; on equal sizes
    // newer first when adding and older first when removing.
    const int deploymentReplicasToAdd = du::SubInt32(allowedSize, allRSsReplicas);
    QString scalingOperation;
    if (deploymentReplicasToAdd > 0) {
        std::stable_sort(allRSs.begin(), allRSs.end(), du::ReplicaSetsBySizeNewer);
        scalingOperation = QStringLiteral("up");
    } else if (deploymentReplicasToAdd < 0) {
        std::stable_sort(allRSs.begin(), allRSs.end(), du::ReplicaSetsBySizeOlder);
        scalingOperation = QStringLiteral("down");
    }
    int deploymentReplicasAdded = 0;
    QList<int> sizes;
    for (const ReplicaSetPtr &rs : allRSs) {
        if (deploymentReplicasToAdd != 0) {
            const int proportion = du::GetProportion(rs, d, deploymentReplicasToAdd, deploymentReplicasAdded);
            sizes.append(rs->replicas() + proportion);
            deploymentReplicasAdded += proportion;
        } else {
            sizes.append(rs->replicas());
        }
    }
    QStringList plan;
    for (qsizetype i = 0; i < allRSs.size(); ++i) {
        // The leftover goes to the largest RS (first in the order), never below 0.
        if (i == 0 && deploymentReplicasToAdd != 0)
            sizes[0] = std::max(0, sizes[0] + deploymentReplicasToAdd - deploymentReplicasAdded);
        plan << QStringLiteral("%1 %2→%3").arg(allRSs[i]->metadata.name).arg(allRSs[i]->replicas()).arg(sizes[i]);
    }
    if (deploymentReplicasToAdd != 0)
        ctx.note(fn, QStringLiteral("proportional scaling to %1 replicas: %2 to %3 (allowed %4 = %5 + maxSurge %6, %7 in %8 active replica sets): %9")
                         .arg(d.replicas())
                         .arg(std::abs(deploymentReplicasToAdd))
                         .arg(deploymentReplicasToAdd >= 0 ? QStringLiteral("add") : QStringLiteral("remove"))
                         .arg(allowedSize)
                         .arg(d.replicas())
                         .arg(maxSurge)
                         .arg(allRSsReplicas)
                         .arg(allRSs.size())
                         .arg(plan.join(QStringLiteral(", "))));
    for (qsizetype i = 0; i < allRSs.size(); ++i) {
        // Every RS is written when its size or its desired/max annotations change; the first
        // error aborts and the deployment is requeued.
        const ScaleResult r = scaleReplicaSet(ctx, allRSs[i], sizes[i], d, scalingOperation);
        if (!r.error.isEmpty())
            return r.error;
    }
    return {};
}

DeploymentController::ScaleResult DeploymentController::scaleReplicaSetAndRecordEvent(Context &ctx, const ReplicaSetPtr &rs,
                                                                                     int newScale, const Deployment &d)
{
    if (rs->replicas() == newScale)
        return ScaleResult{false, rs, {}};   // no need to scale
    const QString scalingOperation = rs->replicas() < newScale ? QStringLiteral("up") : QStringLiteral("down");
    return scaleReplicaSet(ctx, rs, newScale, d, scalingOperation);
}

DeploymentController::ScaleResult DeploymentController::scaleReplicaSet(Context &ctx, const ReplicaSetPtr &rs, int newScale,
                                                                       const Deployment &d, const QString &scalingOperation)
{
    const bool sizeNeedsUpdate = rs->replicas() != newScale;
    const int desired = d.replicas(), max = du::AddInt32(d.replicas(), du::MaxSurge(d));
    const bool annotationsNeedUpdate = du::ReplicasAnnotationsNeedUpdate(*rs, desired, max);
    ScaleResult result{false, rs, {}};
    if (!sizeNeedsUpdate && !annotationsNeedUpdate)
        return result;
    const int oldScale = rs->replicas();
    auto rsCopy = std::make_shared<ReplicaSet>(*rs);
    rsCopy->spec.replicas = newScale;
    du::SetReplicasAnnotations(*rsCopy, desired, max);
    const apiserver::Result<ObjectPtr> updated = m_api.update(rsCopy);
    if (!updated.ok()) {
        ctx.note(QStringLiteral("scaleReplicaSet"),
                 QStringLiteral("updating %1 to %2 replicas failed: %3").arg(rs->metadata.name).arg(newScale).arg(updated.error->message));
        result.error = updated.error->message;
        return result;
    }
    result.rs = objectCast<ReplicaSet>(updated.value);
    if (sizeNeedsUpdate) {
        result.scaled = true;
        m_recorder.event(d, QStringLiteral("Normal"), QStringLiteral("ScalingReplicaSet"),
                         QStringLiteral("Scaled %1 replica set %2 to %3 from %4").arg(scalingOperation, rs->metadata.name).arg(newScale).arg(oldScale));
    } else {
        ctx.note(QStringLiteral("scaleReplicaSet"),
                 QStringLiteral("%1 keeps %2 replicas; annotations desired-replicas %3, max-replicas %4 refreshed")
                     .arg(rs->metadata.name)
                     .arg(newScale)
                     .arg(desired)
                     .arg(max));
    }
    return result;
}

} // namespace rlab::controller
