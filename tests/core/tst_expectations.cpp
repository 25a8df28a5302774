// SPDX-License-Identifier: Apache-2.0
// ControllerExpectations and UIDTrackingControllerExpectations: upstream's
// TestControllerExpectations and TestUIDExpectations (controller_utils_test.go), plus the
// 5-minute ExpectationsTimeout on the virtual clock and the "count a pod once" rule.
#include "core/controller/uidtrackingcontrollerexpectations.h"
#include "core/base/manualclock.h"

#include <QRandomGenerator>
#include <QTest>

#include <thread>
#include <vector>

using namespace rlab;
using namespace rlab::controller;

class TestExpectations : public QObject
{
    Q_OBJECT

private slots:
    void testControllerExpectations();
    void testUIDExpectations();
    void testSatisfiedExpectations_data();
    void testSatisfiedExpectations();
    void testDeletionObservedCountsOnce();
    void testNoRecordIsNoOp();
};

// Upstream uses a TTL of 30 s here; the counters are lowered from many goroutines at once.
void TestExpectations::testControllerExpectations()
{
    ManualClock clock(1000000);
    const qint64 ttl = 30 * 1000;
    ControllerExpectations e(clock, ttl);
    const int adds = 10, dels = 30;
    const QString rcKey = QStringLiteral("default/foobar");

    // The controller fires off adds and deletes at the API server, then sets expectations.
    e.setExpectations(rcKey, adds, dels);
    {
        std::vector<std::thread> threads;
        for (int i = 0; i < adds + 1; ++i)
            threads.emplace_back([&] { e.creationObserved(rcKey); });   // a failed create or an informer add
        for (std::thread &t : threads)
            t.join();
    }
    // There are still delete expectations.
    QVERIFY2(!e.satisfiedExpectations(rcKey), "Rc will sync before expectations are met");
    {
        std::vector<std::thread> threads;
        for (int i = 0; i < dels + 1; ++i)
            threads.emplace_back([&] { e.deletionObserved(rcKey); });
        for (std::thread &t : threads)
            t.join();
    }
    // Expectations have been surpassed.
    std::optional<ControlleeExpectations> podExp = e.getExpectations(rcKey);
    QVERIFY(podExp.has_value());
    QCOMPARE(podExp->add, qint64(-1));
    QCOMPARE(podExp->del, qint64(-1));
    QVERIFY2(e.satisfiedExpectations(rcKey), "Expectations are met but the rc will not sync");

    // Next round of rc sync, old expectations are cleared.
    e.setExpectations(rcKey, 1, 2);
    podExp = e.getExpectations(rcKey);
    QVERIFY(podExp.has_value());
    QCOMPARE(podExp->add, qint64(1));
    QCOMPARE(podExp->del, qint64(2));
    QVERIFY(!e.satisfiedExpectations(rcKey));

    // Expectations have expired because of the ttl.
    clock.advance(ttl + 1);
    QVERIFY2(e.satisfiedExpectations(rcKey), "Expectations should have expired but didn't");
}

// Four controllers, five pods each, checked in a shuffled (seeded) order.
void TestExpectations::testUIDExpectations()
{
    ManualClock clock(0);
    UIDTrackingControllerExpectations uidExp(clock);
    QStringList rcKeys;
    QHash<QString, QStringList> rcToPods;
    for (int i = 0; i < 4; ++i) {
        const QString rcName = QStringLiteral("rc-%1").arg(i);
        const QString rcKey = QStringLiteral("default/") + rcName;
        QStringList podKeys;
        for (int p = 0; p < 5; ++p)
            podKeys << QStringLiteral("default/pod%1-%2").arg(p).arg(rcName);
        rcKeys << rcKey;
        rcToPods.insert(rcKey, podKeys);
        uidExp.expectDeletions(rcKey, podKeys);
    }
    QRandomGenerator rng(42);
    for (qsizetype i = 0; i < rcKeys.size(); ++i)
        rcKeys.swapItemsAt(i, rng.bounded(int(i) + 1));
    for (const QString &rcKey : std::as_const(rcKeys)) {
        QVERIFY2(!uidExp.satisfiedExpectations(rcKey), qPrintable(rcKey + QStringLiteral(" satisfied expectations before deletion")));
        for (const QString &p : rcToPods.value(rcKey))
            uidExp.deletionObserved(rcKey, p);
        QVERIFY2(uidExp.satisfiedExpectations(rcKey), qPrintable(rcKey + QStringLiteral(" didn't satisfy expectations after deletion")));
        uidExp.deleteExpectations(rcKey);
        QVERIFY2(!uidExp.getUIDs(rcKey).has_value(), qPrintable(QStringLiteral("Failed to delete uid expectations for ") + rcKey));
        QVERIFY(!uidExp.getExpectations(rcKey).has_value());
    }
}

