#include "core/kubectl/rollout.h"
#include "ui/apply/manifestsource.h"
#include "ui/charts/chartfeeder.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/timeseriesmodel.h"
#include "ui/clustersession.h"
#include "ui/theme.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QImage>
#include <QtTest>
#include <memory>

using namespace rlab;
using namespace rlab::ui;
namespace rollout = rlab::kubectl::rollout;

// The charts panel fed by a live session through a rolling update: per-ReplicaSet series,
// Deployment status, workqueue depth, API requests per second; PNG and CSV export.
class TestChartsPanel : public QObject
{
    Q_OBJECT

    static QString manifest() { return QStringLiteral(RLAB_TEST_DATA "/../../resources/manifests/nginx-deployment.yaml"); }

    static void run(ClusterSession &s, int seconds)
    {
        for (int i = 0; i < seconds; ++i) {
            s.advance(1000);
            s.frame();
        }
    }

    // One "depth" series sampled at 0..30 s, shown and drawn once.
    static TimeSeriesModel *showDepthUpTo30(ChartsPanel &panel)
    {
        TimeSeriesModel *m = panel.feeder().model(ChartFeeder::QueueDepth);
        m->addSeries(QStringLiteral("depth"));
        for (int i = 0; i <= 30; ++i)
            m->append(i, {double(i % 4)});
        panel.setChart(ChartFeeder::QueueDepth);
        panel.refreshChart();
        return m;
    }

