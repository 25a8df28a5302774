// SPDX-License-Identifier: Apache-2.0
// The simulated kubelet on the virtual clock: stage timing (defaults and custom delays, readiness
// probe delay), pod IPs and the image cache, graceful deletion, node failure freeze, other nodes'
// pods, adopting a running pod. Faults: tst_kubelet_faults.cpp; pure rules: tst_kubelet_rules.cpp.
#include "core/controller/kubelet/imagerules.h"
#include "tests/core/kubeletrig.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller;
using namespace rlab::test;
using Rig = rlab::test::KubeletRig;
class TestKubelet : public QObject
{
    Q_OBJECT

private slots:
    void stageTimingWithDefaults()
    {
        Rig rig;
        const qint64 t0 = rig.t0;
        QVERIFY(rig.createPod(QStringLiteral("web")));
        rig.runUntil(t0);
        auto p = rig.pod(QStringLiteral("web"));
        QCOMPARE(p->status.phase, QStringLiteral("Pending"));
        QCOMPARE(rig.shown(QStringLiteral("web")), QStringLiteral("ContainerCreating"));
        QCOMPARE(p->status.hostIP, QStringLiteral("10.0.0.11"));
        QCOMPARE(p->status.startTime, t0);
        QVERIFY(p->status.podIP.isEmpty());
        QStringList types;
        for (const Condition &c : p->status.conditions)
            types << QStringLiteral("%1=%2").arg(c.type, c.status);
        QCOMPARE(types, QStringList({"PodReadyToStartContainers=False", "Initialized=True", "Ready=False",
                                     "ContainersReady=False", "PodScheduled=True"}));
        QCOMPARE(cond(*p, "Ready")->reason, QStringLiteral("ContainersNotReady"));
        QCOMPARE(cond(*p, "Ready")->message, QStringLiteral("containers with unready status: [nginx]"));
        QCOMPARE(p->status.containerStatuses.size(), 1);
        QCOMPARE(p->status.containerStatuses[0].state.waiting->reason, QStringLiteral("ContainerCreating"));
        QCOMPARE(p->status.containerStatuses[0].started, std::optional<bool>(false));

        rig.runUntil(t0 + 3 * kSecond - 1);
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.phase, QStringLiteral("Pending"));

        rig.runUntil(t0 + 3 * kSecond);
        p = rig.pod(QStringLiteral("web"));
        QCOMPARE(p->status.phase, QStringLiteral("Running"));
        QVERIFY2(p->status.podIP.startsWith(QStringLiteral("10.244.1.")), qPrintable(p->status.podIP));
        QCOMPARE(p->status.podIP, QStringLiteral("10.244.1.2"));
        QCOMPARE(p->status.podIPs.size(), 1);
        const ContainerStatus &cs = p->status.containerStatuses[0];
        QCOMPARE(cs.state.running->startedAt, t0 + 3 * kSecond);
        QCOMPARE(cs.started, std::optional<bool>(true));
        QVERIFY(cs.containerID.startsWith(QStringLiteral("containerd://")));
        QCOMPARE(cs.containerID.size(), QStringLiteral("containerd://").size() + 64);
        QCOMPARE(cs.image, QStringLiteral("docker.io/library/nginx:1.25"));
        QVERIFY(cs.imageID.startsWith(QStringLiteral("docker.io/library/nginx@sha256:")));
        QCOMPARE(cond(*p, "PodReadyToStartContainers")->status, QStringLiteral("True"));
        // No readiness probe: ready as it starts, in the same status write (upstream's prober
        // manager reports a container without a probe worker ready).
        QVERIFY(cs.ready);
        QVERIFY(IsPodReady(*p));
        QCOMPARE(cond(*p, "Ready")->lastTransitionTime, t0 + 3 * kSecond);
        QCOMPARE(cond(*p, "ContainersReady")->status, QStringLiteral("True"));
        QCOMPARE(cond(*p, "ContainersReady")->lastTransitionTime, t0 + 3 * kSecond);
        // Stored without spare list capacity: every retained version of the pod keeps its lists.
        QCOMPARE(p->status.conditions.capacity(), p->status.conditions.size());
        QCOMPARE(p->status.containerStatuses.capacity(), p->status.containerStatuses.size());
        QVERIFY(IsPodAvailable(*p, 10, t0 + 13 * kSecond + 1));
        QVERIFY(!IsPodAvailable(*p, 10, t0 + 13 * kSecond));

