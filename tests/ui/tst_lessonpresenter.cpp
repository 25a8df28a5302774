// Lessons in presenter mode on a 1280×720 projector (issue 14), on the real MainWindow: at every
// step of every lesson the lesson column wraps instead of scrolling sideways and keeps its left
// edge in view (also after Reveal), nothing in it is cut; the step's highlight shows on its panel,
// brought forward even where presenter mode hid it, its label on no button or heading, the
// panel reflowed (no sideways scroll bar, no cut table cell), and a panel shown only for a
// highlight is hidden again when the lesson moves on; at the end no highlight is left. During a lesson every
// path that throws the cluster away asks first. Frames are not started.
#include "core/sim/view/clusterview.h"
#include "ui/arithmetic/arithmeticpanel.h"
#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/mainwindow.h"
#include "ui/presenter/highlightoverlay.h"
#include "ui/presenter/presentermode.h"
#include "ui/live/livemenu.h"
#include "ui/record/recordcontrols.h"
#include "ui/record/sessionrecorder.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/canvastext.h"
#include "ui/scene/clustercanvas.h"

#include "elisionwalker.h"

#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

class TestLessonPresenter : public QObject
{
    Q_OBJECT

    static QString lessonDir() { return QStringLiteral(RLAB_TEST_DATA "/../../resources/lessons/"); }

    static MainWindow::Options options(std::function<bool(const QString &)> confirm = {})
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        o.confirm = std::move(confirm);
        return o;
    }

    static void settle()
    {
        for (int i = 0; i < 5; ++i)   // show, layout, the scroll areas' resize: one pass each
            QApplication::processEvents();
    }

    static QDockWidget *dockOf(QWidget *w)
    {
        for (; w; w = w->parentWidget())
            if (auto *d = qobject_cast<QDockWidget *>(w))
                return d;
        return nullptr;
    }

    static QString widest(QWidget *panel)
    {
        QWidget *best = nullptr;
        for (QWidget *c : panel->findChildren<QWidget *>())
            if (c->isVisible() && (!best || c->minimumSizeHint().width() > best->minimumSizeHint().width()) && !qobject_cast<QScrollArea *>(c)
                && c->objectName() != QStringLiteral("lessonContent") && !c->objectName().startsWith(QStringLiteral("qt_")))
                best = c;
        if (!best)
            return {};
        auto *l = qobject_cast<QLabel *>(best);
        return QStringLiteral(" widest: %1 %2 min %3").arg(QString::fromLatin1(best->metaObject()->className()), l ? l->text().left(40) : best->objectName()).arg(best->minimumSizeHint().width());
    }

    // What is wrong with the lesson column and the highlight at this moment.
    static QStringList problemsNow(MainWindow &w, LessonPanel *panel, const QString &when)
    {
        QStringList out;
        auto *scroll = panel->findChild<QScrollArea *>();
        QWidget *content = panel->findChild<QWidget *>(QStringLiteral("lessonContent"));
        QDockWidget *dock = w.panels().dock(QStringLiteral("lesson"));
        if (scroll->horizontalScrollBar()->value() != 0)
            out << when + QStringLiteral(": the lesson scrolled sideways by %1 px").arg(scroll->horizontalScrollBar()->value());
        if (content->width() > scroll->viewport()->width())
            out << when + QStringLiteral(": the lesson column %1 px in a %2 px viewport").arg(content->width()).arg(scroll->viewport()->width());
        const int left = content->mapTo(&w, QPoint(0, 0)).x(), dockLeft = dock->mapTo(&w, QPoint(0, 0)).x();
        if (left < dockLeft || left < 0)
            out << when + QStringLiteral(": the lesson's left edge at %1 px, its dock at %2 px").arg(left).arg(dockLeft);
        // The dock's own scroll area (panels that cannot shrink scroll) has nothing to scroll sideways.
        for (QScrollArea *outer : dock->findChildren<QScrollArea *>())
            if (outer->isAncestorOf(panel) && outer->horizontalScrollBar()->maximum() > 0)
                out << when + QStringLiteral(": the lesson dock scrolls sideways (%1 px more; the panel's minimum %2 px)")
                                  .arg(outer->horizontalScrollBar()->maximum()).arg(panel->minimumSizeHint().width())
                       + widest(panel);
        if (dock->mapTo(&w, QPoint(dock->width(), 0)).x() > w.width())
            out << when + QStringLiteral(": the lesson dock runs off the window");
        // The canvas shows its whole picture (Fit) at a readable zoom (no text under 18 px),
        // whatever column is widened — also lesson 06's two Deployments with three to five
        // ReplicaSets (the compact picture: folded empty ReplicaSets, node names over their lanes).
        auto *canvas = w.panel<ClusterCanvas>(QStringLiteral("canvas"));
        canvas->fit();
        const QRect picture = canvas->mapFromScene(canvas->sceneRect()).boundingRect();
        if (canvas->zoom() < CanvasText::minReadableZoom() - 1e-9)
            out << when + QStringLiteral(": the canvas at zoom %1: text under 18 px").arg(canvas->zoom());
        if (!canvas->viewport()->rect().contains(picture.adjusted(2, 2, -2, -2)))
            out << when + QStringLiteral(": the canvas shows %1x%2 of its %3x%4 px picture")
                              .arg(canvas->viewport()->width()).arg(canvas->viewport()->height()).arg(picture.width()).arg(picture.height());
        for (const QString &p : elision::cut(&w))   // the lesson, the canvas, the queues, a highlighted panel
            out << when + QStringLiteral(": ") + p;
        return out;
    }

