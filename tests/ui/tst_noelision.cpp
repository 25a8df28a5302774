#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/presenter/presentermode.h"
#include "ui/commands/clustercommands.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/canvastext.h"
#include "ui/scene/carditem.h"
#include "ui/scene/clustercanvas.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/workqueuelane.h"
#include "ui/mainwindow.h"

#include "elisionwalker.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QStyleOptionComboBox>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QLabel>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QToolButton>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;
using elision::cut;

// Issue 14: nothing visible is cut — every tab, button and one-line label shows its whole text,
// in the default and presenter layouts, at 1280×720 and 1920×1080, in English and Korean. Walks
// every visible widget of the window mid-rollout (old and new ReplicaSets both hold pods, the
// Workqueues panel has notes) and lists what does not fit, including the painted texts: the
// Workqueues lanes' counters line and notes, the canvas cards' titles. Frames are not started.
class TestNoElision : public QObject
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
    void init()
    {
        Language::setLanguage(QStringLiteral("en"));
    }
    void cleanup()
    {
        Language::setLanguage(QStringLiteral("en"));
    }

    void nothingVisibleIsCut_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presenter");
        QTest::addColumn<QString>("language");
        for (const QString &lang : {QStringLiteral("en"), QStringLiteral("ko")})
            for (bool presenter : {false, true})
                for (const QSize &size : {QSize(1280, 720), QSize(1920, 1080)})
                    QTest::addRow("%s %s %dx%d", presenter ? "presenter" : "default", qPrintable(lang), size.width(), size.height())
                        << size << presenter << lang;
    }

    // Every tab, button and one-line label of every visible widget shows its whole text, in the
    // default and presenter layouts, at 1280×720 and 1920×1080, in English and Korean.
    void nothingVisibleIsCut()
    {
        QFETCH(QSize, size);
        QFETCH(bool, presenter);
        QFETCH(QString, language);
        QVERIFY(Language::setLanguage(language));
        MainWindow w(options());
        w.resize(size);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        if (presenter)
            w.panel<PresenterMode>(QStringLiteral("presenter"))->setEnabled(true);
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QVERIFY(w.applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok());
        w.session().advance(30'000);
        w.refreshNow();
        // Mid-rollout: two ReplicaSets with pods, the queues' notes of the image change.
        QVERIFY(w.panel<ControlsPanel>(QStringLiteral("controls"))->commands()->setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:1.26")).ok());
        w.session().advance(1'500);
        w.refreshNow();
        for (int i = 0; i < 5; ++i)
            QApplication::processEvents();
        QCOMPARE(w.panel<ClusterCanvas>(QStringLiteral("canvas"))->canvasScene()->replicaSetCardCount(), 2);
        const QList<WorkQueueLane *> lanes = w.findChildren<WorkQueueLane *>();
        QVERIFY(std::any_of(lanes.cbegin(), lanes.cend(), [](const WorkQueueLane *l) { return !l->noteLines(l->width()).isEmpty(); }));
        QStringList problems = cut(&w);
        // Every tab of every dock area, raised in turn.
        for (QDockWidget *dock : w.findChildren<QDockWidget *>()) {
            if (!dock->isVisible())
                continue;
            dock->raise();
            for (int i = 0; i < 5; ++i)   // show, layout, the scroll areas' resize: one pass each
                QApplication::processEvents();
            for (const QString &p : cut(dock))
                if (!problems.contains(p))
                    problems << p;
        }
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/%1-layout-%2-%3x%4.png").arg(presenter ? QStringLiteral("presenter") : QStringLiteral("default"), language).arg(size.width()).arg(size.height())));
        for (const QString &p : std::as_const(problems))
            qWarning().noquote() << p;
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(u'\n')));
    }

    void presenterCanvasTextIsReadable_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("replicas");
        QTest::addColumn<QString>("language");
        for (const QSize &size : {QSize(1280, 720), QSize(1920, 1080)}) {
            for (int replicas : {3, 10, 20, 30})
                QTest::addRow("%dx%d %d pods", size.width(), size.height(), replicas) << size << replicas << QStringLiteral("en");
            QTest::addRow("%dx%d 30 pods ko", size.width(), size.height()) << size << 30 << QStringLiteral("ko");
        }
    }

    // Presenter mode, mid-rollout (old and new ReplicaSets both hold pods): every text the canvas
    // draws is at least 18 px on screen (CanvasText's sizes × the view's zoom), the whole
    // picture is in view (Fit fills the canvas without going below that), and the legend fits
    // the canvas's width.
    void presenterCanvasTextIsReadable()
    {
        QFETCH(QSize, size);
        QFETCH(int, replicas);
        QFETCH(QString, language);
        QVERIFY(Language::setLanguage(language));
        MainWindow w(options());
        w.resize(size);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.panel<PresenterMode>(QStringLiteral("presenter"))->setEnabled(true);
        auto *canvas = w.panel<ClusterCanvas>(QStringLiteral("canvas"));
        QVERIFY(canvas->isPresenter());
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        const QString manifest = QString::fromUtf8(sample.readAll()).replace(QStringLiteral("replicas: 3"), QStringLiteral("replicas: %1").arg(replicas));
        QVERIFY(w.applyText(manifest, QStringLiteral("nginx-deployment.yaml")).ok());
        w.session().advance(60'000);
        w.refreshNow();
        QVERIFY(w.panel<ControlsPanel>(QStringLiteral("controls"))->commands()->setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:1.26")).ok());
        w.session().advance(1'500);
        w.refreshNow();
        for (int i = 0; i < 5; ++i)
            QApplication::processEvents();
        const qint64 t0 = w.session().monotonicMs();
        for (int i = 1; i <= 50; ++i)   // every glide and fade-in ends (frames are not started)
            canvas->tick(t0 + i * 100);
        QCOMPARE(canvas->canvasScene()->replicaSetCardCount(), 2);
        QVERIFY(canvas->canvasScene()->podItems().size() >= replicas);

        const double smallest = canvas->smallestTextPx();
        QVERIFY2(smallest >= CanvasText::kReadablePx, qPrintable(QStringLiteral("%1 px at zoom %2").arg(smallest).arg(canvas->zoom())));
        const QRect picture = canvas->mapFromScene(canvas->sceneRect()).boundingRect();
        const QRect room = canvas->viewport()->rect().adjusted(0, 0, 0, -canvas->legendRect().height());
        QVERIFY(!picture.intersects(canvas->findChild<QWidget *>(QStringLiteral("canvasFitButton"))->geometry()));
        QVERIFY2(room.contains(picture.adjusted(2, 2, -2, -2)),
                 qPrintable(QStringLiteral("picture %1x%2 at zoom %3, canvas %4x%5")
                                .arg(picture.width()).arg(picture.height()).arg(canvas->zoom()).arg(room.width()).arg(room.height())));
        QVERIFY(canvas->viewport()->rect().contains(canvas->legendRect()));
        // And nothing else of the window is cut with the rollout's longer texts either.
        const QStringList problems = cut(&w);
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(u'\n')));
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/presenter-rollout-%1pods-%2-%3x%4.png").arg(replicas).arg(language).arg(size.width()).arg(size.height())));
    }
};

QTEST_MAIN(TestNoElision)
#include "tst_noelision.moc"
