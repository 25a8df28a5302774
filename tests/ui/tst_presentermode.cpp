// Presenter mode on a plain QMainWindow with docks: fonts ×1.6, a high-contrast palette and
// the advanced docks hidden while on; everything restored exactly when off; the keyboard
// actions; the highlight overlay following its target.
#include "ui/presenter/highlightoverlay.h"
#include "ui/presenter/presentermode.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLayout>
#include <QMainWindow>
#include <QSignalSpy>
#include <QtTest>

using namespace rlab::ui;

namespace {
struct Window
{
    QMainWindow main;
    QDockWidget *canvas, *lesson, *workqueue, *etcd, *trace, *editor;

    Window()
    {
        main.setCentralWidget(new QLabel(QStringLiteral("central")));
        auto add = [&](const char *name, Qt::DockWidgetArea area) {
            auto *d = new QDockWidget(QString::fromLatin1(name), &main);
            d->setObjectName(QLatin1String(name));
            d->setWidget(new QLabel(QString::fromLatin1(name)));
            main.addDockWidget(area, d);
            return d;
        };
        canvas = add("canvasDock", Qt::RightDockWidgetArea);
        lesson = add("lessonDock", Qt::LeftDockWidgetArea);
        workqueue = add("workqueueDock", Qt::BottomDockWidgetArea);
        etcd = add("etcdDock", Qt::RightDockWidgetArea);
        trace = add("traceDock", Qt::BottomDockWidgetArea);
        editor = add("editorDock", Qt::LeftDockWidgetArea);
        main.resize(1280, 720);
    }
};
} // namespace

class TestPresenterMode : public QObject
{
    Q_OBJECT
private slots:
    void testOnChangesFontPaletteAndDocks();
    void testOffRestoresExactly_data();
    void testOffRestoresExactly();
    void testShortcutsOnlyWhileOn();
    void testHighlightFollowsTarget();
    void testKeysOwnedByTheWindowStayThere();
};

void TestPresenterMode::testOnChangesFontPaletteAndDocks()
{
    Window w;
    w.main.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w.main));
    PresenterMode pm(&w.main);
    const qreal base = w.main.font().pointSizeF();
    QSignalSpy spy(&pm, &PresenterMode::enabledChanged);
    pm.setEnabled(true);
    QCOMPARE(spy.count(), 1);
    QVERIFY(pm.toggleAction()->isChecked());
    QCOMPARE(w.main.font().pointSizeF(), base * PresenterMode::kFontScale);
    QCOMPARE(w.canvas->widget()->font().pointSizeF(), base * PresenterMode::kFontScale);   // inherited by the docks
    QCOMPARE(w.main.palette().color(QPalette::Window), QColor(Qt::white));
    QCOMPARE(w.main.palette().color(QPalette::WindowText), QColor(Qt::black));
    QVERIFY(w.canvas->isVisible() && w.lesson->isVisible() && w.workqueue->isVisible());
    QVERIFY(w.etcd->isHidden() && w.trace->isHidden() && w.editor->isHidden());
}

void TestPresenterMode::testOffRestoresExactly_data()
{
    QTest::addColumn<bool>("explicitFont");
    QTest::addColumn<bool>("traceHidden");
    QTest::newRow("inherited font, all docks shown") << false << false;
    QTest::newRow("own font, trace closed by the user") << true << true;
}

void TestPresenterMode::testOffRestoresExactly()
{
    QFETCH(bool, explicitFont);
    QFETCH(bool, traceHidden);
    Window w;
    if (explicitFont) {
        QFont f = w.main.font();
        f.setPointSizeF(13);
        w.main.setFont(f);
    }
    w.main.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w.main));
    if (traceHidden) {
        w.trace->hide();
        QCoreApplication::processEvents();   // let the dock layout take the freed space first
        w.main.layout()->activate();
    }
    const QFont font = w.main.font();
    const QPalette palette = w.main.palette();
    const bool fontSet = w.main.testAttribute(Qt::WA_SetFont);
    const QByteArray state = w.main.saveState();
    PresenterMode pm(&w.main);
    pm.setEnabled(true);
    QVERIFY(w.main.font() != font);
    pm.setEnabled(false);
    QCOMPARE(w.main.font(), font);
    QCOMPARE(w.main.testAttribute(Qt::WA_SetFont), fontSet);
    QCOMPARE(w.main.palette().color(QPalette::Window), palette.color(QPalette::Window));
    QCOMPARE(w.main.palette().color(QPalette::Highlight), palette.color(QPalette::Highlight));
    QCOMPARE(w.etcd->isHidden(), false);
    QCOMPARE(w.editor->isHidden(), false);
    QCOMPARE(w.trace->isHidden(), traceHidden);
    QTRY_COMPARE(w.main.saveState(), state);   // dock sizes settle at the next layout pass
    QVERIFY(!pm.toggleAction()->isChecked());
}

