// Node failure and recovery: NodeLifecycleController (Ready Unknown, taints, MarkPodsNotReady),
// TaintEvictionController (tolerationSeconds) and the kubelet finishing Terminating pods.
#include "core/api/event.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/kubelet/kubelet.h"
#include "core/controller/nodelifecycle/nodelifecyclecontroller.h"
#include "core/controller/podutil.h"
#include "core/sim/cluster.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller;

namespace {
constexpr qint64 kSecond = 1000;

// Two nodes, both kubelets, the node lifecycle + taint eviction controllers, on one thread.
struct Rig
{
    Cluster cluster{[] { ClusterConfig c; c.nodes = 2; return c; }()};
    client::SharedInformerFactory informers{cluster.client()};
    Kubelet kubelet1{QStringLiteral("node-1"), cluster.client(), informers, cluster.clock(), &cluster.trace()};
    Kubelet kubelet2{QStringLiteral("node-2"), cluster.client(), informers, cluster.clock(), &cluster.trace()};
    NodeLifecycleController nodes{cluster.client(), informers, cluster.clock(), &cluster.trace()};
    const qint64 t0 = cluster.clock().now();

    Rig()
    {
        nodes.addKubelet(kubelet1);
        nodes.addKubelet(kubelet2);
        informers.start(client::DriveMode::Deterministic);
        informers.waitForCacheSync();
        settle();
    }
    apiserver::ApiServer &api() { return cluster.api(); }
    ManualClock &clock() { return cluster.clock(); }

    void settle()
    {
        Controller *controllers[] = {&kubelet1.controller(), &kubelet2.controller(), &nodes.controller(),
                                     &nodes.taintEviction().controller()};
        for (int i = 0; i < 100'000; ++i) {
            bool did = informers.processPending() > 0;
            for (Controller *c : controllers)
                did = c->processNextWorkItem(0, false) || did;
            if (!did)
                return;
        }
        QFAIL("the cluster does not settle");
    }
    void runUntil(qint64 t)
    {
        settle();
        while (true) {
            const std::optional<qint64> next = clock().nextTimerAt();
            if (!next || *next > t)
                break;
            clock().advanceTo(*next);
            settle();
        }
        clock().advanceTo(t);
        settle();
    }

    bool createPod(const QString &name, const QString &node, const QList<Toleration> &tolerations = {}, bool restore = false)
    {
        auto p = std::make_shared<Pod>();
        p->metadata.name = name;
        p->metadata.namespace_ = QStringLiteral("default");
        Container c;
        c.name = QStringLiteral("nginx");
        c.image = QStringLiteral("nginx:1.25");
        p->spec.containers.append(c);
        p->spec.tolerations = tolerations;
        if (restore) {   // stored exactly as given: no DefaultTolerationSeconds admission
            p->spec.nodeName = node;
            p->spec.restartPolicy = QStringLiteral("Always");
            p->spec.terminationGracePeriodSeconds = 30;
            p->status.phase = QStringLiteral("Pending");
            return api().restore(p).ok();
        }
        return api().create(p).ok() && api().bind(QStringLiteral("default"), name, node).ok();
    }
    std::shared_ptr<const Pod> pod(const QString &name) { return api().getAs<Pod>(QStringLiteral("default"), name); }
    std::shared_ptr<const Node> node(const QString &name) { return api().getAs<Node>(QString(), name); }
    QStringList events(const QString &name)
    {
        QStringList out;
        for (const ObjectPtr &o : api().list(apiserver::resources::byKind(Kind::Event), QStringLiteral("default")).value.items) {
            const auto e = objectCast<Event>(o);
            if (e && e->involvedObject.name == name)
                out << QStringLiteral("%1 %2: %3").arg(e->source.component, e->reason, e->message);
        }
        return out;
    }
};

const Condition *cond(const QList<Condition> &conditions, const char *type)
{
    const qsizetype i = findCondition(conditions, QLatin1String(type));
    return i >= 0 ? &conditions[i] : nullptr;
}

QStringList taints(const Node &node)
{
    QStringList out;
    for (const Taint &t : node.spec.taints)
        out << QStringLiteral("%1:%2").arg(t.key, t.effect);
    return out;
}
} // namespace

