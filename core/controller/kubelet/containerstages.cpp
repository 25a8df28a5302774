// SPDX-License-Identifier: Apache-2.0
// PodWorker's container stages. Each function is one transition, applied at its due time `t`;
// the times of the next transitions are derived from `t`, never from "now", so a late sync
// (threaded mode) still produces the exact timeline:
//   NotStarted → Pulling → (Creating → Running ⇄ exited: restart at once / CrashLoopBackOff)
//                       ↘ ErrImagePull → ImagePullBackOff → Pulling …
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

void PodWorker::ensureImage(Step &s, ContainerRuntime &c, qint64 t)
{
    const Container *spec = specOf(s.pod, c.name);
    QString policy = spec ? spec->imagePullPolicy : QString();
    if (policy.isEmpty()) {   // the API server defaults it: only a pod made without it
        const ImageReference ref = ImageReference::parse(c.image);
        policy = ref.tag == QLatin1String("latest") && ref.digest.isEmpty() ? QStringLiteral("Always") : QStringLiteral("IfNotPresent");
    }
    const QString image = ImageRules::statusImage(c.image);   // the normalized reference
    const bool present = m_images.isPresent(image, t);
    if (policy != QLatin1String("Always") && present) {
        s.event(kNormal, QStringLiteral("Pulled"),
                m_presentMessages.get(c.image, [&] { return joined(u"Container image \"", c.image, u"\" already present on machine"); }));
        create(s, c, t);
        return;
    }
    if (policy == QLatin1String("Never")) {
        const QString msg = QStringLiteral("Container image \"%1\" is not present with pull policy of Never").arg(c.image);
        c.stage = Stage::ErrImageNeverPull;
        c.since = t;
        c.nextAt = 0;
        s.status(c).state = waiting(QStringLiteral("ErrImageNeverPull"), msg);
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
    s.event(kNormal, QStringLiteral("Pulling"), joined(u"Pulling image \"", c.image, u"\""));
    s.phase(joined(s.pod.metadata.name, u": pulling image ", c.image, u" for container ", c.name, u" (ready in ",
                   formatGoDuration(pull.doneAt - t), u")",
                   c.pullFailures > 0 ? joined(u", attempt ", QString::number(c.pullFailures + 1), u" after the back-off") : QString()));
}

void PodWorker::create(Step &s, ContainerRuntime &c, qint64 t)
{
    c.stage = Stage::Creating;
    c.since = t;
    c.nextAt = t + m_config.startDelayMs;
    s.event(kNormal, QStringLiteral("Created"), m_createdMessages.get(c.name, [&] { return joined(u"Created container: ", c.name); }));
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
            s.status(c).ready = true;
            c.readySince = t;
            const bool all = std::all_of(s.rec.statuses.cbegin(), s.rec.statuses.cend(),
                                         [](const ContainerStatus &x) { return x.ready; });
            s.phase(joined(s.pod.metadata.name, u": container ", c.name, u" passed its readiness check",
                           all ? QStringView(u" → pod Ready (Ready and ContainersReady True)") : QStringView()));
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
        s.status(c).state = waiting(QStringLiteral("ImagePullBackOff"), msg);
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
        s.status(c).state = waiting(QStringLiteral("ErrImagePull"), *error);
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
    const QString image = ImageRules::statusImage(c.image);   // the normalized reference
    s.event(kNormal, QStringLiteral("Pulled"),
            joined(u"Successfully pulled image \"", c.image, u"\" in ", formatGoDuration(t - c.pullStartedAt), u" (",
                   formatGoDuration(t - c.pullRequestedAt), u" including waiting). Image size: ",
                   QString::number(ImageRules::sizeBytes(image)), u" bytes."));
    s.phase(joined(s.pod.metadata.name, u": image ", c.image, u" pulled; container ", c.name, u" created, starting it (",
                   formatGoDuration(m_config.startDelayMs), u")"));
    create(s, c, t);
}

void PodWorker::started(Step &s, ContainerRuntime &c, qint64 t)
{
    const bool restart = c.lastExit != nullptr;
    ContainerStatus &status = s.status(c);
    if (restart) {
        status.lastState = terminated(*c.lastExit);
        ++status.restartCount;
    }
    status.state = ContainerState{};
    status.state.running = ContainerStateRunning{seconds(t)};
    status.started = true;
    status.ready = false;
    status.image = ImageRules::statusImage(c.image);
    status.imageID = ImageRules::imageID(c.image);
    status.containerID = ImageRules::containerID(s.rec.uid, c.name, status.restartCount);
    c.stage = Stage::Running;
    c.since = t;
    c.readySince = 0;
    const std::optional<qint64> readyIn = readinessDelayMs(specOf(s.pod, c.name), s.faults, m_config);
    c.readyAt = readyIn ? t + *readyIn : 0;
    if (!readyIn) {
        status.ready = true;
        c.readySince = t;
    }
    c.crashAt = s.faults.crashAfterMs ? t + *s.faults.crashAfterMs : 0;
    s.event(kNormal, QStringLiteral("Started"), m_startedMessages.get(c.name, [&] { return joined(u"Started container ", c.name); }));
    sandboxReady(s, t);
    // No probe: ready with the start, and the pod Ready once every container is.
    const bool podReady = !readyIn && std::all_of(s.rec.statuses.cbegin(), s.rec.statuses.cend(),
                                                  [](const ContainerStatus &x) { return x.ready; });
    const QStringView readiness = !readyIn ? podReady ? QStringView(u"; no readiness probe: ready → pod Ready (Ready and ContainersReady True)")
                                                      : QStringView(u"; no readiness probe: ready")
                                           : QStringView();
    if (restart)
        s.phase(QStringLiteral("%1: container %2 restarted (restartCount %3) → Running%4")
                    .arg(s.pod.metadata.name, c.name).arg(status.restartCount).arg(readiness));
    else if (!readyIn)
        s.phase(joined(s.pod.metadata.name, u": container ", c.name, u" started → Running on IP ", s.rec.podIP, readiness));
    else
        s.phase(joined(s.pod.metadata.name, u": container ", c.name, u" started → Running on IP ", s.rec.podIP,
                       u"; readiness check in ", formatGoDuration(c.readyAt - t)));
    if (!restart)
        startNext(s, c, t);
}

void PodWorker::exited(Step &s, ContainerRuntime &c, qint64 t)
{
    ContainerStatus &status = s.status(c);
    ContainerStateTerminated term;
    term.exitCode = 1;
    term.reason = QStringLiteral("Error");
    term.startedAt = status.state.running ? status.state.running->startedAt : seconds(c.since);
    term.finishedAt = seconds(t);
    term.containerID = status.containerID;
    c.lastExit = std::make_shared<const ContainerStateTerminated>(term);
    status.state = terminated(term);
    status.ready = false;
    status.started = false;
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
    status.state = waiting(QStringLiteral("CrashLoopBackOff"), msg);
    status.lastState = terminated(term);
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

} // namespace rlab::controller
