// SPDX-License-Identifier: Apache-2.0
// Pod orderings for scale-down. Upstream tables ported row by row:
//   controller_utils_test.go  TestSortingActivePods, TestSortingActivePodsWithRanks (equality
//                             and inequality rows), TestActivePodFiltering, TestCountTerminatingPods
//   replica_set_test.go       TestGetPodsToDelete, TestGetPodKeys
// plus rows of our own (named "lab: …") for the deletion-cost parser, the logarithmic buckets,
// the UID tie-break and sidecar restarts.
#include "core/controller/activepodswithranks.h"
#include "core/controller/replicaset/podstodelete.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <numeric>
#include <vector>

using namespace rlab;
using namespace rlab::controller;

Q_DECLARE_METATYPE(rlab::controller::PodPtr)

namespace {
constexpr qint64 kNow = 1767225600000;                       // 2026-01-01T00:00:00Z
constexpr qint64 kHour = 3600 * 1000;
constexpr qint64 kThen1Month = kNow - 31LL * 24 * kHour;      // now.AddDate(0, -1, 0)

// controller_utils_test.go's pod(): a Ready pod gets one container status with `restarts`.
PodPtr pod(const QString &name, const QString &nodeName, const QString &phase, bool ready, int restarts, qint64 readySince,
           qint64 created, const QMap<QString, QString> &annotations = {})
{
    auto p = std::make_shared<api::Pod>();
    p->metadata.name = name;
    p->metadata.namespace_ = QStringLiteral("default");
    p->metadata.creationTimestamp = created;
    p->metadata.annotations = annotations;
    p->spec.nodeName = nodeName;
    p->status.phase = phase;
    if (ready) {
        api::Condition c;
        c.type = QStringLiteral("Ready");
        c.status = QStringLiteral("True");
        c.lastTransitionTime = readySince;
        p->status.conditions.append(c);
        api::ContainerStatus cs;
        cs.restartCount = restarts;
        p->status.containerStatuses.append(cs);
    }
    return p;
}

QStringList names(const QList<PodPtr> &pods)
{
    QStringList out;
    for (const PodPtr &p : pods)
        out << p->metadata.name;
    return out;
}

// TestSortingActivePodsWithRanks's pods, by variable name.
QHash<QString, PodPtr> rankPods()
{
    const QString R = QStringLiteral("Running"), P = QStringLiteral("Pending"), U = QStringLiteral("Unknown");
    const QString node = QStringLiteral("node");
    const qint64 then2Hours = kNow - 2 * kHour, then5Hours = kNow - 5 * kHour, then8Hours = kNow - 8 * kHour;
    const QMap<QString, QString> low{{PodDeletionCost, QStringLiteral("10")}};
    const QMap<QString, QString> high{{PodDeletionCost, QStringLiteral("100")}};
    return {
        {QStringLiteral("unscheduledPod"), pod(QStringLiteral("unscheduled"), {}, P, false, 0, 0, 0)},
        {QStringLiteral("scheduledPendingPod"), pod(QStringLiteral("pending"), node, P, false, 0, 0, 0)},
        {QStringLiteral("unknownPhasePod"), pod(QStringLiteral("unknown-phase"), node, U, false, 0, 0, 0)},
        {QStringLiteral("runningNotReadyPod"), pod(QStringLiteral("not-ready"), node, R, false, 0, 0, 0)},
        {QStringLiteral("runningReadyNoLastTransitionTimePod"), pod(QStringLiteral("ready-no-last-transition-time"), node, R, true, 0, 0, 0)},
        {QStringLiteral("runningReadyNow"), pod(QStringLiteral("ready-now"), node, R, true, 0, kNow, kNow)},
        {QStringLiteral("runningReadyThen"), pod(QStringLiteral("ready-then"), node, R, true, 0, kThen1Month, kThen1Month)},
        {QStringLiteral("runningReadyNowHighRestarts"), pod(QStringLiteral("ready-high-restarts"), node, R, true, 9001, kNow, kNow)},
        {QStringLiteral("runningReadyNowCreatedThen"), pod(QStringLiteral("ready-now-created-then"), node, R, true, 0, kNow, kThen1Month)},
        {QStringLiteral("lowPodDeletionCost"), pod(QStringLiteral("low-deletion-cost"), node, R, true, 0, kNow, kThen1Month, low)},
        {QStringLiteral("highPodDeletionCost"), pod(QStringLiteral("high-deletion-cost"), node, R, true, 0, kNow, kThen1Month, high)},
        {QStringLiteral("unscheduled5Hours"), pod(QStringLiteral("unscheduled-5-hours"), {}, P, false, 0, then5Hours, then5Hours)},
        {QStringLiteral("unscheduled8Hours"), pod(QStringLiteral("unscheduled-10-hours"), {}, P, false, 0, then8Hours, then8Hours)},
        {QStringLiteral("ready2Hours"), pod(QStringLiteral("ready-2-hours"), {}, R, true, 0, then2Hours, kThen1Month)},
        {QStringLiteral("ready5Hours"), pod(QStringLiteral("ready-5-hours"), {}, R, true, 0, then5Hours, kThen1Month)},
        {QStringLiteral("ready10Hours"), pod(QStringLiteral("ready-10-hours"), {}, R, true, 0, then8Hours, kThen1Month)},
    };
}

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

QList<PodPtr> pick(const QHash<QString, PodPtr> &pods, const QStringList &vars)
{
    QList<PodPtr> out;
    for (const QString &v : vars) {
        if (!pods.contains(v))
            qFatal("unknown pod %s", qPrintable(v));
        out << pods.value(v);
    }
    return out;
}
} // namespace

