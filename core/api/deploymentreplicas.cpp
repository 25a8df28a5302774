// SPDX-License-Identifier: Apache-2.0
// deploymentutil: the replica arithmetic (fenceposts, NewRSNewReplicas, proportional scaling),
// the status predicates and the sums over ReplicaSets.
#include "core/api/deploymentutil.h"

#include <algorithm>
#include <cmath>

namespace rlab::deploymentutil {

using namespace rlab::api;

namespace {
std::optional<IntOrString> rollingField(const Deployment &d, bool surge)
{
    if (!d.spec.strategy.rollingUpdate)
        return std::nullopt;
    return surge ? d.spec.strategy.rollingUpdate->maxSurge : d.spec.strategy.rollingUpdate->maxUnavailable;
}
} // namespace

// --- Rolling-update arithmetic ------------------------------------------------------------

Fenceposts ResolveFenceposts(const std::optional<IntOrString> &maxSurge, const std::optional<IntOrString> &maxUnavailable,
                             int desired)
{
    Fenceposts f;
    const std::optional<int> surge = maxSurge.value_or(IntOrString::fromInt(0)).scaledValue(desired, true, &f.error);
    if (!surge)
        return Fenceposts{0, 0, f.error};
    const std::optional<int> unavailable =
        maxUnavailable.value_or(IntOrString::fromInt(0)).scaledValue(desired, false, &f.error);
    if (!unavailable)
        return Fenceposts{0, 0, f.error};
    f.surge = *surge;
    f.unavailable = *unavailable;
    // Validation forbids 0/0, but rounding down may still produce it: allow one unavailable pod
    // so that the rollout can always make progress (surge might be blocked by quota).
    if (f.surge == 0 && f.unavailable == 0)
        f.unavailable = 1;
    return f;
}

bool IsRollingUpdate(const Deployment &d)
{
    return d.spec.strategy.type == QLatin1String("RollingUpdate");
}

int MaxSurge(const Deployment &d)
{
    if (!IsRollingUpdate(d))
        return 0;
    return ResolveFenceposts(rollingField(d, true), rollingField(d, false), d.replicas()).surge;
}

int MaxUnavailable(const Deployment &d)
{
    if (!IsRollingUpdate(d) || d.replicas() == 0)
        return 0;
    const int unavailable = ResolveFenceposts(rollingField(d, true), rollingField(d, false), d.replicas()).unavailable;
    return std::min(unavailable, d.replicas());
}

int MinAvailable(const Deployment &d)
{
    if (!IsRollingUpdate(d))
        return 0;
    return d.replicas() - MaxUnavailable(d);
}

int NewRSNewReplicas(const Deployment &d, const QList<ReplicaSetPtr> &allRSs, const ReplicaSet &newRS, QString *error)
{
    if (IsRollingUpdate(d)) {
        const std::optional<IntOrString> surgeField = rollingField(d, true);
        if (!surgeField) {
            if (error)
                *error = QStringLiteral("nil value for IntOrString");
            return 0;
        }
        QString err;
        const std::optional<int> maxSurge = surgeField->scaledValue(d.replicas(), true, &err);
        if (!maxSurge) {
            if (error)
                *error = err;
            return 0;
        }
        const int currentPodCount = GetReplicaCountForReplicaSets(allRSs);
        const int maxTotalPods = AddInt32(d.replicas(), *maxSurge);
        if (currentPodCount >= maxTotalPods)
            return newRS.replicas();   // cannot scale up
        const int scaleUpCount = std::min(SubInt32(maxTotalPods, currentPodCount), d.replicas() - newRS.replicas());
        return newRS.replicas() + scaleUpCount;
    }
    if (d.spec.strategy.type == QLatin1String("Recreate"))
        return d.replicas();
    if (error)
        *error = QStringLiteral("deployment type %1 isn't supported").arg(d.spec.strategy.type);
    return 0;
}

// --- Status predicates --------------------------------------------------------------------

bool HasProgressDeadline(const Deployment &d)
{
    return d.spec.progressDeadlineSeconds.has_value() && *d.spec.progressDeadlineSeconds != MaxInt32;
}

bool HasRevisionHistoryLimit(const Deployment &d)
{
    return d.spec.revisionHistoryLimit.has_value() && *d.spec.revisionHistoryLimit != MaxInt32;
}

bool DeploymentComplete(const Deployment &d, const DeploymentStatus &newStatus)
{
    return newStatus.updatedReplicas == d.replicas() && newStatus.replicas == d.replicas()
        && newStatus.availableReplicas == d.replicas() && newStatus.observedGeneration >= d.metadata.generation;
}

bool DeploymentProgressing(const Deployment &d, const DeploymentStatus &newStatus)
{
    const DeploymentStatus &oldStatus = d.status;
    const int oldStatusOldReplicas = oldStatus.replicas - oldStatus.updatedReplicas;
    const int newStatusOldReplicas = newStatus.replicas - newStatus.updatedReplicas;
    return newStatus.updatedReplicas > oldStatus.updatedReplicas || newStatusOldReplicas < oldStatusOldReplicas
        || newStatus.readyReplicas > oldStatus.readyReplicas || newStatus.availableReplicas > oldStatus.availableReplicas;
}

bool DeploymentTimedOut(const Deployment &d, const DeploymentStatus &newStatus, qint64 nowMs)
{
    if (!HasProgressDeadline(d))
        return false;
    const Condition *condition = GetDeploymentCondition(newStatus, DeploymentProgressingType);
    if (!condition)
        return false;   // no base to estimate progress from
    // A finished rollout is never re-judged (the cache may lag behind a new ReplicaSet).
    if (condition->reason == NewRSAvailableReason)
        return false;
    if (condition->reason == TimedOutReason)
        return true;
    const qint64 deadline = condition->lastUpdateTime + qint64(*d.spec.progressDeadlineSeconds) * 1000;
    return deadline < nowMs;
}

bool IsSaturated(const Deployment &d, const ReplicaSetPtr &rs)
{
    if (!rs)
        return false;
    bool ok = false;
    const int desired = rs->metadata.annotations.value(DesiredReplicasAnnotation).toInt(&ok);
    if (!ok)
        return false;
    return rs->replicas() == d.replicas() && desired == d.replicas() && rs->status.availableReplicas == d.replicas();
}

// --- Sums ---------------------------------------------------------------------------------

int GetReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss)
{
    int total = 0;
    for (const ReplicaSetPtr &rs : rss)
        if (rs)
            total += rs->replicas();
    return total;
}

int GetActualReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss)
{
    int total = 0;
    for (const ReplicaSetPtr &rs : rss)
        if (rs)
            total += rs->status.replicas;
    return total;
}

int GetReadyReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss)
{
    int total = 0;
    for (const ReplicaSetPtr &rs : rss)
        if (rs)
            total += rs->status.readyReplicas;
    return total;
}

int GetAvailableReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss)
{
    int total = 0;
    for (const ReplicaSetPtr &rs : rss)
        if (rs)
            total += rs->status.availableReplicas;
    return total;
}

std::optional<int> GetTerminatingReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss)
{
    int total = 0;
    for (const ReplicaSetPtr &rs : rss) {
        if (!rs)
            continue;
        if (!rs->status.terminatingReplicas) {
            // Never synced (observedGeneration 0): nothing can be terminating yet. Synced but not
            // reporting: unknown.
            if (rs->status.observedGeneration != 0)
                return std::nullopt;
            continue;
        }
        total += *rs->status.terminatingReplicas;
    }
    return total;
}

// --- Proportional scaling -----------------------------------------------------------------

int GetProportion(const ReplicaSetPtr &rs, const Deployment &d, int deploymentReplicasToAdd, int deploymentReplicasAdded)
{
    if (!rs || rs->replicas() == 0 || deploymentReplicasToAdd == 0 || deploymentReplicasToAdd == deploymentReplicasAdded)
        return 0;
    const int rsFraction = getReplicaSetFraction(*rs, d);
    const int allowed = deploymentReplicasToAdd - deploymentReplicasAdded;
    // Scaling up never adds more than is left to add; scaling down never removes more.
    if (deploymentReplicasToAdd > 0)
        return std::min(rsFraction, allowed);
    return std::max(rsFraction, allowed);
}

int getReplicaSetFraction(const ReplicaSet &rs, const Deployment &d)
{
    // Scaling to zero: the fraction of every RS is its whole size.
    if (d.replicas() == 0)
        return -rs.replicas();
    const int deploymentMaxReplicas = AddInt32(d.replicas(), MaxSurge(d));
    int maxBeforeScale = getMaxReplicasAnnotation(rs).value_or(0);
    if (maxBeforeScale == 0) {
        // Annotation removed or zeroed by someone else: fall back to the deployment's size.
        maxBeforeScale = d.status.replicas;
        if (maxBeforeScale == 0)
            return 0;
    }
    // Go multiplies the two int32s (wrapping) before the float division.
    const double newRSsize = double(MulInt32(rs.replicas(), deploymentMaxReplicas)) / double(maxBeforeScale);
    return int(std::lround(newRSsize)) - rs.replicas();   // round half away from zero
}

ReplicaSetPtr FindActiveOrLatest(const ReplicaSetPtr &newRS, const QList<ReplicaSetPtr> &oldRSs)
{
    if (!newRS && oldRSs.isEmpty())
        return nullptr;
    QList<ReplicaSetPtr> newestFirst = oldRSs;
    std::stable_sort(newestFirst.begin(), newestFirst.end(),
                     [](const ReplicaSetPtr &a, const ReplicaSetPtr &b) { return ReplicaSetsByCreationTimestamp(b, a); });
    QList<ReplicaSetPtr> all = newestFirst;
    all.append(newRS);
    const QList<ReplicaSetPtr> active = FilterActiveReplicaSets(all);
    switch (active.size()) {
    case 0:
        // None active: the newest.
        return newRS ? newRS : newestFirst.front();
    case 1:
        return active.front();
    default:
        return nullptr;
    }
}

} // namespace rlab::deploymentutil
