// The lesson dock driven like a student would: choose a lesson, type a prediction, Reveal,
// Next; fonts follow the panel's font (presenter mode); screenshots at 1280×720 and 1920×1080
// (written to $RLAB_SCREENSHOT_DIR when set) of the panel and of presenter mode with a highlight.
#include "ui/clustersession.h"
#include "ui/mainwindow.h"
#include "ui/widgets/objectspanel.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/presenter/highlightoverlay.h"
#include "ui/presenter/presentermode.h"
#include "ui/theme.h"

#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using namespace rlab::ui;

namespace {
QString lessonsDir()
{
    return QStringLiteral(RLAB_TEST_DATA "/../../resources/lessons");
}

void screenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QVERIFY(w->grab().save(dir + QLatin1Char('/') + name));
}

// Steps the panel with its own buttons until a prediction is asked.
void untilPrediction(LessonPanel &panel)
{
    for (int guard = 0; guard < 50 && panel.player().state() != LessonPlayer::State::AwaitingPrediction; ++guard)
        panel.nextButton()->click();
    QCOMPARE(panel.player().state(), LessonPlayer::State::AwaitingPrediction);
}

struct Window
{
    QMainWindow main;
    LessonPanel *panel;
    QDockWidget *lessonDock, *etcdDock, *traceDock, *workqueueDock, *arithmeticDock;

    explicit Window(ClusterSession &session)
    {
        auto *central = new QLabel(QStringLiteral("canvas"));
        central->setAlignment(Qt::AlignCenter);
        central->setObjectName(QStringLiteral("canvas"));
        main.setCentralWidget(central);
        panel = new LessonPanel(session);
        panel->setLessonDirectories({lessonsDir()});
        auto add = [&](QWidget *w, const char *name, Qt::DockWidgetArea area, const QString &title) {
            auto *d = new QDockWidget(title, &main);
            d->setObjectName(QLatin1String(name));
            d->setWidget(w);
            main.addDockWidget(area, d);
            return d;
        };
        lessonDock = add(panel, "lessonDock", Qt::LeftDockWidgetArea, QStringLiteral("Lesson"));
        etcdDock = add(new QLabel(QStringLiteral("etcd keys")), "etcdDock", Qt::RightDockWidgetArea, QStringLiteral("etcd"));
        traceDock = add(new QLabel(QStringLiteral("trace")), "traceDock", Qt::BottomDockWidgetArea, QStringLiteral("Trace"));
        workqueueDock = add(new QLabel(QStringLiteral("workqueues")), "workqueueDock", Qt::BottomDockWidgetArea, QStringLiteral("Workqueues"));
        arithmeticDock = add(new QLabel(QStringLiteral("maxSurge 25% of 4 → 1 (round up)\nmaxUnavailable 25% of 4 → 1 (round down)")),
                             "arithmeticDock", Qt::RightDockWidgetArea, QStringLiteral("Rolling-update arithmetic"));
    }

    void resize(QSize size)
    {
        main.resize(size);
        main.resizeDocks({lessonDock}, {int(size.width() * 0.36)}, Qt::Horizontal);
    }
};
} // namespace

class TestLessonPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { rlab::ui::theme::applyTo(*qApp); }
    void testListsTheShippedLessons();
    void testStudentPredictsRight();
    void testStudentPredictsWrongWithChoices();
    void testFontsFollowThePanelFont();
    void testBadLessonShowsFileLine();
    void testOnTheMainWindow();
    void testScreenshots_data();
    void testScreenshots();
};

void TestLessonPanel::testListsTheShippedLessons()
{
    ClusterSession session;
    LessonPanel panel(session);
    panel.setLessonDirectories({lessonsDir()});
    QVERIFY(panel.lessonCount() >= 8);
    QVERIFY(panel.nextButton()->isHidden());
}

