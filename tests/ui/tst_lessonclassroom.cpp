#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/commands/clusterqueries.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/lessons/softbreaks.h"
#include "ui/mainwindow.h"
#include "ui/presenter/highlightoverlay.h"
#include "ui/presenter/presentermode.h"
#include "ui/scene/clustercanvas.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/timecontrols.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The lesson panel in a classroom (issue 14): long identifiers wrap instead of widening the
// column; the highlight is the current step's only and is gone when the lesson ends; it brings
// its panel forward (also in presenter mode) and never covers the canvas's −/+/Fit; Reset asks
// first during a lesson; Play, Step, Next event and Run until during a lesson follow the
// lesson. Frames are not started.
class TestLessonClassroom : public QObject
{
    Q_OBJECT

    static QString lesson(const char *file) { return QStringLiteral(RLAB_TEST_DATA "/../../resources/lessons/") + QLatin1String(file); }

    static MainWindow::Options options(std::function<bool(const QString &)> confirm = {})
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        o.confirm = std::move(confirm);
        return o;
    }

    // Next (answering "1" to a prediction) until the given step is shown.
    static void goToStep(LessonPlayer &player, int index)
    {
        while (player.stepIndex() < index && player.state() != LessonPlayer::State::Finished) {
            if (player.state() == LessonPlayer::State::AwaitingPrediction)
                player.submitAnswer(QStringLiteral("1"));
            QVERIFY(player.next());
        }
    }

