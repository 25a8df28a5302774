// SPDX-License-Identifier: Apache-2.0
#include "core/client/delayingqueue.h"
#include "core/base/manualclock.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <map>
#include <tuple>

#include <memory>
#include <thread>

using namespace rlab;

namespace {

// "waiting: a@60(x2)" (ready time, addAfter calls merged) and "queued: b c(dedups=1)".
QStringList dump(const WorkQueueSnapshot &s)
{
    QStringList waiting;
    for (const WaitingItem &item : s.waiting) {
        waiting << QStringLiteral("%1@%2").arg(item.key).arg(item.readyAtMs)
                        + (item.addAfterCount > 1 ? QStringLiteral("(x%1)").arg(item.addAfterCount)
                                                  : QString());
    }
    QStringList queued;
    for (const QueuedItem &item : s.queued) {
        QStringList flags;
        if (item.dedups)
            flags << QStringLiteral("dedups=%1").arg(item.dedups);
        if (item.via == QueuedVia::AddAfter)
            flags << QStringLiteral("delayed");
        if (item.via == QueuedVia::Done)
            flags << QStringLiteral("requeued");
        queued << item.key + (flags.isEmpty() ? QString() : u'(' + flags.join(u',') + u')');
    }
    QStringList processing;
    for (const ProcessingItem &item : s.processing)
        processing << item.key + (item.reAdded ? QStringLiteral("(reAdded)") : QString());
    return {QStringLiteral("waiting: ") + waiting.join(u' '),
            QStringLiteral("queued: ") + queued.join(u' '),
            QStringLiteral("processing: ") + processing.join(u' ')};
}

// Script lines: "addAfter k MS", "add k", "advance MS", "len N", "get k" (tryGet must give k,
// "-" = nothing), "done k", "shutDown", "timers N" (pending timers on the clock).
void run(DelayingQueue &q, ManualClock &clock, const QStringList &script)
{
    for (const QString &line : script) {
        const QStringList w = line.split(u' ');
        if (w[0] == u"addAfter") {
            q.addAfter(w[1], w[2].toLongLong());
        } else if (w[0] == u"add") {
            q.add(w[1]);
        } else if (w[0] == u"advance") {
            clock.advance(w[1].toLongLong());
        } else if (w[0] == u"len") {
            QVERIFY2(q.len() == w[1].toInt(),
                     qPrintable(QStringLiteral("%1: len is %2").arg(line).arg(q.len())));
        } else if (w[0] == u"get") {
            QCOMPARE(q.tryGet().value_or(QStringLiteral("-")), w[1]);
        } else if (w[0] == u"done") {
            q.done(w[1]);
        } else if (w[0] == u"shutDown") {
            q.shutDown();
        } else if (w[0] == u"timers") {
            QVERIFY2(clock.pendingTimers() == w[1].toULongLong(), qPrintable(line));
        } else {
            QFAIL(qPrintable(QStringLiteral("bad script line: ") + line));
        }
    }
}

} // namespace

class TestDelayingQueue : public QObject
{
    Q_OBJECT

private slots:
    void testScript_data();
    void testScript();
    void testEvents();
    void testRetriesAndWaitingMetrics();
    void testBoundedSnapshotListsTheSoonestDue();
    void testDestructionCancelsTimers();
    void testHugeDelayDoesNotOverflow();
    void testTimerWakesBlockedGet();
};

