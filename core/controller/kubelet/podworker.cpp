// SPDX-License-Identifier: Apache-2.0
// PodWorker: the per-container stage machine. Each function below is one transition, applied
// at its due time `t`; the times of the next transitions are derived from `t`, never from
// "now", so a late sync (threaded mode) still produces the exact timeline.
#include "core/controller/kubelet/podworker.h"

#include "core/controller/kubelet/goduration.h"
#include "core/controller/kubelet/imagerules.h"
#include "core/controller/kubelet/podfaults.h"

#include <algorithm>

namespace rlab::controller {

using namespace rlab::api;
using Stage = ContainerRuntime::Stage;

namespace {
const QString kNormal = QStringLiteral("Normal");
const QString kWarning = QStringLiteral("Warning");

const Container *specOf(const Pod &pod, const QString &name)
{
    for (const Container &c : pod.spec.containers)
        if (c.name == name)
            return &c;
    return nullptr;
}

ContainerState waiting(const QString &reason, const QString &message = {})
{
    ContainerState s;
    s.waiting = ContainerStateWaiting{reason, message};
    return s;
}

ContainerState terminated(const ContainerStateTerminated &t)
{
    ContainerState s;
    s.terminated = t;
    return s;
}

qint64 seconds(qint64 ms)
{
    return ms / 1000 * 1000;
}
} // namespace

struct PodWorker::Step
{
    const Pod &pod;
    PodRuntime &rec;
    PodWorkerResult &out;
    PodFaults faults;

