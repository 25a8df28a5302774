// SPDX-License-Identifier: Apache-2.0
// WorkQueue across threads, from client-go's queue_test.go: TestBasic, TestAddWhileProcessing,
// blocking Get, and the shutdown variants (with and without drain, forced, dirty items).
#include "core/base/manualclock.h"
#include "core/client/workqueue.h"

#include <QTest>
#include <atomic>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

using namespace rlab;

namespace {
// A thread that is always joined. join() just joins; if a failed check returns before that,
// the destructor first calls shutDown() to release whatever the thread is blocked on, so no
// test ends in std::terminate or a hang.
class QueueThread
{
public:
    template<typename F>
    QueueThread(WorkQueue &q, F &&f) : m_queue(q), m_thread(std::forward<F>(f)) { }
    ~QueueThread()
    {
        if (m_thread.joinable()) {
            m_queue.shutDown();
            m_thread.join();
        }
    }
    QueueThread(const QueueThread &) = delete;
    QueueThread &operator=(const QueueThread &) = delete;
    void join() { m_thread.join(); }

private:
    WorkQueue &m_queue;
    std::thread m_thread;
};

} // namespace
class TestWorkQueueThreads : public QObject
{
    Q_OBJECT

private slots:
    void testBasic_data();
    void testBasic();
    void testAddWhileProcessing_data();
    void testAddWhileProcessing();
    void testGetBlocksUntilAdd();
    void testShutDownWakesBlockedGet();
    void testQueueDrainageUsingShutDownWithDrain();
    void testNoQueueDrainageUsingShutDown();
    void testForceQueueShutdownUsingShutDown();
    void testQueueDrainageUsingShutDownWithDrainWithDirtyItem();
};
// client-go TestBasic: 50 producers add their own number 50 times each while 10 consumers
// process; shut down (either way); nothing added after shutdown is ever handed out.
void TestWorkQueueThreads::testBasic_data()
{
    QTest::addColumn<bool>("drain");
    QTest::newRow("ShutDown") << false;
    QTest::newRow("ShutDownWithDrain") << true;
}

void TestWorkQueueThreads::testBasic()
{
    QFETCH(bool, drain);
    ManualClock clock;
    WorkQueue q(clock);
    constexpr int producers = 50;
    constexpr int consumers = 10;
    std::atomic<bool> gotLateItem{false};
    std::atomic<int> processed{0};

    std::vector<std::thread> producerThreads;
    for (int i = 0; i < producers; ++i) {
        producerThreads.emplace_back([&q, i] {
            const QString key = QString::number(i);
            for (int j = 0; j < 50; ++j)
                q.add(key);
        });
    }
    std::vector<std::thread> consumerThreads;
    for (int i = 0; i < consumers; ++i) {
        consumerThreads.emplace_back([&q, &gotLateItem, &processed, i] {
            while (const std::optional<QString> item = q.get(i)) {
                if (*item == u"added after shutdown!")
                    gotLateItem = true;
                processed.fetch_add(1);
                q.done(*item);
            }
        });
    }
    for (std::thread &t : producerThreads)
        t.join();
    if (drain)
        q.shutDownWithDrain();
    else
        q.shutDown();
    q.add(QStringLiteral("added after shutdown!"));
    for (std::thread &t : consumerThreads)
        t.join();
    QVERIFY(!gotLateItem);
    QCOMPARE(q.len(), 0);
    QVERIFY(processed.load() >= producers); // every key at least once
    QVERIFY(processed.load() <= producers * 50);
}

// client-go TestAddWhileProcessing: every worker re-adds every key it gets, up to twice per
// worker; the queue must still end empty.
void TestWorkQueueThreads::testAddWhileProcessing_data()
{
    testBasic_data();
}

void TestWorkQueueThreads::testAddWhileProcessing()
{
    QFETCH(bool, drain);
    ManualClock clock;
    WorkQueue q(clock);
    constexpr int producers = 50;
    constexpr int consumers = 10;
    std::atomic<int> processed{0};

    std::vector<std::thread> producerThreads;
    for (int i = 0; i < producers; ++i)
        producerThreads.emplace_back([&q, i] { q.add(QString::number(i)); });
    std::vector<std::thread> consumerThreads;
    for (int i = 0; i < consumers; ++i) {
        consumerThreads.emplace_back([&q, &processed, i] {
            QHash<QString, int> counters;
            while (const std::optional<QString> item = q.get(i)) {
                processed.fetch_add(1);
                if (++counters[*item] < 2)
                    q.add(*item);
                q.done(*item);
            }
        });
    }
    for (std::thread &t : producerThreads)
        t.join();
    if (drain)
        q.shutDownWithDrain();
    else
        q.shutDown();
    for (std::thread &t : consumerThreads)
        t.join();
    QCOMPARE(q.len(), 0);
    QVERIFY(processed.load() >= producers);
}