void TestDelayingQueue::testScript_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<QStringList>("script");
    QTest::addColumn<QStringList>("expected");

    const QStringList empty{"waiting: ", "queued: ", "processing: "};

    // client-go TestSimpleQueue
    QTest::newRow("simple queue")
            << qint64(0)
            << QStringList{"addAfter foo 50", "len 0", "advance 60", "len 1", "get foo",
                           "done foo", "advance 10000", "len 0", "timers 0"}
            << empty;
    // client-go TestDeduping, in three parts
    QTest::newRow("dedup: a later time is ignored")
            << qint64(1000)
            << QStringList{"addAfter foo 50", "addAfter foo 70", "len 0", "advance 60", "len 1",
                           "get foo", "done foo", "advance 20", "len 0", "timers 0"}
            << empty;
    QTest::newRow("dedup: an earlier time wins")
            << qint64(1000)
            << QStringList{"addAfter foo 50", "addAfter foo 30", "len 0", "advance 40", "len 1",
                           "get foo", "done foo", "advance 20", "len 0", "timers 0"}
            << empty;
    QTest::newRow("dedup: waiting kept at the earlier time")
            << qint64(1000) << QStringList{"addAfter foo 50", "addAfter foo 70", "addAfter foo 30"}
            << QStringList{"waiting: foo@1030(x3)", "queued: ", "processing: "};
    QTest::newRow("dedup: addAfter while the key is being processed")
            << qint64(0) << QStringList{"add foo", "get foo", "addAfter foo 5"}
            << QStringList{"waiting: foo@5", "queued: ", "processing: foo"};
    QTest::newRow("delay comes due while processing: requeued by done")
            << qint64(0)
            << QStringList{"add foo", "get foo", "addAfter foo 5", "advance 5", "len 0",
                           "done foo", "len 1"}
            << QStringList{"waiting: ", "queued: foo(requeued)", "processing: "};
    // client-go TestAddTwoFireEarly
    QTest::newRow("add two, fire early")
            << qint64(0)
            << QStringList{"addAfter foo 1000", "addAfter bar 50", "len 0", "advance 60", "len 1",
                           "get bar", "addAfter baz 2000", "advance 1000", "len 1", "get foo",
                           "advance 2000", "len 1", "get baz"}
            << QStringList{"waiting: ", "queued: ", "processing: bar foo baz"};
    // client-go TestCopyShifting
    QTest::newRow("copy shifting: ready order, not addAfter order")
            << qint64(0)
            << QStringList{"addAfter foo 1000", "addAfter bar 500", "addAfter baz 250", "len 0",
                           "advance 2000", "len 3", "get baz", "get bar", "get foo"}
            << QStringList{"waiting: ", "queued: ", "processing: baz bar foo"};
    QTest::newRow("equal ready times keep addAfter order")
            << qint64(0)
            << QStringList{"addAfter a 10", "addAfter b 10", "addAfter c 5", "addAfter d 10",
                           "advance 10"}
            << QStringList{"waiting: ", "queued: c(delayed) a(delayed) b(delayed) d(delayed)",
                           "processing: "};
    QTest::newRow("moving earlier goes after keys already due then")
            << qint64(0)
            << QStringList{"addAfter a 100", "addAfter b 20", "addAfter a 20", "advance 20"}
            << QStringList{"waiting: ", "queued: b(delayed) a(delayed)", "processing: "};
    QTest::newRow("zero or negative delay adds now")
            << qint64(0) << QStringList{"addAfter a 0", "addAfter b -5", "len 2", "timers 0"}
            << QStringList{"waiting: ", "queued: a b", "processing: "};
    QTest::newRow("waiting and queued at once collapse")
            << qint64(0) << QStringList{"add a", "addAfter a 10", "len 1", "advance 10", "len 1"}
            << QStringList{"waiting: ", "queued: a(dedups=1)", "processing: "};
    QTest::newRow("waiting list sorted by ready time")
            << qint64(100)
            << QStringList{"addAfter x 300", "addAfter y 100", "addAfter z 200", "advance 50"}
            << QStringList{"waiting: y@200 z@300 x@400", "queued: ", "processing: "};
    QTest::newRow("shutdown drops waiting keys and their timers")
            << qint64(0)
            << QStringList{"addAfter a 10", "addAfter b 20", "timers 2", "shutDown", "timers 0",
                           "advance 50", "len 0", "addAfter c 1", "addAfter d 0", "timers 0",
                           "len 0"}
            << empty;
}

