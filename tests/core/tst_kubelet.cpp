// The simulated kubelet on the virtual clock: stage timing, pod IPs, the image and annotation
// faults with their back-offs, graceful deletion, image cache, node failure freeze.
#include "core/api/event.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/kubelet/goduration.h"
#include "core/controller/kubelet/imagerules.h"
#include "core/controller/kubelet/kubelet.h"
#include "core/controller/kubelet/podstatusbuilder.h"
#include "core/controller/podutil.h"
#include "core/sim/cluster.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller;

namespace {
constexpr qint64 kSecond = 1000;

// A two-node cluster with node-1's kubelet, driven deterministically on one thread: informers
// via processPending(), the kubelet via processNextWorkItem(0, false), time timer by timer.
struct Rig
{
    Cluster cluster{ClusterConfig{.nodes = 2}};
    client::SharedInformerFactory informers{cluster.client()};
    Kubelet kubelet;
    const qint64 t0;

    explicit Rig(KubeletConfig config = {})
        : kubelet(QStringLiteral("node-1"), cluster.client(), informers, cluster.clock(), &cluster.trace(), config),
          t0(cluster.clock().now())
    {
        informers.start(client::DriveMode::Deterministic);
        informers.waitForCacheSync();
        settle();
    }
    apiserver::ApiServer &api() { return cluster.api(); }
    ManualClock &clock() { return cluster.clock(); }

    void settle()
    {
        for (int i = 0; i < 100'000; ++i) {
            const qsizetype work = informers.processPending();
            const bool synced = kubelet.controller().processNextWorkItem(0, false);
            if (work == 0 && !synced)
                return;
        }
        QFAIL("the kubelet does not settle");
    }
    // Runs every timer up to t (absolute virtual ms), settling after each; calls probe (if any)
    // after each settle, so tests can record every intermediate state.
    void runUntil(qint64 t, const std::function<void()> &probe = {})
    {
        settle();
        if (probe)
            probe();
        while (true) {
            const std::optional<qint64> next = clock().nextTimerAt();
            if (!next || *next > t)
                break;
            clock().advanceTo(*next);
            settle();
            if (probe)
                probe();
        }
        clock().advanceTo(t);
        settle();
        if (probe)
            probe();
    }

    // A pod "name" with one container "nginx", bound to node-1 now (as the scheduler would).
    bool createPod(const QString &name, const QString &image = QStringLiteral("nginx:1.25"),
                   const QMap<QString, QString> &annotations = {}, std::optional<int> probeDelay = {},
                   const QString &node = QStringLiteral("node-1"))
    {
        auto p = std::make_shared<Pod>();
        p->metadata.name = name;
        p->metadata.namespace_ = QStringLiteral("default");
        p->metadata.labels.insert(QStringLiteral("app"), QStringLiteral("web"));
        p->metadata.annotations = annotations;
        Container c;
        c.name = QStringLiteral("nginx");
        c.image = image;
        if (probeDelay) {
            Probe probe;
            probe.initialDelaySeconds = *probeDelay;
            probe.extra.insert(QStringLiteral("httpGet"), QJsonObject{{QStringLiteral("path"), QStringLiteral("/")},
                                                                      {QStringLiteral("port"), 80}});
            c.readinessProbe = probe;
        }
        p->spec.containers.append(c);
        const auto created = api().create(p);
        if (!created.ok())
            qWarning("create %s: %s", qPrintable(name), qPrintable(created.error->message));
        return created.ok() && api().bind(QStringLiteral("default"), name, node).ok();
    }
    std::shared_ptr<const Pod> pod(const QString &name) { return api().getAs<Pod>(QStringLiteral("default"), name); }
    QString shown(const QString &name)
    {
        const auto p = pod(name);
        return p ? PodStatusBuilder::displayStatus(*p) : QStringLiteral("<gone>");
    }
    // "Reason: message" of every Event about `name`, in creation order.
    QStringList events(const QString &name)
    {
        QList<std::shared_ptr<const Event>> evs;
        for (const ObjectPtr &o : api().list(apiserver::resources::byKind(Kind::Event), QStringLiteral("default")).value.items) {
            const auto e = objectCast<Event>(o);
            if (e && e->involvedObject.name == name)
                evs.append(e);
        }
        std::stable_sort(evs.begin(), evs.end(), [](const auto &a, const auto &b) {
            return a->metadata.creationTimestamp < b->metadata.creationTimestamp
                || (a->metadata.creationTimestamp == b->metadata.creationTimestamp
                    && a->metadata.resourceVersion.toLongLong() < b->metadata.resourceVersion.toLongLong());
        });
        QStringList out;
        for (const auto &e : evs)
            out << QStringLiteral("%1: %2").arg(e->reason, e->message);
        return out;
    }
};

const Condition *cond(const Pod &pod, const char *type)
{
    const qsizetype i = findCondition(pod.status.conditions, QLatin1String(type));
    return i >= 0 ? &pod.status.conditions[i] : nullptr;
}
} // namespace

class TestKubelet : public QObject
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
        QVERIFY(!cs.ready);
        QVERIFY(cs.containerID.startsWith(QStringLiteral("containerd://")));
        QCOMPARE(cs.containerID.size(), QStringLiteral("containerd://").size() + 64);
        QCOMPARE(cs.image, QStringLiteral("docker.io/library/nginx:1.25"));
        QVERIFY(cs.imageID.startsWith(QStringLiteral("docker.io/library/nginx@sha256:")));
        QCOMPARE(cond(*p, "PodReadyToStartContainers")->status, QStringLiteral("True"));
        QVERIFY(!IsPodReady(*p));

        rig.runUntil(t0 + 4 * kSecond - 1);
        QVERIFY(!IsPodReady(*rig.pod(QStringLiteral("web"))));
        rig.runUntil(t0 + 4 * kSecond);
        p = rig.pod(QStringLiteral("web"));
        QVERIFY(IsPodReady(*p));
        QCOMPARE(cond(*p, "Ready")->lastTransitionTime, t0 + 4 * kSecond);
        QCOMPARE(cond(*p, "ContainersReady")->status, QStringLiteral("True"));
        QCOMPARE(cond(*p, "ContainersReady")->lastTransitionTime, t0 + 4 * kSecond);
        QVERIFY(p->status.containerStatuses[0].ready);
        QVERIFY(IsPodAvailable(*p, 10, t0 + 14 * kSecond + 1));
        QVERIFY(!IsPodAvailable(*p, 10, t0 + 14 * kSecond));

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

    void customDelays()
    {
        KubeletConfig config;
        config.pullDelayMs = 5000;
        config.startDelayMs = 500;
        config.readyDelayMs = 2000;
        Rig rig(config);
        QVERIFY(rig.createPod(QStringLiteral("web")));
        rig.runUntil(rig.t0 + 5500 - 1);
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.phase, QStringLiteral("Pending"));
        rig.runUntil(rig.t0 + 5500);
        QCOMPARE(rig.pod(QStringLiteral("web"))->status.phase, QStringLiteral("Running"));
        rig.runUntil(rig.t0 + 7500 - 1);
        QVERIFY(!IsPodReady(*rig.pod(QStringLiteral("web"))));
        rig.runUntil(rig.t0 + 7500);
        QVERIFY(IsPodReady(*rig.pod(QStringLiteral("web"))));
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
};

QTEST_GUILESS_MAIN(TestKubelet)
#include "tst_kubelet.moc"
