// The default scheduler profile's scoring (issue #18 item 1): upstream's score tables for
// NodeResourcesFit LeastAllocated (least_allocated_test.go TestLeastAllocatedScoringStrategy),
// NodeResourcesBalancedAllocation (balanced_allocation_test.go), TaintToleration
// (taint_toleration_test.go TestTaintTolerationScore), DefaultNormalizeScore, PodTopologySpread's
// raw score and normalization with the system default constraints, NodeAffinity's preferred
// terms; then the scheduler itself: the worked example of scheduler-default-profile.md §9 (ten
// 100m/128Mi pods of one ReplicaSet on three 4-CPU/8Gi nodes: the second pod sees
// 594/696/696, the split ends 4/3/3) and a 100-replica rolling update on the 3 default nodes
// that ends within the hostname spread (maxSkew 3), with every node's per-plugin scores in the
// trace; percentageOfNodesToScore (numFeasibleNodesToFind, and 200 nodes filtered in two
// rotating halves with a compact Schedule event).
#include "core/api/deployment.h"
#include "core/controller/scheduler/scheduler.h"
#include "core/controller/scheduler/scoreplugins.h"
#include "core/kubectl/rollout.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"

#include <QJsonArray>
#include <cmath>
#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller;
using namespace rlab::controller::scoring;

namespace {
NodeInfo nodeInfo(qint64 cpu, qint64 mem, qint64 usedCpu = 0, qint64 usedMem = 0)
{
    NodeInfo n;
    n.allocatableCpuMilli = cpu;
    n.allocatableMemoryBytes = mem;
    n.requestedCpuMilli = n.nonZeroCpuMilli = usedCpu;
    n.requestedMemoryBytes = n.nonZeroMemoryBytes = usedMem;
    return n;
}

PodRequests requests(qint64 cpu, qint64 mem)
{
    PodRequests r;
    r.cpuMilli = r.nonZeroCpuMilli = cpu;
    r.memoryBytes = r.nonZeroMemoryBytes = mem;
    return r;
}

Taint taint(const char *key, const char *value, const char *effect)
{
    Taint t;
    t.key = QLatin1String(key);
    t.value = QLatin1String(value);
    t.effect = QLatin1String(effect);
    return t;
}

using Counts = QList<int>;   // matching pods per node
QList<scoring::SpreadNode> spreadNodes(const Counts &counts, const QStringList &zones = {})
{
    QList<scoring::SpreadNode> out;
    for (qsizetype i = 0; i < counts.size(); ++i) {
        scoring::SpreadNode n;
        n.name = QStringLiteral("node-%1").arg(i + 1);
        n.labels.insert(QStringLiteral("kubernetes.io/hostname"), n.name);
        if (i < zones.size() && !zones[i].isEmpty())
            n.labels.insert(QStringLiteral("topology.kubernetes.io/zone"), zones[i]);
        for (int k = 0; k < counts[i]; ++k)
            n.pods << scoring::SpreadPod{{{QStringLiteral("app"), QStringLiteral("web")}}, QStringLiteral("default"), false};
        out << n;
    }
    return out;
}

QMap<QString, int> podsPerNode(Simulation &sim, const QString &labelKey, const QString &labelValue)
{
    QMap<QString, int> out;
    for (const ObjectPtr &o : sim.api().list(apiserver::resources::byKind(Kind::Pod), QStringLiteral("default")).value.items) {
        const auto p = objectCast<Pod>(o);
        if (p->metadata.labels.value(labelKey) == labelValue && p->metadata.deletionTimestamp == 0)
            out[p->spec.nodeName] += 1;
    }
    return out;
}
} // namespace