void TestDelayingQueue::testScript()
{
    QFETCH(qint64, start);
    QFETCH(QStringList, script);
    QFETCH(QStringList, expected);
    ManualClock clock(start);
    DelayingQueue q(clock);
    run(q, clock, script);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(dump(q.snapshot()), expected);
}

void TestDelayingQueue::testEvents()
{
    ManualClock clock(0);
    DelayingQueue q(clock, QStringLiteral("rs"));
    QStringList log;
    q.setEventHook([&](const QueueEvent &e) {
        QString line = QStringLiteral("t=%1 %2 %3").arg(e.atMs).arg(toString(e.type), e.key);
        if (e.type == QueueEventType::AddAfter)
            line += QStringLiteral(" delay=%1 readyAt=%2").arg(e.durationMs).arg(e.readyAtMs);
        if (e.delayed)
            line += QStringLiteral(" delayed");
        log << line;
    });
    q.addAfter(QStringLiteral("a"), 50);
    q.addAfter(QStringLiteral("a"), 70); // later: keeps 50
    q.addAfter(QStringLiteral("a"), 30); // earlier: moves to 30
    q.addAfter(QStringLiteral("b"), 0);  // immediate
    clock.advance(100);
    const QStringList expected{
            "t=0 addAfter a delay=50 readyAt=50",
            "t=0 addAfter a delay=70 readyAt=50",
            "t=0 addAfter a delay=30 readyAt=30",
            "t=0 add b",
            "t=30 add a delayed",
    };
    QCOMPARE(log, expected);
}

void TestDelayingQueue::testRetriesAndWaitingMetrics()
{
    ManualClock clock(0);
    DelayingQueue q(clock);
    q.addAfter(QStringLiteral("a"), 10);
    q.addAfter(QStringLiteral("a"), 20);
    q.addAfter(QStringLiteral("b"), 0);
    q.addAfter(QStringLiteral("c"), 5);
    WorkQueueSnapshot s = q.snapshot();
    QCOMPARE(s.metrics.retries, quint64(4)); // client-go counts every AddAfter as a retry
    QCOMPARE(s.metrics.waiting, 2);
    QCOMPARE(s.metrics.depth, 1);
    QCOMPARE(s.metrics.adds, quint64(1));
    QCOMPARE(s.waiting[0].key, QStringLiteral("c"));
    QCOMPARE(s.waiting[1].key, QStringLiteral("a"));
    QCOMPARE(s.waiting[1].sinceMs, qint64(0));
    QCOMPARE(s.waiting[1].addAfterCount, 2);
    clock.advance(10);
    s = q.snapshot();
    QCOMPARE(s.metrics.waiting, 0);
    QCOMPARE(s.metrics.depth, 3);
    QCOMPARE(s.metrics.adds, quint64(3));
}