    static double last(TimeSeriesModel *m, const QString &series)
    {
        const int c = m->seriesColumn(series);
        return c < 0 || m->rowCount() == 0 ? -1 : m->value(m->rowCount() - 1, c);
    }

private slots:
    void initTestCase() { theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance())); }

    void testRollingUpdateCharts()
    {
        ClusterSession session;
        ChartsPanel panel(session);
        std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
        for (int c = 0; c < ChartFeeder::ChartCount; ++c)
            testers.push_back(std::make_unique<QAbstractItemModelTester>(panel.feeder().model(ChartFeeder::Chart(c)),
                                                                         QAbstractItemModelTester::FailureReportingMode::QtTest));
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        run(session, 20);
        QCOMPARE(panel.feeder().deployment(), QStringLiteral("default/nginx"));
        TimeSeriesModel *status = panel.feeder().model(ChartFeeder::DeploymentStatus);
        QCOMPARE(status->seriesNames().size(), 5);
        QCOMPARE(last(status, "available"), 3.0);
        QCOMPARE(last(status, "unavailable"), 0.0);
        // Time runs in virtual seconds, ascending.
        QVERIFY(status->rowCount() >= 10);
        QCOMPARE(status->lastTime(), 20.0);

        QVERIFY(rollout::setImage(session.client(), "default", "nginx", "nginx", "nginx:1.26").ok());
        run(session, 9);
        panel.resize(1280, 720);
        panel.refreshChart();
        QVERIFY(panel.grab().save(QStringLiteral("/tmp/h6-charts-rs-1280.png")));
        panel.resize(1920, 1080);
        QVERIFY(panel.grab().save(QStringLiteral("/tmp/h6-charts-rs-1920.png")));
        run(session, 34);

        TimeSeriesModel *rs = panel.feeder().model(ChartFeeder::ReplicaSets);
        QCOMPARE(rs->seriesNames().size(), 8);   // two ReplicaSets × desired/current/ready/available
        QStringList groups;
        for (const QString &s : rs->seriesNames())
            if (!groups.contains(s.section(QStringLiteral(" · "), 0, 0)))
                groups << s.section(QStringLiteral(" · "), 0, 0);
        QCOMPARE(groups.size(), 2);
        QCOMPARE(last(rs, groups[0] + " · desired"), 0.0);   // the old RS scaled to 0
        QCOMPARE(last(rs, groups[1] + " · available"), 3.0);
        // Somewhere in between both ReplicaSets had pods: a rolling update, not a recreate.
        bool overlap = false;
        for (int r = 0; r < rs->rowCount(); ++r)
            overlap |= rs->value(r, rs->seriesColumn(groups[0] + " · desired")) > 0 && rs->value(r, rs->seriesColumn(groups[1] + " · desired")) > 0;
        QVERIFY(overlap);
        QCOMPARE(last(status, "updated"), 3.0);

        TimeSeriesModel *queues = panel.feeder().model(ChartFeeder::QueueDepth);
        QVERIFY2(queues->seriesNames().contains("deployment") && queues->seriesNames().contains("replicaset"),
                 qPrintable(queues->seriesNames().join(',')));
        // Keys did wait in the replicaset queue during the rollout (peaks from the queue trace,
        // although the deterministic runner drains every queue within one advance).
        double deepest = 0;
        for (int r = 0; r < queues->rowCount(); ++r)
            deepest = std::max(deepest, queues->value(r, queues->seriesColumn("replicaset")));
        QVERIFY(deepest >= 1);

        TimeSeriesModel *requests = panel.feeder().model(ChartFeeder::ApiRequests);
        QVERIFY(requests->seriesNames().contains("deployment"));
        QVERIFY(requests->seriesNames().contains("kubectl"));
        double total = 0;
        for (int r = 0; r < requests->rowCount(); ++r)
            for (int c = 1; c < requests->columnCount(); ++c)
                total += requests->value(r, c);
        QVERIFY(total > 20);

        for (int c = 0; c < ChartFeeder::ChartCount; ++c) {
            panel.setChart(ChartFeeder::Chart(c));
            QCOMPARE(panel.shownSeriesCount(), panel.feeder().model(ChartFeeder::Chart(c))->seriesNames().size());
            QVERIFY(panel.exportPng(QStringLiteral("/tmp/h6-chart-%1.png").arg(c), QSize(1280, 720)));
        }
    }

    // Cost of redrawing a full chart (3600 samples × 8 series), what a visible chart pays at
    // most once per frame; reported, not asserted.
    void benchmarkRefreshFullChart()
    {
        ClusterSession session;
        ChartsPanel panel(session);
        TimeSeriesModel *m = panel.feeder().model(ChartFeeder::QueueDepth);
        for (int s = 0; s < 8; ++s)
            m->addSeries(QStringLiteral("series-%1").arg(s));
        for (int r = 0; r < m->capacity(); ++r)
            m->append(r * 0.1, {double(r % 7), double(r % 5), 1, 2, 3, double(r % 11), 0, 4});
        panel.setChart(ChartFeeder::QueueDepth);
        QCOMPARE(panel.shownSeriesCount(), 8);
        QBENCHMARK {
            panel.refreshChart();
        }
    }

    // A refresh sets the time axis only when its nice range moved (each change lays every series
    // out again; setRange + applyNiceNumbers changed it twice per refresh), and to the range
    // applyNiceNumbers gives.
    void testTimeAxisSetOnlyWhenItsNiceRangeMoves()
    {
        ClusterSession session;
        ChartsPanel panel(session);
        TimeSeriesModel *m = showDepthUpTo30(panel);
        panel.refreshChart();   // applyNiceNumbers' tick count settles after a few passes
        const int changes = panel.timeRangeChanges();
        QCOMPARE(panel.shownTimeRange(), qMakePair(0.0, 40.0));
        m->append(31.5, {1});
        panel.refreshChart();
        QCOMPARE(panel.timeRangeChanges(), changes);   // [0, 40] still: not set again
        for (int i = 32; i < 100; ++i)
            m->append(i, {1});
        panel.refreshChart();
        QCOMPARE(panel.timeRangeChanges(), changes + 1);   // once, straight to the nice range
        QCOMPARE(panel.shownTimeRange(), qMakePair(0.0, 100.0));
    }

    // While the session's frames run, a due redraw is made at a frame's start (its time comes
    // out of that frame's intake), not by the chart's own timer next to a frame (issue #17).
    void testDueRedrawWaitsForAFrameStart()
    {
        ClusterSession session;
        ChartsPanel panel(session);
        panel.resize(800, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        TimeSeriesModel *m = showDepthUpTo30(panel);
        session.start();   // frames run (held: they move no time)
        session.setTimeHeld(true);
        for (int i = 31; i < 100; ++i)
            m->append(i, {1});
        QTRY_VERIFY(panel.framedRefreshes() > 0);
        QCOMPARE(panel.shownTimeRange(), qMakePair(0.0, 100.0));
        session.setTimeHeld(false);
        session.stop();
    }

    void testExport()
    {
        ClusterSession session;
        ChartsPanel panel(session);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        run(session, 15);
        panel.setChart(ChartFeeder::DeploymentStatus);
        QTemporaryDir dir;
        const QString png = dir.filePath("status.png");
        QVERIFY(panel.exportPng(png, QSize(1280, 720)));
        QImage image(png);
        QCOMPARE(image.size(), QSize(1280, 720));
        // Not blank: the drawn lines give many distinct colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 10, qPrintable(QString::number(colours.size())));
        QVERIFY(panel.exportPng(QStringLiteral("/tmp/h6-charts-status-export.png"), QSize(1920, 1080)));

        const QString csv = dir.filePath("status.csv");
        QVERIFY(panel.exportCsv(csv));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        TimeSeriesModel *m = panel.feeder().model(ChartFeeder::DeploymentStatus);
        QCOMPARE(lines.size(), m->rowCount() + 1);
        QCOMPARE(lines.first(), QStringLiteral("t_seconds,replicas,updated,ready,available,unavailable"));
        QCOMPARE(lines.last(), QStringLiteral("15.000,3,3,3,3,0"));
        QString error;
        QVERIFY(!panel.exportCsv(dir.filePath("missing/dir/x.csv"), &error));
    }
};

QTEST_MAIN(TestChartsPanel)
#include "tst_chartspanel.moc"
