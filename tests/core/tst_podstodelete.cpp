// SPDX-License-Identifier: Apache-2.0
// Which pods a ReplicaSet deletes on scale-down. Upstream tables ported row by row:
//   replica_set_test.go  TestGetPodsToDelete, TestGetPodKeys
// plus rows of our own (named "lab: …") for the deletion-cost parser, the logarithmic buckets,
// the UID tie-break and sidecar restarts, and the worked example of ActivePodsWithRanks.
#include "core/controller/activepodswithranks.h"
#include "core/controller/replicaset/podstodelete.h"
#include "tests/core/activepodstesthelpers.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <numeric>
#include <vector>

using namespace rlab;
using namespace rlab::controller;
using namespace rlab::test::activepods;
namespace {
// replica_set_test.go TestGetPodsToDelete's pods (newPod: Running pods get Ready=True without
// lastTransitionTime; the conditions are then overwritten as upstream does).
QHash<QString, PodPtr> deletePods()
{
    int uid = 0;
    auto mk = [&uid](const QString &name, const QString &phase, const QString &node, const QString &ready) {
        auto p = std::make_shared<api::Pod>();
        p->metadata.name = name;
        p->metadata.namespace_ = QStringLiteral("default");
        p->metadata.uid = QStringLiteral("uid-%1").arg(++uid);
        p->metadata.labels = {{QStringLiteral("name"), QStringLiteral("foo")}};
        p->spec.nodeName = node;
        p->status.phase = phase;
        if (!ready.isEmpty()) {
            api::Condition c;
            c.type = QStringLiteral("Ready");
            c.status = ready;
            p->status.conditions.append(c);
        }
        return PodPtr(p);
    };
    const QString R = QStringLiteral("Running"), P = QStringLiteral("Pending");
    return {
        {QStringLiteral("unscheduledPendingPod"), mk(QStringLiteral("unscheduled-pending-pod"), P, {}, {})},
        {QStringLiteral("scheduledPendingPod"), mk(QStringLiteral("scheduled-pending-pod"), P, QStringLiteral("fake-node"), {})},
        {QStringLiteral("scheduledRunningNotReadyPod"),
         mk(QStringLiteral("scheduled-running-not-ready-pod"), R, QStringLiteral("fake-node"), QStringLiteral("False"))},
        {QStringLiteral("scheduledRunningReadyPodOnNode1"),
         mk(QStringLiteral("scheduled-running-ready-pod-on-node-1"), R, QStringLiteral("fake-node-1"), QStringLiteral("True"))},
        {QStringLiteral("scheduledRunningReadyPodOnNode2"),
         mk(QStringLiteral("scheduled-running-ready-pod-on-node-2"), R, QStringLiteral("fake-node-2"), QStringLiteral("True"))},
    };
}
} // namespace
class TestPodsToDelete : public QObject
{
    Q_OBJECT

private slots:
    void testGetPodsToDelete_data();
    void testGetPodsToDelete();
    void testGetPodKeys_data();
    void testGetPodKeys();
    void testDeletionCost_data();
    void testDeletionCost();
    void testLogarithmicRankDiff_data();
    void testLogarithmicRankDiff();
    void testSidecarRestarts();
    void testWorkedExample();
};
void TestPodsToDelete::testGetPodsToDelete_data()
{
    QTest::addColumn<QStringList>("pods");
    QTest::addColumn<bool>("relatedIsPods");   // upstream: "related defaults to pods if nil"
    QTest::addColumn<QStringList>("related");
    QTest::addColumn<int>("diff");
    QTest::addColumn<QStringList>("expectedPodsToDelete");

    const QString U = QStringLiteral("unscheduledPendingPod"), S = QStringLiteral("scheduledPendingPod"),
                  N = QStringLiteral("scheduledRunningNotReadyPod"), R1 = QStringLiteral("scheduledRunningReadyPodOnNode1"),
                  R2 = QStringLiteral("scheduledRunningReadyPodOnNode2");
    // Order used when selecting pods for deletion: unscheduled pending, scheduled pending,
    // scheduled running not-ready, ready on a node with related pods, ready alone.
    QTest::newRow("len(pods) = 0 (i.e., diff = 0 too)") << QStringList{} << true << QStringList{} << 0 << QStringList{};
    QTest::newRow("diff = len(pods)") << QStringList{N, R1} << true << QStringList{} << 2 << QStringList{N, R1};
    QTest::newRow("diff < len(pods)") << QStringList{R1, N} << true << QStringList{} << 1 << QStringList{N};
    QTest::newRow("various pod phases and conditions, diff = len(pods)")
        << QStringList{R1, R1, R2, N, S, U} << true << QStringList{} << 6 << QStringList{R1, R1, R2, N, S, U};
    QTest::newRow("various pod phases and conditions, diff = len(pods), relatedPods empty")
        << QStringList{R1, R1, R2, N, S, U} << false << QStringList{} << 6 << QStringList{R1, R1, R2, N, S, U};
    QTest::newRow("scheduled vs unscheduled, diff < len(pods)") << QStringList{S, U} << true << QStringList{} << 1 << QStringList{U};
    QTest::newRow("ready vs not-ready, diff < len(pods)") << QStringList{R1, N, N} << true << QStringList{} << 2 << QStringList{N, N};
    QTest::newRow("ready and colocated with another ready pod vs not colocated, diff < len(pods)")
        << QStringList{R1, R2} << false << QStringList{R1, R2, R2} << 1 << QStringList{R2};
    QTest::newRow("pending vs running, diff < len(pods)") << QStringList{S, N} << true << QStringList{} << 1 << QStringList{S};
    QTest::newRow("various pod phases and conditions, diff < len(pods)")
        << QStringList{R1, R2, N, S, U} << true << QStringList{} << 3 << QStringList{U, S, N};
}

