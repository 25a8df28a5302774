// SPDX-License-Identifier: Apache-2.0
// Pod orderings for scale-down. Upstream tables ported row by row:
//   controller_utils_test.go  TestSortingActivePods, TestSortingActivePodsWithRanks (equality
//                             and inequality rows), TestActivePodFiltering, TestCountTerminatingPods
// Which pods get deleted (getPodsToDelete, deletion cost, buckets): tst_podstodelete.cpp.
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
QTEST_GUILESS_MAIN(TestActivePods)
#include "tst_activepods.moc"