void TestDelayingQueue::testBoundedSnapshotListsTheSoonestDue()
{
    // 3,000 random addAfter / add / get+done / advance steps over 300 keys, checked against a
    // plain model of client-go's rule (a waiting key only moves earlier; ties by addAfter order):
    // snapshot() lists every waiting key in that order, snapshot(k) its first k (and the FIFO's
    // first k queued keys), while metrics count them all.
    ManualClock clock(0);
    DelayingQueue q(clock);
    QRandomGenerator rng(17);
    std::map<QString, std::pair<qint64, quint64>> model;   // key -> (ready at, addAfter seq)
    quint64 seq = 0;
    for (int step = 0; step < 3000; ++step) {
        const QString key = QStringLiteral("ns/pod-%1").arg(rng.bounded(300));
        const int op = rng.bounded(10);
        if (op < 6) {
            const qint64 delay = 1 + rng.bounded(500);
            q.addAfter(key, delay);
            const qint64 readyAt = clock.now() + delay;
            const auto it = model.find(key);
            if (it == model.end())
                model.emplace(key, std::pair{readyAt, ++seq});
            else if (readyAt < it->second.first)
                it->second = {readyAt, ++seq};
        } else if (op == 6) {
            q.add(key);
        } else if (op == 7) {
            if (const auto got = q.tryGet())
                q.done(*got);
        } else {
            clock.advance(rng.bounded(30));
            std::erase_if(model, [&](const auto &kv) { return kv.second.first <= clock.now(); });
        }
        if (step % 100 != 99)
            continue;
        std::vector<std::tuple<qint64, quint64, QString>> expected;
        for (const auto &[k, at] : model)
            expected.emplace_back(at.first, at.second, k);
        std::sort(expected.begin(), expected.end());
        const WorkQueueSnapshot all = q.snapshot();
        QCOMPARE(all.waiting.size(), qsizetype(expected.size()));
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(all.waiting[qsizetype(i)].key, std::get<2>(expected[i]));
            QCOMPARE(all.waiting[qsizetype(i)].readyAtMs, std::get<0>(expected[i]));
        }
        for (const qsizetype k : {0, 1, 7, 60, 1000}) {
            const WorkQueueSnapshot some = q.snapshot(k);
            QCOMPARE(some.metrics.waiting, int(expected.size()));
            QCOMPARE(some.metrics.depth, all.metrics.depth);
            QCOMPARE(some.waiting.size(), std::min(k, all.waiting.size()));
            QCOMPARE(some.queued.size(), std::min(k, all.queued.size()));
            for (qsizetype i = 0; i < some.waiting.size(); ++i) {
                QCOMPARE(some.waiting[i].key, all.waiting[i].key);
                QCOMPARE(some.waiting[i].sinceMs, all.waiting[i].sinceMs);
                QCOMPARE(some.waiting[i].addAfterCount, all.waiting[i].addAfterCount);
            }
            for (qsizetype i = 0; i < some.queued.size(); ++i)
                QCOMPARE(some.queued[i].key, all.queued[i].key);
        }
    }
    QVERIFY(seq > 500);   // the run moved keys earlier and parked new ones often
}

void TestDelayingQueue::testDestructionCancelsTimers()
{
    ManualClock clock(0);
    {
        DelayingQueue q(clock);
        q.addAfter(QStringLiteral("a"), 10);
        q.addAfter(QStringLiteral("b"), 20);
        QCOMPARE(clock.pendingTimers(), std::size_t(2));
    }
    QCOMPARE(clock.pendingTimers(), std::size_t(0));
    QCOMPARE(clock.advance(100), 0);
}

void TestDelayingQueue::testHugeDelayDoesNotOverflow()
{
    ManualClock clock(1'767'225'600'000);
    DelayingQueue q(clock);
    q.addAfter(QStringLiteral("never"), std::numeric_limits<qint64>::max());
    const WorkQueueSnapshot s = q.snapshot();
    QCOMPARE(s.waiting.size(), 1);
    QCOMPARE(s.waiting[0].readyAtMs, std::numeric_limits<qint64>::max());
    clock.advance(1'000'000'000);
    QCOMPARE(q.len(), 0);
}

void TestDelayingQueue::testTimerWakesBlockedGet()
{
    // A worker blocks in get(); the "GUI" thread advances the clock; the timer's add wakes it.
    ManualClock clock(0);
    DelayingQueue q(clock);
    q.addAfter(QStringLiteral("later"), 250);
    std::optional<QString> got;
    std::thread worker([&] { got = q.get(1); });
    clock.advance(249);
    const int lenBefore = q.len();
    clock.advance(1);
    worker.join(); // returns: the timer's add woke it
    QCOMPARE(lenBefore, 0);
    QCOMPARE(got, std::optional<QString>(QStringLiteral("later")));
    QCOMPARE(q.snapshot().processing.value(0).queueLatencyMs, qint64(0));
}

QTEST_GUILESS_MAIN(TestDelayingQueue)
#include "tst_delayingqueue.moc"
