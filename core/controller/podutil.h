// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/pod.h"

#include <QList>

#include <memory>

namespace rlab::controller {

using PodPtr = std::shared_ptr<const api::Pod>;

// Pod predicates the controllers share, with upstream's names and rules
// (k8s.io/kubernetes pkg/api/v1/pod/util.go and pkg/controller/controller_utils.go).
// Pure functions of immutable values: any thread. Times are virtual-clock milliseconds.
//
// Worked example, minReadySeconds 10, a pod Ready=True since t=100 000 ms:
//   IsPodAvailable(pod, 10, 110 000) == false   (100 000 + 10 000 is not before 110 000)
//   IsPodAvailable(pod, 10, 110 001) == true
//   IsPodAvailable(pod, 0, anything) == true    (Ready is enough without minReadySeconds)
// A Ready condition without lastTransitionTime is never available when minReadySeconds > 0.

// The first condition of type Ready (GetPodReadyCondition), or nullptr.
const api::Condition *GetPodReadyCondition(const api::Pod &pod);
// Ready condition is True.
bool IsPodReady(const api::Pod &pod);
// Ready, and Ready for longer than minReadySeconds at nowMs (see the example above).
bool IsPodAvailable(const api::Pod &pod, int minReadySeconds, qint64 nowMs);
// lastTransitionTime of a True Ready condition; 0 when not ready (controller_utils podReadyTime).
api::Time podReadyTime(const api::Pod &pod);
// Phase Succeeded or Failed (IsPodTerminal).
bool IsPodTerminal(const api::Pod &pod);
// Not terminal and no deletionTimestamp: counts as a replica.
bool IsPodActive(const api::Pod &pod);
// deletionTimestamp set but not terminal yet: still running its grace period.
bool IsPodTerminating(const api::Pod &pod);
// The active pods, in input order.
QList<PodPtr> FilterActivePods(const QList<PodPtr> &pods);
// The terminating pods, in input order.
QList<PodPtr> FilterTerminatingPods(const QList<PodPtr> &pods);

} // namespace rlab::controller