void TestPodsToDelete::testGetPodsToDelete()
{
    QFETCH(QStringList, pods);
    QFETCH(bool, relatedIsPods);
    QFETCH(QStringList, related);
    QFETCH(int, diff);
    QFETCH(QStringList, expectedPodsToDelete);
    const QHash<QString, PodPtr> all = deletePods();
    const QList<PodPtr> in = pick(all, pods);
    const QList<PodPtr> podsToDelete = getPodsToDelete(in, relatedIsPods ? in : pick(all, related), diff, kNow);
    QCOMPARE(names(podsToDelete), names(pick(all, expectedPodsToDelete)));
}

void TestPodsToDelete::testGetPodKeys_data()
{
    QTest::addColumn<QStringList>("pods");
    QTest::addColumn<QStringList>("expectedPodKeys");
    QTest::newRow("len(pods) = 0 (i.e., pods = nil)") << QStringList{} << QStringList{};
    QTest::newRow("len(pods) > 0") << QStringList{QStringLiteral("pod1"), QStringLiteral("pod2")}
                                   << QStringList{QStringLiteral("default/pod1"), QStringLiteral("default/pod2")};
}

void TestPodsToDelete::testGetPodKeys()
{
    QFETCH(QStringList, pods);
    QFETCH(QStringList, expectedPodKeys);
    QList<PodPtr> in;
    for (const QString &n : pods)
        in << pod(n, {}, QStringLiteral("Running"), true, 0, 0, 0);
    QCOMPARE(getPodKeys(in), expectedPodKeys);
}