void TestLessonPanel::testStudentPredictsRight()
{
    ClusterSession session;
    LessonPanel panel(session);
    QSignalSpy highlights(&panel, &LessonPanel::highlightRequested);
    QStringList errors;
    QVERIFY2(panel.openLesson(lessonsDir() + QStringLiteral("/01-apply-journey.yaml"), &errors), qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(panel.progressText(), QStringLiteral("Step 1 / 8"));
    QCOMPARE(highlights.last().at(0).toString(), QStringLiteral("etcd"));
    untilPrediction(panel);
    QCOMPARE(panel.progressText(), QStringLiteral("Step 2 / 8"));
    QVERIFY(panel.revealButton()->isVisible() || !panel.revealButton()->isHidden());
    QVERIFY(panel.resultText().isEmpty());
    QTest::keyClicks(panel.answerEdit(), QStringLiteral("1"));
    panel.revealButton()->click();
    QCOMPARE(panel.player().state(), LessonPlayer::State::Revealed);
    QVERIFY2(panel.resultText().startsWith(QStringLiteral("✓")), qPrintable(panel.resultText()));
    QVERIFY(panel.answerEdit()->isReadOnly());
    QVERIFY(panel.revealButton()->isHidden());
}

void TestLessonPanel::testStudentPredictsWrongWithChoices()
{
    ClusterSession session;
    LessonPanel panel(session);
    QVERIFY(panel.openLesson(lessonsDir() + QStringLiteral("/03-rolling-update.yaml")));
    untilPrediction(panel);   // how many ReplicaSets after set image (free answer)
    panel.nextButton()->click();   // Skip
    QVERIFY2(panel.resultText().contains(QStringLiteral("The cluster says: 1")), qPrintable(panel.resultText()));
    panel.nextButton()->click();
    untilPrediction(panel);   // new RS replicas after the first sync: choices 0, 1, 2, 4
    const QList<QPushButton *> choices = panel.findChildren<QPushButton *>();
    QPushButton *four = nullptr;
    for (QPushButton *b : choices)
        if (b->text() == QLatin1String("4") && b->isCheckable())
            four = b;
    QVERIFY(four);
    four->click();
    QCOMPARE(panel.answerEdit()->text(), QStringLiteral("4"));
    panel.revealButton()->click();
    QVERIFY2(panel.resultText().contains(QStringLiteral("you said 4, the cluster says 1")), qPrintable(panel.resultText()));
    QVERIFY2(panel.explainText().startsWith(QStringLiteral("As many as the surge allows")), qPrintable(panel.explainText()));
    QVERIFY2(!panel.stepText().contains(QStringLiteral("= 1")), "the text before the prediction gives the answer away");
    QVERIFY(!four->isEnabled());
}

void TestLessonPanel::testFontsFollowThePanelFont()
{
    ClusterSession session;
    LessonPanel panel(session);
    QVERIFY(panel.openLesson(lessonsDir() + QStringLiteral("/01-apply-journey.yaml")));
    const qreal before = panel.nextButton()->font().pointSizeF();
    QFont f = panel.font();
    f.setPointSizeF(f.pointSizeF() * 1.6);
    panel.setFont(f);
    QCOMPARE(panel.nextButton()->font().pointSizeF(), before * 1.6);
}

void TestLessonPanel::testBadLessonShowsFileLine()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.yaml"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("apiVersion: rlab.dev/v1alpha1\nkind: Lesson\nspec:\n  steps:\n  - jump: {}\n");
    file.close();
    ClusterSession session;
    LessonPanel panel(session);
    QStringList errors;
    QVERIFY(!panel.openLesson(path, &errors));
    QVERIFY2(errors.value(0).startsWith(path + QStringLiteral(":5:5: unknown step \"jump\"")), qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(panel.player().state(), LessonPlayer::State::Idle);
}

void TestLessonPanel::testOnTheMainWindow()
{
    // Wired as the lead would: a lesson dock on the real window, presenter mode on top.
    MainWindow::Options options;
    options.persistLayout = false;
    options.startFrames = false;
    MainWindow mw(options);
    auto *panel = new LessonPanel(mw.session());
    panel->setLessonDirectories({lessonsDir()});
    auto *dock = new QDockWidget(QStringLiteral("Lesson"), &mw);
    dock->setObjectName(QStringLiteral("lessonDock"));
    dock->setWidget(panel);
    mw.addDockWidget(Qt::LeftDockWidgetArea, dock);
    PresenterMode pm(&mw);
    pm.setKeptDocks(pm.keptDocks() << QStringLiteral("objectsDock"));
    connect(panel, &LessonPanel::highlightRequested, &pm, &PresenterMode::highlight);
    mw.resize(1920, 1080);
    mw.show();
    QVERIFY(QTest::qWaitForWindowExposed(&mw));
    QVERIFY(panel->openLesson(lessonsDir() + QStringLiteral("/01-apply-journey.yaml")));
    panel->nextButton()->click();   // past the intro
    panel->answerEdit()->setText(QStringLiteral("1"));
    panel->revealButton()->click();
    panel->nextButton()->click();   // "No pods yet": highlight objects
    mw.refreshNow();
    QApplication::processEvents();   // layout requests of the scroll area
    screenshot(&mw, QStringLiteral("lesson-mainwindow-1920x1080.png"));
    pm.setEnabled(true);
    QApplication::processEvents();
    QVERIFY(mw.findChild<QDockWidget *>(QStringLiteral("etcdDock"))->isHidden());
    QVERIFY(!dock->isHidden());
    QVERIFY(pm.overlay()->isVisible());
    QCOMPARE(pm.overlay()->target(), mw.panel<ObjectsPanel>(QStringLiteral("objects")));
    screenshot(&mw, QStringLiteral("lesson-mainwindow-presenter-1920x1080.png"));
    pm.setEnabled(false);
    QVERIFY(!mw.findChild<QDockWidget *>(QStringLiteral("etcdDock"))->isHidden());
}

void TestLessonPanel::testScreenshots_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("presenter");
    QTest::newRow("1280x720 en") << QSize(1280, 720) << QStringLiteral("en") << false;
    QTest::newRow("1920x1080 en") << QSize(1920, 1080) << QStringLiteral("en") << false;
    QTest::newRow("1280x720 ko") << QSize(1280, 720) << QStringLiteral("ko") << false;
    QTest::newRow("1920x1080 presenter en") << QSize(1920, 1080) << QStringLiteral("en") << true;
    QTest::newRow("1280x720 presenter ko") << QSize(1280, 720) << QStringLiteral("ko") << true;
}

