// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/pod.h"
#include "core/controller/kubelet/podruntime.h"

namespace rlab::controller {

// The kubelet's generateAPIPodStatus + the status manager's merge: from a pod's runtime record
// it builds the PodStatus the API should show — phase (upstream getPhase), hostIP, podIP once
// the sandbox is up, startTime, containerStatuses, and the conditions in kubectl's order
// PodReadyToStartContainers, Initialized, Ready, ContainersReady, PodScheduled (conditions the
// kubelet does not own, such as DisruptionTarget, are kept first). A condition whose status is
// unchanged keeps its lastTransitionTime; a new Ready=True is stamped with the moment the last
// container became ready (what minReadySeconds counts from), never before `notBeforeMs`.
// Static, pure functions: any thread.
class PodStatusBuilder
{
public:
    static api::PodStatus build(const api::Pod &current, const PodRuntime &runtime, const QString &hostIP, qint64 atMs,
                                qint64 notBeforeMs = 0);
    // upstream getPhase; podIsTerminal: the kubelet stopped the pod's containers for good.
    static QString phase(const api::PodSpec &spec, const QList<api::ContainerStatus> &statuses, bool podIsTerminal);
    // kubectl get pods' STATUS column: ContainerCreating, Running, ErrImagePull, Terminating, …
    static QString displayStatus(const api::Pod &pod) { return displayStatus(pod.metadata, pod.status); }
    // The same for a pod's metadata with another status (the one about to be written).
    static QString displayStatus(const api::ObjectMeta &metadata, const api::PodStatus &status);
};

} // namespace rlab::controller