void TestWorkQueueThreads::testGetBlocksUntilAdd()
{
    ManualClock clock;
    WorkQueue q(clock);
    std::optional<QString> got;
    QueueThread consumer(q, [&] { got = q.get(7); });
    q.add(QStringLiteral("x"));
    consumer.join();
    QCOMPARE(got, std::optional<QString>(QStringLiteral("x")));
    const WorkQueueSnapshot s = q.snapshot();
    QCOMPARE(s.processing.size(), 1);
    QCOMPARE(s.processing[0].worker, 7);
}

void TestWorkQueueThreads::testShutDownWakesBlockedGet()
{
    ManualClock clock;
    WorkQueue q(clock);
    std::atomic<bool> returned{false};
    std::optional<QString> got = QStringLiteral("sentinel");
    QueueThread consumer(q, [&] {
        got = q.get();
        returned = true;
    });
    q.shutDown();
    consumer.join();
    QVERIFY(returned);
    QCOMPARE(got, std::nullopt);
    QVERIFY(q.shuttingDown());
}

void TestWorkQueueThreads::testQueueDrainageUsingShutDownWithDrain()
{
    ManualClock clock;
    WorkQueue q(clock);
    q.add(QStringLiteral("foo"));
    q.add(QStringLiteral("bar"));
    const QString first = *q.get();
    const QString second = *q.get();

    std::atomic<bool> finished{false};
    QueueThread drainer(q, [&] {
        q.shutDownWithDrain();
        finished = true;
    });
    // get() blocks until the drainer has shut the queue down.
    while (q.get()) { }
    QVERIFY(!finished); // two keys are still being processed
    QVERIFY(q.snapshot().draining);
    q.done(first);
    QVERIFY(!finished);
    q.done(second);
    drainer.join();
    QVERIFY(finished);
    QVERIFY(!q.snapshot().draining);
}

void TestWorkQueueThreads::testNoQueueDrainageUsingShutDown()
{
    ManualClock clock;
    WorkQueue q(clock);
    q.add(QStringLiteral("foo"));
    q.add(QStringLiteral("bar"));
    q.get();
    q.get();
    std::thread stopper([&] { q.shutDown(); }); // returns without any done()
    stopper.join();
    QVERIFY(q.shuttingDown());
    QCOMPARE(q.snapshot().processing.size(), 2);
}

void TestWorkQueueThreads::testForceQueueShutdownUsingShutDown()
{
    ManualClock clock;
    WorkQueue q(clock);
    q.add(QStringLiteral("foo"));
    q.add(QStringLiteral("bar"));
    q.get();
    q.get();
    std::atomic<bool> finished{false};
    QueueThread drainer(q, [&] {
        q.shutDownWithDrain();
        finished = true;
    });
    while (q.get()) { }
    QVERIFY(!finished);
    q.shutDown(); // a second "SIGTERM": stop waiting for the drain
    drainer.join();
    QVERIFY(finished);
    QCOMPARE(q.snapshot().processing.size(), 2);
}

void TestWorkQueueThreads::testQueueDrainageUsingShutDownWithDrainWithDirtyItem()
{
    ManualClock clock;
    WorkQueue q(clock);
    q.add(QStringLiteral("foo"));
    const QString gotten = *q.get();
    q.add(QStringLiteral("foo"));

    QueueThread drainer(q, [&] { q.shutDownWithDrain(); });
    while (q.get()) { } // returns once the drainer has shut down
    q.done(gotten);     // "foo" was dirty: it goes back into the queue
    const std::optional<QString> again = q.get();
    QCOMPARE(again, std::optional<QString>(QStringLiteral("foo")));
    q.done(*again);
    QCOMPARE(q.get(), std::nullopt); // now we are really done
    drainer.join();
}
QTEST_GUILESS_MAIN(TestWorkQueueThreads)
#include "tst_workqueue_threads.moc"