void TestPodsToDelete::testDeletionCost_data()
{
    QTest::addColumn<bool>("present");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("cost");
    QTest::addColumn<bool>("valid");
    QTest::newRow("lab: missing") << false << QString() << 0 << true;
    QTest::newRow("lab: 10") << true << QStringLiteral("10") << 10 << true;
    QTest::newRow("lab: -10") << true << QStringLiteral("-10") << -10 << true;
    QTest::newRow("lab: 0") << true << QStringLiteral("0") << 0 << true;
    QTest::newRow("lab: int32 max") << true << QStringLiteral("2147483647") << 2147483647 << true;
    QTest::newRow("lab: int32 min") << true << QStringLiteral("-2147483648") << int(-2147483648LL) << true;
    QTest::newRow("lab: +10 (plus sign)") << true << QStringLiteral("+10") << 0 << false;
    QTest::newRow("lab: 008 (leading zeros)") << true << QStringLiteral("008") << 0 << false;
    QTest::newRow("lab: above int32") << true << QStringLiteral("2147483648") << 0 << false;
    QTest::newRow("lab: 1.5") << true << QStringLiteral("1.5") << 0 << false;
    QTest::newRow("lab: empty") << true << QString() << 0 << false;
    QTest::newRow("lab: space") << true << QStringLiteral("5 ") << 0 << false;
    QTest::newRow("lab: lone minus") << true << QStringLiteral("-") << 0 << false;
}

void TestPodsToDelete::testDeletionCost()
{
    QFETCH(bool, present);
    QFETCH(QString, value);
    QFETCH(int, cost);
    QFETCH(bool, valid);
    QMap<QString, QString> annotations{{QStringLiteral("other"), QStringLiteral("1")}};
    if (present)
        annotations.insert(PodDeletionCost, value);
    bool ok = false;
    QCOMPARE(getDeletionCostFromPodAnnotations(annotations, &ok), cost);
    QCOMPARE(ok, valid);
}

void TestPodsToDelete::testLogarithmicRankDiff_data()
{
    QTest::addColumn<qint64>("t1");
    QTest::addColumn<qint64>("t2");
    QTest::addColumn<qint64>("diff");
    QTest::newRow("lab: 2 h (bucket 42) vs 5 h (bucket 44)") << kNow - 2 * kHour << kNow - 5 * kHour << qint64(-2);
    QTest::newRow("lab: 5 h vs 8 h: both bucket 44") << kNow - 5 * kHour << kNow - 8 * kHour << qint64(0);
    QTest::newRow("lab: 1 month (bucket 51) vs 1 s (bucket 29)") << kThen1Month << kNow - 1000 << qint64(22);
    QTest::newRow("lab: now has rank -1") << kNow << kNow - 1 << qint64(-1 - 19);   // 1 ms = 1e6 ns: bucket 19
    QTest::newRow("lab: the future has rank -1 too") << kNow + 1000 << kNow << qint64(0);
}

