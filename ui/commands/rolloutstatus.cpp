#include "ui/commands/rolloutstatus.h"

#include "core/api/deployment.h"

namespace rlab::ui {

namespace {
const api::Condition *findCondition(const api::DeploymentStatus &status, const QString &type)
{
    for (const api::Condition &c : status.conditions) {
        if (c.type == type)
            return &c;
    }
    return nullptr;
}
} // namespace

RolloutStatus RolloutStatus::of(const api::Deployment &d)
{
    const QString name = d.metadata.name;
    const api::DeploymentStatus &s = d.status;
    // kubectl: nothing is known until the controller has seen this generation.
    if (d.metadata.generation > s.observedGeneration)
        return {NotObserved, QStringLiteral("Waiting for deployment spec update to be observed...")};
    const api::Condition *progressing = findCondition(s, QStringLiteral("Progressing"));
    if (progressing && progressing->reason == QLatin1String("ProgressDeadlineExceeded"))
        return {Failed, QStringLiteral("error: deployment \"%1\" exceeded its progress deadline").arg(name)};
    const int want = d.replicas();
    if (s.updatedReplicas < want)
        return {Waiting, QStringLiteral("Waiting for deployment \"%1\" rollout to finish: %2 out of %3 new replicas have been updated...")
                             .arg(name).arg(s.updatedReplicas).arg(want)};
    if (s.replicas > s.updatedReplicas)
        return {Waiting, QStringLiteral("Waiting for deployment \"%1\" rollout to finish: %2 old replicas are pending termination...")
                             .arg(name).arg(s.replicas - s.updatedReplicas)};
    if (s.availableReplicas < s.updatedReplicas)
        return {Waiting, QStringLiteral("Waiting for deployment \"%1\" rollout to finish: %2 of %3 updated replicas are available...")
                             .arg(name).arg(s.availableReplicas).arg(s.updatedReplicas)};
    // kubectl would stop here; the controller marks completion on its next status update.
    if (!progressing || progressing->reason != QLatin1String("NewReplicaSetAvailable"))
        return {Waiting, QStringLiteral("Waiting for deployment \"%1\": the Progressing condition does not say NewReplicaSetAvailable yet...").arg(name)};
    return {Complete, QStringLiteral("deployment \"%1\" successfully rolled out").arg(name)};
}

} // namespace rlab::ui