class TestSchedulerScoring : public QObject
{
    Q_OBJECT

private slots:
    void leastAllocated_data()
    {
        QTest::addColumn<qint64>("allocCpu");
        QTest::addColumn<qint64>("allocMem");
        QTest::addColumn<qint64>("usedCpu");
        QTest::addColumn<qint64>("usedMem");
        QTest::addColumn<qint64>("podCpu");
        QTest::addColumn<qint64>("podMem");
        QTest::addColumn<qint64>("score");
        QTest::newRow("nothing scheduled, nothing requested") << 4000LL << 10000LL << 0LL << 0LL << 0LL << 0LL << 100LL;
        QTest::newRow("differently sized nodes: node1") << 4000LL << 10000LL << 0LL << 0LL << 3000LL << 5000LL << 37LL;
        QTest::newRow("differently sized nodes: node2") << 6000LL << 10000LL << 0LL << 0LL << 3000LL << 5000LL << 50LL;
        QTest::newRow("no resources requested, pods scheduled with resources: node1") << 10000LL << 20000LL << 6000LL << 0LL << 0LL << 0LL << 70LL;
        QTest::newRow("no resources requested, pods scheduled with resources: node2") << 10000LL << 20000LL << 6000LL << 5000LL << 0LL << 0LL << 57LL;
        QTest::newRow("resources requested, pods scheduled with resources: node1") << 10000LL << 20000LL << 3000LL << 0LL << 3000LL << 5000LL << 57LL;
        QTest::newRow("resources requested, pods scheduled with resources: node2") << 10000LL << 20000LL << 3000LL << 5000LL << 3000LL << 5000LL << 45LL;
        QTest::newRow("differently sized nodes, scheduled: node2") << 10000LL << 50000LL << 3000LL << 5000LL << 3000LL << 5000LL << 60LL;
        QTest::newRow("requested resources exceed node capacity: node1") << 4000LL << 10000LL << 3000LL << 0LL << 3000LL << 0LL << 50LL;
        QTest::newRow("requested resources exceed node capacity: node2") << 4000LL << 10000LL << 3000LL << 5000LL << 3000LL << 0LL << 25LL;
        QTest::newRow("zero node resources") << 0LL << 0LL << 3000LL << 5000LL << 0LL << 0LL << 0LL;
    }
    void leastAllocated()
    {
        QFETCH(qint64, allocCpu);
        QFETCH(qint64, allocMem);
        QFETCH(qint64, usedCpu);
        QFETCH(qint64, usedMem);
        QFETCH(qint64, podCpu);
        QFETCH(qint64, podMem);
        QFETCH(qint64, score);
        QCOMPARE(scoring::leastAllocated(requests(podCpu, podMem), nodeInfo(allocCpu, allocMem, usedCpu, usedMem)), score);
    }

    void balancedAllocation_data()
    {
        QTest::addColumn<qint64>("allocCpu");
        QTest::addColumn<qint64>("allocMem");
        QTest::addColumn<qint64>("usedCpu");
        QTest::addColumn<qint64>("usedMem");
        QTest::addColumn<qint64>("podCpu");
        QTest::addColumn<qint64>("podMem");
        QTest::addColumn<qint64>("score");   // -1: Skip
        QTest::newRow("differently sized nodes: node1 (0.75, 0.5)") << 4000LL << 10000LL << 0LL << 0LL << 3000LL << 5000LL << 87LL;
        QTest::newRow("differently sized nodes: node2 (0.5, 0.5)") << 6000LL << 10000LL << 0LL << 0LL << 3000LL << 5000LL << 100LL;
        QTest::newRow("scheduled with resources: node1 (0.6, 0.25)") << 10000LL << 20000LL << 3000LL << 0LL << 3000LL << 5000LL << 82LL;
        QTest::newRow("scheduled with resources: node2 (0.6, 0.5)") << 10000LL << 20000LL << 3000LL << 5000LL << 3000LL << 5000LL << 95LL;
        QTest::newRow("fraction capped at 1") << 4000LL << 10000LL << 3000LL << 0LL << 3000LL << 5000LL << 75LL;
        QTest::newRow("best-effort pod: Skip (issue 129138)") << 4000LL << 10000LL << 3000LL << 0LL << 0LL << 0LL << -1LL;
        // scheduler-default-profile.md §9: 100m/128Mi on 4 CPU / 8 Gi with k pods already there
        QTest::newRow("worked example k=0") << 4000LL << 8589934592LL << 0LL << 0LL << 100LL << 134217728LL << 99LL;
        QTest::newRow("worked example k=2") << 4000LL << 8589934592LL << 200LL << 268435456LL << 100LL << 134217728LL << 98LL;
    }
    void balancedAllocation()
    {
        QFETCH(qint64, allocCpu);
        QFETCH(qint64, allocMem);
        QFETCH(qint64, usedCpu);
        QFETCH(qint64, usedMem);
        QFETCH(qint64, podCpu);
        QFETCH(qint64, podMem);
        QFETCH(qint64, score);
        const std::optional<qint64> got = scoring::balancedAllocation(requests(podCpu, podMem), nodeInfo(allocCpu, allocMem, usedCpu, usedMem));
        QCOMPARE(got.value_or(-1), score);
    }

