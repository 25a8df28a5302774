// SPDX-License-Identifier: Apache-2.0
// WorkQueue on one thread against a ManualClock: scripted add/get/done sequences (dirty and
// processing sets, dedups), length, reinsertion, latency and work duration, queue events.
// Threads and shutdown: tst_workqueue_threads.cpp.
#include "core/base/manualclock.h"
#include "core/client/workqueue.h"

#include <QTest>
using namespace rlab;
namespace {

QString viaName(QueuedVia via)
{
    switch (via) {
    case QueuedVia::Add: return QString();
    case QueuedVia::AddAfter: return QStringLiteral("addAfter");
    case QueuedVia::Done: return QStringLiteral("done");
    }
    return QString();
}

// The queue as three lines a learner could read:
//   queued: a(dedups=1) b(via=done)
//   processing: c@1(reAdded,dedups=2)
//   len=2 adds=3 dedups=1 gets=1 dones=0 requeues=0 shuttingDown=0
QStringList dump(const WorkQueueSnapshot &s)
{
    QStringList queued;
    for (const QueuedItem &item : s.queued) {
        QStringList flags;
        if (item.dedups)
            flags << QStringLiteral("dedups=%1").arg(item.dedups);
        if (item.via != QueuedVia::Add)
            flags << QStringLiteral("via=%1").arg(viaName(item.via));
        queued << item.key + (flags.isEmpty() ? QString() : u'(' + flags.join(u',') + u')');
    }
    QStringList processing;
    for (const ProcessingItem &item : s.processing) {
        QStringList flags;
        if (item.reAdded)
            flags << QStringLiteral("reAdded");
        if (item.dedups)
            flags << QStringLiteral("dedups=%1").arg(item.dedups);
        processing << QStringLiteral("%1@%2").arg(item.key).arg(item.worker)
                        + (flags.isEmpty() ? QString() : u'(' + flags.join(u',') + u')');
    }
    const WorkQueueMetrics &m = s.metrics;
    return {
        QStringLiteral("queued: ") + queued.join(u' '),
        QStringLiteral("processing: ") + processing.join(u' '),
        QStringLiteral("len=%1 adds=%2 dedups=%3 gets=%4 dones=%5 requeues=%6 shuttingDown=%7")
                .arg(m.depth).arg(m.adds).arg(m.dedups).arg(m.gets).arg(m.dones).arg(m.requeues)
                .arg(int(s.shuttingDown)),
    };
}

// Runs "add k", "get W k" (tryGet by worker W must return k; "-" = nothing), "done k",
// "advance MS" and "shutDown" against q, failing the test on the first surprise.
void run(WorkQueue &q, ManualClock &clock, const QStringList &script)
{
    for (const QString &line : script) {
        const QStringList w = line.split(u' ');
        if (w[0] == u"add") {
            q.add(w[1]);
        } else if (w[0] == u"get") {
            const std::optional<QString> got = q.tryGet(w[1].toInt());
            QCOMPARE(got.value_or(QStringLiteral("-")), w[2]);
        } else if (w[0] == u"done") {
            q.done(w[1]);
        } else if (w[0] == u"advance") {
            clock.advance(w[1].toLongLong());
        } else if (w[0] == u"shutDown") {
            q.shutDown();
        } else {
            QFAIL(qPrintable(QStringLiteral("bad script line: ") + line));
        }
    }
}
} // namespace
class TestWorkQueue : public QObject
{
    Q_OBJECT

private slots:
    void testScript_data();
    void testScript();
    void testLen();
    void testReinsert();
    void testLatencyAndWorkDuration();
    void testEvents();
};
void TestWorkQueue::testScript_data()
{
    QTest::addColumn<QStringList>("script");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("empty") << QStringList{} << QStringList{
            "queued: ", "processing: ",
            "len=0 adds=0 dedups=0 gets=0 dones=0 requeues=0 shuttingDown=0"};
    QTest::newRow("adds of a queued key collapse")
            << QStringList{"add a", "add b", "add a", "add a"}
            << QStringList{"queued: a(dedups=2) b", "processing: ",
                           "len=2 adds=2 dedups=2 gets=0 dones=0 requeues=0 shuttingDown=0"};
    QTest::newRow("fifo order")
            << QStringList{"add c", "add a", "add b", "get 1 c", "get 2 a"}
            << QStringList{"queued: b", "processing: c@1 a@2",
                           "len=1 adds=3 dedups=0 gets=2 dones=0 requeues=0 shuttingDown=0"};
    QTest::newRow("re-add while processing parks the key")
            << QStringList{"add a", "get 1 a", "add a", "add a", "add a"}
            << QStringList{"queued: ", "processing: a@1(reAdded,dedups=2)",
                           "len=0 adds=2 dedups=2 gets=1 dones=0 requeues=0 shuttingDown=0"};
    QTest::newRow("re-add while processing requeues once on done")
            << QStringList{"add a", "get 1 a", "add a", "add a", "add a", "done a"}
            << QStringList{"queued: a(dedups=2,via=done)", "processing: ",
                           "len=1 adds=2 dedups=2 gets=1 dones=1 requeues=1 shuttingDown=0"};
    QTest::newRow("requeued key goes to the back")
            << QStringList{"add a", "add b", "get 1 a", "add a", "done a"}
            << QStringList{"queued: b a(via=done)", "processing: ",
                           "len=2 adds=3 dedups=0 gets=1 dones=1 requeues=1 shuttingDown=0"};
    QTest::newRow("a parked key is not handed to a second worker")
            << QStringList{"add a", "get 1 a", "add a", "get 2 -"}
            << QStringList{"queued: ", "processing: a@1(reAdded)",
                           "len=0 adds=2 dedups=0 gets=1 dones=0 requeues=0 shuttingDown=0"};
    QTest::newRow("done without re-add forgets the key")
            << QStringList{"add a", "get 1 a", "done a", "get 1 -", "add a"}
            << QStringList{"queued: a", "processing: ",
                           "len=1 adds=2 dedups=0 gets=1 dones=1 requeues=0 shuttingDown=0"};
    QTest::newRow("done of a key that is not processing is ignored")
            << QStringList{"add a", "done a", "done zzz"}
            << QStringList{"queued: a", "processing: ",
                           "len=1 adds=1 dedups=0 gets=0 dones=0 requeues=0 shuttingDown=0"};
    QTest::newRow("processing listed in get order")
            << QStringList{"add a", "add b", "add c", "get 3 a", "advance 5", "get 2 b",
                           "get 1 c"}
            << QStringList{"queued: ", "processing: a@3 b@2 c@1",
                           "len=0 adds=3 dedups=0 gets=3 dones=0 requeues=0 shuttingDown=0"};
    QTest::newRow("shutdown ignores adds but drains the queue")
            << QStringList{"add a", "add b", "shutDown", "add c", "get 1 a", "get 1 b",
                           "get 1 -"}
            << QStringList{"queued: ", "processing: a@1 b@1",
                           "len=0 adds=2 dedups=0 gets=2 dones=0 requeues=0 shuttingDown=1"};
    QTest::newRow("done after shutdown still requeues a dirty key")
            << QStringList{"add foo", "get 1 foo", "add foo", "shutDown", "add bar", "done foo",
                           "get 2 foo", "done foo", "get 2 -"}
            << QStringList{"queued: ", "processing: ",
                           "len=0 adds=2 dedups=0 gets=2 dones=2 requeues=1 shuttingDown=1"};
}

