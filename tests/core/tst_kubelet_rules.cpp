// SPDX-License-Identifier: Apache-2.0
// The kubelet's pure rules: Go durations (the fault annotations), image rules (pull outcome,
// size, image ID) and a pod's phase from its container states (PodStatusBuilder::phase).
#include "core/api/pod.h"
#include "core/controller/kubelet/goduration.h"
#include "core/controller/kubelet/imagerules.h"
#include "core/controller/kubelet/podruntime.h"
#include "core/controller/kubelet/podstatusbuilder.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller;
namespace {
// Pod "p" on node-1 with one container "app" (nginx), its sandbox up at 1.5 s, running and
// ready since 3 s: what the status builder tests start from.
std::pair<api::Pod, PodRuntime> runningReadyPod()
{
    api::Pod pod;
    pod.metadata.name = QStringLiteral("p");
    api::Container c;
    c.name = QStringLiteral("app");
    c.image = QStringLiteral("nginx");
    pod.spec.containers = {c};
    pod.spec.nodeName = QStringLiteral("node-1");
    PodRuntime rt;
    rt.firstSeen = 1000;
    rt.podIP = QStringLiteral("10.0.0.2");
    rt.sandboxReadyAt = 1500;
    ContainerRuntime cr;
    cr.name = c.name;
    cr.image = c.image;
    cr.stage = ContainerRuntime::Stage::Running;
    cr.readySince = 3000;
    api::ContainerStatus cs;
    cs.name = c.name;
    cs.image = c.image;
    cs.ready = true;
    cs.started = true;
    cs.state.running = api::ContainerStateRunning{};
    rt.containers = {cr};
    rt.statuses = {cs};
    return {pod, rt};
}
} // namespace