    void taintToleration_data()
    {
        QTest::addColumn<QList<Toleration>>("tolerations");
        QTest::addColumn<QList<QList<Taint>>>("nodes");
        QTest::addColumn<QList<qint64>>("expected");
        const Toleration fooBar{QStringLiteral("foo"), QStringLiteral("Equal"), QStringLiteral("bar"), QStringLiteral("PreferNoSchedule"), {}};
        const Toleration arm{QStringLiteral("cpu-type"), QStringLiteral("Equal"), QStringLiteral("arm64"), QStringLiteral("PreferNoSchedule"), {}};
        const Toleration ssd{QStringLiteral("disk-type"), QStringLiteral("Equal"), QStringLiteral("ssd"), QStringLiteral("PreferNoSchedule"), {}};
        Toleration armNoSchedule = arm, ssdNoSchedule = ssd;
        armNoSchedule.effect = ssdNoSchedule.effect = QStringLiteral("NoSchedule");
        QTest::newRow("tolerated taints score higher") << QList<Toleration>{fooBar}
            << QList<QList<Taint>>{{taint("foo", "bar", "PreferNoSchedule")}, {taint("foo", "blah", "PreferNoSchedule")}} << QList<qint64>{100, 0};
        QTest::newRow("how many tolerated taints does not matter") << QList<Toleration>{arm, ssd}
            << QList<QList<Taint>>{{}, {taint("cpu-type", "arm64", "PreferNoSchedule")},
                                   {taint("cpu-type", "arm64", "PreferNoSchedule"), taint("disk-type", "ssd", "PreferNoSchedule")}}
            << QList<qint64>{100, 100, 100};
        QTest::newRow("the more intolerable taints, the lower") << QList<Toleration>{fooBar}
            << QList<QList<Taint>>{{}, {taint("cpu-type", "arm64", "PreferNoSchedule")},
                                   {taint("cpu-type", "arm64", "PreferNoSchedule"), taint("disk-type", "ssd", "PreferNoSchedule")}}
            << QList<qint64>{100, 50, 0};
        QTest::newRow("only PreferNoSchedule counts") << QList<Toleration>{armNoSchedule, ssdNoSchedule}
            << QList<QList<Taint>>{{}, {taint("cpu-type", "arm64", "NoSchedule")},
                                   {taint("cpu-type", "arm64", "PreferNoSchedule"), taint("disk-type", "ssd", "PreferNoSchedule")}}
            << QList<qint64>{100, 100, 0};
        QTest::newRow("no tolerations: the untainted node") << QList<Toleration>{}
            << QList<QList<Taint>>{{}, {taint("cpu-type", "arm64", "PreferNoSchedule")}} << QList<qint64>{100, 0};
    }
    void taintToleration()
    {
        QFETCH(QList<Toleration>, tolerations);
        QFETCH(QList<QList<Taint>>, nodes);
        QFETCH(QList<qint64>, expected);
        Pod pod;
        pod.spec.tolerations = tolerations;
        QList<qint64> scores;
        for (const QList<Taint> &taints : nodes) {
            Node n;
            n.spec.taints = taints;
            scores << taintTolerationRaw(pod, n);
        }
        defaultNormalize(scores, true);
        QCOMPARE(scores, expected);
    }