private slots:
    void init() { Language::setLanguage(QStringLiteral("en")); }
    void cleanup() { Language::setLanguage(QStringLiteral("en")); }

    void everyStepInPresenterMode_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("language");
        for (const QString &f : QDir(lessonDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
            QTest::addRow("%s", qPrintable(f)) << f << QStringLiteral("en");
        QTest::addRow("03-rolling-update.yaml ko") << QStringLiteral("03-rolling-update.yaml") << QStringLiteral("ko");
        QTest::addRow("06-recreate-vs-rolling.yaml ko") << QStringLiteral("06-recreate-vs-rolling.yaml") << QStringLiteral("ko");   // the compact canvas in Korean
    }

    void everyStepInPresenterMode()
    {
        QFETCH(QString, file);
        QFETCH(QString, language);
        QVERIFY(Language::setLanguage(language));
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *presenter = w.panel<PresenterMode>(QStringLiteral("presenter"));
        presenter->setEnabled(true);
        // Every frame hands on all of a step's writes: what is checked is each step's picture,
        // not where a loaded machine's 8 ms intake budget happened to cut a step's writes (the
        // canvas grows a column at once and gives it back only at two thirds, so a cut in the
        // middle of lesson 06's rollout left a wider picture: 1-2 runs in 3 with three copies
        // of this test on two cores).
        w.session().setIntakeBudgetMs(0);
        settle();
        QHash<QDockWidget *, bool> hiddenByPresenter;
        for (QDockWidget *d : w.findChildren<QDockWidget *>())
            hiddenByPresenter.insert(d, d->isHidden());
        auto *panel = w.panel<LessonPanel>(QStringLiteral("lesson"));
        LessonPlayer &player = panel->player();
        QDockWidget *queues = w.panels().dock(QStringLiteral("workqueue"));
        const int queuesWidth = queues->width();
        QStringList errors;
        QVERIFY2(panel->openLesson(lessonDir() + file, &errors), qPrintable(errors.join(u'\n')));
        HighlightOverlay *overlay = presenter->overlay();
        QStringList problems;
        int highlights = 0;
        for (int guard = 0; guard < 100 && player.state() != LessonPlayer::State::Finished; ++guard) {
            QVERIFY2(player.state() != LessonPlayer::State::Failed, qPrintable(player.failures().join(u'\n')));
            w.refreshNow();
            settle();
            const LessonStep *step = player.currentStep();
            QVERIFY(step);
            const QString when = QStringLiteral("step %1 (%2)").arg(player.stepIndex() + 1).arg(QVariant::fromValue(player.state()).toString());
            problems += problemsNow(w, panel, when);
            if (step->highlight && !step->highlight->panel.isEmpty()) {
                ++highlights;
                QWidget *target = overlay->target();
                if (!target || !overlay->isVisible()) {
                    problems << when + QStringLiteral(": no highlight on %1").arg(step->highlight->panel);
                } else {
                    // Forward: its dock shown and raised (the tab on top), on the window.
                    QDockWidget *dock = dockOf(target);
                    if (dock && (dock->isHidden() || dock->visibleRegion().isEmpty()))
                        problems << when + QStringLiteral(": %1 highlighted but not in front").arg(dock->objectName());
                    if (!w.rect().intersects(overlay->geometry()))
                        problems << when + QStringLiteral(": the highlight is off the window");
                    // Its label covers none of the panel's buttons and choosers.
                    QList<QWidget *> controls;
                    for (QWidget *c : target->findChildren<QWidget *>())
                        if (c->isVisible() && (qobject_cast<QAbstractButton *>(c) || qobject_cast<QComboBox *>(c)))
                            controls << c;
                    for (QWidget *c : std::as_const(controls))
                        if (overlay->labelRect().intersects(QRect(c->mapTo(&w, QPoint(0, 0)), c->size())))
                            problems << when + QStringLiteral(": the highlight's label covers %1").arg(elision::where(c));
                    // The Arithmetic panel shows the Deployment the highlight names.
                    if (step->highlight->panel == QLatin1String("arithmetic") && overlay->label().startsWith(QLatin1String("Deployment/"))) {
                        const QString shown = w.panel<ArithmeticPanel>(QStringLiteral("arithmetic"))->deployment();
                        if (shown.section(u'/', 1) != overlay->label().section(u'/', 1))
                            problems << when + QStringLiteral(": the highlight says %1, the Arithmetic panel shows %2").arg(overlay->label(), shown);
                    }
                    // …nor a heading: a table's header, a label's first line (the Arithmetic
                    // summary's "deployment/nginx · strategy RollingUpdate").
                    for (const QString &h : elision::headingsUnder(target, overlay->labelRect()))
                        problems << when + QStringLiteral(": the highlight's label covers the heading %1").arg(h);
                    // The highlighted panel reflows: nothing in it scrolls sideways, no cell is cut.
                    // (Not yet the etcd keys table: its long keys elide on the left.)
                    const QStringList notYetReflowed{QStringLiteral("etcdDock")};
                    if (!dock || !notYetReflowed.contains(dock->objectName())) {
                        for (const QString &p : elision::sidewaysScrolls(dock ? static_cast<QWidget *>(dock) : target))
                            problems << when + QStringLiteral(": in the highlighted panel ") + p;
                        for (const QString &p : elision::cellsCut(target))
                            problems << when + QStringLiteral(": in the highlighted panel ") + p;
                    }
                }
            } else if (overlay->isVisible()) {
                problems << when + QStringLiteral(": a highlight left from another step");
            }
            // RLAB_EVERY_STEP: a picture of every step (the canvas's glides ended).
            if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty() && qEnvironmentVariableIsSet("RLAB_EVERY_STEP")) {
                w.panel<ClusterCanvas>(QStringLiteral("canvas"))->tick(w.session().monotonicMs() + 10'000);
                QVERIFY(w.grab().save(dir + QStringLiteral("/lesson-presenter-%1-%2-step%3-%4.png").arg(QFileInfo(file).baseName(), language).arg(player.stepIndex() + 1).arg(QVariant::fromValue(player.state()).toString())));
            }
            // A dock presenter mode hid, shown for another step's highlight, is hidden again.
            bool widened = false;
            for (auto it = hiddenByPresenter.cbegin(); it != hiddenByPresenter.cend(); ++it) {
                const bool target = overlay->target() && it.key()->isAncestorOf(overlay->target());
                widened = widened || (it.value() && target);
                if (it.value() && !target && !it.key()->isHidden())
                    problems << when + QStringLiteral(": %1 still shown for an earlier highlight").arg(it.key()->objectName());
            }
            // Its column back as it was once no hidden panel is highlighted.
            if (!widened && std::abs(queues->width() - queuesWidth) > 2)
                problems << when + QStringLiteral(": the queues' column %1 px, was %2 px").arg(queues->width()).arg(queuesWidth);
            if (player.state() == LessonPlayer::State::AwaitingPrediction) {
                panel->answerEdit()->setText(QStringLiteral("1"));
                panel->revealButton()->isVisible() ? panel->revealButton()->click() : panel->nextButton()->click();
            } else {
                panel->nextButton()->click();
            }
        }
        QCOMPARE(player.state(), LessonPlayer::State::Finished);
        settle();
        problems += problemsNow(w, panel, QStringLiteral("finished"));
        if (overlay->isVisible() || overlay->target())
            problems << QStringLiteral("finished: a highlight is left");
        for (auto it = hiddenByPresenter.cbegin(); it != hiddenByPresenter.cend(); ++it)
            if (it.value() && !it.key()->isHidden())
                problems << QStringLiteral("finished: %1 still shown").arg(it.key()->objectName());
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/lesson-presenter-%1-%2-1280x720.png").arg(QFileInfo(file).baseName(), language)));
        problems.removeDuplicates();
        for (const QString &p : std::as_const(problems))
            qWarning().noquote() << p;
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 problems, the first: %2").arg(problems.size()).arg(problems.value(0))));
        Q_UNUSED(highlights);
    }

    // Every path that throws the cluster away asks first during a lesson — Open lab, Record,
    // Replay, a live recording or cluster, the lesson's own Start (Reset and the Controls' reset: tst_lessonclassroom);
    // "no" keeps the cluster (same epoch and revision) and the lesson; without a lesson nobody asks.
    void everyResetPathAsksDuringALesson()
    {
        QStringList asked;
        bool answer = false;
        MainWindow w(options([&](const QString &question) {
            asked << question;
            return answer;
        }));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // A saved lab and a recorded session to open later (no lesson yet: nobody asks).
        const QString lab = dir.filePath(QStringLiteral("lab.rlab"));
        QVERIFY(w.saveLab(lab));
        auto *record = w.panel<RecordControls>(QStringLiteral("recordControls"));
        record->startRecording();
        w.session().advance(1000);
        w.session().frame();
        const QString stem = dir.filePath(QStringLiteral("session"));
        QVERIFY(record->stopAndSave(stem));
        QCOMPARE(asked.size(), 0);

        auto *panel = w.panel<LessonPanel>(QStringLiteral("lesson"));
        QVERIFY(panel->openLesson(lessonDir() + QStringLiteral("03-rolling-update.yaml")));
        while (panel->player().stepIndex() < 2)
            QVERIFY(panel->player().next());
        const qint64 epoch = w.session().clusterEpoch(), revision = w.session().view().revision();
        auto unchanged = [&](const char *path) {
            QVERIFY2(w.session().clusterEpoch() == epoch, path);
            QVERIFY2(w.session().view().revision() == revision, path);
            QVERIFY2(panel->isLessonRunning(), path);
        };
        QString error;
        QVERIFY(!w.openLab(lab, &error));
        QCOMPARE(asked.size(), 1);
        unchanged("open lab");
        record->startRecording();
        QCOMPARE(asked.size(), 2);
        QVERIFY(!record->recorder()->isRecording());
        unchanged("record");
        QVERIFY(!record->replay(stem));
        QCOMPARE(asked.size(), 3);
        unchanged("replay");
        auto *live = w.findChild<LiveMenu *>(QStringLiteral("liveMenu"));
        QVERIFY(live);
        QVERIFY(!live->openRecording(dir.filePath(QStringLiteral("live.jsonl")), &error));
        QCOMPARE(asked.size(), 4);
        unchanged("live recording");
        QVERIFY(!live->connectCluster({dir.filePath(QStringLiteral("kubeconfig"))}, QString(), QString(), &error));
        QCOMPARE(asked.size(), 5);
        unchanged("connect");
        // The lesson's own Start restarts it from step 1 on a fresh cluster: it asks too.
        const int stepBefore = panel->player().stepIndex();
        panel->startButton()->click();
        QCOMPARE(asked.size(), 6);
        unchanged("start");
        QCOMPARE(panel->player().stepIndex(), stepBefore);
        for (const QString &q : std::as_const(asked))
            QVERIFY2(q.contains(QStringLiteral("lesson")), qPrintable(q));
        QVERIFY(panel->player().next());   // the lesson goes on

        // "Yes" to Start: the lesson begins again at step 1 on a fresh cluster.
        answer = true;
        panel->startButton()->click();
        QCOMPARE(asked.size(), 7);
        QCOMPARE(w.session().clusterEpoch(), epoch + 1);
        QVERIFY(panel->isLessonRunning());
        QCOMPARE(panel->player().stepIndex(), 0);
        QVERIFY(panel->player().next());

        // "Yes": the lab replaces the lesson's cluster, and the lesson ends.
        QVERIFY2(w.openLab(lab, &error), qPrintable(error));
        QCOMPARE(asked.size(), 8);
        QCOMPARE(w.session().clusterEpoch(), epoch + 2);
        QVERIFY(!panel->isLessonRunning());
        record->startRecording();   // no lesson: no question
        QCOMPARE(asked.size(), 8);
        QVERIFY(record->recorder()->isRecording());
    }
};

QTEST_MAIN(TestLessonPresenter)
#include "tst_lessonpresenter.moc"
