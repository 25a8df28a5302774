// SPDX-License-Identifier: Apache-2.0
// slowStartBatch: upstream's TestSlowStartBatch rows (replica_set_test.go), run in both batch
// modes, plus the batch sizes it walks through.
#include "core/controller/slowstartbatch.h"

#include <QTest>

#include <atomic>

using namespace rlab::controller;

Q_DECLARE_METATYPE(rlab::controller::BatchExecution)

class TestSlowStartBatch : public QObject
{
    Q_OBJECT

private slots:
    void testSlowStartBatch_data();
    void testSlowStartBatch();
    void testBatchSizes_data();
    void testBatchSizes();
};

void TestSlowStartBatch::testSlowStartBatch_data()
{
    QTest::addColumn<BatchExecution>("execution");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("callLimit");
    QTest::addColumn<int>("expectedSuccesses");
    QTest::addColumn<bool>("expectedErr");
    QTest::addColumn<int>("expectedCallCnt");

    for (const BatchExecution ex : {BatchExecution::Sequential, BatchExecution::Parallel}) {
        const char *mode = ex == BatchExecution::Sequential ? "sequential" : "parallel";
        // 1 (first batch): the function is called at least once.
        QTest::addRow("callLimit = 0 (all fail) [%s]", mode) << ex << 10 << 0 << 0 << true << 1;
        // 1 + 2 + 4 + 3 = 10.
        QTest::addRow("callLimit = count (all succeed) [%s]", mode) << ex << 10 << 10 << 10 << false << 10;
        // 1 + 2 + 4 = 7: the batch of 4 holds the failures, the 4th batch never starts.
        QTest::addRow("callLimit < count (some succeed) [%s]", mode) << ex << 10 << 5 << 5 << true << 7;
    }
}

void TestSlowStartBatch::testSlowStartBatch()
{
    QFETCH(BatchExecution, execution);
    QFETCH(int, count);
    QFETCH(int, callLimit);
    QFETCH(int, expectedSuccesses);
    QFETCH(bool, expectedErr);
    QFETCH(int, expectedCallCnt);

    std::atomic<int> callCnt{0};
    const auto fn = [&]() -> QString {
        if (++callCnt > callLimit)
            return QStringLiteral("fake error");
        return QString();
    };
    const SlowStartBatchResult r = slowStartBatch(count, SlowStartInitialBatchSize, fn, execution);
    QCOMPARE(r.successes, expectedSuccesses);
    QCOMPARE(!r.error.isEmpty(), expectedErr);
    if (expectedErr)
        QCOMPARE(r.error, QStringLiteral("fake error"));
    // slowStartBatch stops trying after a batch fails.
    QCOMPARE(callCnt.load(), expectedCallCnt);
    QCOMPARE(r.calls, expectedCallCnt);
}

void TestSlowStartBatch::testBatchSizes_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("initialBatchSize");
    QTest::addColumn<QList<int>>("batches");

    QTest::newRow("count 0: no call") << 0 << 1 << QList<int>{};
    QTest::newRow("count 1") << 1 << 1 << QList<int>{1};
    QTest::newRow("count 3: RS of 3 from scratch") << 3 << 1 << QList<int>{1, 2};
    QTest::newRow("count 10") << 10 << 1 << QList<int>{1, 2, 4, 3};
    QTest::newRow("count 500: burstReplicas") << 500 << 1 << QList<int>{1, 2, 4, 8, 16, 32, 64, 128, 245};
    QTest::newRow("initial batch 5, count 12") << 12 << 5 << QList<int>{5, 7};
}

void TestSlowStartBatch::testBatchSizes()
{
    QFETCH(int, count);
    QFETCH(int, initialBatchSize);
    QFETCH(QList<int>, batches);
    int calls = 0;
    const SlowStartBatchResult r = slowStartBatch(count, initialBatchSize, [&calls] {
        ++calls;
        return QString();
    });
    QCOMPARE(r.batchSizes, batches);
    QCOMPARE(r.successes, count);
    QCOMPARE(calls, count);
    QVERIFY(r.error.isEmpty());
}

QTEST_GUILESS_MAIN(TestSlowStartBatch)
#include "tst_slowstartbatch.moc"