    // helper/normalize_score_test.go
    // PodTopologySpread rounds its scores as math.Round does (half away from zero); the scheduler
    // does it without libm for scores that cannot be negative.
    void roundNonNegative_data()
    {
        QTest::addColumn<double>("x");
        QTest::newRow("zero") << 0.0;
        QTest::newRow("half") << 0.5;
        QTest::newRow("just below half") << 0.49999999999999994;
        QTest::newRow("two and a half") << 2.5;
        QTest::newRow("just below 1.5") << 1.4999999999999998;
        QTest::newRow("log weight") << 2 * std::log(4.0) + 2;
        QTest::newRow("large .5") << 4503599627370495.5;
        QTest::newRow("past 2^52") << 9007199254740993.0;
    }
    void roundNonNegative()
    {
        QFETCH(double, x);
        QCOMPARE(scoring::roundNonNegative(x), qint64(std::round(x)));
    }
    void defaultNormalizeScore_data()
    {
        QTest::addColumn<bool>("reverse");
        QTest::addColumn<QList<qint64>>("scores");
        QTest::addColumn<QList<qint64>>("expected");
        QTest::newRow("scale") << false << QList<qint64>{10, 20, 30, 40} << QList<qint64>{25, 50, 75, 100};
        QTest::newRow("reverse") << true << QList<qint64>{10, 20, 30, 40} << QList<qint64>{75, 50, 25, 0};
        QTest::newRow("truncates") << false << QList<qint64>{1, 2, 3} << QList<qint64>{33, 66, 100};
        QTest::newRow("all zero") << false << QList<qint64>{0, 0, 0} << QList<qint64>{0, 0, 0};
        QTest::newRow("all zero, reverse") << true << QList<qint64>{0, 0, 0} << QList<qint64>{100, 100, 100};
    }
    void defaultNormalizeScore()
    {
        QFETCH(bool, reverse);
        QFETCH(QList<qint64>, scores);
        QFETCH(QList<qint64>, expected);
        defaultNormalize(scores, reverse);
        QCOMPARE(scores, expected);
    }

    // podtopologyspread/scoring.go: raw = round(Σ cnt·ln(size+2) + maxSkew-1), normalized
    // 100·(max+min-raw)/max; system defaults skip a key a node lacks.
    void podTopologySpread_data()
    {
        QTest::addColumn<Counts>("counts");
        QTest::addColumn<QStringList>("zones");
        QTest::addColumn<QList<qint64>>("raw");
        QTest::addColumn<QList<qint64>>("normalized");
        QTest::newRow("empty nodes (hostname only, no zone labels)") << Counts{0, 0, 0} << QStringList{} << QList<qint64>{2, 2, 2} << QList<qint64>{100, 100, 100};
        QTest::newRow("worked example pod 2") << Counts{1, 0, 0} << QStringList{} << QList<qint64>{4, 2, 2} << QList<qint64>{50, 100, 100};
        QTest::newRow("worked example pod 5") << Counts{1, 2, 1} << QStringList{} << QList<qint64>{4, 5, 4} << QList<qint64>{100, 80, 100};
        QTest::newRow("hostname and zone") << Counts{1, 0, 0} << QStringList{"z1", "z1", "z2"} << QList<qint64>{9, 7, 6} << QList<qint64>{66, 88, 100};
    }
    void podTopologySpread()
    {
        QFETCH(Counts, counts);
        QFETCH(QStringList, zones);
        QFETCH(QList<qint64>, raw);
        QFETCH(QList<qint64>, normalized);
        const auto selector = Selector::parse(QStringLiteral("app=web"));
        QList<qint64> gotRaw;
        const auto got = scoring::podTopologySpread(systemDefaultConstraints(*selector), QStringLiteral("default"),
                                                    spreadNodes(counts, zones), {0, 1, 2}, false, &gotRaw);
        QVERIFY(got);
        QCOMPARE(gotRaw, raw);
        QCOMPARE(*got, normalized);
    }

