// SPDX-License-Identifier: Apache-2.0
#include "core/base/manualclock.h"

#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace rlab;

// Timers are written "name@time"; the fired list is "name@now-inside-the-callback".
class TestClock : public QObject
{
    Q_OBJECT

private slots:
    void testAdvanceFiresInTimeThenInsertionOrder_data();
    void testAdvanceFiresInTimeThenInsertionOrder();
    void testCancel();
    void testCallbackMaySchedule();
    void testPastTimerFiresWithoutMovingTimeBack();
    void testFireDueAndNextTimer();
    void testAdvanceToNextTimer();
    void testSetNowDoesNotFire();
    void testScheduleFromOtherThreads();
};

void TestClock::testAdvanceFiresInTimeThenInsertionOrder_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<QStringList>("timers");
    QTest::addColumn<qint64>("advanceBy");
    QTest::addColumn<QStringList>("fired");
    QTest::addColumn<qint64>("nowAfter");
    QTest::addColumn<int>("left");

    QTest::newRow("nothing scheduled") << qint64(0) << QStringList{} << qint64(50)
                                       << QStringList{} << qint64(50) << 0;
    QTest::newRow("time order") << qint64(0) << QStringList{"a@150", "b@100", "c@120"}
                                << qint64(200) << QStringList{"b@100", "c@120", "a@150"}
                                << qint64(200) << 0;
    QTest::newRow("ties keep scheduling order")
            << qint64(0) << QStringList{"a@150", "b@100", "c@100", "d@100"} << qint64(200)
            << QStringList{"b@100", "c@100", "d@100", "a@150"} << qint64(200) << 0;
    QTest::newRow("only what is due") << qint64(1000) << QStringList{"a@1100", "b@1050", "c@1101"}
                                      << qint64(100) << QStringList{"b@1050", "a@1100"}
                                      << qint64(1100) << 1;
    QTest::newRow("due exactly at target fires")
            << qint64(0) << QStringList{"a@10"} << qint64(10) << QStringList{"a@10"} << qint64(10)
            << 0;
    QTest::newRow("advance 0 fires what is due now")
            << qint64(5) << QStringList{"a@5", "b@6"} << qint64(0) << QStringList{"a@5"}
            << qint64(5) << 1;
}

void TestClock::testAdvanceFiresInTimeThenInsertionOrder()
{
    QFETCH(qint64, start);
    QFETCH(QStringList, timers);
    QFETCH(qint64, advanceBy);
    QFETCH(QStringList, fired);
    QFETCH(qint64, nowAfter);
    QFETCH(int, left);

    ManualClock clock(start);
    QStringList actual;
    for (const QString &timer : std::as_const(timers)) {
        const QString name = timer.section(u'@', 0, 0);
        const qint64 at = timer.section(u'@', 1).toLongLong();
        clock.schedule(at, [&clock, &actual, name] {
            actual << QStringLiteral("%1@%2").arg(name).arg(clock.now());
        });
    }
    QCOMPARE(clock.advance(advanceBy), fired.size());
    QCOMPARE(actual, fired);
    QCOMPARE(clock.now(), nowAfter);
    QCOMPARE(clock.pendingTimers(), std::size_t(left));
}

void TestClock::testCancel()
{
    ManualClock clock;
    QStringList fired;
    const TimerId a = clock.schedule(10, [&] { fired << "a"; });
    const TimerId b = clock.schedule(10, [&] { fired << "b"; });
    QVERIFY(a != 0 && b != 0 && a != b);
    QVERIFY(clock.cancel(a));
    QVERIFY(!clock.cancel(a)); // already cancelled
    QVERIFY(!clock.cancel(12345));
    QCOMPARE(clock.advance(20), 1);
    QCOMPARE(fired, QStringList{"b"});
    QVERIFY(!clock.cancel(b)); // already fired

    // A callback may cancel a later timer.
    TimerId victim = 0;
    clock.schedule(30, [&] { QVERIFY(clock.cancel(victim)); });
    victim = clock.schedule(40, [&] { fired << "victim"; });
    clock.advance(100);
    QCOMPARE(fired, QStringList{"b"});
}

