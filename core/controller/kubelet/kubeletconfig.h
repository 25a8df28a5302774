// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QtGlobal>

namespace rlab::controller {

// How long the simulated kubelet takes for each stage of a pod, in virtual milliseconds
// (scenario `spec.kubelet: {pullDelay: 2s, startDelay: 1s, readyDelay: 1s, terminationDelay: 2s}`),
// plus upstream's back-off constants. A plain value: copy it to any thread.
//   scheduled at t0 → Pending (ContainerCreating), image pull starts
//   t0 + pullDelay               → image pulled, container created
//   t0 + pullDelay + startDelay  → Running (container started), and Ready with it when the
//                                   container has no readinessProbe (as upstream's prober manager)
//   + max(readyDelay, readinessProbe.initialDelaySeconds) → Ready, for a container with a probe
//   deletion seen at td → containers stopped at td + min(terminationDelay, grace) → removed
struct KubeletConfig
{
    qint64 pullDelayMs = 2000;          // one image pull (serialised per node, like serializeImagePulls)
    qint64 startDelayMs = 1000;         // create + start one container (also on every restart)
    qint64 readyDelayMs = 1000;         // started → first successful readiness probe (containers with one)
    qint64 terminationDelayMs = 2000;   // SIGTERM → exited, capped by the pod's grace period

    // pkg/kubelet: image pull back-off and CrashLoopBackOff both start at 10 s and double to 5 min.
    qint64 backOffInitialMs = 10'000;
    qint64 backOffMaxMs = 300'000;
    // The kubelet notices a container or pull change on its next PLEG relist (plegRelistPeriod 1 s):
    // ErrImagePull turns into ImagePullBackOff one relist after the failed pull.
    qint64 relistPeriodMs = 1000;
};

} // namespace rlab::controller