    void podTopologySpreadCountsOnlyLiveMatchingPods()
    {
        QList<scoring::SpreadNode> nodes = spreadNodes({0, 0});
        nodes[0].pods << scoring::SpreadPod{{{QStringLiteral("app"), QStringLiteral("web")}}, QStringLiteral("default"), true};   // terminating
        nodes[0].pods << scoring::SpreadPod{{{QStringLiteral("app"), QStringLiteral("web")}}, QStringLiteral("other"), false};   // other namespace
        nodes[0].pods << scoring::SpreadPod{{{QStringLiteral("app"), QStringLiteral("db")}}, QStringLiteral("default"), false};  // not selected
        const auto got = scoring::podTopologySpread(systemDefaultConstraints(*Selector::parse(QStringLiteral("app=web"))),
                                                    QStringLiteral("default"), nodes, {0, 1}, false);
        QCOMPARE(*got, (QList<qint64>{100, 100}));
        // A user constraint ignores (scores 0) the nodes lacking its key.
        const QList<SpreadConstraint> zone{{QStringLiteral("topology.kubernetes.io/zone"), 1, *Selector::parse(QStringLiteral("app=web"))}};
        const auto user = scoring::podTopologySpread(zone, QStringLiteral("default"), spreadNodes({0, 1}, {"z1", ""}), {0, 1}, true);
        QCOMPARE(*user, (QList<qint64>{100, 0}));
        QVERIFY(!scoring::podTopologySpread({}, QStringLiteral("default"), nodes, {0, 1}, false));   // Skip
    }