void TestClock::testCallbackMaySchedule()
{
    ManualClock clock;
    QStringList fired;
    // A chain: each timer schedules the next 30 ms later; advance(100) runs all the ones that
    // come due in range, including those scheduled while advancing.
    std::function<void()> tick = [&] {
        fired << QString::number(clock.now());
        clock.scheduleAfter(30, tick);
    };
    clock.schedule(10, tick);
    QCOMPARE(clock.advance(100), 4);
    QCOMPARE(fired, (QStringList{"10", "40", "70", "100"}));
    QCOMPARE(clock.nextTimerAt(), std::optional<qint64>(130));
    QCOMPARE(clock.now(), qint64(100));
    QCOMPARE(clock.fireDue(), 0);
    // A timer scheduled "now" from outside is due now and fireDue runs it.
    clock.schedule(clock.now(), [&] { fired << "now"; });
    QCOMPARE(clock.fireDue(), 1);
    QCOMPARE(fired.last(), QStringLiteral("now"));
}

void TestClock::testPastTimerFiresWithoutMovingTimeBack()
{
    ManualClock clock(500);
    QList<qint64> seen;
    clock.schedule(100, [&] { seen << clock.now(); });
    clock.schedule(500, [&] { seen << clock.now(); });
    QCOMPARE(clock.advanceTo(200), 2); // target in the past: fires what is due, keeps time
    QCOMPARE(seen, (QList<qint64>{500, 500}));
    QCOMPARE(clock.now(), qint64(500));
}

void TestClock::testFireDueAndNextTimer()
{
    ManualClock clock(0);
    QCOMPARE(clock.nextTimerAt(), std::nullopt);
    int count = 0;
    clock.schedule(0, [&] { ++count; });
    clock.schedule(7, [&] { ++count; });
    QCOMPARE(clock.nextTimerAt(), std::optional<qint64>(0));
    QCOMPARE(clock.fireDue(), 1);
    QCOMPARE(count, 1);
    QCOMPARE(clock.now(), qint64(0));
    QCOMPARE(clock.nextTimerAt(), std::optional<qint64>(7));
    QCOMPARE(clock.fireDue(), 0);
}

void TestClock::testAdvanceToNextTimer()
{
    ManualClock clock(1000);
    QStringList fired;
    clock.schedule(3000, [&] { fired << "late"; });
    clock.schedule(2000, [&] { fired << "x"; });
    clock.schedule(2000, [&] { fired << "y"; });
    QCOMPARE(clock.advanceToNextTimer(), 2);
    QCOMPARE(clock.now(), qint64(2000));
    QCOMPARE(fired, (QStringList{"x", "y"}));
    QCOMPARE(clock.advanceToNextTimer(), 1);
    QCOMPARE(clock.now(), qint64(3000));
    QCOMPARE(clock.advanceToNextTimer(), 0);
    QCOMPARE(clock.now(), qint64(3000));
}

void TestClock::testSetNowDoesNotFire()
{
    ManualClock clock;
    int count = 0;
    clock.schedule(10, [&] { ++count; });
    clock.setNow(1'767'225'600'000); // 2026-01-01T00:00:00Z
    QCOMPARE(clock.now(), qint64(1'767'225'600'000));
    QCOMPARE(count, 0);
    QCOMPARE(clock.fireDue(), 1);
    QCOMPARE(count, 1);
}

void TestClock::testScheduleFromOtherThreads()
{
    // Workers schedule while the main thread advances; every timer fires exactly once and in
    // non-decreasing time order.
    ManualClock clock;
    constexpr int threads = 4;
    constexpr int perThread = 500;
    std::atomic<int> fired{0};
    std::vector<qint64> times; // only touched by the advancing (main) thread
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            for (int i = 0; i < perThread; ++i) {
                clock.schedule((i * 7 + t) % 300, [&] {
                    times.push_back(clock.now());
                    fired.fetch_add(1);
                });
            }
        });
    }
    for (qint64 at = 0; at <= 300; at += 10)
        clock.advanceTo(at);
    for (std::thread &w : workers)
        w.join();
    clock.fireDue();
    QCOMPARE(fired.load(), threads * perThread);
    QCOMPARE(clock.pendingTimers(), std::size_t(0));
    QVERIFY(std::is_sorted(times.begin(), times.end()));
}

QTEST_GUILESS_MAIN(TestClock)
#include "tst_clock.moc"
