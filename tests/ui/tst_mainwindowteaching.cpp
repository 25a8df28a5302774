#include "core/sim/view/clusterview.h"
#include "core/api/deployment.h"
#include "core/apiserver/apiserver.h"
#include "core/store/kvstore.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow.h"
#include "ui/timetravel/timetravel.h"
#include "ui/models/storemodels.h"
#include "ui/presenter/presentermode.h"
#include "ui/scene/canvasexport.h"
#include "ui/scene/nodelaneitem.h"
#include "ui/scene/clustercanvas.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/objectinspector.h"
#include "ui/models/traceeventmodel.h"
#include "ui/widgets/objectspanel.h"
#include "ui/widgets/tracepanel.h"

#include <QAction>
#include <QDockWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QItemSelectionModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The window's teaching wiring (mainwindowteaching.cpp): every panel is docked and fits a
// 1280×720 projector, the inspector's "where did this value come from?" travels to the revision
// that set a field, presenter mode hides the machinery, and the language switch translates the
// window. Frames are not started: time moves only by session.advance().
class TestMainWindowTeaching : public QObject
{
    Q_OBJECT

    static MainWindow::Options options()
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        return o;
    }

private slots:
    void everyPanelIsDockedAndTheWindowFits720p()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QStringList expected{QStringLiteral("workqueueDock"), QStringLiteral("activityDock"), QStringLiteral("eventsDock"),
                                   QStringLiteral("chartsDock"),    QStringLiteral("historyDock"),  QStringLiteral("arithmeticDock"),
                                   QStringLiteral("lessonDock"),    QStringLiteral("serveDock")};
        QStringList found;
        for (QDockWidget *dock : w.panels().docks()) {   // every dock the registry knows
            found << dock->objectName();
            QVERIFY2(!dock->isFloating() && dock->isVisibleTo(&w), qPrintable(dock->objectName()));
            QVERIFY(w.dockWidgetArea(dock) != Qt::NoDockWidgetArea);
        }
        QCOMPARE(found.mid(found.size() - expected.size()), expected);   // the teaching docks, last
        // Nothing forces the window past the projector's height.
        QCOMPARE(w.height(), 720);
        QVERIFY(w.raiseDock(QStringLiteral("lesson")));
        QVERIFY(!w.raiseDock(QStringLiteral("nosuch")));
    }

    void inspectorFieldTravelsToTheRevisionThatSetIt()
    {
        MainWindow w(options());
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QVERIFY(w.applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok());
        w.session().advance(20'000);
        w.refreshNow();
        QVERIFY(w.panel<ControlsPanel>(QStringLiteral("controls"))->commands()->scale(QStringLiteral("nginx"), 5).ok());
        const qint64 scaledAt = w.session().view().revision();
        w.session().advance(20'000);
        w.refreshNow();
        QVERIFY(w.session().view().revision() > scaledAt);

        const QByteArray key("/registry/deployments/default/nginx");
        w.panel<ObjectInspector>(QStringLiteral("inspector"))->setObject(w.session().client().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("nginx")), key);
        // Find the spec.replicas line of the YAML and ask where it came from, as a double-click does.
        const QStringList lines = w.panel<ObjectInspector>(QStringLiteral("inspector"))->yamlText().split(QLatin1Char('\n'));
        int line = -1;
        for (int i = 0; i < lines.size(); ++i) {
            if (w.panel<ObjectInspector>(QStringLiteral("inspector"))->fieldPathAt(i) == QLatin1String("spec.replicas"))
                line = i;
        }
        QVERIFY(line >= 0);
        QSignalSpy asked(w.panel<ObjectInspector>(QStringLiteral("inspector")), &ObjectInspector::fieldOriginRequested);
        w.resize(1280, 720);
        w.show();
        w.raiseDock(QStringLiteral("inspector"));
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QPlainTextEdit *edit = w.panel<ObjectInspector>(QStringLiteral("inspector"))->findChild<QPlainTextEdit *>(QStringLiteral("inspectorYaml"));
        QVERIFY(edit);
        QTextCursor cursor(edit->document()->findBlockByNumber(line));
        edit->setTextCursor(cursor);
        edit->ensureCursorVisible();
        QTest::mouseDClick(edit->viewport(), Qt::LeftButton, Qt::NoModifier, edit->cursorRect(cursor).center());
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.at(0).at(1).toString(), QStringLiteral("spec.replicas"));
        // The window now shows the cluster at the scale's revision, read-only.
        QVERIFY(!w.timeTravel().isLive());
        QCOMPARE(w.timeTravel().viewedRevision(), scaledAt);
        QVERIFY(!w.applyAction()->isEnabled());
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("spec.replicas")));
        // The trace selects the etcd write of that revision.
        auto *trace = w.findChild<TracePanel *>();
        QVERIFY(trace);
        const QModelIndexList selected = trace->view()->selectionModel()->selectedRows();
        QCOMPARE(selected.size(), 1);
        const TraceEvent &write = w.models().trace()->event(selected.first().row());
        QCOMPARE(write.rev, scaledAt);
        QCOMPARE(write.key, QString::fromLatin1(key));
        w.timeTravel().returnToLive();
        QVERIFY(w.timeTravel().isLive());
        QVERIFY(w.applyAction()->isEnabled());
    }

    void canvasExportsAsPngAndSvg()
    {
        MainWindow w(options());
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QTemporaryDir dir;
        QString error;
        // A path that cannot be written is an error, not a crash.
        QVERIFY(!exportCanvas(*w.panel<ClusterCanvas>(QStringLiteral("canvas"))->scene(), dir.filePath(QStringLiteral("no/such/dir/x.png")), &error));
        QVERIFY(error.contains(QStringLiteral("cannot write")));
        QVERIFY(w.applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok());
        w.session().advance(20'000);
        w.refreshNow();
        const QString png = dir.filePath(QStringLiteral("cluster.png"));
        QVERIFY2(exportCanvas(*w.panel<ClusterCanvas>(QStringLiteral("canvas"))->scene(), png, &error), qPrintable(error));
        const QImage image(png);
        const QRectF picture = w.panel<ClusterCanvas>(QStringLiteral("canvas"))->scene()->itemsBoundingRect();
        QVERIFY(image.width() >= int(picture.width() * 2) && image.height() >= int(picture.height() * 2));
        QVERIFY(image.pixelColor(image.width() / 2, image.height() / 2).isValid());
        const QString svg = dir.filePath(QStringLiteral("cluster.svg"));
        QVERIFY2(exportCanvas(*w.panel<ClusterCanvas>(QStringLiteral("canvas"))->scene(), svg, &error), qPrintable(error));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray text = svgFile.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("nginx"));   // the cards' text is vector text
        QVERIFY(!text.contains("<image"));   // and the node lanes, cached on screen, are vectors too
        for (QGraphicsItem *item : w.panel<ClusterCanvas>(QStringLiteral("canvas"))->scene()->items())
            if (dynamic_cast<NodeLaneItem *>(item))   // caching back on after the export
                QCOMPARE(item->cacheMode(), QGraphicsItem::DeviceCoordinateCache);
        QVERIFY(w.findChild<QAction *>(QStringLiteral("exportCanvasAction")));
    }

    void presenterModeKeepsOnlyTheTeachingDocks()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *etcd = w.findChild<QDockWidget *>(QStringLiteral("etcdDock"));
        auto *workqueue = w.findChild<QDockWidget *>(QStringLiteral("workqueueDock"));
        QVERIFY(etcd && workqueue);
        const qreal base = w.font().pointSizeF();
        w.panel<PresenterMode>(QStringLiteral("presenter"))->toggleAction()->trigger();
        QVERIFY(w.panel<PresenterMode>(QStringLiteral("presenter"))->isEnabled());
        QVERIFY(!etcd->isVisible());
        QVERIFY(workqueue->isVisible());
        QVERIFY(w.font().pointSizeF() > base * 1.5);
        w.panel<PresenterMode>(QStringLiteral("presenter"))->toggleAction()->trigger();
        QVERIFY(etcd->isVisible());
        QCOMPARE(w.font().pointSizeF(), base);
    }

    void languageSwitchTranslatesTheWindow()
    {
        QVERIFY(Language::setLanguage(QStringLiteral("ko")));
        {
            MainWindow w(options());
            QStringList titles;
            for (QAction *a : w.menuBar()->actions())
                titles << a->text();
            QVERIFY2(titles.contains(QStringLiteral("보기(&V)")) || titles.join(QLatin1Char(' ')).contains(QStringLiteral("보기")),
                     qPrintable(titles.join(QLatin1Char('|'))));
            auto *workqueue = w.findChild<QDockWidget *>(QStringLiteral("workqueueDock"));
            QVERIFY(workqueue->windowTitle() != QLatin1String("Workqueues"));
        }
        QVERIFY(Language::setLanguage(QStringLiteral("en")));
        MainWindow w(options());
        QCOMPARE(w.findChild<QDockWidget *>(QStringLiteral("workqueueDock"))->windowTitle(), QStringLiteral("Workqueues"));
    }
};

QTEST_MAIN(TestMainWindowTeaching)
#include "tst_mainwindowteaching.moc"
