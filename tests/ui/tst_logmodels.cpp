#include "core/sim/cluster.h"
#include "tests/testutil/fixtures.h"
#include "ui/models/traceeventmodel.h"
#include "ui/models/watcheventmodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The two append-only log models: the watch event stream and the trace, with their caps.
class TestLogModels : public QObject
{
    Q_OBJECT

private:
    static std::vector<TraceEvent> traceEvents(qint64 firstSeq, int n)
    {
        std::vector<TraceEvent> out;
        for (int i = 0; i < n; ++i) {
            TraceEvent e;
            e.seq = firstSeq + i;
            e.t = 1500 * i;
            e.rev = 10 + i;
            e.component = QStringLiteral("apiserver");
            e.type = QStringLiteral("Request");
            e.text = QStringLiteral("event %1").arg(firstSeq + i);
            out.push_back(e);
        }
        return out;
    }

private slots:
    void testWatchEventsFromStore()
    {
        Cluster cluster;
        WatchEventModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto watcher = cluster.store().watch(store::KeyRange::prefix("/"), cluster.store().revision() + 1).watcher;
        QVERIFY(cluster.api().create(test::makeDeployment("web")).ok());
        QVERIFY(cluster.api().remove(apiserver::resources::byKind(api::Kind::Deployment), "default", "web").ok());
        model.append(watcher->take());
        QCOMPARE(model.rowCount(), 2);
        auto cell = [&](int r, int c) { return model.data(model.index(r, c)).toString(); };
        QCOMPARE(cell(0, WatchEventModel::TypeColumn), QStringLiteral("PUT"));
        QCOMPARE(cell(1, WatchEventModel::TypeColumn), QStringLiteral("DELETE"));
        QCOMPARE(cell(0, WatchEventModel::KeyColumn), QStringLiteral("/registry/deployments/default/web"));
        QCOMPARE(cell(1, WatchEventModel::RevisionColumn).toLongLong(), cluster.store().revision());
        QCOMPARE(cell(0, WatchEventModel::RevisionColumn).toLongLong(), cluster.store().revision() - 1);
    }

    void testCaps_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<QList<int>>("batches");
        QTest::addColumn<qint64>("firstKeptSeq");
        QTest::newRow("under the cap") << 10 << QList<int>{3, 4} << qint64(1);
        QTest::newRow("exactly the cap") << 10 << QList<int>{6, 4} << qint64(1);
        QTest::newRow("oldest rows leave") << 10 << QList<int>{6, 7} << qint64(4);
        QTest::newRow("one batch bigger than the cap") << 10 << QList<int>{2, 25} << qint64(18);
    }

    void testCaps()
    {
        QFETCH(int, capacity);
        QFETCH(QList<int>, batches);
        QFETCH(qint64, firstKeptSeq);
        TraceEventModel model(nullptr, capacity);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        qint64 seq = 1;
        int total = 0;
        for (int n : batches) {
            model.append(traceEvents(seq, n));
            seq += n;
            total += n;
        }
        QCOMPARE(model.rowCount(), qMin(total, capacity));
        QCOMPARE(model.event(0).seq, firstKeptSeq);
        QCOMPARE(model.event(model.rowCount() - 1).seq, seq - 1);
        QCOMPARE(model.lastSeq(), seq - 1);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.lastSeq(), qint64(0));
    }

    void testTraceColumns()
    {
        TraceEventModel model;
        std::vector<TraceEvent> ev = traceEvents(1, 2);
        ev[1].worker = 3;
        ev[1].component = QStringLiteral("deployment-controller");
        model.append(ev);
        QCOMPARE(model.data(model.index(1, TraceEventModel::TimeColumn)).toString(), QStringLiteral("1.500"));
        QCOMPARE(model.data(model.index(1, TraceEventModel::ComponentColumn)).toString(), QStringLiteral("deployment-controller #3"));
        QCOMPARE(model.data(model.index(1, TraceEventModel::TextColumn)).toString(), QStringLiteral("event 2"));
        QCOMPARE(TraceEventModel::formatTime(61'005), QStringLiteral("61.005"));
        QCOMPARE(TraceEventModel::formatTime(0), QStringLiteral("0.000"));
    }

    void testWatchCap()
    {
        Cluster cluster;
        WatchEventModel model(nullptr, 3);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto watcher = cluster.store().watch(store::KeyRange::prefix("/"), 1).watcher;   // replays the bootstrap
        model.append(watcher->take());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.total(), cluster.store().revision() - 1);
        QCOMPARE(model.data(model.index(2, WatchEventModel::RevisionColumn)).toString().toLongLong(), cluster.store().revision());
    }
};

QTEST_MAIN(TestLogModels)
#include "tst_logmodels.moc"
