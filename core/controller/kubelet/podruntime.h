// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/pod.h"

#include <QList>
#include <QString>

#include <memory>

namespace rlab::controller {

// What the simulated container runtime knows about one container: its stage and when the next
// stage is due (the ContainerStatus the kubelet reports for it is PodRuntime::statuses, at the
// same index). A plain value.
struct ContainerRuntime
{
    enum class Stage {
        NotStarted,          // waits for the containers before it (started in spec order)
        Pulling,             // image pull until nextAt
        ErrImagePull,        // pull failed; ImagePullBackOff at nextAt (one relist later)
        ImagePullBackOff,    // pulls again at nextAt
        ErrImageNeverPull,   // imagePullPolicy Never and the image is not on the node
        Creating,            // created; started (Running) at nextAt
        Running,             // ready at readyAt (if not yet), exits at crashAt (if set)
        CrashLoopBackOff,    // exited; restarts at nextAt
        Exited,              // exited for good (restartPolicy, or the pod was killed)
    };

    QString name, image;   // image as in the spec
    Stage stage = Stage::NotStarted;
    qint64 since = 0;      // when the stage began (virtual ms)
    qint64 nextAt = 0;     // next due transition of Pulling/ErrImagePull/…/Creating (0 = none)
    qint64 readyAt = 0;    // Running: when the readiness check passes (0 = done or never)
    qint64 crashAt = 0;    // Running: when it exits with code 1 (rlab.dev/crash-after)

    qint64 pullRequestedAt = 0, pullStartedAt = 0;
    int pullFailures = 0;
    qint64 pullBackOffMs = 0;    // current image pull back-off
    qint64 pullRetryAt = 0;      // end of the image pull back-off

    qint64 readySince = 0;
    qint64 backOffMs = 0;        // CrashLoopBackOff entry (flowcontrol.Backoff): 0 = none
    qint64 backOffUpdatedAt = 0;
    // The previous instance's exit (null: none); held apart, as few containers ever exit (an
    // optional in place took 104 of this record's 256 bytes).
    std::shared_ptr<const api::ContainerStateTerminated> lastExit;

    // The earliest pending transition (0 = none).
    qint64 due() const
    {
        qint64 d = 0;
        for (qint64 t : {nextAt, readyAt, crashAt})
            if (t > 0 && (d == 0 || t < d))
                d = t;
        return d;
    }
};

// One pod as the node's runtime knows it (keyed by pod uid). A plain value.
struct PodRuntime
{
    QString uid, key;
    qint64 firstSeen = 0;        // the kubelet's first sync: startTime
    QString podIP;
    qint64 sandboxReadyAt = 0;   // podIP + PodReadyToStartContainers reported from here on (0 = not yet)
    QList<ContainerRuntime> containers;
    // The ContainerStatus of each of `containers` (same order), reported as is: the list the pod's
    // status.containerStatuses is, implicitly shared with the version the kubelet last wrote
    // (~0.5 KB per pod held once, not also per container record); a change detaches it.
    QList<api::ContainerStatus> statuses;
    qint64 killStartedAt = 0;    // deletion seen: containers are being stopped
    qint64 killDoneAt = 0;
    bool killedBySigkill = false;   // the grace period ran out before terminationDelay
    bool killed = false;            // containers stopped after deletion: terminal, to be removed
};

} // namespace rlab::controller