    void nodeAffinityPreferredTerms()
    {
        Pod pod;
        QVERIFY(!nodeAffinityRaw(pod, Node()));   // no preferred terms: Skip
        pod.spec.extra.insert(QStringLiteral("affinity"), QJsonDocument::fromJson(R"({"nodeAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[
            {"weight":2,"preference":{"matchExpressions":[{"key":"disk","operator":"In","values":["ssd"]}]}},
            {"weight":5,"preference":{"matchExpressions":[{"key":"cores","operator":"Gt","values":["8"]}]}},
            {"weight":9,"preference":{}}]}})").object());
        const auto node = [](const Labels &labels) {
            Node n;
            n.metadata.labels = labels;
            return n;
        };
        QList<qint64> raw{*nodeAffinityRaw(pod, node({{QStringLiteral("disk"), QStringLiteral("ssd")}})),
                          *nodeAffinityRaw(pod, node({{QStringLiteral("disk"), QStringLiteral("ssd")}, {QStringLiteral("cores"), QStringLiteral("16")}})),
                          *nodeAffinityRaw(pod, node({{QStringLiteral("cores"), QStringLiteral("4")}}))};
        QCOMPARE(raw, (QList<qint64>{2, 7, 0}));   // an empty preference matches nothing
        defaultNormalize(raw, false);
        QCOMPARE(raw, (QList<qint64>{28, 100, 0}));
    }

    // scheduler-default-profile.md §9, through the real scheduler with the assume step.
    void workedExampleTenPods()
    {
        Simulation sim;
        auto rs = test::makeReplicaSet(QStringLiteral("web"), 10);
        rs->spec.template_.spec.containers[0].resources.requests = {{QStringLiteral("cpu"), QStringLiteral("100m")},
                                                                     {QStringLiteral("memory"), QStringLiteral("128Mi")}};
        QVERIFY(sim.api().create(rs).ok());
        sim.runUntilIdle();
        QList<QJsonObject> schedules;
        for (const TraceEvent &e : sim.trace().since(0))
            if (e.type == QLatin1String("Schedule"))
                schedules << e.detail;
        QCOMPARE(schedules.size(), 10);
        QList<qint64> first, second;
        for (const QJsonValue &n : schedules[0][QLatin1String("nodes")].toArray())
            first << n[QLatin1String("score")].toInteger();
        for (const QJsonValue &n : schedules[1][QLatin1String("nodes")].toArray())
            second << n[QLatin1String("score")].toInteger();
        QCOMPARE(first, (QList<qint64>{696, 696, 696}));
        std::sort(second.begin(), second.end());
        QCOMPARE(second, (QList<qint64>{594, 696, 696}));   // the assumed pod already counts
        const QJsonObject plugins = schedules[1][QLatin1String("nodes")][0][QLatin1String("plugins")].toObject();
        QCOMPARE(plugins[QLatin1String("TaintToleration")][QLatin1String("weighted")].toInt(), 300);
        QVERIFY(plugins[QLatin1String("InterPodAffinity")][QLatin1String("skip")].isString());
        QList<int> split = podsPerNode(sim, QStringLiteral("app"), QStringLiteral("web")).values();
        std::sort(split.begin(), split.end());
        QCOMPARE(split, (QList<int>{3, 3, 4}));
    }

    // ImageLocality through the scheduler: a node that has the pod's image scores it, scaled by
    // how many nodes have it (1 of 3: 1000 MiB x 1/3 -> 31; 2 of 3 -> 65); a node's new image
    // list counts from the next cycle (the scheduler's per-image scores go with the snapshot).
    void imageLocalityFollowsNodeImages()
    {
        SimulationConfig config;
        config.controllers = {QStringLiteral("replicaset"), QStringLiteral("scheduler")};
        Simulation sim(config);
        const auto giveImage = [&](const QString &nodeName) {
            auto node = std::static_pointer_cast<Node>(sim.api().getAs<Node>(QString(), nodeName)->clone());
            node->status.extra.insert(QStringLiteral("images"),
                                      QJsonArray{QJsonObject{{QStringLiteral("names"), QJsonArray{QStringLiteral("registry.example/big:1")}},
                                                             {QStringLiteral("sizeBytes"), qint64(1000) * 1024 * 1024}}});
            QVERIFY(sim.api().updateStatus(node).ok());
            sim.runUntilIdle();
        };
        const auto imageScores = [&](const QString &rsName) {
            auto rs = test::makeReplicaSet(rsName, 1);
            rs->spec.template_.spec.containers[0].image = QStringLiteral("registry.example/big:1");
            [&] { QVERIFY(sim.api().create(rs).ok()); }();
            sim.runUntilIdle();
            QMap<QString, qint64> raw;
            for (const TraceEvent &e : sim.trace().since(0))
                if (e.type == QLatin1String("Schedule") && e.key.startsWith(QStringLiteral("default/") + rsName))
                    for (const QJsonValue &n : e.detail[QLatin1String("nodes")].toArray())
                        raw[n[QLatin1String("node")].toString()] = n[QLatin1String("plugins")][QLatin1String("ImageLocality")][QLatin1String("raw")].toInteger();
            return raw;
        };
        giveImage(QStringLiteral("node-2"));
        QCOMPARE(imageScores(QStringLiteral("one")),
                 (QMap<QString, qint64>{{QStringLiteral("node-1"), 0}, {QStringLiteral("node-2"), 31}, {QStringLiteral("node-3"), 0}}));
        QCOMPARE(podsPerNode(sim, QStringLiteral("app"), QStringLiteral("one")).keys(), QStringList{QStringLiteral("node-2")});
        giveImage(QStringLiteral("node-3"));
        QCOMPARE(imageScores(QStringLiteral("two")),
                 (QMap<QString, qint64>{{QStringLiteral("node-1"), 0}, {QStringLiteral("node-2"), 65}, {QStringLiteral("node-3"), 65}}));
    }

    // The issue's rollout: 100 replicas on the 3 default nodes, then a new image; the new
    // ReplicaSet's pods end within the hostname constraint's maxSkew 3.
    void hundredReplicaRolloutSpreads()
    {
        Simulation sim;
        QVERIFY(sim.api().create(test::makeDeployment(QStringLiteral("web"), 100)).ok());
        sim.runUntilIdle();
        const auto r = kubectl::rollout::setImage(sim.client(), QStringLiteral("default"), QStringLiteral("web"), QStringLiteral("app"),
                                                  QStringLiteral("nginx:1.26"));
        QVERIFY(r.error.isEmpty());
        sim.runUntilIdle();
        const auto d = sim.api().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"));
        QCOMPARE(d->status.updatedReplicas, 100);
        QCOMPARE(d->status.availableReplicas, 100);
        QMap<QString, int> perNode;
        for (const ObjectPtr &o : sim.api().list(apiserver::resources::byKind(Kind::Pod), QStringLiteral("default")).value.items) {
            const auto p = objectCast<Pod>(o);
            if (p->spec.containers[0].image == QLatin1String("nginx:1.26"))
                perNode[p->spec.nodeName] += 1;
        }
        QCOMPARE(perNode.size(), 3);
        const auto [min, max] = std::minmax_element(perNode.cbegin(), perNode.cend());
        QVERIFY2(*max - *min <= 3, qPrintable(QStringLiteral("node-1 %1, node-2 %2, node-3 %3")
                                                  .arg(perNode.value(QStringLiteral("node-1")))
                                                  .arg(perNode.value(QStringLiteral("node-2")))
                                                  .arg(perNode.value(QStringLiteral("node-3")))));
    }

    // schedule_one_test.go TestNumFeasibleNodesToFind with the default (adaptive) percentage,
    // and scheduler-default-profile.md §7's examples.
    void numFeasibleNodesToFind_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("expected");
        QTest::newRow("10 nodes: all") << 10 << 10;
        QTest::newRow("99 nodes: all") << 99 << 99;
        QTest::newRow("100 nodes: 50% is below the 100 minimum") << 100 << 100;
        QTest::newRow("150 nodes: 49%, at least 100") << 150 << 100;
        QTest::newRow("500 nodes: 46%") << 500 << 230;
        QTest::newRow("1000 nodes: 42%") << 1000 << 420;
        QTest::newRow("5000 nodes: 10%") << 5000 << 500;
        QTest::newRow("6000 nodes: at least 5%") << 6000 << 300;
    }
    void numFeasibleNodesToFind()
    {
        QFETCH(int, nodes);
        QFETCH(int, expected);
        QCOMPARE(Scheduler::numFeasibleNodesToFind(nodes), expected);
    }

    // 200 nodes: each cycle stops filtering after 100 feasible nodes and the next one starts
    // where it stopped (nextStartNodeIndex), so two pods are placed in the two halves of the
    // name-ordered node list; the Schedule event is compact above kFullDetailNodes.
    void percentageOfNodesToScoreRotates()
    {
        SimulationConfig config;
        config.cluster.nodes = 200;
        config.controllers = {QStringLiteral("replicaset"), QStringLiteral("scheduler")};
        Simulation sim(config);
        QVERIFY(sim.api().create(test::makeReplicaSet(QStringLiteral("web"), 2)).ok());
        sim.runUntilIdle();
        QStringList names;
        for (int i = 1; i <= 200; ++i)
            names << QStringLiteral("node-%1").arg(i);
        names.sort();
        QList<QJsonObject> schedules;
        QStringList bound;
        for (const TraceEvent &e : sim.trace().since(0)) {
            if (e.type == QLatin1String("Schedule"))
                schedules << e.detail;
            if (e.type == QLatin1String("Bind") && e.component == QLatin1String("scheduler"))
                bound << e.detail[QLatin1String("node")].toString();
        }
        QCOMPARE(schedules.size(), 2);
        QCOMPARE(bound.size(), 2);
        for (const QJsonObject &s : schedules) {
            QCOMPARE(s[QLatin1String("numNodes")].toInt(), 200);
            QCOMPARE(s[QLatin1String("evaluated")].toInt(), 100);
            QCOMPARE(s[QLatin1String("feasible")].toInt(), 100);
            const QJsonArray top = s[QLatin1String("nodes")].toArray();
            QCOMPARE(top.size(), Scheduler::kTopCandidates);
            QVERIFY(top[0][QLatin1String("score")].toInteger() >= top[1][QLatin1String("score")].toInteger());
            QVERIFY(top[0][QLatin1String("plugins")].toObject().contains(QLatin1String("NodeResourcesFit")));
        }
        QVERIFY2(names.indexOf(bound[0]) < 100, qPrintable(bound[0]));
        QVERIFY2(names.indexOf(bound[1]) >= 100, qPrintable(bound[1]));
    }
};

QTEST_GUILESS_MAIN(TestSchedulerScoring)
#include "tst_schedulerscoring.moc"
