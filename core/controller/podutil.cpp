// SPDX-License-Identifier: Apache-2.0
#include "core/controller/podutil.h"

namespace rlab::controller {

namespace {
const QString kReady = QStringLiteral("Ready");
const QString kTrue = QStringLiteral("True");
} // namespace

const api::Condition *GetPodReadyCondition(const api::Pod &pod)
{
    for (const api::Condition &c : pod.status.conditions)
        if (c.type == kReady)
            return &c;
    return nullptr;
}

bool IsPodReady(const api::Pod &pod)
{
    const api::Condition *c = GetPodReadyCondition(pod);
    return c && c->status == kTrue;
}

bool IsPodAvailable(const api::Pod &pod, int minReadySeconds, qint64 nowMs)
{
    if (!IsPodReady(pod))
        return false;
    if (minReadySeconds == 0)
        return true;
    const api::Time since = GetPodReadyCondition(pod)->lastTransitionTime;
    return since != 0 && since + qint64(minReadySeconds) * 1000 < nowMs;
}

api::Time podReadyTime(const api::Pod &pod)
{
    return IsPodReady(pod) ? GetPodReadyCondition(pod)->lastTransitionTime : 0;
}

bool IsPodTerminal(const api::Pod &pod)
{
    return pod.status.phase == QLatin1String("Succeeded") || pod.status.phase == QLatin1String("Failed");
}

bool IsPodActive(const api::Pod &pod)
{
    return !IsPodTerminal(pod) && pod.metadata.deletionTimestamp == 0;
}

bool IsPodTerminating(const api::Pod &pod)
{
    return !IsPodTerminal(pod) && pod.metadata.deletionTimestamp != 0;
}

QList<PodPtr> FilterActivePods(const QList<PodPtr> &pods)
{
    QList<PodPtr> out;
    for (const PodPtr &p : pods)
        if (p && IsPodActive(*p))
            out.append(p);
    return out;
}

QList<PodPtr> FilterTerminatingPods(const QList<PodPtr> &pods)
{
    QList<PodPtr> out;
    for (const PodPtr &p : pods)
        if (p && IsPodTerminating(*p))
            out.append(p);
    return out;
}

} // namespace rlab::controller