void TestWorkQueue::testScript()
{
    QFETCH(QStringList, script);
    QFETCH(QStringList, expected);
    ManualClock clock;
    WorkQueue q(clock, QStringLiteral("test"));
    run(q, clock, script);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(dump(q.snapshot()), expected);
}

void TestWorkQueue::testLen()
{
    ManualClock clock;
    WorkQueue q(clock);
    q.add(QStringLiteral("foo"));
    QCOMPARE(q.len(), 1);
    q.add(QStringLiteral("bar"));
    QCOMPARE(q.len(), 2);
    q.add(QStringLiteral("foo")); // should not increase the queue length
    QCOMPARE(q.len(), 2);
}

void TestWorkQueue::testReinsert()
{
    ManualClock clock;
    WorkQueue q(clock);
    q.add(QStringLiteral("foo"));
    std::optional<QString> i = q.tryGet(); // tryGet: a bug fails the test instead of hanging it
    QCOMPARE(i, std::optional<QString>(QStringLiteral("foo")));
    q.add(*i); // add it back while processing
    q.done(*i);
    i = q.tryGet(); // it should be back on the queue
    QCOMPARE(i, std::optional<QString>(QStringLiteral("foo")));
    q.done(*i);
    QCOMPARE(q.len(), 0);
}

void TestWorkQueue::testLatencyAndWorkDuration()
{
    ManualClock clock(1000);
    WorkQueue q(clock);
    q.add(QStringLiteral("a"));         // t=1000
    clock.advance(30);
    q.add(QStringLiteral("b"));         // t=1030
    clock.advance(10);
    QCOMPARE(q.tryGet(1), std::optional<QString>(QStringLiteral("a"))); // latency 40
    clock.advance(5);
    QCOMPARE(q.tryGet(2), std::optional<QString>(QStringLiteral("b"))); // latency 15
    clock.advance(25);                   // t=1070: a runs 30, b runs 25

    WorkQueueSnapshot s = q.snapshot();
    QCOMPARE(s.atMs, qint64(1070));
    QCOMPARE(s.processing.size(), 2);
    QCOMPARE(s.processing[0].key, QStringLiteral("a"));
    QCOMPARE(s.processing[0].queueLatencyMs, qint64(40));
    QCOMPARE(s.processing[0].startedAtMs, qint64(1040));
    QCOMPARE(s.processing[1].queueLatencyMs, qint64(15));
    QCOMPARE(s.metrics.lastQueueLatencyMs, qint64(15));
    QCOMPARE(s.metrics.maxQueueLatencyMs, qint64(40));
    QCOMPARE(s.metrics.totalQueueLatencyMs, qint64(55));
    QCOMPARE(s.metrics.longestRunningProcessorMs, qint64(30));
    QCOMPARE(s.metrics.unfinishedWorkMs, qint64(55));

    q.done(QStringLiteral("b")); // worked 25
    clock.advance(100);
    q.add(QStringLiteral("a")); // t=1170, while a is processing: latency counts from here
    q.done(QStringLiteral("a")); // worked 130, requeued
    clock.advance(7);
    QCOMPARE(q.tryGet(1), std::optional<QString>(QStringLiteral("a")));
    s = q.snapshot();
    QCOMPARE(s.metrics.lastWorkDurationMs, qint64(130));
    QCOMPARE(s.metrics.maxWorkDurationMs, qint64(130));
    QCOMPARE(s.metrics.totalWorkDurationMs, qint64(155));
    QCOMPARE(s.metrics.lastQueueLatencyMs, qint64(7));
    QCOMPARE(s.metrics.longestRunningProcessorMs, qint64(0));
    QCOMPARE(s.metrics.gets, quint64(3));
    QCOMPARE(s.metrics.dones, quint64(2));
}

