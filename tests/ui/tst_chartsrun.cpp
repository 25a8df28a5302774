#include "core/sim/view/clusterview.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/timeseriesmodel.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/mainwindow.h"
#include "ui/timetravel/timetravel.h"
#include "ui/widgets/controlspanel.h"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QScrollArea>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The charts show the whole run (issue 14): a rollout from 0–17 s is still on the chart at
// t = 49 s, also after a time-travel round trip (which used to start the charts over), and the
// Charts tab gets room to be read in the default 1280×720 layout. Frames are not started: time
// moves by session.advance() and one frame per virtual second.
class TestChartsRun : public QObject
{
    Q_OBJECT

    static void second(ClusterSession &session)
    {
        session.advance(1000);
        session.frame();
    }

private slots:
    void wholeRunStaysOnTheChart()
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        MainWindow w(o);
        w.resize(1280, 720);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ClusterSession &session = w.session();
        auto *charts = w.panel<ChartsPanel>(QStringLiteral("charts"));
        TimeSeriesModel *status = charts->feeder().model(ChartFeeder::DeploymentStatus);
        QAbstractItemModelTester tester(status, QAbstractItemModelTester::FailureReportingMode::QtTest);

        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QVERIFY(w.applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok());
        session.frame();
        second(session);
        QVERIFY(w.panel<ControlsPanel>(QStringLiteral("controls"))->commands()->scale(QStringLiteral("nginx"), 10).ok());
        while (session.elapsedMs() < 20'000)
            second(session);
        // A look at the past and back: the same cluster, the charts keep its run.
        const qint64 rowsBefore = status->rowCount();
        QVERIFY(w.timeTravel().viewRevision(session.view().revision() / 2));
        second(session);   // a frame in the past samples nothing
        QCOMPARE(status->rowCount(), rowsBefore);
        w.timeTravel().returnToLive();
        while (session.elapsedMs() < 49'000)
            second(session);

        charts->setChart(ChartFeeder::DeploymentStatus);
        charts->refreshChart();
        const QPair<double, double> range = charts->shownTimeRange();
        QVERIFY2(range.first <= 1.0 && range.second >= 49.0, qPrintable(QStringLiteral("%1..%2").arg(range.first).arg(range.second)));
        QVERIFY(status->value(0, 0) <= 1.0);
        // The scale-up is on it: available went from below 10 to 10.
        const int available = status->seriesNames().indexOf(QStringLiteral("available")) + 1;
        QVERIFY(available > 0);
        double lowest = 1e9, highest = 0;
        for (int row = 0; row < status->rowCount(); ++row) {
            lowest = std::min(lowest, status->value(row, available));
            highest = std::max(highest, status->value(row, available));
        }
        QVERIFY(lowest < 10);
        QCOMPARE(highest, 10.0);

        // Room to read it: the raised tab is at least as tall as the chart needs.
        QDockWidget *dock = w.panels().dock(QStringLiteral("charts"));
        const int before = dock->height();
        QVERIFY(w.raiseDock(QStringLiteral("charts")));
        QApplication::processEvents();
        qDebug() << "charts dock" << before << "->" << dock->height() << "window" << w.height();
        QVERIFY2(dock->height() > before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(dock->height())));
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
            charts->refreshChart();
            QApplication::processEvents();
            QVERIFY(w.grab().save(dir + QStringLiteral("/charts-whole-run-1280x720.png")));
        }
        auto *scroll = dock->findChild<QScrollArea *>(QStringLiteral("chartsDockScroll"));
        QVERIFY(scroll);
        QVERIFY2(scroll->viewport()->height() >= charts->minimumSizeHint().height(),
                 qPrintable(QStringLiteral("%1 < %2").arg(scroll->viewport()->height()).arg(charts->minimumSizeHint().height())));
        // Back to Controller activity: the canvas gets its height back.
        QVERIFY(w.raiseDock(QStringLiteral("activity")));
        QApplication::processEvents();
        QCOMPARE(w.panels().dock(QStringLiteral("activity"))->height(), before);
    }
};

QTEST_MAIN(TestChartsRun)
#include "tst_chartsrun.moc"
