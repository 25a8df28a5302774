// SPDX-License-Identifier: Apache-2.0
// The simulated kubelet's faults on the virtual clock: ErrImagePull and ImagePullBackOff (capped at
// five minutes), CrashLoopBackOff, a crash under restartPolicy Never, a readiness probe that never
// passes.
#include "core/controller/kubelet/imagerules.h"
#include "tests/core/kubeletrig.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller;
using namespace rlab::test;
using Rig = rlab::test::KubeletRig;
class TestKubeletFaults : public QObject
{
    Q_OBJECT

private slots:
    void errImagePullThenImagePullBackOff()
    {
        Rig rig;
        const qint64 t0 = rig.t0;
        QVERIFY(rig.createPod(QStringLiteral("bad"), QStringLiteral("nginx:doesnotexist")));
        QList<qint64> errAt, backOffAt;
        QString last;
        rig.runUntil(t0 + 200 * kSecond, [&] {
            const QString now = rig.shown(QStringLiteral("bad"));
            if (now != last) {
                if (now == QLatin1String("ErrImagePull"))
                    errAt << (rig.clock().now() - t0) / kSecond;
                if (now == QLatin1String("ImagePullBackOff"))
                    backOffAt << (rig.clock().now() - t0) / kSecond;
                last = now;
            }
        });
        // pull 2 s fails → ErrImagePull; one relist (1 s) later ImagePullBackOff; the next pull
        // starts after the back-off (10 s, 20 s, 40 s, 80 s after the failure) and takes 2 s.
        QCOMPARE(errAt, QList<qint64>({2, 14, 36, 78, 160}));
        QCOMPARE(backOffAt, QList<qint64>({3, 15, 37, 79, 161}));
        const auto p = rig.pod(QStringLiteral("bad"));
        QCOMPARE(p->status.phase, QStringLiteral("Pending"));
        QCOMPARE(p->status.containerStatuses[0].state.waiting->message, QStringLiteral("Back-off pulling image \"nginx:doesnotexist\""));
        QVERIFY(p->status.podIP.startsWith(QStringLiteral("10.244.1.")));
        const QStringList events = rig.events(QStringLiteral("bad"));
        QVERIFY(events.contains(QStringLiteral(
            "Failed: Failed to pull image \"nginx:doesnotexist\": rpc error: code = NotFound desc = failed to pull and unpack image "
            "\"docker.io/library/nginx:doesnotexist\": failed to resolve reference \"docker.io/library/nginx:doesnotexist\": "
            "docker.io/library/nginx:doesnotexist: not found")));
        QVERIFY(events.contains(QStringLiteral("Failed: Error: ErrImagePull")));
        QVERIFY(events.contains(QStringLiteral("BackOff: Back-off pulling image \"nginx:doesnotexist\"")));
        QVERIFY(events.contains(QStringLiteral("Failed: Error: ImagePullBackOff")));

        // While in ErrImagePull the message is containerd's error.
        Rig second;
        QVERIFY(second.createPod(QStringLiteral("bad"), QStringLiteral("nginx:doesnotexist")));
        second.runUntil(second.t0 + 2 * kSecond);
        const auto q = second.pod(QStringLiteral("bad"));
        QCOMPARE(q->status.containerStatuses[0].state.waiting->reason, QStringLiteral("ErrImagePull"));
        QCOMPARE(q->status.containerStatuses[0].state.waiting->message, *ImageRules::pullError(QStringLiteral("nginx:doesnotexist")));
    }