class TestKubeletRules : public QObject
{
    Q_OBJECT

private slots:
    void goDuration_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << "0s";
        QTest::newRow("millis") << qint64(500) << "500ms";
        QTest::newRow("seconds") << qint64(2000) << "2s";
        QTest::newRow("fraction") << qint64(2500) << "2.5s";
        QTest::newRow("minutes") << qint64(90'000) << "1m30s";
        QTest::newRow("59 s") << qint64(59'000) << "59s";
        QTest::newRow("one minute") << qint64(60'000) << "1m0s";
        QTest::newRow("last shared") << qint64(599'000) << "9m59s";
        QTest::newRow("past the shared") << qint64(600'000) << "10m0s";
        QTest::newRow("fraction of a minute") << qint64(61'500) << "1m1.5s";
        QTest::newRow("back-off cap") << qint64(300'000) << "5m0s";
        QTest::newRow("hour") << qint64(3'600'000) << "1h0m0s";
    }
    void goDuration()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(formatGoDuration(ms), text);
        QCOMPARE(parseGoDuration(text), std::optional<qint64>(ms));
    }
    void goDurationRejects()
    {
        for (const char *bad : {"", "5", "-1s", "5x", "s", "1.s"})
            QVERIFY2(!parseGoDuration(QLatin1String(bad)), bad);
        QCOMPARE(parseGoDuration(QStringLiteral("250ms")), std::optional<qint64>(250));
    }

    void imageRules_data()
    {
        QTest::addColumn<QString>("image");
        QTest::addColumn<QString>("normalized");
        QTest::addColumn<QString>("error");   // "" = pulls; else the start of the message
        QTest::newRow("official image") << "nginx:1.25" << "docker.io/library/nginx:1.25" << "";
        QTest::newRow("no tag") << "nginx" << "docker.io/library/nginx:latest" << "";
        QTest::newRow("user repo") << "bitnami/nginx:1.2" << "docker.io/bitnami/nginx:1.2" << "";
        QTest::newRow("other registry") << "registry.k8s.io/pause:3.9" << "registry.k8s.io/pause:3.9" << "";
        QTest::newRow("registry with port") << "localhost:5000/app:v1" << "localhost:5000/app:v1" << "";
        QTest::newRow("tag doesnotexist")
            << "nginx:doesnotexist" << "docker.io/library/nginx:doesnotexist"
            << "rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:doesnotexist\": "
               "failed to resolve reference \"docker.io/library/nginx:doesnotexist\": docker.io/library/nginx:doesnotexist: not found";
        QTest::newRow("tag does-not-exist") << "nginx:1.25-does-not-exist" << "docker.io/library/nginx:1.25-does-not-exist"
                                            << "rpc error: code = NotFound";
        QTest::newRow("tag broken") << "nginx:broken" << "docker.io/library/nginx:broken" << "rpc error: code = NotFound";
        QTest::newRow("tag unbroken pulls") << "nginx:unbroken" << "docker.io/library/nginx:unbroken" << "";
        QTest::newRow("repository doesnotexist") << "doesnotexist:1" << "docker.io/library/doesnotexist:1"
                                                 << "rpc error: code = Unknown desc = failed to pull and unpack image "
                                                    "\"docker.io/library/doesnotexist:1\": failed to resolve reference "
                                                    "\"docker.io/library/doesnotexist:1\": pull access denied";
        QTest::newRow("registry .invalid") << "registry.invalid/team/app:1.0" << "registry.invalid/team/app:1.0"
                                           << "rpc error: code = Unknown desc = failed to pull and unpack image "
                                              "\"registry.invalid/team/app:1.0\": failed to resolve reference "
                                              "\"registry.invalid/team/app:1.0\": failed to do request: Head "
                                              "\"https://registry.invalid/v2/team/app/manifests/1.0\": dial tcp: lookup "
                                              "registry.invalid: no such host";
    }
    void imageRules()
    {
        QFETCH(QString, image);
        QFETCH(QString, normalized);
        QFETCH(QString, error);
        QCOMPARE(ImageReference::parse(image).normalized(), normalized);
        const std::optional<QString> e = ImageRules::pullError(image);
        if (error.isEmpty()) {
            QVERIFY2(!e, qPrintable(e.value_or(QString())));
        } else {
            QVERIFY(e);
            QVERIFY2(e->startsWith(error), qPrintable(*e));
        }
        const QString id = ImageRules::imageID(image);
        QVERIFY2(id.startsWith(ImageReference::parse(image).name() + QStringLiteral("@sha256:")), qPrintable(id));
        QCOMPARE(id.size() - id.indexOf(QLatin1Char(':'), id.indexOf(QLatin1Char('@'))) - 1, 64);
        QCOMPARE(ImageRules::imageID(image), id);   // deterministic
    }

    void getPhase_data()
    {
        QTest::addColumn<QString>("restartPolicy");
        QTest::addColumn<QString>("state");   // running | waiting | crashed (waiting + lastState) | exit0 | exit1
        QTest::addColumn<bool>("terminal");
        QTest::addColumn<QString>("phase");
        QTest::newRow("creating") << "Always" << "waiting" << false << "Pending";
        QTest::newRow("running") << "Always" << "running" << false << "Running";
        QTest::newRow("crash loop") << "Always" << "crashed" << false << "Running";
        QTest::newRow("exited, Always restarts") << "Always" << "exit1" << false << "Running";
        QTest::newRow("exited 1, Never") << "Never" << "exit1" << false << "Failed";
        QTest::newRow("exited 0, OnFailure") << "OnFailure" << "exit0" << false << "Succeeded";
        QTest::newRow("exited 1, OnFailure") << "OnFailure" << "exit1" << false << "Running";
        QTest::newRow("killed after delete, exit 0") << "Always" << "exit0" << true << "Succeeded";
        QTest::newRow("killed after delete, exit 137") << "Always" << "exit137" << true << "Failed";
    }
    void getPhase()
    {
        QFETCH(QString, restartPolicy);
        QFETCH(QString, state);
        QFETCH(bool, terminal);
        QFETCH(QString, phase);
        PodSpec spec;
        spec.restartPolicy = restartPolicy;
        Container c;
        c.name = QStringLiteral("app");
        spec.containers = {c};
        ContainerStatus cs;
        cs.name = QStringLiteral("app");
        if (state == QLatin1String("running")) {
            cs.state.running = ContainerStateRunning{1};
        } else if (state == QLatin1String("waiting")) {
            cs.state.waiting = ContainerStateWaiting{QStringLiteral("ContainerCreating"), {}};
        } else if (state == QLatin1String("crashed")) {
            cs.state.waiting = ContainerStateWaiting{QStringLiteral("CrashLoopBackOff"), {}};
            cs.lastState.terminated = ContainerStateTerminated{};
            cs.lastState.terminated->exitCode = 1;
        } else {
            cs.state.terminated = ContainerStateTerminated{};
            cs.state.terminated->exitCode = state.mid(4).toInt();
        }
        QCOMPARE(PodStatusBuilder::phase(spec, {cs}, terminal), phase);
    }

    // A sync that changes nothing builds a status equal to the stored one whose lists share the
    // stored version's (each retained version held its own copy of the same conditions).
    // The image a container status shows: the normalized reference, one string for every
    // container of that image (the same characters in memory).
    void containerIDIsStablePerInstance()
    {
        // 64 hex digits like containerd's; the same instance gives the same ID (reproducible
        // runs), another pod, container or restart another one.
        const QString id = ImageRules::containerID(QStringLiteral("uid-1"), QStringLiteral("nginx"), 0);
        QVERIFY(id.startsWith(QLatin1String("containerd://")));
        const QString hex = id.mid(13);
        QCOMPARE(hex.size(), 64);
        for (const QChar c : hex)
            QVERIFY2((c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('f')), qPrintable(id));
        QCOMPARE(ImageRules::containerID(QStringLiteral("uid-1"), QStringLiteral("nginx"), 0), id);
        QSet<QString> ids{id};
        ids << ImageRules::containerID(QStringLiteral("uid-1"), QStringLiteral("nginx"), 1)
            << ImageRules::containerID(QStringLiteral("uid-2"), QStringLiteral("nginx"), 0)
            << ImageRules::containerID(QStringLiteral("uid-1"), QStringLiteral("sidecar"), 0)
            << ImageRules::containerID(QStringLiteral("uid-1/nginx"), QString(), 0);
        QCOMPARE(ids.size(), 5);
    }
    void statusImageIsNormalizedAndShared()
    {
        QCOMPARE(ImageRules::statusImage(QStringLiteral("nginx:1.25")), QStringLiteral("docker.io/library/nginx:1.25"));
        QCOMPARE(ImageRules::statusImage(QStringLiteral("nginx")), QStringLiteral("docker.io/library/nginx:latest"));
        QCOMPARE(ImageRules::statusImage(QStringLiteral("quay.io/org/app@sha256:abc")), QStringLiteral("quay.io/org/app@sha256:abc"));
        QVERIFY(ImageRules::statusImage(QStringLiteral("nginx:1.25")).constData()
                == ImageRules::statusImage(QStringLiteral("nginx:1.25")).constData());
    }

    // status.hostIPs follows the node's address whatever else status.extra holds, and the
    // unready message follows the unready containers (both are kept between builds).
    void hostIPsAndUnreadyMessageFollowTheirInputs()
    {
        api::Pod pod;
        pod.metadata.name = QStringLiteral("p");
        PodRuntime rt;
        rt.firstSeen = 1000;
        for (const char *name : {"app", "sidecar"}) {
            api::Container c;
            c.name = QLatin1String(name);
            c.image = QStringLiteral("nginx");
            pod.spec.containers << c;
            ContainerRuntime cr;
            cr.name = c.name;
            rt.containers << cr;
            api::ContainerStatus cs;
            cs.name = c.name;
            rt.statuses << cs;
        }
        const auto hostIPs = [](const api::PodStatus &st) { return st.extra.value(QLatin1String("hostIPs")); };
        const auto unreadyMessage = [](const api::PodStatus &st) {
            for (const api::Condition &c : st.conditions)
                if (c.type == QLatin1String("ContainersReady"))
                    return c.message;
            return QStringLiteral("<no ContainersReady>");
        };
        const QJsonValue one = QJsonArray{QJsonObject{{QStringLiteral("ip"), QStringLiteral("192.168.0.1")}}};
        const QJsonValue two = QJsonArray{QJsonObject{{QStringLiteral("ip"), QStringLiteral("192.168.0.2")}}};
        api::PodStatus st = PodStatusBuilder::build(pod, rt, QStringLiteral("192.168.0.1"), 2000, 0);
        QCOMPARE(hostIPs(st), one);
        QCOMPARE(st.extra.size(), 1);
        QCOMPARE(unreadyMessage(st),
                 QStringLiteral("containers with unready status: [app sidecar]"));
        pod.status = st;
        pod.status.extra.insert(QStringLiteral("resize"), QStringLiteral("Proposed"));   // something else there
        st = PodStatusBuilder::build(pod, rt, QStringLiteral("192.168.0.2"), 3000, 0);   // another node address
        QCOMPARE(hostIPs(st), two);
        QCOMPARE(st.extra.value(QLatin1String("resize")).toString(), QStringLiteral("Proposed"));
        pod.status = st;
        rt.statuses[0].ready = true;
        st = PodStatusBuilder::build(pod, rt, QStringLiteral("192.168.0.2"), 4000, 0);
        QCOMPARE(hostIPs(st), two);
        QCOMPARE(st.extra.size(), 2);
        QCOMPARE(unreadyMessage(st),
                 QStringLiteral("containers with unready status: [sidecar]"));
        rt.statuses[0].ready = false;
        pod.status = {};
        st = PodStatusBuilder::build(pod, rt, QStringLiteral("192.168.0.1"), 5000, 0);
        QCOMPARE(hostIPs(st), one);
        QCOMPARE(unreadyMessage(st),
                 QStringLiteral("containers with unready status: [app sidecar]"));
    }
    void unchangedStatusListsStayShared()
    {
        auto [pod, rt] = runningReadyPod();
        pod.status = PodStatusBuilder::build(pod, rt, QStringLiteral("192.168.0.1"), 4000, 0);
        QCOMPARE(pod.status.phase, QStringLiteral("Running"));
        // The pod's status list is the runtime's own, not a copy of it.
        QVERIFY(pod.status.containerStatuses.constData() == rt.statuses.constData());
        const api::PodStatus again = PodStatusBuilder::build(pod, rt, QStringLiteral("192.168.0.1"), 9000, 0);
        QVERIFY(again == pod.status);
        QVERIFY(again.conditions.constData() == pod.status.conditions.constData());
        QVERIFY(again.containerStatuses.constData() == pod.status.containerStatuses.constData());
        rt.statuses[0].ready = false;   // a change: the runtime's list detaches, fresh conditions
        QVERIFY(pod.status.containerStatuses[0].ready);
        const api::PodStatus changed = PodStatusBuilder::build(pod, rt, QStringLiteral("192.168.0.1"), 9000, 0);
        QVERIFY(changed.conditions.constData() != pod.status.conditions.constData());
        QVERIFY(changed.containerStatuses.constData() != pod.status.containerStatuses.constData());
        QVERIFY(changed.containerStatuses.constData() == rt.statuses.constData());
        // An equal list held apart (e.g. adopted from the pod) gives the stored version's list.
        api::Pod stored = pod;
        stored.status = changed;
        PodRuntime apart = rt;
        apart.statuses = QList<api::ContainerStatus>(rt.statuses.cbegin(), rt.statuses.cend());
        const api::PodStatus same = PodStatusBuilder::build(stored, apart, QStringLiteral("192.168.0.1"), 9000, 0);
        QVERIFY(same.containerStatuses.constData() == stored.status.containerStatuses.constData());
        // Another pod whose containers started in the same second gets the same conditions: one
        // list, shared; a later second makes another list.
        api::Pod other = pod;
        other.metadata.name = QStringLiteral("q");
        other.status.conditions = QList<api::Condition>(pod.status.conditions.cbegin(), pod.status.conditions.cend());   // equal, not shared
        const api::PodStatus twin = PodStatusBuilder::build(other, rt, QStringLiteral("192.168.0.1"), 9000, 0);
        QVERIFY(twin.conditions == changed.conditions);
        QVERIFY(twin.conditions.constData() == changed.conditions.constData());
        const api::PodStatus later = PodStatusBuilder::build(other, rt, QStringLiteral("192.168.0.1"), 11000, 0);
        QVERIFY(later.conditions.constData() != changed.conditions.constData());
        api::Pod edited = other;
        edited.status = twin;
        edited.status.conditions[0].message = QStringLiteral("edited");   // a copy detaches
        QVERIFY(twin.conditions[0].message.isEmpty());
    }

    // The conditions another component wrote stay first, in their order (a readiness gate's, the
    // disruption controller's); the kubelet's five follow in its order, PodScheduled as the
    // scheduler wrote it; a condition keeps its transition time while its status holds, and one
    // whose status changed takes the build's second. Wherever the old list held them.
    void foreignConditionsStayFirst()
    {
        auto [pod, rt] = runningReadyPod();
        const auto cond = [](const char *type, const char *status, api::Time ltt) {
            api::Condition x;
            x.type = QString::fromLatin1(type);
            x.status = QString::fromLatin1(status);
            x.lastTransitionTime = ltt;
            return x;
        };
        // Shuffled: the kubelet's own among the others, Ready False since 2 s.
        pod.status.conditions = {cond("Ready", "False", 2000), cond("example.com/gate", "True", 1000),
                                 cond("PodScheduled", "True", 1000), cond("DisruptionTarget", "False", 1000),
                                 cond("Initialized", "True", 1000)};
        const api::PodStatus st = PodStatusBuilder::build(pod, rt, QStringLiteral("192.168.0.1"), 7500, 0);
        QStringList types;
        for (const api::Condition &x : st.conditions)
            types << x.type;
        QCOMPARE(types, QStringList({u"example.com/gate"_qs, u"DisruptionTarget"_qs, u"PodReadyToStartContainers"_qs,
                                     u"Initialized"_qs, u"Ready"_qs, u"ContainersReady"_qs, u"PodScheduled"_qs}));
        QCOMPARE(st.conditions[3].lastTransitionTime, 1000);   // Initialized: still True, its time kept
        QCOMPARE(st.conditions[4].status, u"True"_qs);
        QCOMPARE(st.conditions[4].lastTransitionTime, 3000);   // Ready: turned True when the container got ready
        QCOMPARE(st.conditions[2].lastTransitionTime, 7000);   // PodReadyToStartContainers: new, the build's second
        QCOMPARE(st.conditions[6], pod.status.conditions[2]);   // PodScheduled as it was
        // Built again on its own result: nothing changes, the list is the same one.
        pod.status = st;
        const api::PodStatus again = PodStatusBuilder::build(pod, rt, QStringLiteral("192.168.0.1"), 9000, 0);
        QVERIFY(again.conditions.constData() == st.conditions.constData());
    }
};

QTEST_GUILESS_MAIN(TestKubeletRules)
#include "tst_kubelet_rules.moc"