        QCOMPARE(rig.events(QStringLiteral("web")),
                 QStringList({"Pulling: Pulling image \"nginx:1.25\"",
                              QStringLiteral("Pulled: Successfully pulled image \"nginx:1.25\" in 2s (2s including waiting). "
                                             "Image size: %1 bytes.").arg(ImageRules::sizeBytes(QStringLiteral("nginx:1.25"))),
                              "Created: Created container: nginx", "Started: Started container nginx"}));

        // Nothing is pending any more: a settled Ready pod leaves no timer behind.
        rig.runUntil(t0 + 600 * kSecond);
        QCOMPARE(rig.pod(QStringLiteral("web"))->metadata.resourceVersion, p->metadata.resourceVersion);

        bool sawPodPhase = false;
        for (const TraceEvent &e : rig.cluster.trace().since(0))
            if (e.type == QLatin1String("PodPhase") && e.component == QLatin1String("kubelet/node-1") && e.key == QLatin1String("default/web"))
                sawPodPhase = true;
        QVERIFY(sawPodPhase);
    }

    // The status manager syncs a status only when it differs from the one the pod has: a sync
    // of a running pod that changes nothing makes no request (no GET, no write); one whose
    // status changes GETs the pod and writes it.
    void anUnchangedStatusMakesNoRequest()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("web")));
        rig.runUntil(rig.t0 + 600 * kSecond);
        QVERIFY(cond(*rig.pod(QStringLiteral("web")), "Ready")->status == QLatin1String("True"));
        const QString rv = rig.pod(QStringLiteral("web"))->metadata.resourceVersion;
        const qint64 before = rig.kubeletClient.requests();
        for (int i = 0; i < 3; ++i) {
            rig.kubelet.controller().enqueue(QStringLiteral("default/web"));
            rig.settle();
        }
        QCOMPARE(rig.kubeletClient.requests(), before);
        QCOMPARE(rig.pod(QStringLiteral("web"))->metadata.resourceVersion, rv);

        // A status the kubelet did not write (another client's): its next sync puts it back.
        auto edited = std::static_pointer_cast<Pod>(rig.pod(QStringLiteral("web"))->clone());
        edited->status.podIP = QStringLiteral("10.9.9.9");
        QVERIFY(rig.api().updateStatus(edited).ok());
        rig.settle();
        rig.kubelet.controller().enqueue(QStringLiteral("default/web"));   // as its resync would
        rig.settle();
        QCOMPARE(rig.kubeletClient.requests(), before + 2);   // GET, then the status write
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.podIP, QStringLiteral("10.244.1.2"));
    }

    void customDelays()
    {
        KubeletConfig config;
        config.pullDelayMs = 5000;
        config.startDelayMs = 500;
        config.readyDelayMs = 2000;
        Rig rig(config);
        QVERIFY(rig.createPod(QStringLiteral("web"), QStringLiteral("nginx:1.25"), {}, 0));   // a readiness probe
        rig.runUntil(rig.t0 + 5500 - 1);
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.phase, QStringLiteral("Pending"));
        rig.runUntil(rig.t0 + 5500);
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.phase, QStringLiteral("Running"));
        rig.runUntil(rig.t0 + 7500 - 1);
        QVERIFY(!IsPodReady(*rig.pod(QStringLiteral("web"))));
        rig.runUntil(rig.t0 + 7500);
        QVERIFY(IsPodReady(*rig.pod(QStringLiteral("web"))));
    }

    // The status writes of a pod's start, as upstream's status manager makes them: without a
    // readiness probe two (Pending ContainerCreating; Running and Ready), with one three (Pending;
    // Running, not ready; Ready once the probe passes).
    void statusWritesWithAndWithoutAProbe()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("plain")));
        QVERIFY(rig.createPod(QStringLiteral("probed"), QStringLiteral("nginx:1.25"), {}, 0));
        rig.runUntil(rig.t0 + 600 * kSecond);
        QVERIFY(IsPodReady(*rig.pod(QStringLiteral("plain"))));
        QVERIFY(IsPodReady(*rig.pod(QStringLiteral("probed"))));
        // Each pod's status writes (Request events of pods/status), and its PodPhase sentences.
        QHash<QString, int> writes;
        QHash<QString, QStringList> phases;
        for (const TraceEvent &e : rig.cluster.trace().since(0)) {
            if (e.type == QLatin1String("Request") && e.detail.value(QStringLiteral("subresource")).toString() == QLatin1String("status"))
                ++writes[e.key];
            if (e.type == QLatin1String("PodPhase"))
                phases[e.key].append(e.text);
        }
        QCOMPARE(writes.value(QStringLiteral("default/plain")), 2);
        QCOMPARE(writes.value(QStringLiteral("default/probed")), 3);
        const QString plainStarted = phases.value(QStringLiteral("default/plain")).last();
        QVERIFY2(plainStarted.contains(u"started → Running on IP")
                     && plainStarted.endsWith(u"no readiness probe: ready → pod Ready (Ready and ContainersReady True)"),
                 qPrintable(plainStarted));
        QVERIFY(phases.value(QStringLiteral("default/probed")).last().contains(QLatin1String("passed its readiness check")));
    }

    void readinessProbeInitialDelay()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("slow"), QStringLiteral("nginx:1.25"), {}, 10));
        rig.runUntil(rig.t0 + 3 * kSecond);
        QCOMPARE(rig.pod(QStringLiteral("slow"))->status.phase, QStringLiteral("Running"));
        rig.runUntil(rig.t0 + 13 * kSecond - 1);
        QVERIFY(!IsPodReady(*rig.pod(QStringLiteral("slow"))));
        rig.runUntil(rig.t0 + 13 * kSecond);
        const auto p = rig.pod(QStringLiteral("slow"));
        QVERIFY(IsPodReady(*p));
        QCOMPARE(cond(*p, "Ready")->lastTransitionTime, rig.t0 + 13 * kSecond);
    }

    void podIPsAndImageCache()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("a")));
        QVERIFY(rig.createPod(QStringLiteral("b")));
        rig.runUntil(rig.t0 + 3 * kSecond);
        // b joined a's pull: both run at t0+3s, on distinct IPs from node-1's podCIDR.
        QCOMPARE(rig.pod(QStringLiteral("a"))->status.podIP, QStringLiteral("10.244.1.2"));
        QCOMPARE(rig.pod(QStringLiteral("b"))->status.podIP, QStringLiteral("10.244.1.3"));
        QCOMPARE(rig.pod(QStringLiteral("b"))->status.phase, QStringLiteral("Running"));
        QVERIFY(rig.events(QStringLiteral("b")).contains(
            QStringLiteral("Pulled: Successfully pulled image \"nginx:1.25\" in 0s (2s including waiting). Image size: %1 bytes.")
                .arg(ImageRules::sizeBytes(QStringLiteral("nginx:1.25")))));

        // Later pods find the image on the node: no pull, only the start delay.
        rig.runUntil(rig.t0 + 10 * kSecond);
        QVERIFY(rig.createPod(QStringLiteral("c")));
        rig.runUntil(rig.t0 + 11 * kSecond - 1);
        QCOMPARE(rig.pod(QStringLiteral("c"))->status.phase, QStringLiteral("Pending"));
        rig.runUntil(rig.t0 + 11 * kSecond);
        QCOMPARE(rig.pod(QStringLiteral("c"))->status.phase, QStringLiteral("Running"));
        QVERIFY(rig.events(QStringLiteral("c")).contains(
            QStringLiteral("Pulled: Container image \"nginx:1.25\" already present on machine")));

        // A different image waits for the serialised puller.
        QVERIFY(rig.createPod(QStringLiteral("d"), QStringLiteral("redis:7")));
        QVERIFY(rig.createPod(QStringLiteral("e"), QStringLiteral("busybox:1.36")));
        rig.runUntil(rig.t0 + 14 * kSecond);   // redis: pull 11–13 s, start 1 s
        QCOMPARE(rig.pod(QStringLiteral("d"))->status.phase, QStringLiteral("Running"));
        rig.runUntil(rig.t0 + 16 * kSecond - 1);
        QCOMPARE(rig.pod(QStringLiteral("e"))->status.phase, QStringLiteral("Pending"));
        rig.runUntil(rig.t0 + 16 * kSecond);   // busybox: queued behind redis, pull 13–15 s, start 1 s
        QCOMPARE(rig.pod(QStringLiteral("e"))->status.phase, QStringLiteral("Running"));
        QVERIFY(rig.events(QStringLiteral("e")).contains(
            QStringLiteral("Pulled: Successfully pulled image \"busybox:1.36\" in 2s (4s including waiting). Image size: %1 bytes.")
                .arg(ImageRules::sizeBytes(QStringLiteral("busybox:1.36")))));
    }

    void gracefulDelete_data()
    {
        QTest::addColumn<qint64>("grace");   // -1: the pod's terminationGracePeriodSeconds (30)
        QTest::addColumn<qint64>("goneAfter");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("default grace 30 s: terminationDelay 2 s") << qint64(-1) << qint64(2000) << 0;
        QTest::newRow("grace 1 s cuts it short (SIGKILL)") << qint64(1) << qint64(1000) << 137;
    }
    void gracefulDelete()
    {
        QFETCH(qint64, grace);
        QFETCH(qint64, goneAfter);
        QFETCH(int, exitCode);
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("web")));
        rig.runUntil(rig.t0 + 10 * kSecond);
        QVERIFY(IsPodReady(*rig.pod(QStringLiteral("web"))));
        const qint64 td = rig.clock().now();
        apiserver::DeleteOptions opts;
        if (grace >= 0)
            opts.gracePeriodSeconds = grace;
        QVERIFY(rig.api().remove(apiserver::resources::byKind(Kind::Pod), QStringLiteral("default"), QStringLiteral("web"), opts).ok());
        rig.runUntil(td);
        QVERIFY(rig.pod(QStringLiteral("web"))->metadata.deletionTimestamp != 0);
        QCOMPARE(rig.shown(QStringLiteral("web")), QStringLiteral("Terminating"));
        QVERIFY(rig.events(QStringLiteral("web")).contains(QStringLiteral("Killing: Stopping container nginx")));

        std::shared_ptr<const Pod> finalState;
        rig.informers.informerFor<Pod>().addEventHandler(client::ResourceEventHandlerFuncs(
            {}, {}, [&](const ObjectPtr &obj, const client::DeletedFinalStateUnknown *) { finalState = objectCast<Pod>(obj); }));
        QStringList phases;
        rig.runUntil(td + goneAfter - 1, [&] {
            if (const auto p = rig.pod(QStringLiteral("web")))
                phases << p->status.phase;
        });
        QVERIFY(rig.pod(QStringLiteral("web")));
        QVERIFY(!phases.contains(QStringLiteral("Succeeded")) && !phases.contains(QStringLiteral("Failed")));

        // The kubelet writes the terminal status, then deletes with grace 0: gone from etcd.
        rig.runUntil(td + goneAfter);
        QVERIFY(!rig.pod(QStringLiteral("web")));
        QVERIFY(!rig.kubelet.runtime(QStringLiteral("default/web")));
        QVERIFY(finalState);
        QCOMPARE(finalState->status.phase, exitCode == 0 ? QStringLiteral("Succeeded") : QStringLiteral("Failed"));
        const ContainerStatus &cs = finalState->status.containerStatuses[0];
        QCOMPARE(cs.state.terminated->exitCode, exitCode);
        QCOMPARE(cs.state.terminated->reason, exitCode == 0 ? QStringLiteral("Completed") : QStringLiteral("Error"));
        QCOMPARE(cs.state.terminated->finishedAt, td + goneAfter);
        QCOMPARE(cond(*finalState, "Ready")->status, QStringLiteral("False"));
    }

    void deletedWhilePullingGoesAtOnce()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("web")));
        rig.runUntil(rig.t0 + 1 * kSecond);
        QVERIFY(rig.api().remove(apiserver::resources::byKind(Kind::Pod), QStringLiteral("default"), QStringLiteral("web")).ok());
        rig.runUntil(rig.t0 + 1 * kSecond);
        QVERIFY(!rig.pod(QStringLiteral("web")));   // nothing was running: no grace period to wait for
    }

    // A pod removed at once (grace 0) and created again under its name before the kubelet syncs
    // it: the new uid starts over (Pending, then Running on its own IP) and the old pod's IP is
    // released: the node's 253 addresses go round to it again.
    void aPodCreatedAgainUnderItsNameStartsOver()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("web")));
        rig.runUntil(rig.t0 + 4 * kSecond);
        const auto first = rig.pod(QStringLiteral("web"));
        QCOMPARE(first->status.phase, QStringLiteral("Running"));
        QCOMPARE(first->status.podIP, QStringLiteral("10.244.1.2"));
        apiserver::DeleteOptions now;
        now.gracePeriodSeconds = 0;
        QVERIFY(rig.api().remove(apiserver::resources::byKind(Kind::Pod), QStringLiteral("default"), QStringLiteral("web"), now).ok());
        QVERIFY(rig.createPod(QStringLiteral("web")));
        rig.settle();
        const auto second = rig.pod(QStringLiteral("web"));
        QVERIFY(second->metadata.uid != first->metadata.uid);
        QCOMPARE(second->status.phase, QStringLiteral("Pending"));
        QVERIFY(second->status.podIP.isEmpty() || second->status.podIP == QStringLiteral("10.244.1.3"));
        rig.runUntil(rig.t0 + 5 * kSecond);   // the image is on the node: started 1 s later
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.phase, QStringLiteral("Running"));
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.podIP, QStringLiteral("10.244.1.3"));
        // .4 … .254 to 251 more pods; then the scan wraps to .2, free only if it was released.
        for (int i = 0; i < 251; ++i)
            QVERIFY(rig.createPod(QStringLiteral("p%1").arg(i)));
        rig.runUntil(rig.t0 + 7 * kSecond);
        QCOMPARE(rig.pod(QStringLiteral("p250"))->status.podIP, QStringLiteral("10.244.1.254"));
        QVERIFY(rig.createPod(QStringLiteral("last")));
        rig.runUntil(rig.t0 + 9 * kSecond);
        QCOMPARE(rig.pod(QStringLiteral("last"))->status.phase, QStringLiteral("Running"));
        QCOMPARE(rig.pod(QStringLiteral("last"))->status.podIP, QStringLiteral("10.244.1.2"));
    }

    void stoppedKubeletFreezesAndResumes()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("web")));
        rig.runUntil(rig.t0 + 1 * kSecond);   // pulling
        rig.kubelet.stop();
        const qint64 revision = rig.api().currentRevision();
        rig.runUntil(rig.t0 + 101 * kSecond);
        QCOMPARE(rig.api().currentRevision(), revision);   // a dead kubelet writes nothing
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.phase, QStringLiteral("Pending"));
        rig.kubelet.start();
        // 2 s of stages were left at t0+1s: pull ends at +102 s, Running at +103 s, Ready at +104 s.
        rig.runUntil(rig.t0 + 103 * kSecond - 1);
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.phase, QStringLiteral("Pending"));
        rig.runUntil(rig.t0 + 103 * kSecond);
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.phase, QStringLiteral("Running"));
        rig.runUntil(rig.t0 + 104 * kSecond);
        QVERIFY(IsPodReady(*rig.pod(QStringLiteral("web"))));
    }

    void ignoresPodsOfOtherNodes()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("elsewhere"), QStringLiteral("nginx:1.25"), {}, {}, QStringLiteral("node-2")));
        rig.runUntil(rig.t0 + 30 * kSecond);
        const auto p = rig.pod(QStringLiteral("elsewhere"));
        QVERIFY(p->status.containerStatuses.isEmpty());
        QCOMPARE(p->status.phase, QStringLiteral("Pending"));
    }

    void adoptsARunningPod()
    {
        // A pod stored with a Running status (scenario `objects:`) is not restarted.
        Rig rig;
        auto p = std::make_shared<Pod>();
        p->metadata.name = QStringLiteral("old");
        p->metadata.namespace_ = QStringLiteral("default");
        p->spec.nodeName = QStringLiteral("node-1");
        Container c;
        c.name = QStringLiteral("nginx");
        c.image = QStringLiteral("nginx:1.25");
        p->spec.containers.append(c);
        p->status.phase = QStringLiteral("Running");
        p->status.podIP = QStringLiteral("10.244.1.7");
        p->status.startTime = rig.t0 - 60 * kSecond;
        ContainerStatus cs;
        cs.name = QStringLiteral("nginx");
        cs.image = QStringLiteral("docker.io/library/nginx:1.25");
        cs.ready = true;
        cs.started = true;
        cs.restartCount = 2;
        cs.state.running = ContainerStateRunning{rig.t0 - 50 * kSecond};
        p->status.containerStatuses = {cs};
        Condition ready;
        ready.type = QStringLiteral("Ready");
        ready.status = QStringLiteral("True");
        ready.lastTransitionTime = rig.t0 - 49 * kSecond;
        p->status.conditions = {ready};
        QVERIFY(rig.api().restore(p).ok());
        rig.runUntil(rig.t0 + 10 * kSecond);
        const auto now = rig.pod(QStringLiteral("old"));
        QCOMPARE(now->status.phase, QStringLiteral("Running"));
        QCOMPARE(now->status.podIP, QStringLiteral("10.244.1.7"));
        QCOMPARE(now->status.containerStatuses[0].restartCount, 2);
        QCOMPARE(now->status.containerStatuses[0].state.running->startedAt, rig.t0 - 50 * kSecond);
        QCOMPARE(cond(*now, "Ready")->lastTransitionTime, rig.t0 - 49 * kSecond);
    }

};

QTEST_GUILESS_MAIN(TestKubelet)
#include "tst_kubelet.moc"