void TestLessonPanel::testScreenshots()
{
    QFETCH(QSize, size);
    QFETCH(QString, language);
    QFETCH(bool, presenter);
    ClusterSession session;
    Window w(session);
    PresenterMode pm(&w.main);
    pm.setKeptDocks(pm.keptDocks() << QStringLiteral("arithmeticDock"));
    connect(w.panel, &LessonPanel::highlightRequested, &pm, &PresenterMode::highlight);
    w.panel->setLanguage(language);
    w.resize(size);
    w.main.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w.main));
    if (presenter)
        pm.setEnabled(true);
    QVERIFY(w.panel->openLesson(lessonsDir() + QStringLiteral("/03-rolling-update.yaml")));
    for (int i = 0; i < 30 && w.panel->player().stepIndex() < 5; ++i)
        w.panel->nextButton()->click();
    QCOMPARE(w.panel->player().state(), LessonPlayer::State::AwaitingPrediction);
    if (!presenter) {
        w.panel->answerEdit()->setText(QStringLiteral("2"));
        w.panel->revealButton()->click();
        QCOMPARE(w.panel->player().state(), LessonPlayer::State::Revealed);
    }
    QApplication::processEvents();
    if (presenter) {
        QVERIFY(w.etcdDock->isHidden());
        QVERIFY(pm.overlay()->isVisible());
    }
    screenshot(&w.main, QStringLiteral("lesson-%1%2-%3x%4.png").arg(presenter ? QStringLiteral("presenter-") : QString(), language)
                            .arg(size.width()).arg(size.height()));
}

QTEST_MAIN(TestLessonPanel)
#include "tst_lessonpanel.moc"
