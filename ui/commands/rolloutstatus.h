#pragma once
#include <QString>

namespace rlab::api {
class Deployment;
}

namespace rlab::ui {

// Where a Deployment's rollout stands, in the words of `kubectl rollout status`
// (kubectl's DeploymentStatusViewer), plus the controller's own verdict: "Complete" needs both
// kubectl's "successfully rolled out" (updated = available = replicas, no old pods left,
// generation observed) and the Progressing condition's reason NewReplicaSetAvailable.
// Example: spec.replicas 3, status {replicas 4, updated 3, available 2} → Waiting, "Waiting
// for deployment "web" rollout to finish: 1 old replicas are pending termination...".
// A plain value; any thread.
struct RolloutStatus
{
    enum State { NotObserved, Waiting, Complete, Failed };

    State state = NotObserved;
    QString message;   // kubectl's line, without the trailing newline

    bool isComplete() const { return state == Complete; }
    bool isFinal() const { return state == Complete || state == Failed; }
    static RolloutStatus of(const api::Deployment &deployment);
};

} // namespace rlab::ui
