// SPDX-License-Identifier: Apache-2.0
// DeploymentController, progress.go: the Progressing condition and the progress deadline.
// Progress (more updated/ready/available pods, fewer old ones) refreshes the condition's
// lastUpdateTime; a rollout with no progress for progressDeadlineSeconds gets
// Progressing=False ProgressDeadlineExceeded. The timeout is only reported — nothing is rolled
// back. Example, deadline 600 s, last progress at 00:00:00, a sync at 00:03:00 without
// progress: requeueStuckDeployment enqueues the key after 7 min + 1 s, and that sync times out.
#include "core/controller/deployment/deploymentcontroller.h"

namespace rlab::controller {

using namespace rlab::api;
namespace du = deploymentutil;

namespace {
const QString kTrue = QStringLiteral("True");
const QString kFalse = QStringLiteral("False");
} // namespace

QString DeploymentController::syncRolloutStatus(Context &ctx, const RSList &allRSs, const ReplicaSetPtr &newRS, Deployment &d)
{
    const QString fn = QStringLiteral("syncRolloutStatus");
    DeploymentStatus newStatus = calculateStatus(allRSs, newRS, d);

    // Without a progress deadline there is no Progressing condition.
    if (!du::HasProgressDeadline(d))
        du::RemoveDeploymentCondition(newStatus, du::DeploymentProgressingType);

    // A single active RS with a complete rollout behind it is a resync: no progress to estimate.
    const Condition *currentCond = du::GetDeploymentCondition(d.status, du::DeploymentProgressingType);
    const bool isCompleteDeployment =
        newStatus.replicas == newStatus.updatedReplicas && currentCond && currentCond->reason == du::NewRSAvailableReason;
    QString progress;
    if (du::HasProgressDeadline(d) && !isCompleteDeployment) {
        if (du::DeploymentComplete(d, newStatus)) {
            const QString msg = newRS ? QStringLiteral("ReplicaSet \"%1\" has successfully progressed.").arg(newRS->metadata.name)
                                      : QStringLiteral("Deployment \"%1\" has successfully progressed.").arg(d.metadata.name);
            du::SetDeploymentCondition(newStatus, du::NewDeploymentCondition(du::DeploymentProgressingType, kTrue,
                                                                             du::NewRSAvailableReason, msg, now()));
            progress = QStringLiteral("the rollout is complete: Progressing=True NewReplicaSetAvailable");
        } else if (du::DeploymentProgressing(d, newStatus)) {
            // Progress: a fresh lastUpdateTime even when the reason stays the same — this is
            // how the deadline is pushed back. lastTransitionTime stays if it was True already.
            const QString msg = newRS ? QStringLiteral("ReplicaSet \"%1\" is progressing.").arg(newRS->metadata.name)
                                      : QStringLiteral("Deployment \"%1\" is progressing.").arg(d.metadata.name);
            Condition condition = du::NewDeploymentCondition(du::DeploymentProgressingType, kTrue, du::ReplicaSetUpdatedReason, msg, now());
            if (currentCond) {
                if (currentCond->status == kTrue)
                    condition.lastTransitionTime = currentCond->lastTransitionTime;
                du::RemoveDeploymentCondition(newStatus, du::DeploymentProgressingType);
            }
            du::SetDeploymentCondition(newStatus, condition);
            progress = QStringLiteral("progress (updated %1→%2, old %3→%4, ready %5→%6, available %7→%8): "
                                      "Progressing=True ReplicaSetUpdated, deadline restarted")
                           .arg(d.status.updatedReplicas)
                           .arg(newStatus.updatedReplicas)
                           .arg(d.status.replicas - d.status.updatedReplicas)
                           .arg(newStatus.replicas - newStatus.updatedReplicas)
                           .arg(d.status.readyReplicas)
                           .arg(newStatus.readyReplicas)
                           .arg(d.status.availableReplicas)
                           .arg(newStatus.availableReplicas);
        } else if (du::DeploymentTimedOut(d, newStatus, now())) {
            const QString msg = newRS ? QStringLiteral("ReplicaSet \"%1\" has timed out progressing.").arg(newRS->metadata.name)
                                      : QStringLiteral("Deployment \"%1\" has timed out progressing.").arg(d.metadata.name);
            du::SetDeploymentCondition(newStatus, du::NewDeploymentCondition(du::DeploymentProgressingType, kFalse,
                                                                             du::TimedOutReason, msg, now()));
            progress = QStringLiteral("no progress for progressDeadlineSeconds %1: Progressing=False ProgressDeadlineExceeded")
                           .arg(*d.spec.progressDeadlineSeconds);
        }
    }

    // The ReplicaFailure of the new RS (else of any RS) becomes the deployment's.
    const QList<Condition> replicaFailureCond = getReplicaFailures(allRSs, newRS);
    if (!replicaFailureCond.isEmpty())
        du::SetDeploymentCondition(newStatus, replicaFailureCond.front());
    else
        du::RemoveDeploymentCondition(newStatus, du::DeploymentReplicaFailure);

    // Nothing new: only make sure the deadline will be checked.
    if (d.status == newStatus) {
        const qint64 after = requeueStuckDeployment(ctx, d, newStatus);
        if (after > 0)
            ctx.note(fn, QStringLiteral("no change; no progress: progress check queued in %1 s (lastUpdateTime + %2 s + 1 s)")
                             .arg(double(after + 1000) / 1000.0)
                             .arg(*d.spec.progressDeadlineSeconds));
        else if (after == 0)
            ctx.note(fn, QStringLiteral("no change; the progress deadline is due: requeued (rate limited) for a progress check"));
        return {};
    }
    d.status = newStatus;
    ctx.note(fn, QStringLiteral("status: %1 replicas, %2 updated, %3 ready, %4 available, %5 unavailable%6")
                     .arg(newStatus.replicas)
                     .arg(newStatus.updatedReplicas)
                     .arg(newStatus.readyReplicas)
                     .arg(newStatus.availableReplicas)
                     .arg(newStatus.unavailableReplicas)
                     .arg(progress.isEmpty() ? QString() : QStringLiteral("; ") + progress));
    return updateStatus(ctx, fn, d);
}

QList<Condition> DeploymentController::getReplicaFailures(const RSList &allRSs, const ReplicaSetPtr &newRS) const
{
    QList<Condition> conditions;
    if (newRS)
        for (const Condition &c : newRS->status.conditions)
            if (c.type == du::DeploymentReplicaFailure)
                conditions.append(du::ReplicaSetToDeploymentCondition(c));
    // The new RS's failures win over the old ones'.
    if (!conditions.isEmpty())
        return conditions;
    for (const ReplicaSetPtr &rs : allRSs) {
        if (!rs)
            continue;
        for (const Condition &c : rs->status.conditions)
            if (c.type == du::DeploymentReplicaFailure)
                conditions.append(du::ReplicaSetToDeploymentCondition(c));
    }
    return conditions;
}

qint64 DeploymentController::requeueStuckDeployment(Context &, const Deployment &d, const DeploymentStatus &newStatus)
{
    const Condition *currentCond = du::GetDeploymentCondition(d.status, du::DeploymentProgressingType);
    // No deadline, or no Progressing condition to measure from.
    if (!du::HasProgressDeadline(d) || !currentCond)
        return -1;
    // Complete or already timed out: nothing to check.
    if (du::DeploymentComplete(d, newStatus) || currentCond->reason == du::TimedOutReason)
        return -1;
    // No sign of progress now: check again when the deadline passes, e.g. updated 3 minutes
    // ago with a deadline of 10 minutes -> in 7 minutes.
    const qint64 after = currentCond->lastUpdateTime + qint64(*d.spec.progressDeadlineSeconds) * 1000 - now();
    if (after < 1000) {
        // Less than a second left: now, rate limited so as to stay safe.
        m_controller.enqueueRateLimited(d.key());
        return 0;
    }
    // One more second against skew between the clocks of AddAfter and the condition.
    m_controller.enqueueAfter(d.key(), after + 1000);
    return after;
}

} // namespace rlab::controller
