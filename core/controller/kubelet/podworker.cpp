// SPDX-License-Identifier: Apache-2.0
// PodWorker: records, the sync loop, adoption, termination and node-failure bookkeeping. The
// container stage transitions are in containerstages.cpp.
#include "core/controller/kubelet/podworker.h"

#include "core/base/joined.h"
#include "core/controller/kubelet/goduration.h"
#include "core/controller/kubelet/imagerules.h"
#include "core/controller/kubelet/podworkerstep.h"

#include <algorithm>

namespace rlab::controller {

using namespace rlab::api;
using namespace rlab::controller::podworker;
using Stage = ContainerRuntime::Stage;

PodWorker::PodWorker(KubeletConfig config) : m_config(config) { }

PodWorkerResult PodWorker::sync(const Pod &pod, const QString &podCIDR, qint64 now)
{
    std::lock_guard lock(m_mutex);
    PodWorkerResult out;
    bool isNew = false;
    PodRuntime &rec = recordFor(pod, podCIDR, now, &isNew);
    Step s{pod, rec, out, PodFaults::of(pod)};
    if (isNew) {
        if (!s.faults.problem.isEmpty())
            s.phase(s.faults.problem);
        const bool adopted = std::any_of(rec.containers.cbegin(), rec.containers.cend(),
                                         [](const ContainerRuntime &c) { return c.stage != Stage::NotStarted; });
        if (!adopted && !rec.containers.isEmpty())
            s.phase(joined(u"syncPod ", pod.metadata.name,
                           u": new pod on this node → Pending (ContainerCreating); sandbox created, starting ",
                           QString::number(rec.containers.size()), u" container(s) in order"));
        if (!rec.killed && pod.metadata.deletionTimestamp == 0) {
            for (ContainerRuntime &c : rec.containers) {
                if (c.stage == Stage::NotStarted) {
                    ensureImage(s, c, now);
                    break;
                }
            }
        }
    }
    if (pod.metadata.deletionTimestamp != 0 && !rec.killed) {
        const qint64 grace = pod.metadata.deletionGracePeriodSeconds.value_or(pod.spec.terminationGracePeriodSeconds.value_or(30));
        if (rec.killStartedAt == 0)
            beginKill(s, now, grace);
        else
            rec.killDoneAt = std::min(rec.killDoneAt, now + std::min(m_config.terminationDelayMs, grace * 1000));
    }
    // Apply every due transition in time order (ties: the kill first, then spec order).
    for (int guard = 0; guard < 10'000; ++guard) {
        qint64 due = 0;
        ContainerRuntime *next = nullptr;
        if (rec.killStartedAt != 0 && !rec.killed) {
            due = rec.killDoneAt;
        } else if (!rec.killed) {
            for (ContainerRuntime &c : rec.containers) {
                const qint64 d = c.due();
                if (d > 0 && (due == 0 || d < due)) {
                    due = d;
                    next = &c;
                }
            }
        }
        if (due == 0 || due > now) {
            out.nextAt = due;
            break;
        }
        out.at = due;
        if (next)
            advance(s, *next, due);
        else
            finishKill(s, due);
    }
    if (out.at == 0)
        out.at = now;
    out.remove = rec.killed;
    out.runtime = rec;
    return out;
}

PodRuntime &PodWorker::recordFor(const Pod &pod, const QString &podCIDR, qint64 now, bool *isNew)
{
    const QString &uid = pod.metadata.uid;
    // A known pod (most syncs): one lookup, by the key the sync came with (its characters were
    // just read by the queue and the lister; a pod's uid, in a block of its own, had sat cold
    // since the last sync: hashing it was a cache miss a sync). The record is the pod's if its
    // uid is the pod's (the same characters in memory: versions of a pod share them).
    const QString key = pod.key();
    auto it = m_pods.find(key);
    if (it != m_pods.end() && it->uid == uid) {
        *isNew = false;
        return *it;
    }
    *isNew = true;
    if (it != m_pods.end()) {   // deleted and created again under the same name
        m_ips.release(it->uid);
        m_pods.erase(it);
    }
    PodRuntime rec;
    rec.uid = uid;
    rec.key = key;
    rec.firstSeen = seconds(now);
    rec.containers.reserve(pod.spec.containers.size());
    rec.statuses.reserve(pod.spec.containers.size());
    for (const Container &spec : pod.spec.containers) {
        ContainerRuntime c;
        c.name = spec.name;
        c.image = spec.image;
        rec.containers.append(c);
        ContainerStatus status;
        status.name = spec.name;
        status.image = spec.image;
        status.started = false;
        status.state = waiting(QStringLiteral("ContainerCreating"));
        rec.statuses.append(status);
    }
    adopt(rec, pod, podCIDR, now);
    if (rec.podIP.isEmpty())
        rec.podIP = m_ips.allocate(uid, podCIDR);
    return *m_pods.insert(key, rec);
}

// A pod that already runs when the kubelet first sees it (scenario `objects:` with a status,
// a restarted kubelet): keep its running containers, IP and start time instead of starting over.
void PodWorker::adopt(PodRuntime &rec, const Pod &pod, const QString &podCIDR, qint64 now)
{
    const PodStatus &st = pod.status;
    const bool terminal = st.phase == QLatin1String("Succeeded") || st.phase == QLatin1String("Failed");
    bool any = terminal;
    PodFaults faults = PodFaults::of(pod);
    for (qsizetype i = 0; i < rec.containers.size(); ++i) {
        ContainerRuntime &c = rec.containers[i];
        ContainerStatus &status = rec.statuses[i];
        for (const ContainerStatus &cs : st.containerStatuses) {
            if (cs.name != c.name)
                continue;
            status.restartCount = cs.restartCount;
            status.lastState = cs.lastState;
            if (terminal) {
                status = cs;
                c.stage = Stage::Exited;
            } else if (cs.state.running) {
                any = true;
                status = cs;
                c.stage = Stage::Running;
                c.since = cs.state.running->startedAt;
                m_images.markPresent(ImageRules::statusImage(c.image), now);
                if (cs.ready) {
                    c.readySince = cs.state.running->startedAt;
                } else {
                    // Not ready yet: at once with no probe (this sync), else after the probe's delay.
                    c.readyAt = now + readinessDelayMs(specOf(pod, c.name), faults, m_config).value_or(0);
                }
                if (faults.crashAfterMs)
                    c.crashAt = std::max(now, c.since + *faults.crashAfterMs);
            }
        }
    }
    if (!any)
        return;
    if (st.startTime != 0)
        rec.firstSeen = st.startTime;
    if (!st.podIP.isEmpty() && m_ips.reserve(rec.uid, st.podIP, podCIDR)) {
        rec.podIP = st.podIP;
        rec.sandboxReadyAt = rec.firstSeen;
    }
    if (terminal)
        rec.killed = pod.metadata.deletionTimestamp != 0;
}

void PodWorker::sandboxReady(Step &s, qint64 t)
{
    if (s.rec.sandboxReadyAt == 0)
        s.rec.sandboxReadyAt = t;
}

void PodWorker::beginKill(Step &s, qint64 t, qint64 graceSeconds)
{
    const qint64 graceMs = std::max<qint64>(0, graceSeconds) * 1000;
    QStringList running;
    for (ContainerRuntime &c : s.rec.containers) {
        if (c.stage == Stage::Running) {
            running << c.name;
            s.event(kNormal, QStringLiteral("Killing"), m_killingMessages.get(c.name, [&] { return joined(u"Stopping container ", c.name); }));
        }
        c.nextAt = c.readyAt = c.crashAt = 0;
    }
    s.rec.killStartedAt = t;
    s.rec.killedBySigkill = !running.isEmpty() && m_config.terminationDelayMs > graceMs;
    s.rec.killDoneAt = running.isEmpty() ? t : t + std::min(m_config.terminationDelayMs, graceMs);
    if (running.isEmpty()) {
        s.phase(QStringLiteral("%1: deletionTimestamp is set → Terminating: no container is running, nothing to stop")
                    .arg(s.pod.metadata.name));
        return;
    }
    s.phase(joined(s.pod.metadata.name, u": deletionTimestamp is set → Terminating: stopping container ",
                   running.join(QStringLiteral(", ")), u" (grace period ", QString::number(graceSeconds), u"s; ",
                   s.rec.killedBySigkill ? joined(u"SIGKILL after ", formatGoDuration(graceMs))
                                         : joined(u"exits after ", formatGoDuration(m_config.terminationDelayMs)),
                   u")"));
}

void PodWorker::finishKill(Step &s, qint64 t)
{
    bool allZero = true;
    for (ContainerRuntime &c : s.rec.containers) {
        ContainerStatus &status = s.status(c);
        if (status.state.running) {
            ContainerStateTerminated term;
            term.exitCode = s.rec.killedBySigkill ? 137 : 0;
            term.reason = s.rec.killedBySigkill ? QStringLiteral("Error") : QStringLiteral("Completed");
            term.startedAt = status.state.running->startedAt;
            term.finishedAt = seconds(t);
            term.containerID = status.containerID;
            status.state = terminated(term);
        } else if (!status.state.terminated) {
            if (c.lastExit) {
                status.state = terminated(*c.lastExit);
            } else {
                ContainerStateTerminated term;
                term.exitCode = 137;
                term.reason = QStringLiteral("ContainerStatusUnknown");
                term.message = QStringLiteral("The container could not be located when the pod was terminated");
                status.state = terminated(term);
            }
        }
        allZero = allZero && status.state.terminated->exitCode == 0;
        status.ready = false;
        status.started = false;
        c.stage = Stage::Exited;
        c.since = t;
    }
    s.rec.killed = true;
    s.phase(joined(s.pod.metadata.name, u": containers stopped → ",
                   allZero ? QStringView(u"Succeeded (Completed)") : QStringView(u"Failed"),
                   u"; the kubelet deletes the pod with grace 0, which removes it from etcd"));
}

void PodWorker::forget(const QString &key)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_pods.find(key);
    if (it == m_pods.end())
        return;
    m_ips.release(it->uid);
    m_pods.erase(it);
}

void PodWorker::shift(qint64 fromMs, qint64 deltaMs)
{
    std::lock_guard lock(m_mutex);
    auto move = [&](qint64 &t) {
        if (t > fromMs)
            t += deltaMs;
    };
    for (PodRuntime &rec : m_pods) {
        move(rec.killDoneAt);
        for (ContainerRuntime &c : rec.containers) {
            move(c.nextAt);
            move(c.readyAt);
            move(c.crashAt);
            move(c.pullRetryAt);
        }
    }
    m_images.shift(deltaMs, fromMs);
}

QStringList PodWorker::keys() const
{
    std::lock_guard lock(m_mutex);
    QStringList k = m_pods.keys();
    k.sort();
    return k;
}

std::optional<PodRuntime> PodWorker::runtime(const QString &key) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_pods.constFind(key);
    if (it == m_pods.constEnd())
        return std::nullopt;
    return *it;
}

} // namespace rlab::controller