void TestExpectations::testSatisfiedExpectations_data()
{
    QTest::addColumn<bool>("set");
    QTest::addColumn<qint64>("add");
    QTest::addColumn<qint64>("del");
    QTest::addColumn<int>("observedCreations");
    QTest::addColumn<qint64>("advanceMs");
    QTest::addColumn<bool>("satisfied");

    const qint64 fiveMinutes = 5 * 60 * 1000;
    QTest::newRow("no record: a new controller syncs") << false << qint64(0) << qint64(0) << 0 << qint64(0) << true;
    QTest::newRow("3 creates expected, none seen") << true << qint64(3) << qint64(0) << 0 << qint64(0) << false;
    QTest::newRow("3 creates expected, 2 seen") << true << qint64(3) << qint64(0) << 2 << qint64(0) << false;
    QTest::newRow("3 creates expected, 3 seen") << true << qint64(3) << qint64(0) << 3 << qint64(0) << true;
    QTest::newRow("over-observed: counters below zero") << true << qint64(1) << qint64(0) << 3 << qint64(0) << true;
    QTest::newRow("deletes pending") << true << qint64(0) << qint64(2) << 0 << qint64(0) << false;
    QTest::newRow("zero expectations set") << true << qint64(0) << qint64(0) << 0 << qint64(0) << true;
    QTest::newRow("pending at exactly ExpectationsTimeout") << true << qint64(3) << qint64(0) << 0 << fiveMinutes << false;
    QTest::newRow("expired 1 ms after ExpectationsTimeout") << true << qint64(3) << qint64(0) << 0 << fiveMinutes + 1 << true;
    QTest::newRow("deletes expired") << true << qint64(0) << qint64(2) << 0 << fiveMinutes + 1 << true;
}

void TestExpectations::testSatisfiedExpectations()
{
    QFETCH(bool, set);
    QFETCH(qint64, add);
    QFETCH(qint64, del);
    QFETCH(int, observedCreations);
    QFETCH(qint64, advanceMs);
    QFETCH(bool, satisfied);

    ManualClock clock(1767225600000);
    ControllerExpectations e(clock);   // default timeout: ExpectationsTimeout, 5 minutes
    QCOMPARE(e.timeoutMs(), qint64(300000));
    const QString key = QStringLiteral("default/web");
    if (set)
        e.setExpectations(key, add, del);
    for (int i = 0; i < observedCreations; ++i)
        e.creationObserved(key);
    clock.advance(advanceMs);
    QCOMPARE(e.satisfiedExpectations(key), satisfied);
}

// A graceful deletion shows up twice (update with deletionTimestamp, then delete): once only.
void TestExpectations::testDeletionObservedCountsOnce()
{
    ManualClock clock(0);
    UIDTrackingControllerExpectations exp(clock);
    const QString key = QStringLiteral("default/web");
    exp.expectDeletions(key, {QStringLiteral("default/web-a"), QStringLiteral("default/web-b"), QStringLiteral("default/web-a")});
    QCOMPARE(exp.getExpectations(key)->del, qint64(2));   // a set: web-a once
    exp.deletionObserved(key, QStringLiteral("default/web-a"));
    QCOMPARE(exp.getExpectations(key)->del, qint64(1));
    exp.deletionObserved(key, QStringLiteral("default/web-a"));   // the delete event after the update
    QCOMPARE(exp.getExpectations(key)->del, qint64(1));
    exp.deletionObserved(key, QStringLiteral("default/unrelated"));
    QCOMPARE(exp.getExpectations(key)->del, qint64(1));
    QVERIFY(!exp.satisfiedExpectations(key));
    exp.deletionObserved(key, QStringLiteral("default/web-b"));
    QCOMPARE(exp.getExpectations(key)->del, qint64(0));
    QVERIFY(exp.satisfiedExpectations(key));
    QCOMPARE(exp.getUIDs(key)->size(), 0);
    // A new expectDeletions clobbers the set.
    exp.expectDeletions(key, {QStringLiteral("default/web-c")});
    QCOMPARE(*exp.getUIDs(key), QSet<QString>{QStringLiteral("default/web-c")});
    QCOMPARE(exp.getExpectations(key)->del, qint64(1));
}

void TestExpectations::testNoRecordIsNoOp()
{
    ManualClock clock(0);
    UIDTrackingControllerExpectations exp(clock);
    const QString key = QStringLiteral("default/web");
    exp.creationObserved(key);
    exp.deletionObserved(key, QStringLiteral("default/web-a"));
    exp.lowerExpectations(key, 1, 1);
    QVERIFY(!exp.getExpectations(key).has_value());
    QVERIFY(exp.satisfiedExpectations(key));
    exp.expectCreations(key, 2);
    exp.raiseExpectations(key, 1, 0);
    QCOMPARE(exp.getExpectations(key)->add, qint64(3));
    exp.deleteExpectations(key);
    QVERIFY(!exp.getExpectations(key).has_value());
}

QTEST_GUILESS_MAIN(TestExpectations)
#include "tst_expectations.moc"