private slots:
    void softBreaks_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("broken");
        const QString z(SoftBreaks::kBreak);
        QTest::newRow("short words stay") << QStringLiteral("rolloutRolling → syncDeployment") << QStringLiteral("rolloutRolling → syncDeployment");
        QTest::newRow("camelCase identifier")
            << QStringLiteral("then scaleDownOldReplicaSetsForRollingUpdate.")
            << QStringLiteral("then scale%1Down%1Old%1Replica%1Sets%1For%1Rolling%1Update.").arg(z);
        QTest::newRow("paths break after slashes")
            << QStringLiteral("/registry/deployments/default/nginx")
            << QStringLiteral("/%1registry/%1deployments/%1default/%1nginx").arg(z);
    }
    void softBreaks()
    {
        QFETCH(QString, text);
        QFETCH(QString, broken);
        QCOMPARE(SoftBreaks::insert(text), broken);
        QCOMPARE(SoftBreaks::strip(SoftBreaks::insert(text)), text);
    }

    // A 300-px column with the presenter's 1.6× font: "scaleDownOldReplicaSetsForRollingUpdate"
    // wraps, the column does not grow wider than the dock, and a reveal never scrolls sideways.
    void longIdentifiersWrap()
    {
        ClusterSession session;
        LessonPanel panel(session);
        QFont f = panel.font();
        f.setPointSizeF(f.pointSizeF() * PresenterMode::kFontScale);
        panel.setFont(f);
        panel.resize(300, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QStringList errors;
        QVERIFY2(panel.openLesson(lesson("03-rolling-update.yaml"), &errors), qPrintable(errors.join(u'\n')));
        goToStep(panel.player(), 6);
        QApplication::processEvents();
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(panel.grab().save(dir + QStringLiteral("/lesson-wrap-300px.png")));
        QVERIFY2(panel.stepText().contains(QStringLiteral("scaleDownOldReplicaSetsForRollingUpdate")), qPrintable(panel.stepText()));
        auto *scroll = panel.findChild<QScrollArea *>();
        QWidget *content = panel.findChild<QWidget *>(QStringLiteral("lessonContent"));
        QVERIFY(scroll && content);
        QTRY_VERIFY(content->width() <= scroll->viewport()->width());
        for (QLabel *label : content->findChildren<QLabel *>()) {
            if (label->isVisible() && label->wordWrap())
                QVERIFY2(label->minimumSizeHint().width() <= scroll->viewport()->width(), qPrintable(label->text()));
        }
        // Through the following prediction's reveal: the left edge stays in view.
        while (panel.player().state() != LessonPlayer::State::Finished) {
            panel.answerEdit()->setText(QStringLiteral("2"));
            panel.nextButton()->click();
            QApplication::processEvents();
            QCOMPARE(scroll->horizontalScrollBar()->value(), 0);
            QVERIFY(content->width() <= scroll->viewport()->width());
        }
    }

    // Only the current step's highlight shows; it brings its dock forward (presenter mode hid
    // it); a step without one clears it, and so does the end of the lesson.
    void highlightFollowsTheCurrentStepOnly()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *presenter = w.panel<PresenterMode>(QStringLiteral("presenter"));
        presenter->setEnabled(true);
        QApplication::processEvents();
        QDockWidget *arithmetic = w.panels().dock(QStringLiteral("arithmetic"));
        QVERIFY(arithmetic->isHidden());   // presenter mode keeps lesson, controls, workqueues
        auto *lessonPanel = w.panel<LessonPanel>(QStringLiteral("lesson"));
        LessonPlayer &player = lessonPanel->player();
        QVERIFY(lessonPanel->openLesson(lesson("03-rolling-update.yaml")));
        HighlightOverlay *overlay = presenter->overlay();
        QVERIFY(!overlay->isVisible());   // step 1 has no highlight
        goToStep(player, 3);              // "The arithmetic": highlight arithmetic
        QApplication::processEvents();
        QVERIFY(!arithmetic->isHidden());
        QVERIFY(overlay->isVisible());
        QVERIFY(overlay->target() && arithmetic->isAncestorOf(overlay->target()));
        goToStep(player, 4);              // kubectl set image: no highlight
        QVERIFY(!overlay->isVisible());
        QVERIFY(!overlay->target());
        goToStep(player, 6);              // the old ReplicaSet: the canvas
        QApplication::processEvents();
        QVERIFY(overlay->isVisible());
        QCOMPARE(overlay->target(), w.panel<ClusterCanvas>(QStringLiteral("canvas")));
        w.refreshNow();
        QApplication::processEvents();
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
            auto *canvas = w.panel<ClusterCanvas>(QStringLiteral("canvas"));
            canvas->tick(w.session().monotonicMs() + 10'000);   // the cards' animations end
            QVERIFY(w.grab().save(dir + QStringLiteral("/lesson-presenter-canvas-highlight-1280x720.png")));
        }
        QCOMPARE(player.runToEnd() >= 0, true);
        QCOMPARE(player.state(), LessonPlayer::State::Finished);
        QVERIFY(!overlay->isVisible());
        QVERIFY(!overlay->target());
        presenter->setEnabled(false);
        QVERIFY(!overlay->isVisible());
    }

    // The canvas highlight leaves −, + and Fit uncovered, and its label sits below them.
    void canvasHighlightKeepsTheZoomButtonsClear()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *presenter = w.panel<PresenterMode>(QStringLiteral("presenter"));
        auto *canvas = w.panel<ClusterCanvas>(QStringLiteral("canvas"));
        presenter->highlight(QStringLiteral("canvas"), QStringLiteral("ReplicaSet/nginx-abc"));
        HighlightOverlay *overlay = presenter->overlay();
        QVERIFY(overlay->isVisible());
        const QList<QToolButton *> buttons = canvas->viewport()->findChildren<QToolButton *>();
        QCOMPARE(buttons.size(), 3);
        for (QToolButton *b : buttons) {
            const QRect inWindow(b->mapTo(&w, QPoint(0, 0)), b->size());
            QVERIFY2(!overlay->labelRect().intersects(inWindow), qPrintable(b->text()));
            QVERIFY2(!overlay->mask().contains(overlay->mapFrom(&w, inWindow.center())), qPrintable(b->text()));
        }
        QVERIFY(overlay->mask().contains(overlay->rect().center()));   // the rest is highlighted
        presenter->highlight(QString(), QString());
        QVERIFY(!overlay->isVisible());
    }

    // Reset during a lesson asks first: "no" keeps the cluster and the lesson (both the toolbar's
    // Reset and the Controls' button); "yes" resets and ends the lesson; no lesson, no question.
    void resetAsksDuringALesson()
    {
        QStringList asked;
        bool answer = false;
        MainWindow w(options([&](const QString &question) {
            asked << question;
            return answer;
        }));
        auto *lessonPanel = w.panel<LessonPanel>(QStringLiteral("lesson"));
        QVERIFY(lessonPanel->openLesson(lesson("03-rolling-update.yaml")));
        goToStep(lessonPanel->player(), 2);
        const qint64 epoch = w.session().clusterEpoch();
        const qint64 revision = w.session().view().revision();
        w.resetAction()->trigger();
        QCOMPARE(asked.size(), 1);
        QVERIFY(asked.first().contains(QStringLiteral("lesson")));
        ClusterCommands *commands = w.panel<ControlsPanel>(QStringLiteral("controls"))->commands();
        QVERIFY(!commands->resetCluster().ok());
        QCOMPARE(asked.size(), 2);
        QCOMPARE(w.session().clusterEpoch(), epoch);
        QCOMPARE(w.session().view().revision(), revision);
        QVERIFY(lessonPanel->isLessonRunning());
        QVERIFY(lessonPanel->player().next());   // the lesson goes on

        answer = true;
        w.resetAction()->trigger();
        QCOMPARE(asked.size(), 3);
        QCOMPARE(w.session().clusterEpoch(), epoch + 1);
        QCOMPARE(lessonPanel->player().state(), LessonPlayer::State::Idle);
        QVERIFY(!lessonPanel->player().next());
        w.resetAction()->trigger();   // no lesson: no question
        QCOMPARE(asked.size(), 3);
        QCOMPARE(w.session().clusterEpoch(), epoch + 2);
    }

    // Play during a lesson runs its step (Next), moves on after a reveal, leaves a prediction to
    // the student; virtual time does not run away from the lesson.
    void playFollowsTheLesson()
    {
        MainWindow w(options());
        auto *lessonPanel = w.panel<LessonPanel>(QStringLiteral("lesson"));
        LessonPlayer &player = lessonPanel->player();
        auto *time = w.panel<TimeControls>(QStringLiteral("timeControls"));
        QVERIFY(lessonPanel->openLesson(lesson("01-apply-journey.yaml")));
        QCOMPARE(player.stepIndex(), 0);
        QCOMPARE(player.state(), LessonPlayer::State::Showing);   // narration: "An empty cluster"
        time->playAction()->trigger();                           // on to "kubectl apply"
        QCOMPARE(player.stepIndex(), 1);
        QCOMPARE(player.state(), LessonPlayer::State::AwaitingPrediction);
        time->playAction()->trigger();   // a prediction waits for the student
        QCOMPARE(player.stepIndex(), 1);
        QCOMPARE(player.state(), LessonPlayer::State::AwaitingPrediction);
        QVERIFY(!w.session().isTimeRunning());
        player.submitAnswer(QStringLiteral("1"));
        QVERIFY(player.next());   // Reveal: runs the apply
        QCOMPARE(player.state(), LessonPlayer::State::Revealed);
        time->playAction()->trigger();   // Play moves the lesson on, not the clock
        QCOMPARE(player.stepIndex(), 2);
        QVERIFY(!w.session().isTimeRunning());
        // After the lesson Play is Play again.
        player.stop();
        const bool running = w.session().isTimeRunning();
        time->playAction()->trigger();
        QCOMPARE(w.session().isTimeRunning(), !running);
    }

    // Step, Next event and Run until during a lesson follow it as Play does: a shown action runs
    // as the lesson's step (the clock does not move), a revealed step moves on; in a wait step the
    // press moves the cluster and the step completes when the cluster reaches its goal.
    void timeStepsFollowTheLesson()
    {
        MainWindow w(options());
        auto *lessonPanel = w.panel<LessonPanel>(QStringLiteral("lesson"));
        LessonPlayer &player = lessonPanel->player();
        auto *time = w.panel<TimeControls>(QStringLiteral("timeControls"));
        QVERIFY(lessonPanel->openLesson(lesson("03-rolling-update.yaml")));
        using State = LessonPlayer::State;
        QCOMPARE(player.stepIndex(), 0);   // "kubectl apply" of nginx
        QCOMPARE(player.state(), State::Showing);
        const qint64 t0 = w.session().view().now();
        time->stepAction()->trigger();   // runs the apply, as Next: no reconcile, no time
        QCOMPARE(player.stepIndex(), 0);
        QCOMPARE(player.state(), State::Revealed);
        QCOMPARE(w.session().view().now(), t0);
        QVERIFY(ClusterQueries::deployments(w.session().readClient(), QStringLiteral("default")).contains(QStringLiteral("nginx")));
        time->nextEventAction()->trigger();   // on to "waitFor Available"
        QCOMPARE(player.stepIndex(), 1);
        QCOMPARE(player.state(), State::Showing);
        QVERIFY(player.isWaitStep());
        // The wait step: the press moves the cluster; the rollout is not done after one event.
        const qint64 revision = w.session().view().revision();
        time->nextEventAction()->trigger();
        QCOMPARE(player.state(), State::Playing);
        QVERIFY(w.session().view().revision() > revision || w.session().view().now() > t0);
        QVERIFY(!w.session().isTimeRunning());
        time->runUntilAction()->trigger();   // the rollout completes: so does the step
        QCOMPARE(player.stepIndex(), 1);
        QCOMPARE(player.state(), State::Revealed);
        time->stepAction()->trigger();   // on to "runUntilIdle"
        QCOMPARE(player.stepIndex(), 2);
        QCOMPARE(player.state(), State::Showing);
        // One reconcile at a time until the cluster is idle: the step completes on its own.
        int presses = 0;
        while (player.state() != State::Revealed && presses < 200) {
            time->stepAction()->trigger();
            ++presses;
            QCOMPARE(player.stepIndex(), 2);
        }
        QCOMPARE(player.state(), State::Revealed);
        QVERIFY(presses >= 1);
        QVERIFY(player.failures().isEmpty());
        // After the lesson Step is a plain reconcile step again.
        player.stop();
        time->stepAction()->trigger();
        QCOMPARE(player.state(), State::Idle);
    }
};

QTEST_MAIN(TestLessonClassroom)
#include "tst_lessonclassroom.moc"