void TestPodsToDelete::testLogarithmicRankDiff()
{
    QFETCH(qint64, t1);
    QFETCH(qint64, t2);
    QFETCH(qint64, diff);
    QCOMPARE(logarithmicRankDiff(t1, t2, kNow), diff);
    // And the worked example: same bucket, the smaller UID goes first.
    if (diff == 0 && t1 < kNow) {
        auto a = std::const_pointer_cast<api::Pod>(pod(QStringLiteral("a"), QStringLiteral("n"), QStringLiteral("Running"), true, 0, t1, t1));
        auto b = std::const_pointer_cast<api::Pod>(pod(QStringLiteral("b"), QStringLiteral("n"), QStringLiteral("Running"), true, 0, t2, t2));
        a->metadata.uid = QStringLiteral("uid-b");
        b->metadata.uid = QStringLiteral("uid-a");
        ActivePodsWithRanks ranked({a, b}, {0, 0}, kNow);
        QVERIFY(ranked.less(1, 0));
        QVERIFY(!ranked.less(0, 1));
        ranked.sort();
        QCOMPARE(names(ranked.pods()), (QStringList{QStringLiteral("b"), QStringLiteral("a")}));
        // Without the gate the more recently ready pod goes first, whatever its UID.
        PodDeletionGates gates;
        gates.logarithmicScaleDown = false;
        ActivePodsWithRanks plain({a, b}, {0, 0}, kNow, gates);
        plain.sort();
        QCOMPARE(names(plain.pods()), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    }
}

// lab: regular containers decide first, then restartable init containers (sidecars).
void TestPodsToDelete::testSidecarRestarts()
{
    auto withSidecar = [](const QString &name, int regular, int sidecar, bool restartable) {
        auto p = std::const_pointer_cast<api::Pod>(pod(name, QStringLiteral("n"), QStringLiteral("Running"), true, regular, kNow, kNow));
        api::Container init;
        init.name = QStringLiteral("proxy");
        if (restartable)
            init.extra.insert(QStringLiteral("restartPolicy"), QStringLiteral("Always"));
        p->spec.initContainers = {init};
        api::ContainerStatus s;
        s.name = QStringLiteral("proxy");
        s.restartCount = sidecar;
        p->status.initContainerStatuses = {s};
        return PodPtr(p);
    };
    const PodPtr calm = withSidecar(QStringLiteral("calm"), 1, 0, true);
    const PodPtr flappingSidecar = withSidecar(QStringLiteral("flapping-sidecar"), 1, 7, true);
    const PodPtr flappingInit = withSidecar(QStringLiteral("flapping-plain-init"), 1, 7, false);
    const PodPtr flappingMain = withSidecar(QStringLiteral("flapping-main"), 2, 0, true);
    QCOMPARE(maxContainerRestarts(*flappingSidecar).sidecar, 7);
    QCOMPARE(maxContainerRestarts(*flappingInit).sidecar, 0);
    ActivePodsWithRanks ranked({calm, flappingInit, flappingSidecar, flappingMain}, {0, 0, 0, 0}, kNow);
    ranked.sort();
    QCOMPARE(names(ranked.pods()), (QStringList{QStringLiteral("flapping-main"), QStringLiteral("flapping-sidecar"),
                                                QStringLiteral("calm"), QStringLiteral("flapping-plain-init")}));
    QList<PodPtr> plain{calm, flappingSidecar};
    ActivePods::sort(plain);
    QCOMPARE(names(plain), (QStringList{QStringLiteral("flapping-sidecar"), QStringLiteral("calm")}));
}

// lab: the worked example of ActivePodsWithRanks's contract comment, through getPodsToDelete.
void TestPodsToDelete::testWorkedExample()
{
    const qint64 noon = kNow + 12 * kHour;
    auto mk = [&](const QString &name, const QString &node, qint64 created, const QString &uid) {
        auto p = std::const_pointer_cast<api::Pod>(pod(name, node, QStringLiteral("Running"), true, 0, noon - kHour, created));
        p->metadata.uid = uid;
        return PodPtr(p);
    };
    const PodPtr a = mk(QStringLiteral("a"), QStringLiteral("node-1"), noon - 3 * kHour, QStringLiteral("uid-2"));
    const PodPtr b = mk(QStringLiteral("b"), QStringLiteral("node-1"), noon - 5 * kHour / 2, QStringLiteral("uid-1"));
    const PodPtr c = mk(QStringLiteral("c"), QStringLiteral("node-2"), noon - 3 * kHour, QStringLiteral("uid-0"));
    QCOMPARE(logarithmicRankDiff(a->metadata.creationTimestamp, b->metadata.creationTimestamp, noon), qint64(0));
    const ActivePodsWithRanks ranked = getPodsRankedByRelatedPodsOnSameNode({a, b, c}, {a, b, c}, noon);
    QCOMPARE(ranked.rank(), (QList<int>{2, 2, 1}));
    QCOMPARE(names(getPodsToDelete({a, b, c}, {a, b, c}, 1, noon)), QStringList{QStringLiteral("b")});
    // With the plain time order the newer of the two goes first — also b here; give b the
    // larger UID and the bucket tie-break flips the choice to a.
    auto b2 = std::make_shared<api::Pod>(*b);
    b2->metadata.uid = QStringLiteral("uid-9");
    QCOMPARE(names(getPodsToDelete({a, b2, c}, {a, b2, c}, 1, noon)), QStringList{QStringLiteral("a")});
    PodDeletionGates plain;
    plain.logarithmicScaleDown = false;
    QCOMPARE(names(getPodsToDelete({a, b2, c}, {a, b2, c}, 1, noon, plain)), QStringList{QStringLiteral("b")});
}

QTEST_GUILESS_MAIN(TestPodsToDelete)
#include "tst_podstodelete.moc"