    void event(const QString &type, const QString &reason, const QString &message)
    {
        out.events.append(PodWorkerResult::Event{type, reason, message});
    }
    void phase(const QString &sentence) { out.phases.append(sentence); }
    // upstream format.Pod: "name_namespace(uid)"
    QString podName() const
    {
        return QStringLiteral("%1_%2(%3)").arg(pod.metadata.name, pod.metadata.namespace_, pod.metadata.uid);
    }
};

PodWorker::PodWorker(KubeletConfig config) : m_config(config) { }

PodWorkerResult PodWorker::sync(const Pod &pod, const QString &podCIDR, qint64 now)
{
    std::lock_guard lock(m_mutex);
    PodWorkerResult out;
    const bool isNew = !m_pods.contains(pod.metadata.uid);
    PodRuntime &rec = recordFor(pod, podCIDR, now);
    Step s{pod, rec, out, PodFaults::of(pod)};
    if (isNew) {
        if (!s.faults.problem.isEmpty())
            s.phase(s.faults.problem);
        const bool adopted = std::any_of(rec.containers.cbegin(), rec.containers.cend(),
                                         [](const ContainerRuntime &c) { return c.stage != Stage::NotStarted; });
        if (!adopted && !rec.containers.isEmpty())
            s.phase(QStringLiteral("syncPod %1: new pod on this node → Pending (ContainerCreating); sandbox created, "
                                   "starting %2 container(s) in order")
                        .arg(pod.metadata.name)
                        .arg(rec.containers.size()));
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

PodRuntime &PodWorker::recordFor(const Pod &pod, const QString &podCIDR, qint64 now)
{
    const QString key = pod.key();
    const QString uid = pod.metadata.uid;
    const QString previous = m_uidByKey.value(key);
    if (!previous.isEmpty() && previous != uid) {   // deleted and created again under the same name
        m_ips.release(previous);
        m_pods.remove(previous);
    }
    m_uidByKey.insert(key, uid);
    auto it = m_pods.find(uid);
    if (it != m_pods.end())
        return *it;
    PodRuntime rec;
    rec.uid = uid;
    rec.key = key;
    rec.firstSeen = seconds(now);
    for (const Container &spec : pod.spec.containers) {
        ContainerRuntime c;
        c.name = spec.name;
        c.image = spec.image;
        c.status.name = spec.name;
        c.status.image = spec.image;
        c.status.started = false;
        c.status.state = waiting(QStringLiteral("ContainerCreating"));
        rec.containers.append(c);
    }
    adopt(rec, pod, podCIDR, now);
    if (rec.podIP.isEmpty())
        rec.podIP = m_ips.allocate(uid, podCIDR);
    return *m_pods.insert(uid, rec);
}

// A pod that already runs when the kubelet first sees it (scenario `objects:` with a status,
// a restarted kubelet): keep its running containers, IP and start time instead of starting over.
void PodWorker::adopt(PodRuntime &rec, const Pod &pod, const QString &podCIDR, qint64 now)
{
    const PodStatus &st = pod.status;
    const bool terminal = st.phase == QLatin1String("Succeeded") || st.phase == QLatin1String("Failed");
    bool any = terminal;
    PodFaults faults = PodFaults::of(pod);
    for (ContainerRuntime &c : rec.containers) {
        for (const ContainerStatus &cs : st.containerStatuses) {
            if (cs.name != c.name)
                continue;
            c.status.restartCount = cs.restartCount;
            c.status.lastState = cs.lastState;
            if (terminal) {
                c.status = cs;
                c.stage = Stage::Exited;
            } else if (cs.state.running) {
                any = true;
                c.status = cs;
                c.stage = Stage::Running;
                c.since = cs.state.running->startedAt;
                m_images.markPresent(ImageReference::parse(c.image).normalized(), now);
                if (cs.ready) {
                    c.readySince = cs.state.running->startedAt;
                } else {
                    const Container *spec = specOf(pod, c.name);
                    const qint64 probeDelay = spec && spec->readinessProbe ? spec->readinessProbe->initialDelaySeconds * 1000LL : 0;
                    c.readyAt = now + std::max(m_config.readyDelayMs, probeDelay);
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

void PodWorker::ensureImage(Step &s, ContainerRuntime &c, qint64 t)
{
    const Container *spec = specOf(s.pod, c.name);
    QString policy = spec ? spec->imagePullPolicy : QString();
    const ImageReference ref = ImageReference::parse(c.image);
    if (policy.isEmpty())
        policy = ref.tag == QLatin1String("latest") && ref.digest.isEmpty() ? QStringLiteral("Always") : QStringLiteral("IfNotPresent");
    const QString image = ref.normalized();
    const bool present = m_images.isPresent(image, t);
    if (policy != QLatin1String("Always") && present) {
        s.event(kNormal, QStringLiteral("Pulled"), QStringLiteral("Container image \"%1\" already present on machine").arg(c.image));
        create(s, c, t);
        return;
    }
    if (policy == QLatin1String("Never")) {
        const QString msg = QStringLiteral("Container image \"%1\" is not present with pull policy of Never").arg(c.image);
        c.stage = Stage::ErrImageNeverPull;
        c.since = t;
        c.nextAt = 0;
        c.status.state = waiting(QStringLiteral("ErrImageNeverPull"), msg);
        s.event(kWarning, QStringLiteral("ErrImageNeverPull"), msg);
        s.phase(QStringLiteral("%1: container %2 → ErrImageNeverPull: %3").arg(s.pod.metadata.name, c.name, msg));
        sandboxReady(s, t);
        startNext(s, c, t);
        return;
    }
    const bool fails = ImageRules::pullError(c.image).has_value();
    const NodeImages::Pull pull = m_images.requestPull(image, t, m_config.pullDelayMs, fails);
    c.stage = Stage::Pulling;
    c.since = t;
    c.pullRequestedAt = t;
    c.pullStartedAt = pull.startedAt;
    c.nextAt = pull.doneAt;
    s.event(kNormal, QStringLiteral("Pulling"), QStringLiteral("Pulling image \"%1\"").arg(c.image));
    s.phase(QStringLiteral("%1: pulling image %2 for container %3 (ready in %4)%5")
                .arg(s.pod.metadata.name, c.image, c.name, formatGoDuration(pull.doneAt - t),
                     c.pullFailures > 0 ? QStringLiteral(", attempt %1 after the back-off").arg(c.pullFailures + 1) : QString()));
}

void PodWorker::create(Step &s, ContainerRuntime &c, qint64 t)
{
    c.stage = Stage::Creating;
    c.since = t;
    c.nextAt = t + m_config.startDelayMs;
    s.event(kNormal, QStringLiteral("Created"), QStringLiteral("Created container: %1").arg(c.name));
}

void PodWorker::advance(Step &s, ContainerRuntime &c, qint64 t)
{
    if (c.stage == Stage::Running) {
        if (c.readyAt == t) {
            c.readyAt = 0;
            if (s.faults.neverReady) {
                s.event(kWarning, QStringLiteral("Unhealthy"), QStringLiteral("Readiness probe failed: HTTP probe failed with statuscode: 503"));
                s.phase(QStringLiteral("%1: container %2 fails its readiness check and stays not ready (rlab.dev/never-ready)")
                            .arg(s.pod.metadata.name, c.name));
                return;
            }
            c.status.ready = true;
            c.readySince = t;
            const bool all = std::all_of(s.rec.containers.cbegin(), s.rec.containers.cend(),
                                         [](const ContainerRuntime &x) { return x.status.ready; });
            s.phase(QStringLiteral("%1: container %2 passed its readiness check%3")
                        .arg(s.pod.metadata.name, c.name, all ? QStringLiteral(" → pod Ready (Ready and ContainersReady True)") : QString()));
        } else if (c.crashAt == t) {
            exited(s, c, t);
        }
        return;
    }
    if (c.nextAt != t)
        return;
    c.nextAt = 0;
    switch (c.stage) {
    case Stage::Pulling:
        pullDone(s, c, t);
        break;
    case Stage::ErrImagePull: {
        const QString msg = QStringLiteral("Back-off pulling image \"%1\"").arg(c.image);
        c.stage = Stage::ImagePullBackOff;
        c.since = t;
        c.nextAt = std::max(t, c.pullRetryAt);
        c.status.state = waiting(QStringLiteral("ImagePullBackOff"), msg);
        s.event(kNormal, QStringLiteral("BackOff"), msg);
        s.event(kWarning, QStringLiteral("Failed"), QStringLiteral("Error: ImagePullBackOff"));
        s.phase(QStringLiteral("%1: container %2 → ImagePullBackOff: next pull in %3")
                    .arg(s.pod.metadata.name, c.name, formatGoDuration(c.nextAt - t)));
        break;
    }
    case Stage::ImagePullBackOff:
        ensureImage(s, c, t);
        break;
    case Stage::Creating:
        started(s, c, t);
        break;
    case Stage::CrashLoopBackOff:
        // The back-off window is over: flowcontrol.Backoff.Next doubles it for the next crash.
        c.backOffMs = std::min(c.backOffMs * 2, m_config.backOffMaxMs);
        c.backOffUpdatedAt = c.lastExit ? c.lastExit->finishedAt : t;
        s.phase(QStringLiteral("%1: back-off over, restarting container %2").arg(s.pod.metadata.name, c.name));
        ensureImage(s, c, t);
        break;
    default:
        break;
    }
}

void PodWorker::pullDone(Step &s, ContainerRuntime &c, qint64 t)
{
    const std::optional<QString> error = ImageRules::pullError(c.image);
    if (error) {
        ++c.pullFailures;
        c.pullBackOffMs = c.pullFailures == 1 ? m_config.backOffInitialMs : std::min(c.pullBackOffMs * 2, m_config.backOffMaxMs);
        c.pullRetryAt = t + c.pullBackOffMs;
        c.stage = Stage::ErrImagePull;
        c.since = t;
        c.nextAt = t + m_config.relistPeriodMs;
        c.status.state = waiting(QStringLiteral("ErrImagePull"), *error);
        s.event(kWarning, QStringLiteral("Failed"), QStringLiteral("Failed to pull image \"%1\": %2").arg(c.image, *error));
        s.event(kWarning, QStringLiteral("Failed"), QStringLiteral("Error: ErrImagePull"));
        s.phase(QStringLiteral("%1: pulling image %2 failed → ErrImagePull (the lab's rule for images that do not exist); "
                               "image pull back-off %3")
                    .arg(s.pod.metadata.name, c.image, formatGoDuration(c.pullBackOffMs)));
        sandboxReady(s, t);
        if (c.pullFailures == 1)
            startNext(s, c, t);
        return;
    }
    const QString image = ImageReference::parse(c.image).normalized();
    s.event(kNormal, QStringLiteral("Pulled"),
            QStringLiteral("Successfully pulled image \"%1\" in %2 (%3 including waiting). Image size: %4 bytes.")
                .arg(c.image, formatGoDuration(t - c.pullStartedAt), formatGoDuration(t - c.pullRequestedAt))
                .arg(ImageRules::sizeBytes(image)));
    create(s, c, t);
}

void PodWorker::started(Step &s, ContainerRuntime &c, qint64 t)
{
    const bool restart = c.lastExit.has_value();
    if (restart) {
        c.status.lastState = terminated(*c.lastExit);
        ++c.status.restartCount;
    }
    const ImageReference ref = ImageReference::parse(c.image);
    c.status.state = ContainerState{};
    c.status.state.running = ContainerStateRunning{seconds(t)};
    c.status.started = true;
    c.status.ready = false;
    c.status.image = ref.normalized();
    c.status.imageID = ImageRules::imageID(c.image);
    c.status.containerID = ImageRules::containerID(s.rec.uid, c.name, c.status.restartCount);
    c.stage = Stage::Running;
    c.since = t;
    c.readySince = 0;
    const Container *spec = specOf(s.pod, c.name);
    const qint64 probeDelay = spec && spec->readinessProbe ? spec->readinessProbe->initialDelaySeconds * 1000LL : 0;
    c.readyAt = t + std::max(m_config.readyDelayMs, probeDelay);
    c.crashAt = s.faults.crashAfterMs ? t + *s.faults.crashAfterMs : 0;
    s.event(kNormal, QStringLiteral("Started"), QStringLiteral("Started container %1").arg(c.name));
    sandboxReady(s, t);
    if (restart)
        s.phase(QStringLiteral("%1: container %2 restarted (restartCount %3) → Running")
                    .arg(s.pod.metadata.name, c.name).arg(c.status.restartCount));
    else
        s.phase(QStringLiteral("%1: container %2 started → Running on IP %3; readiness check in %4")
                    .arg(s.pod.metadata.name, c.name, s.rec.podIP, formatGoDuration(c.readyAt - t)));
    if (!restart)
        startNext(s, c, t);
}

void PodWorker::exited(Step &s, ContainerRuntime &c, qint64 t)
{
    ContainerStateTerminated term;
    term.exitCode = 1;
    term.reason = QStringLiteral("Error");
    term.startedAt = c.status.state.running ? c.status.state.running->startedAt : seconds(c.since);
    term.finishedAt = seconds(t);
    term.containerID = c.status.containerID;
    c.lastExit = term;
    c.status.state = terminated(term);
    c.status.ready = false;
    c.status.started = false;
    c.readyAt = c.crashAt = 0;
    c.readySince = 0;
    const QString ran = formatGoDuration(t - c.since);
    if (s.pod.spec.restartPolicy == QLatin1String("Never")) {
        c.stage = Stage::Exited;
        c.since = t;
        s.phase(QStringLiteral("%1: container %2 exited with code 1 after %3 (rlab.dev/crash-after); restartPolicy Never: "
                               "it is not restarted")
                    .arg(s.pod.metadata.name, c.name, ran));
        return;
    }
    // kuberuntime doBackOff: no (or an expired) back-off entry → restart at once and start one
    // (10 s); inside the window → CrashLoopBackOff until finishedAt + back-off.
    const bool expired = c.backOffMs > 0 && t - c.backOffUpdatedAt > 2 * m_config.backOffMaxMs;
    if (c.backOffMs == 0 || expired) {
        c.backOffMs = m_config.backOffInitialMs;
        c.backOffUpdatedAt = t;
        s.phase(QStringLiteral("%1: container %2 exited with code 1 after %3 (rlab.dev/crash-after) → Error; "
                               "no back-off yet, restarting it at once")
                    .arg(s.pod.metadata.name, c.name, ran));
        ensureImage(s, c, t);
        return;
    }
    const QString msg = QStringLiteral("back-off %1 restarting failed container=%2 pod=%3")
                            .arg(formatGoDuration(c.backOffMs), c.name, s.podName());
    c.stage = Stage::CrashLoopBackOff;
    c.since = t;
    c.nextAt = t + c.backOffMs;
    c.status.state = waiting(QStringLiteral("CrashLoopBackOff"), msg);
    c.status.lastState = terminated(term);
    s.event(kWarning, QStringLiteral("BackOff"),
            QStringLiteral("Back-off restarting failed container %1 in pod %2").arg(c.name, s.podName()));
    s.phase(QStringLiteral("%1: container %2 exited with code 1 after %3 (rlab.dev/crash-after) → CrashLoopBackOff: %4")
                .arg(s.pod.metadata.name, c.name, ran, msg));
}

void PodWorker::startNext(Step &s, const ContainerRuntime &c, qint64 t)
{
    bool after = false;
    for (ContainerRuntime &other : s.rec.containers) {
        if (&other == &c) {
            after = true;
        } else if (after && other.stage == Stage::NotStarted) {
            ensureImage(s, other, t);
            return;
        }
    }
}

void PodWorker::beginKill(Step &s, qint64 t, qint64 graceSeconds)
{
    const qint64 graceMs = std::max<qint64>(0, graceSeconds) * 1000;
    QStringList running;
    for (ContainerRuntime &c : s.rec.containers) {
        if (c.stage == Stage::Running) {
            running << c.name;
            s.event(kNormal, QStringLiteral("Killing"), QStringLiteral("Stopping container %1").arg(c.name));
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
    s.phase(QStringLiteral("%1: deletionTimestamp is set → Terminating: %2 (grace period %3s; %4)")
                .arg(s.pod.metadata.name, QStringLiteral("stopping container %1").arg(running.join(QStringLiteral(", "))))
                .arg(graceSeconds)
                .arg(s.rec.killedBySigkill ? QStringLiteral("SIGKILL after %1").arg(formatGoDuration(graceMs))
                                           : QStringLiteral("exits after %1").arg(formatGoDuration(m_config.terminationDelayMs))));
}

void PodWorker::finishKill(Step &s, qint64 t)
{
    bool allZero = true;
    for (ContainerRuntime &c : s.rec.containers) {
        if (c.status.state.running) {
            ContainerStateTerminated term;
            term.exitCode = s.rec.killedBySigkill ? 137 : 0;
            term.reason = s.rec.killedBySigkill ? QStringLiteral("Error") : QStringLiteral("Completed");
            term.startedAt = c.status.state.running->startedAt;
            term.finishedAt = seconds(t);
            term.containerID = c.status.containerID;
            c.status.state = terminated(term);
        } else if (!c.status.state.terminated) {
            if (c.lastExit) {
                c.status.state = terminated(*c.lastExit);
            } else {
                ContainerStateTerminated term;
                term.exitCode = 137;
                term.reason = QStringLiteral("ContainerStatusUnknown");
                term.message = QStringLiteral("The container could not be located when the pod was terminated");
                c.status.state = terminated(term);
            }
        }
        allZero = allZero && c.status.state.terminated->exitCode == 0;
        c.status.ready = false;
        c.status.started = false;
        c.stage = Stage::Exited;
        c.since = t;
    }
    s.rec.killed = true;
    s.phase(QStringLiteral("%1: containers stopped → %2; the kubelet deletes the pod with grace 0, which removes it from etcd")
                .arg(s.pod.metadata.name, allZero ? QStringLiteral("Succeeded (Completed)") : QStringLiteral("Failed")));
}

void PodWorker::forget(const QString &key)
{
    std::lock_guard lock(m_mutex);
    const QString uid = m_uidByKey.take(key);
    if (uid.isEmpty())
        return;
    m_pods.remove(uid);
    m_ips.release(uid);
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
    QStringList k = m_uidByKey.keys();
    k.sort();
    return k;
}

std::optional<PodRuntime> PodWorker::runtime(const QString &key) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_pods.constFind(m_uidByKey.value(key));
    if (it == m_pods.constEnd())
        return std::nullopt;
    return *it;
}

} // namespace rlab::controller