void TestWorkQueue::testEvents()
{
    ManualClock clock;
    WorkQueue q(clock, QStringLiteral("deployment"));
    QStringList log;
    quint64 lastSeq = 0;
    bool ordered = true;
    q.setEventHook([&](const QueueEvent &e) {
        ordered = ordered && e.seq == lastSeq + 1 && e.queue == u"deployment";
        lastSeq = e.seq;
        QString line = QStringLiteral("t=%1 %2 %3").arg(e.atMs).arg(toString(e.type), e.key);
        if (e.worker >= 0)
            line += QStringLiteral(" w=%1").arg(e.worker);
        if (e.type == QueueEventType::Get || e.type == QueueEventType::Done)
            line += QStringLiteral(" %1ms").arg(e.durationMs);
        if (e.whileProcessing)
            line += QStringLiteral(" whileProcessing");
        line += QStringLiteral(" depth=%1").arg(e.depth);
        log << line;
    });
    q.add(QStringLiteral("ns/a"));
    q.add(QStringLiteral("ns/a"));
    clock.advance(5);
    q.tryGet(3);
    q.add(QStringLiteral("ns/a"));
    q.add(QStringLiteral("ns/a"));
    clock.advance(20);
    q.done(QStringLiteral("ns/a"));
    q.tryGet(4);
    q.done(QStringLiteral("ns/a"));
    q.shutDown();
    q.add(QStringLiteral("ns/b")); // ignored: no event

    const QStringList expected{
            "t=0 add ns/a depth=1",
            "t=0 dedup ns/a depth=1",
            "t=5 get ns/a w=3 5ms depth=0",
            "t=5 add ns/a whileProcessing depth=0",
            "t=5 dedup ns/a whileProcessing depth=0",
            "t=25 done ns/a w=3 20ms depth=0",
            "t=25 requeue ns/a w=3 depth=1",
            "t=25 get ns/a w=4 20ms depth=0",
            "t=25 done ns/a w=4 0ms depth=0",
            "t=25 shutDown  depth=0",
    };
    QCOMPARE(log, expected);
    QVERIFY(ordered);
}
QTEST_GUILESS_MAIN(TestWorkQueue)
#include "tst_workqueue.moc"
