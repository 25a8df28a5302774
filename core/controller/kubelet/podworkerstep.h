// SPDX-License-Identifier: Apache-2.0
// Internal to PodWorker (podworker.cpp, containerstages.cpp): the context of one sync and the
// small helpers both files use. Not part of the kubelet's interface.
#pragma once
#include "core/controller/kubelet/podfaults.h"
#include "core/controller/kubelet/podworker.h"

#include <algorithm>
#include <optional>

namespace rlab::controller {

namespace podworker {
inline const QString kNormal = QStringLiteral("Normal");
inline const QString kWarning = QStringLiteral("Warning");

inline const api::Container *specOf(const api::Pod &pod, const QString &name)
{
    for (const api::Container &c : pod.spec.containers)
        if (c.name == name)
            return &c;
    return nullptr;
}

inline api::ContainerState waiting(const QString &reason, const QString &message = {})
{
    api::ContainerState s;
    s.waiting = api::ContainerStateWaiting{reason, message};
    return s;
}

inline api::ContainerState terminated(const api::ContainerStateTerminated &t)
{
    api::ContainerState s;
    s.terminated = t;
    return s;
}

// How long after it starts a container passes readiness: nullopt when at once. Upstream's prober
// manager (prober_manager.go UpdatePodStatus) reports a running container that has no readiness
// probe ready straight away; one with a probe once the probe passes, here after
// max(readyDelay, initialDelaySeconds). rlab.dev/never-ready stands for a probe that always
// fails, so it waits like one. E.g. nginx with no probe, started at 3 s: Ready at 3 s (one status
// write, Running and Ready); with a probe of initialDelaySeconds 5: Running at 3 s, Ready at 8 s.
inline std::optional<qint64> readinessDelayMs(const api::Container *spec, const PodFaults &faults, const KubeletConfig &config)
{
    const bool probed = spec && spec->readinessProbe;
    if (!probed && !faults.neverReady)
        return std::nullopt;
    const qint64 initial = probed ? spec->readinessProbe->initialDelaySeconds * 1000LL : 0;
    return std::max(config.readyDelayMs, initial);
}

// API times have second precision.
inline qint64 seconds(qint64 ms)
{
    return ms / 1000 * 1000;
}
} // namespace podworker

// One PodWorker::sync in progress: the pod as the informer shows it, its record, the result
// being built and the pod's fault annotations. Lives on the stack of sync(), under its mutex.
struct PodWorker::Step
{
    const api::Pod &pod;
    PodRuntime &rec;
    PodWorkerResult &out;
    PodFaults faults;

    void event(const QString &type, const QString &reason, const QString &message)
    {
        out.events.append(PodWorkerResult::Event{type, reason, message});
    }
    void phase(const QString &sentence) { out.phases.append(sentence); }
    // The reported status of `c`, one of rec.containers: rec.statuses at its index (writing it
    // detaches the list from the pod version that shares it).
    api::ContainerStatus &status(const ContainerRuntime &c)
    {
        const qsizetype i = &c - rec.containers.constData();
        Q_ASSERT(i >= 0 && i < rec.statuses.size());
        return rec.statuses[i];
    }
    // upstream format.Pod: "name_namespace(uid)"
    QString podName() const
    {
        return QStringLiteral("%1_%2(%3)").arg(pod.metadata.name, pod.metadata.namespace_, pod.metadata.uid);
    }
};

} // namespace rlab::controller
