// SPDX-License-Identifier: Apache-2.0
// The bound on a live mirror's history (issue #15): past either cap (events, bytes) the oldest
// events are dropped down to 3/4 of both, and the revision to compact to is the oldest kept.
#include "core/live/historybound.h"
#include "tests/testutil/fixtures.h"

#include <QJsonDocument>
#include <QTest>

using namespace rlab::live;

class TestLiveHistoryBound : public QObject
{
    Q_OBJECT

private slots:
    void eventsCap()
    {
        HistoryBound b(8, 1'000'000);
        for (qint64 i = 1; i <= 8; ++i)
            b.add(10 + i, 100 * i, 10);
        QVERIFY(!b.trim());   // 8 events: within the cap
        QCOMPARE(b.droppedBeforeMs(), -1);
        b.add(19, 900, 10);
        const std::optional<qint64> cut = b.trim();
        QVERIFY(cut);
        QCOMPARE(*cut, 14);   // 9 → 6 kept: the 4th event (revision 14) is the oldest viewable
        QCOMPARE(b.retainedEvents(), 6);
        QCOMPARE(b.droppedEvents(), 3);
        QCOMPARE(b.droppedBytes(), 30);
        QCOMPARE(b.retainedBytes(), 60);
        QCOMPARE(b.droppedBeforeMs(), 400);
        QCOMPARE(b.droppedBeforeRevision(), 14);
        b.add(20, 1000, 10);
        QVERIFY(!b.trim());   // hysteresis: 7 kept, no compaction per event
    }

    void bytesCap()
    {
        HistoryBound b(1000, 1000);
        b.add(1, 0, 400);
        b.add(2, 10, 400);
        QVERIFY(!b.trim());
        b.add(3, 20, 400);   // 1200 > 1000: down to ≤ 750 → one event of 400 kept
        QCOMPARE(b.trim().value_or(-1), 3);
        QCOMPARE(b.retainedBytes(), 400);
        QCOMPARE(b.droppedEvents(), 2);
        QCOMPARE(b.droppedBeforeMs(), 20);
    }

    void newestAlwaysKept()
    {
        HistoryBound b(1000, 100);
        b.add(7, 5, 5000);   // one event larger than the whole cap
        QCOMPARE(b.trim().value_or(-1), 7);
        QCOMPARE(b.retainedEvents(), 1);
        QCOMPARE(b.droppedEvents(), 0);
    }

    // What the bound costs per watch event: LiveMirror sizes each object as the API server
    // sent it (compact JSON), here a scheduled pod of a Deployment.
    void sizeOfAPodEvent()
    {
        auto pod = rlab::test::makePod(QStringLiteral("web-7c5b4f-abc12"), QStringLiteral("node-1"));
        pod->metadata.labels.insert(QStringLiteral("pod-template-hash"), QStringLiteral("7c5b4f"));
        qint64 bytes = 0;
        QBENCHMARK {
            bytes = QJsonDocument(pod->toJson()).toJson(QJsonDocument::Compact).size();
        }
        QVERIFY(bytes > 100);   // 277 bytes for this small pod; real ones (managedFields, status) are larger
    }
};

QTEST_GUILESS_MAIN(TestLiveHistoryBound)
#include "tst_live_historybound.moc"