    void imagePullBackOffCapsAtFiveMinutes()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("bad"), QStringLiteral("registry.invalid/app:1")));
        QList<qint64> errAt;
        QString last;
        rig.runUntil(rig.t0 + 2000 * kSecond, [&] {
            const QString now = rig.shown(QStringLiteral("bad"));
            if (now != last && now == QLatin1String("ErrImagePull"))
                errAt << (rig.clock().now() - rig.t0) / kSecond;
            last = now;
        });
        QList<qint64> gaps;
        for (qsizetype i = 1; i < errAt.size(); ++i)
            gaps << errAt[i] - errAt[i - 1] - 2;   // minus the pull itself
        QCOMPARE(gaps.mid(0, 7), QList<qint64>({10, 20, 40, 80, 160, 300, 300}));
    }

    void crashLoopBackOff()
    {
        Rig rig;
        const qint64 t0 = rig.t0;
        QVERIFY(rig.createPod(QStringLiteral("crash"), QStringLiteral("nginx:1.25"), {{QStringLiteral("rlab.dev/crash-after"), QStringLiteral("5s")}}));
        struct Change
        {
            qint64 at;
            QString shown;
            int restarts;
        };
        QList<Change> changes;
        rig.runUntil(t0 + 100 * kSecond, [&] {
            const auto p = rig.pod(QStringLiteral("crash"));
            const Change c{(rig.clock().now() - t0) / kSecond, PodStatusBuilder::displayStatus(*p),
                           p->status.containerStatuses.value(0).restartCount};
            if (changes.isEmpty() || changes.last().shown != c.shown || changes.last().restarts != c.restarts)
                changes << c;
        });
        QStringList seen;
        for (const Change &c : changes)
            seen << QStringLiteral("%1s %2 %3").arg(c.at).arg(c.shown).arg(c.restarts);
        // Running at 3 s; exits at 8 s (5 s later) and, with no back-off yet, restarts at once
        // (start 1 s); the next exits enter CrashLoopBackOff for 10 s, 20 s, 40 s before restarting.
        QCOMPARE(seen, QStringList({"0s ContainerCreating 0", "3s Running 0", "8s Error 0", "9s Running 1",
                                    "14s CrashLoopBackOff 1", "25s Running 2", "30s CrashLoopBackOff 2",
                                    "51s Running 3", "56s CrashLoopBackOff 3", "97s Running 4"}));
        const auto p = rig.pod(QStringLiteral("crash"));
        const ContainerStatus &cs = p->status.containerStatuses[0];
        QCOMPARE(cs.lastState.terminated->exitCode, 1);
        QCOMPARE(cs.lastState.terminated->reason, QStringLiteral("Error"));
        QCOMPARE(cs.lastState.terminated->finishedAt, t0 + 56 * kSecond);
        QCOMPARE(p->status.phase, QStringLiteral("Running"));

        // The CrashLoopBackOff message as kubectl describe shows it.
        Rig again;
        QVERIFY(again.createPod(QStringLiteral("crash"), QStringLiteral("nginx:1.25"), {{QStringLiteral("rlab.dev/crash-after"), QStringLiteral("5s")}}));
        again.runUntil(again.t0 + 30 * kSecond);
        const auto q = again.pod(QStringLiteral("crash"));
        QCOMPARE(q->status.containerStatuses[0].state.waiting->message,
                 QStringLiteral("back-off 20s restarting failed container=nginx pod=crash_default(%1)").arg(q->metadata.uid));
        QVERIFY(!IsPodReady(*q));
        QVERIFY(again.events(QStringLiteral("crash")).contains(
            QStringLiteral("BackOff: Back-off restarting failed container nginx in pod crash_default(%1)").arg(q->metadata.uid)));
    }

    void crashWithRestartPolicyNeverFails()
    {
        Rig rig;
        auto p = std::make_shared<Pod>();
        p->metadata.name = QStringLiteral("job");
        p->metadata.namespace_ = QStringLiteral("default");
        p->metadata.annotations.insert(QStringLiteral("rlab.dev/crash-after"), QStringLiteral("2s"));
        p->spec.restartPolicy = QStringLiteral("Never");
        Container c;
        c.name = QStringLiteral("task");
        c.image = QStringLiteral("busybox:1.36");
        p->spec.containers.append(c);
        QVERIFY(rig.api().create(p).ok());
        QVERIFY(rig.api().bind(QStringLiteral("default"), QStringLiteral("job"), QStringLiteral("node-1")).ok());
        rig.runUntil(rig.t0 + 60 * kSecond);
        const auto job = rig.pod(QStringLiteral("job"));
        QCOMPARE(job->status.phase, QStringLiteral("Failed"));
        QCOMPARE(job->status.containerStatuses[0].state.terminated->exitCode, 1);
        QCOMPARE(job->status.containerStatuses[0].restartCount, 0);
    }

    void neverReady()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("stuck"), QStringLiteral("nginx:1.25"), {{QStringLiteral("rlab.dev/never-ready"), QStringLiteral("true")}}));
        rig.runUntil(rig.t0 + 300 * kSecond);
        const auto p = rig.pod(QStringLiteral("stuck"));
        QCOMPARE(p->status.phase, QStringLiteral("Running"));
        QVERIFY(!IsPodReady(*p));
        QCOMPARE(cond(*p, "ContainersReady")->message, QStringLiteral("containers with unready status: [nginx]"));
        QVERIFY(rig.events(QStringLiteral("stuck")).contains(
            QStringLiteral("Unhealthy: Readiness probe failed: HTTP probe failed with statuscode: 503")));
        QVERIFY(!rig.clock().nextTimerAt());   // no endless probing: the runner can go idle
    }

};

QTEST_GUILESS_MAIN(TestKubeletFaults)
#include "tst_kubelet_faults.moc"
