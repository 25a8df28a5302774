// SPDX-License-Identifier: Apache-2.0
// QBENCHMARK of the workqueue hot path: add + get + done (3 ops per key).
#include "core/client/workqueue.h"
#include "core/base/manualclock.h"

#include <QElapsedTimer>
#include <QTest>

#include <thread>
#include <vector>

using namespace rlab;

class TestWorkQueueBench : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void benchAddGetDone_data();
    void benchAddGetDone();
    void cleanupTestCase();

private:
    QStringList m_keys;
    QStringList m_tags;                          // rows in order
    QHash<QString, std::pair<qint64, qint64>> m_totals; // row -> (ops, nanoseconds)
};

void TestWorkQueueBench::initTestCase()
{
    for (int i = 0; i < 20000; ++i)
        m_keys << QStringLiteral("default/web-%1").arg(i);
}

void TestWorkQueueBench::benchAddGetDone_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("workers"); // 0 = everything on the calling thread (tryGet)
    QTest::newRow("1 thread, add/get/done one key at a time") << "interleaved" << 0;
    QTest::newRow("1 thread, add all then get/done all") << "batch" << 0;
    QTest::newRow("1 thread, batch, with event hook") << "hook" << 0;
    QTest::newRow("1 thread, 20000 adds of one key (dedup)") << "dedup" << 0;
    QTest::newRow("producer + 1 worker thread") << "threads" << 1;
    QTest::newRow("producer + 5 worker threads") << "threads" << 5;
}

void TestWorkQueueBench::benchAddGetDone()
{
    QFETCH(QString, mode);
    QFETCH(int, workers);
    const QStringList &keys = m_keys;
    ManualClock clock;
    qint64 ops = 0;
    qint64 nanos = 0;

    QBENCHMARK {
        WorkQueue q(clock, QStringLiteral("bench"));
        quint64 hookCalls = 0;
        if (mode == u"hook")
            q.setEventHook([&hookCalls](const QueueEvent &) { ++hookCalls; });
        QElapsedTimer timer;
        timer.start();
        if (mode == u"interleaved") {
            for (const QString &key : keys) {
                q.add(key);
                const std::optional<QString> got = q.tryGet(0);
                q.done(*got);
            }
            ops += 3 * keys.size();
        } else if (mode == u"batch" || mode == u"hook") {
            for (const QString &key : keys)
                q.add(key);
            while (const std::optional<QString> got = q.tryGet(0))
                q.done(*got);
            ops += 3 * keys.size();
        } else if (mode == u"dedup") {
            for (int i = 0; i < keys.size(); ++i)
                q.add(keys.first());
            q.done(*q.tryGet(0));
            ops += keys.size() + 2;
        } else {
            std::vector<std::thread> threads;
            for (int w = 0; w < workers; ++w) {
                threads.emplace_back([&q, w] {
                    while (const std::optional<QString> got = q.get(w))
                        q.done(*got);
                });
            }
            for (const QString &key : keys)
                q.add(key);
            q.shutDown(); // workers drain what is queued, then get() returns nullopt
            for (std::thread &t : threads)
                t.join();
            ops += 3 * keys.size();
        }
        nanos += timer.nsecsElapsed();
        QCOMPARE(q.len(), 0);
        QCOMPARE(q.snapshot().metrics.dones, quint64(mode == u"dedup" ? 1 : keys.size()));
        if (mode == u"hook")
            QCOMPARE(hookCalls, quint64(3 * keys.size()));
    }
    // QTest may call this function several times per row to settle its measurement: add up
    // every run of the row.
    const QString tag = QString::fromLatin1(QTest::currentDataTag());
    if (!m_tags.contains(tag))
        m_tags << tag;
    m_totals[tag].first += ops;
    m_totals[tag].second += nanos;
}

void TestWorkQueueBench::cleanupTestCase()
{
    for (const QString &tag : std::as_const(m_tags)) {
        const auto [ops, nanos] = m_totals.value(tag);
        qInfo().noquote() << QStringLiteral("%1: %2 ops/s (%3 ops in %4 ms)")
                                     .arg(tag)
                                     .arg(nanos > 0 ? double(ops) * 1e9 / double(nanos) : 0.0, 0, 'f', 0)
                                     .arg(ops)
                                     .arg(double(nanos) / 1e6, 0, 'f', 1);
    }
}

QTEST_GUILESS_MAIN(TestWorkQueueBench)
#include "tst_workqueue_bench.moc"