class TestNodeLifecycle : public QObject
{
    Q_OBJECT

private slots:
    void failEvictRecover()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("a"), QStringLiteral("node-2")));
        QVERIFY(rig.createPod(QStringLiteral("b"), QStringLiteral("node-2")));
        QVERIFY(rig.createPod(QStringLiteral("c"), QStringLiteral("node-1")));
        rig.runUntil(rig.t0 + 10 * kSecond);
        for (const char *n : {"a", "b", "c"})
            QVERIFY2(IsPodReady(*rig.pod(QLatin1String(n))), n);

        // failNode: Ready Unknown, unreachable taints, pods NotReady — at once.
        const qint64 t1 = rig.clock().now();
        rig.nodes.failNode(QStringLiteral("node-2"));
        QVERIFY(!rig.kubelet2.isRunning());
        rig.runUntil(t1);
        const auto failed = rig.node(QStringLiteral("node-2"));
        const Condition *ready = cond(failed->status.conditions, "Ready");
        QCOMPARE(ready->status, QStringLiteral("Unknown"));
        QCOMPARE(ready->reason, QStringLiteral("NodeStatusUnknown"));
        QCOMPARE(ready->message, QStringLiteral("Kubelet stopped posting node status."));
        QCOMPARE(ready->lastTransitionTime, t1);
        QCOMPARE(cond(failed->status.conditions, "MemoryPressure")->status, QStringLiteral("Unknown"));
        QCOMPARE(taints(*failed), QStringList({"node.kubernetes.io/unreachable:NoSchedule", "node.kubernetes.io/unreachable:NoExecute"}));
        for (const Taint &t : failed->spec.taints)
            QCOMPARE(t.timeAdded, t1);
        QVERIFY(!failed->isReady());
        for (const char *n : {"a", "b"}) {
            const auto p = rig.pod(QLatin1String(n));
            QVERIFY2(!IsPodReady(*p), n);
            QCOMPARE(cond(p->status.conditions, "Ready")->lastTransitionTime, t1);
            QVERIFY(rig.events(QLatin1String(n)).contains(QStringLiteral("node-controller NodeNotReady: Node is not ready")));
        }
        QVERIFY(IsPodReady(*rig.pod(QStringLiteral("c"))));
        QVERIFY(rig.events(QStringLiteral("node-2")).contains(QStringLiteral("node-controller NodeNotReady: Node node-2 status is now: NodeNotReady")));

        // 300 s later (DefaultTolerationSeconds) the taint eviction deletes them: Terminating.
        rig.runUntil(t1 + 300 * kSecond - 1);
        QCOMPARE(rig.pod(QStringLiteral("a"))->metadata.deletionTimestamp, 0);
        rig.runUntil(t1 + 300 * kSecond);
        for (const char *n : {"a", "b"}) {
            const auto p = rig.pod(QLatin1String(n));
            QVERIFY2(p, n);
            QCOMPARE(p->metadata.deletionTimestamp, t1 + 330 * kSecond);   // grace 30 s
            const Condition *disruption = cond(p->status.conditions, "DisruptionTarget");
            QVERIFY(disruption);
            QCOMPARE(disruption->reason, QStringLiteral("DeletionByTaintManager"));
            QVERIFY(rig.events(QLatin1String(n)).contains(
                QStringLiteral("taint-eviction-controller TaintManagerEviction: Marking for deletion Pod default/%1").arg(QLatin1String(n))));
        }
        QCOMPARE(rig.pod(QStringLiteral("c"))->metadata.deletionTimestamp, 0);

        // Their kubelet is dead: they stay Terminating, long past the grace period.
        rig.runUntil(t1 + 900 * kSecond);
        QVERIFY(rig.pod(QStringLiteral("a")));
        QVERIFY(rig.pod(QStringLiteral("b")));

        // recoverNode: Ready again, untainted; the kubelet stops the containers and removes them.
        const qint64 t2 = rig.clock().now();
        rig.nodes.recoverNode(QStringLiteral("node-2"));
        QVERIFY(rig.kubelet2.isRunning());
        rig.runUntil(t2);
        const auto back = rig.node(QStringLiteral("node-2"));
        QVERIFY(back->isReady());
        QCOMPARE(cond(back->status.conditions, "Ready")->reason, QStringLiteral("KubeletReady"));
        QCOMPARE(cond(back->status.conditions, "MemoryPressure")->status, QStringLiteral("False"));
        QVERIFY(back->spec.taints.isEmpty());
        QVERIFY(rig.events(QStringLiteral("node-2")).contains(QStringLiteral("kubelet NodeReady: Node node-2 status is now: NodeReady")));
        rig.runUntil(t2 + 2 * kSecond - 1);
        QVERIFY(rig.pod(QStringLiteral("a")));
        rig.runUntil(t2 + 2 * kSecond);
        QVERIFY(!rig.pod(QStringLiteral("a")));
        QVERIFY(!rig.pod(QStringLiteral("b")));
        QVERIFY(IsPodReady(*rig.pod(QStringLiteral("c"))));
    }

    void recoverBeforeEvictionMakesPodsReadyAgain()
    {
        Rig rig;
        QVERIFY(rig.createPod(QStringLiteral("a"), QStringLiteral("node-2")));
        rig.runUntil(rig.t0 + 10 * kSecond);
        rig.nodes.failNode(QStringLiteral("node-2"));
        rig.runUntil(rig.t0 + 100 * kSecond);
        QVERIFY(!IsPodReady(*rig.pod(QStringLiteral("a"))));
        const qint64 t2 = rig.clock().now();
        rig.nodes.recoverNode(QStringLiteral("node-2"));
        rig.runUntil(t2);
        const auto p = rig.pod(QStringLiteral("a"));
        QVERIFY(IsPodReady(*p));   // the kubelet's status sync overwrites MarkPodsNotReady
        QCOMPARE(cond(p->status.conditions, "Ready")->lastTransitionTime, t2);
        rig.runUntil(t2 + 600 * kSecond);
        QCOMPARE(rig.pod(QStringLiteral("a"))->metadata.deletionTimestamp, 0);   // the eviction was called off
    }

    void tolerations_data()
    {
        QTest::addColumn<QString>("toleration");   // "none" | "forever" | seconds
        QTest::addColumn<qint64>("evictedAfter");  // -1: never
        QTest::newRow("no toleration at all: evicted at once") << "none" << qint64(0);
        QTest::newRow("tolerationSeconds 0") << "0" << qint64(0);
        QTest::newRow("tolerationSeconds 60") << "60" << qint64(60);
        QTest::newRow("no tolerationSeconds: tolerates forever") << "forever" << qint64(-1);
    }
    void tolerations()
    {
        QFETCH(QString, toleration);
        QFETCH(qint64, evictedAfter);
        Rig rig;
        QList<Toleration> list;
        if (toleration != QLatin1String("none")) {
            Toleration t;
            t.key = QStringLiteral("node.kubernetes.io/unreachable");
            t.operator_ = QStringLiteral("Exists");
            t.effect = QStringLiteral("NoExecute");
            if (toleration != QLatin1String("forever"))
                t.tolerationSeconds = toleration.toLongLong();
            list << t;
        }
        QVERIFY(rig.createPod(QStringLiteral("p"), QStringLiteral("node-2"), list, toleration == QLatin1String("none")));
        rig.runUntil(rig.t0 + 10 * kSecond);
        const qint64 t1 = rig.clock().now();
        rig.nodes.failNode(QStringLiteral("node-2"));
        if (evictedAfter < 0) {
            rig.runUntil(t1 + 3600 * kSecond);
            QCOMPARE(rig.pod(QStringLiteral("p"))->metadata.deletionTimestamp, 0);
            return;
        }
        if (evictedAfter > 0) {
            rig.runUntil(t1 + evictedAfter * kSecond - 1);
            QCOMPARE(rig.pod(QStringLiteral("p"))->metadata.deletionTimestamp, 0);
        }
        rig.runUntil(t1 + evictedAfter * kSecond);
        QVERIFY(rig.pod(QStringLiteral("p"))->metadata.deletionTimestamp != 0);
    }

    void failedNodeTakesNoNewPods()
    {
        // The scheduler's filters see NoSchedule; here: a pod bound there anyway is not started.
        Rig rig;
        rig.nodes.failNode(QStringLiteral("node-2"));
        rig.runUntil(rig.t0);
        QVERIFY(rig.createPod(QStringLiteral("late"), QStringLiteral("node-2")));
        rig.runUntil(rig.t0 + 20 * kSecond);
        QVERIFY(rig.pod(QStringLiteral("late"))->status.containerStatuses.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestNodeLifecycle)
#include "tst_nodelifecycle.moc"