void TestPresenterMode::testShortcutsOnlyWhileOn()
{
    Window w;
    PresenterMode pm(&w.main);
    QCOMPARE(pm.toggleAction()->shortcut(), QKeySequence(Qt::Key_F5));
    QCOMPARE(pm.playPauseAction()->shortcut(), QKeySequence(Qt::Key_Space));
    QCOMPARE(pm.stepAction()->shortcut(), QKeySequence(Qt::Key_Right));
    QCOMPARE(pm.backAction()->shortcut(), QKeySequence(Qt::Key_Left));
    w.main.show();
    QVERIFY(QTest::qWaitForWindowActive(&w.main));
    QSignalSpy play(&pm, &PresenterMode::playPauseRequested);
    QSignalSpy step(&pm, &PresenterMode::stepRequested);
    QSignalSpy back(&pm, &PresenterMode::backRequested);
    QTest::keyClick(&w.main, Qt::Key_Right);
    QCOMPARE(step.count(), 0);   // off: arrows belong to the widgets
    QTest::keyClick(&w.main, Qt::Key_F5);
    QVERIFY(pm.isEnabled());
    QTest::keyClick(&w.main, Qt::Key_Space);
    QTest::keyClick(&w.main, Qt::Key_Right);
    QTest::keyClick(&w.main, Qt::Key_Right);
    QTest::keyClick(&w.main, Qt::Key_Left);
    QCOMPARE(play.count(), 1);
    QCOMPARE(step.count(), 2);
    QCOMPARE(back.count(), 1);
    QTest::keyClick(&w.main, Qt::Key_F5);
    QVERIFY(!pm.isEnabled());
}

void TestPresenterMode::testHighlightFollowsTarget()
{
    Window w;
    w.main.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w.main));
    PresenterMode pm(&w.main);
    pm.highlight(QStringLiteral("workqueue"), QStringLiteral("Deployment/nginx"));
    HighlightOverlay *o = pm.overlay();
    QVERIFY(o->isVisible());
    QCOMPARE(o->target(), w.workqueue->widget());
    QCOMPARE(o->label(), QStringLiteral("Deployment/nginx"));
    const QRect expected = QRect(w.workqueue->widget()->mapTo(&w.main, QPoint(0, 0)), w.workqueue->widget()->size())
                               .adjusted(-HighlightOverlay::kMargin, -HighlightOverlay::kMargin, HighlightOverlay::kMargin, HighlightOverlay::kMargin);
    QCOMPARE(o->targetRect(), expected);
    QVERIFY(o->geometry().contains(expected.intersected(w.main.rect())));
    // The target's dock grows: the overlay follows.
    w.main.resizeDocks({w.workqueue}, {w.workqueue->height() + 80}, Qt::Vertical);
    QTRY_COMPARE(o->targetRect().height(), w.workqueue->widget()->height() + 2 * HighlightOverlay::kMargin);
    QVERIFY(o->geometry().contains(o->targetRect().intersected(w.main.rect())));
    // Hidden target → hidden overlay; an unknown panel clears it.
    w.workqueue->hide();
    QVERIFY(!o->isVisible());
    pm.highlight(QStringLiteral("charts"), QString());
    QVERIFY(!o->isVisible());
    QCOMPARE(o->target(), nullptr);
}

void TestPresenterMode::testKeysOwnedByTheWindowStayThere()
{
    Window w;
    auto *play = new QAction(QStringLiteral("Play"), &w.main);   // like TimeControls' playAction
    play->setShortcut(Qt::Key_Space);
    w.main.addAction(play);
    QSignalSpy played(play, &QAction::triggered);
    PresenterMode pm(&w.main);
    QSignalSpy presenterPlay(&pm, &PresenterMode::playPauseRequested);
    QSignalSpy back(&pm, &PresenterMode::backRequested);
    w.main.show();
    QVERIFY(QTest::qWaitForWindowActive(&w.main));
    pm.setEnabled(true);
    QVERIFY(pm.playPauseAction()->shortcut().isEmpty());
    QTest::keyClick(&w.main, Qt::Key_Space);
    QTest::keyClick(&w.main, Qt::Key_Left);
    QCOMPARE(played.count(), 1);          // not ambiguous: the window's action fired
    QCOMPARE(presenterPlay.count(), 0);
    QCOMPARE(back.count(), 1);            // ← is free: the presenter's action has it
}

QTEST_MAIN(TestPresenterMode)
#include "tst_presentermode.moc"