class TestActivePods : public QObject
{
    Q_OBJECT

private slots:
    void testSortingActivePods();
    void testActivePodFiltering();
    void testCountTerminatingPods();
    void testSortingActivePodsWithRanksEquality_data();
    void testSortingActivePodsWithRanksEquality();
    void testSortingActivePodsWithRanksInequality_data();
    void testSortingActivePodsWithRanksInequality();
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

// "Sorts by active pod": 20 random permutations (seeded) all sort into the listed order.
void TestActivePods::testSortingActivePods()
{
    const qint64 then = kThen1Month;
    const QString R = QStringLiteral("Running");
    auto running = [&](const QString &name, qint64 readySince, int r0, int r1, qint64 created) {
        auto p = std::const_pointer_cast<api::Pod>(pod(name, QStringLiteral("foo"), R, false, 0, 0, created));
        api::Condition c;
        c.type = QStringLiteral("Ready");
        c.status = QStringLiteral("True");
        c.lastTransitionTime = readySince;
        p->status.conditions = {c};
        api::ContainerStatus a, b;
        a.restartCount = r0;
        b.restartCount = r1;
        p->status.containerStatuses = {a, b};
        return PodPtr(p);
    };
    const QList<PodPtr> pods{
        pod(QStringLiteral("unscheduled"), {}, QStringLiteral("Pending"), false, 0, 0, 0),
        pod(QStringLiteral("scheduledButPending"), QStringLiteral("bar"), QStringLiteral("Pending"), false, 0, 0, 0),
        pod(QStringLiteral("unknownPhase"), QStringLiteral("foo"), QStringLiteral("Unknown"), false, 0, 0, 0),
        pod(QStringLiteral("runningButNotReady"), QStringLiteral("foo"), R, false, 0, 0, 0),
        running(QStringLiteral("runningNoLastTransitionTime"), 0, 3, 0, 0),
        running(QStringLiteral("runningWithLastTransitionTime"), kNow, 3, 0, 0),
        running(QStringLiteral("runningLongerTime"), then, 3, 0, 0),
        running(QStringLiteral("lowerContainerRestartCount"), then, 2, 1, kNow),
        running(QStringLiteral("oldest"), then, 2, 1, then),
    };
    const QStringList wantOrder = names(pods);
    QRandomGenerator rng(20260101);
    for (int i = 0; i < 20; ++i) {
        std::vector<qsizetype> idx(size_t(pods.size()));
        std::iota(idx.begin(), idx.end(), qsizetype(0));
        std::shuffle(idx.begin(), idx.end(), rng);
        QList<PodPtr> randomized;
        for (qsizetype j : idx)
            randomized << pods.at(j);
        ActivePods::sort(randomized);
        QCOMPARE(names(randomized), wantOrder);
    }
}

// "Filters active pods": Succeeded and Failed pods are not active.
void TestActivePods::testActivePodFiltering()
{
    QList<PodPtr> pods;
    const QStringList phases{QStringLiteral("Succeeded"), QStringLiteral("Failed"), QStringLiteral("Running"),
                             QStringLiteral("Running"), QStringLiteral("Running")};
    for (int i = 0; i < 5; ++i)
        pods << pod(QStringLiteral("pod-%1").arg(i + 1), {}, phases.at(i), false, 0, 0, 0);
    QCOMPARE(names(FilterActivePods(pods)), (QStringList{QStringLiteral("pod-3"), QStringLiteral("pod-4"), QStringLiteral("pod-5")}));
    // A pod being deleted is not active either.
    auto deleting = std::make_shared<api::Pod>(*pods.at(2));
    deleting->metadata.deletionTimestamp = kNow;
    QVERIFY(!IsPodActive(*deleting));
}

// 7 pods: Succeeded, Failed, Pending+deletionTimestamp, Running+deletionTimestamp, 3 Running.
void TestActivePods::testCountTerminatingPods()
{
    QList<PodPtr> pods;
    const QStringList phases{QStringLiteral("Succeeded"), QStringLiteral("Failed"), QStringLiteral("Pending"), QStringLiteral("Running"),
                             QStringLiteral("Running"), QStringLiteral("Running"), QStringLiteral("Running")};
    for (int i = 0; i < 7; ++i) {
        auto p = std::const_pointer_cast<api::Pod>(pod(QStringLiteral("pod%1").arg(i), {}, phases.at(i), false, 0, 0, 0));
        if (i == 2 || i == 3)
            p->metadata.deletionTimestamp = kNow;
        pods << p;
    }
    QCOMPARE(FilterTerminatingPods(pods).size(), 2);
    QCOMPARE(names(FilterTerminatingPods(pods)), (QStringList{QStringLiteral("pod2"), QStringLiteral("pod3")}));
}

void TestActivePods::testSortingActivePodsWithRanksEquality_data()
{
    QTest::addColumn<QString>("p1");
    QTest::addColumn<QString>("p2");   // "" = p1
    const QList<QPair<QString, QString>> rows{
        {QStringLiteral("unscheduledPod"), {}},
        {QStringLiteral("scheduledPendingPod"), {}},
        {QStringLiteral("unknownPhasePod"), {}},
        {QStringLiteral("runningNotReadyPod"), {}},
        {QStringLiteral("runningReadyNowCreatedThen"), {}},
        {QStringLiteral("runningReadyNow"), {}},
        {QStringLiteral("runningReadyThen"), {}},
        {QStringLiteral("runningReadyNowHighRestarts"), {}},
        {QStringLiteral("runningReadyNowCreatedThen"), {}},
        {QStringLiteral("unscheduled5Hours"), QStringLiteral("unscheduled8Hours")},
        {QStringLiteral("ready5Hours"), QStringLiteral("ready10Hours")},
    };
    for (qsizetype i = 0; i < rows.size(); ++i)
        QTest::addRow("Equality tests %d: %s = %s", int(i), qPrintable(rows[i].first),
                      qPrintable(rows[i].second.isEmpty() ? rows[i].first : rows[i].second))
            << rows[i].first << rows[i].second;
}

void TestActivePods::testSortingActivePodsWithRanksEquality()
{
    QFETCH(QString, p1);
    QFETCH(QString, p2);
    const QHash<QString, PodPtr> pods = rankPods();
    const ActivePodsWithRanks ranked(pick(pods, {p1, p2.isEmpty() ? p1 : p2}), {1, 1}, kNow);
    QVERIFY2(!ranked.less(0, 1) && !ranked.less(1, 0), qPrintable(QStringLiteral("expected %1 to be equivalent to %2").arg(p1, p2)));
}

void TestActivePods::testSortingActivePodsWithRanksInequality_data()
{
    QTest::addColumn<QString>("lesser");
    QTest::addColumn<int>("lesserRank");
    QTest::addColumn<QString>("greater");
    QTest::addColumn<int>("greaterRank");
    QTest::addColumn<bool>("disablePodDeletionCost");
    QTest::addColumn<bool>("disableLogarithmicScaleDown");
    struct Row
    {
        const char *lesser;
        int lesserRank;
        const char *greater;
        int greaterRank;
        bool disableCost = false;
    };
    const Row rows[] = {
        {"unscheduledPod", 1, "scheduledPendingPod", 2},
        {"unscheduledPod", 2, "scheduledPendingPod", 1},
        {"scheduledPendingPod", 1, "unknownPhasePod", 2},
        {"unknownPhasePod", 1, "runningNotReadyPod", 2},
        {"runningNotReadyPod", 1, "runningReadyNoLastTransitionTimePod", 1},
        {"runningReadyNoLastTransitionTimePod", 1, "runningReadyNow", 1},
        {"runningReadyNow", 2, "runningReadyNoLastTransitionTimePod", 1},
        {"runningReadyNow", 1, "runningReadyThen", 1},
        {"runningReadyNow", 2, "runningReadyThen", 1},
        {"runningReadyNowHighRestarts", 1, "runningReadyNow", 1},
        {"runningReadyNow", 2, "runningReadyNowHighRestarts", 1},
        {"runningReadyNow", 1, "runningReadyNowCreatedThen", 1},
        {"runningReadyNowCreatedThen", 2, "runningReadyNow", 1},
        {"lowPodDeletionCost", 2, "highPodDeletionCost", 1},
        {"highPodDeletionCost", 2, "lowPodDeletionCost", 1, true},
        {"ready2Hours", 1, "ready5Hours", 1},
    };
    int i = 0;
    for (const Row &r : rows) {
        QTest::addRow("Inequality tests %d: %s(%d) < %s(%d)%s", i++, r.lesser, r.lesserRank, r.greater, r.greaterRank,
                      r.disableCost ? " without PodDeletionCost" : "")
            << QString::fromLatin1(r.lesser) << r.lesserRank << QString::fromLatin1(r.greater) << r.greaterRank << r.disableCost << false;
    }
    // lab: the same pods with LogarithmicScaleDown off, and the tie-break it adds.
    QTest::newRow("lab: ready5Hours < ready10Hours without LogarithmicScaleDown")
        << QStringLiteral("ready5Hours") << 1 << QStringLiteral("ready10Hours") << 1 << false << true;
}

void TestActivePods::testSortingActivePodsWithRanksInequality()
{
    QFETCH(QString, lesser);
    QFETCH(int, lesserRank);
    QFETCH(QString, greater);
    QFETCH(int, greaterRank);
    QFETCH(bool, disablePodDeletionCost);
    QFETCH(bool, disableLogarithmicScaleDown);
    const QHash<QString, PodPtr> pods = rankPods();
    PodDeletionGates gates;
    gates.podDeletionCost = !disablePodDeletionCost;
    gates.logarithmicScaleDown = !disableLogarithmicScaleDown;
    const ActivePodsWithRanks ranked(pick(pods, {lesser, greater}), {lesserRank, greaterRank}, kNow, gates);
    QVERIFY2(ranked.less(0, 1), qPrintable(QStringLiteral("expected %1 with rank %2 to be less than %3 with rank %4")
                                               .arg(lesser).arg(lesserRank).arg(greater).arg(greaterRank)));
    QVERIFY2(!ranked.less(1, 0), qPrintable(QStringLiteral("expected %1 with rank %2 not to be less than %3 with rank %4")
                                                .arg(greater).arg(greaterRank).arg(lesser).arg(lesserRank)));
}

void TestActivePods::testGetPodsToDelete_data()
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

void TestActivePods::testGetPodsToDelete()
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

void TestActivePods::testGetPodKeys_data()
{
    QTest::addColumn<QStringList>("pods");
    QTest::addColumn<QStringList>("expectedPodKeys");
    QTest::newRow("len(pods) = 0 (i.e., pods = nil)") << QStringList{} << QStringList{};
    QTest::newRow("len(pods) > 0") << QStringList{QStringLiteral("pod1"), QStringLiteral("pod2")}
                                   << QStringList{QStringLiteral("default/pod1"), QStringLiteral("default/pod2")};
}

void TestActivePods::testGetPodKeys()
{
    QFETCH(QStringList, pods);
    QFETCH(QStringList, expectedPodKeys);
    QList<PodPtr> in;
    for (const QString &n : pods)
        in << pod(n, {}, QStringLiteral("Running"), true, 0, 0, 0);
    QCOMPARE(getPodKeys(in), expectedPodKeys);
}

void TestActivePods::testDeletionCost_data()
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

void TestActivePods::testDeletionCost()
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

void TestActivePods::testLogarithmicRankDiff_data()
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

void TestActivePods::testLogarithmicRankDiff()
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
void TestActivePods::testSidecarRestarts()
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
void TestActivePods::testWorkedExample()
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

QTEST_GUILESS_MAIN(TestActivePods)
#include "tst_activepods.moc"
