// How MainWindow's parts follow each other: the canvas and the object tree select together, the
// inspector and the etcd panel follow the selection, the Controls' Deployment is the one the time
// toolbar, history, charts and arithmetic explain, results go to the status bar, the inspector's
// field origins jump through time, and presenter mode drives time. Split from mainwindow.cpp to
// keep both files small; same class, same thread rules (GUI thread only).
#include "ui/mainwindow.h"

#include "ui/live/livemenu.h"

#include "core/live/livesource.h"

#include "core/api/object.h"
#include "ui/arithmetic/arithmeticpanel.h"
#include "ui/charts/chartfeeder.h"
#include "ui/charts/chartspanel.h"
#include "ui/clustersession.h"
#include "ui/history/historypanel.h"
#include "ui/i18n/language.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/live/labonly.h"
#include "core/api/pod.h"
#include "core/sim/view/clusterview.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/schedulingreport.h"
#include "ui/models/storemodels.h"
#include "ui/models/traceeventmodel.h"
#include "ui/presenter/presentermode.h"
#include "ui/record/recordcontrols.h"
#include "ui/scene/clustercanvas.h"
#include "ui/timetravel/fieldoriginfinder.h"
#include "ui/timetravel/timetravel.h"
#include "ui/timetravel/timetravelbar.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/etcdpanel.h"
#include "ui/widgets/manifesteditor.h"
#include "ui/widgets/objectinspector.h"
#include "ui/widgets/objectspanel.h"
#include "ui/widgets/timecontrols.h"
#include "ui/widgets/tracepanel.h"

#include <QAction>
#include <QDockWidget>
#include <QPushButton>
#include <QTableView>
#include <QTreeView>

namespace rlab::ui {

void MainWindow::connectPanels()
{
    auto *canvas = panel<ClusterCanvas>(QStringLiteral("canvas"));
    auto *editor = panel<ManifestEditor>(QStringLiteral("editor"));
    auto *objects = panel<ObjectsPanel>(QStringLiteral("objects"));
    auto *inspector = panel<ObjectInspector>(QStringLiteral("inspector"));
    auto *etcd = panel<EtcdPanel>(QStringLiteral("etcd"));
    auto *controls = panel<ControlsPanel>(QStringLiteral("controls"));
    auto *time = panel<TimeControls>(QStringLiteral("timeControls"));

    connect(m_models, &StoreModels::wasReset, this, &MainWindow::modelsReset);
    connect(m_models, &StoreModels::applied, this, [this, etcd](const std::vector<view::WatchEvent> &events) {
        etcd->storeEventsApplied(events);
        selectPending();
    });
    connect(m_session, &ClusterSession::frameDone, this, &MainWindow::updateStatusBar);
    // The shown object's rewrites are rendered at a frame's start, out of its intake budget.
    inspector->setFramePacer([session = m_session] { return session->isRunning(); });
    connect(m_session, &ClusterSession::frameStarted, inspector, &ObjectInspector::frameStarted);
    connect(m_session, &ClusterSession::timeRunningChanged, this, &MainWindow::updateStatusBar);

    // A click on a card, pod or node lane selects that object in the tree, which shows it in the
    // inspector and its key in the etcd panel.
    connect(canvas, &ClusterCanvas::objectActivated, this, [this, objects](const ObjectRef &ref) {
        const QModelIndex index = m_models->objects()->indexOf(ref);
        if (!index.isValid())
            return;
        objects->view()->setCurrentIndex(index);
        objects->view()->scrollTo(index);
        m_panels.dock(QStringLiteral("inspector"))->raise();
    });
    connect(editor, &ManifestEditor::applyRequested, this, &MainWindow::applyEditor);
    connect(editor, &ManifestEditor::filesDropped, this, &MainWindow::applyFiles);
    connect(objects, &ObjectsPanel::currentObjectChanged, this,
            [this, inspector, etcd, controls](const api::ObjectPtr &object, const QByteArray &key) {
                // The etcd panel follows a new selection, not every rewrite of the selected object.
                const bool moved = key != inspector->etcdKey();
                inspector->setObject(object, key);
                // A bound pod: why that node (its Schedule trace event), read once per selection.
                if (const auto pod = api::objectCast<api::Pod>(object);
                    pod && !pod->spec.nodeName.isEmpty() && inspector->schedulingText().isEmpty()) {
                    const auto report = SchedulingReport::latestFor(m_session->view().trace(0),
                                                                    pod->metadata.namespace_ + QLatin1Char('/') + pod->metadata.name,
                                                                    pod->spec.nodeName);
                    inspector->setScheduling(report ? report->text() : QString());
                }
                if (moved && !key.isEmpty())
                    etcd->selectKey(key);
                if (object && object->kindName == QLatin1String("Deployment"))
                    controls->setCurrentDeployment(object->metadata.name);
            });

    // "Run until complete" follows the Deployment chosen in the Controls, which follows the tree.
    connect(controls, &ControlsPanel::currentDeploymentChanged, time, &TimeControls::setDeployment);
    time->setDeployment(controls->currentDeployment());
    connect(controls->commands(), &ClusterCommands::performed, this,
            [this](const QString &commandLine, const ClusterCommands::Result &result) {
                showMessage(QStringLiteral("%1  →  %2").arg(commandLine, result.ok() ? result.output : result.errorLine()), 8000);
            });
    connect(time, &TimeControls::message, this, [this](const QString &text, bool) {
        showMessage(text, 8000);
        updateStatusBar();   // a step moved time without a frame
    });
    connectTeachingPanels();
}

void MainWindow::connectTeachingPanels()
{
    auto *controls = panel<ControlsPanel>(QStringLiteral("controls"));
    // The Deployment chosen in the Controls is the one history, charts and arithmetic explain.
    connect(controls, &ControlsPanel::currentDeploymentChanged, this, [this](const QString &name) {
        if (name.isEmpty())
            return;
        const QString key = m_session->namespace_() + QLatin1Char('/') + name;   // a live session's namespace
        panel<HistoryPanel>(QStringLiteral("history"))->setDeployment(key);
        panel<ChartsPanel>(QStringLiteral("charts"))->feeder().setDeployment(key);
        panel<ArithmeticPanel>(QStringLiteral("arithmetic"))->setDeployment(key);
    });

    // The charts get room to be read: raising their tab grows the bottom area to at least
    // kChartsShare of the window (a 150-px strip shows flat lines, not a rollout).
    QDockWidget *chartsDock = m_panels.dock(QStringLiteral("charts"));
    // Another tab of that area gives the height back: the canvas stays the largest part.
    connect(chartsDock, &QDockWidget::visibilityChanged, this, [this, chartsDock, grownFrom = 0](bool visible) mutable {
        // Not while the window itself hides or closes (its layout is going away).
        if (!isVisible() || chartsDock->isFloating() || dockWidgetArea(chartsDock) != Qt::BottomDockWidgetArea)
            return;
        const int want = height() * kChartsShare / 100;
        if (visible && chartsDock->height() < want) {
            grownFrom = chartsDock->height();
            resizeDocks({chartsDock}, {want}, Qt::Vertical);
        } else if (!visible && grownFrom > 0) {
            for (QDockWidget *tab : tabifiedDockWidgets(chartsDock)) {
                if (!tab->visibleRegion().isEmpty() || tab->isVisible()) {
                    resizeDocks({tab}, {grownFrom}, Qt::Vertical);
                    break;
                }
            }
            grownFrom = 0;
        }
    });

    connect(m_timeTravel, &TimeTravel::liveChanged, this, [this](bool live) {
        // Time travel is read-only: every path that writes is off until Live.
        m_applyAction->setEnabled(live);
        m_openAction->setEnabled(live);
        LabOnly::set(m_resetAction, LabOnly::isLive(*m_session), live, LabOnly::Reason::Reset);
        panel<ManifestEditor>(QStringLiteral("editor"))->applyButton()->setEnabled(live);
        updateStatusBar();
        if (!live)
            showMessage(tr("Viewing the past (read-only): press Live to return"), 0);
        else
            showMessage(QString(), 0);
    });
    // A live session (a real cluster or its recording): Reset acts on the simulator only.
    connect(m_session, &ClusterSession::liveChanged, this, [this] {
        LabOnly::set(m_resetAction, LabOnly::isLive(*m_session), !m_session->isFrozen(), LabOnly::Reason::Reset);
    });
    // Inspector → "where did this value come from?": jump to that revision (time travel)…
    auto *bar = panel<TimeTravelBar>(QStringLiteral("timeTravelBar"));
    FieldOriginFinder *origins = bar->fieldOrigins();
    connect(panel<ObjectInspector>(QStringLiteral("inspector")), &ObjectInspector::fieldOriginRequested, this,
            [this, origins](const QByteArray &key, const QString &path) {
                const QString text = origins->describe(key, path);
                if (!origins->jumpTo(key, path)) {
                    showMessage(text.isEmpty() ? tr("%1: no recorded origin (compacted or never set)").arg(path) : text, 10000);
                    return;
                }
                showMessage(text, 15000);
            });
    // …and the trace shows the etcd write that set it.
    connect(origins, &FieldOriginFinder::jumped, this, [this](const FieldOrigin &origin) {
        if (!origin.event)
            return;
        const int row = m_models->trace()->rowOfSeq(origin.event->seq);
        if (row < 0)
            return;
        m_panels.dock(QStringLiteral("trace"))->raise();
        QTableView *view = panel<TracePanel>(QStringLiteral("trace"))->view();
        view->selectRow(row);
        view->scrollTo(m_models->trace()->index(row, 0), QAbstractItemView::PositionAtCenter);
    });
    connect(panel<RecordControls>(QStringLiteral("recordControls")), &RecordControls::message, this,
            [this](const QString &text) { showMessage(text, 8000); });

    auto *presenter = panel<PresenterMode>(QStringLiteral("presenter"));
    auto *lesson = panel<LessonPanel>(QStringLiteral("lesson"));
    auto *time = panel<TimeControls>(QStringLiteral("timeControls"));
    presenter->setHighlightTarget(QStringLiteral("canvas"), centralWidget());
    presenter->setKeptDocks({QStringLiteral("lessonDock"), QStringLiteral("controlsDock"), QStringLiteral("workqueueDock")});
    // Presenter mode: the canvas in large type and the widest column (it is what the back row
    // reads), the lesson and the queues beside it (restored when it ends).
    connect(presenter, &PresenterMode::enabledChanged, this, [this](bool on) {
        panel<ClusterCanvas>(QStringLiteral("canvas"))->setPresenter(on);
        if (!on)
            return;
        QDockWidget *lessonDock = m_panels.dock(QStringLiteral("lesson"));
        lessonDock->raise();
        resizeDocks({lessonDock, m_panels.dock(QStringLiteral("workqueue"))}, {width() * 26 / 100, width() * 24 / 100},
                    Qt::Horizontal);
    });
    lesson->setLanguage(Language::current());
    connect(lesson, &LessonPanel::highlightRequested, presenter, &PresenterMode::highlight);
    // A highlight on the Arithmetic panel naming a Deployment shows that Deployment's figures.
    connect(lesson, &LessonPanel::highlightRequested, this, [this](const QString &panelName, const QString &objectRef) {
        if (panelName == QLatin1String("arithmetic"))
            panel<ArithmeticPanel>(QStringLiteral("arithmetic"))->showObject(objectRef);
    });
    // During a lesson Play follows the lesson (runs its step), and Reset asks first.
    time->setPlayHandler([this, lesson] {
        if (!lesson->handlePlay())
            return false;
        raiseDock(QStringLiteral("lesson"));
        return true;
    });
    // Step, Next event and Run until follow the lesson too: its step runs or moves on as with Play,
    // or — a wait step — the press moves the cluster and the step completes once it is reached.
    // (The toolbar's own connections are replaced by ones that ask the lesson first.)
    const std::pair<QAction *, std::function<void()>> timeSteps[] = {{time->stepAction(), [time] { time->stepOneReconcile(); }},
                                                                     {time->nextEventAction(), [time] { time->stepToNextEvent(); }},
                                                                     {time->runUntilAction(), [time] { time->runUntilComplete(); }}};
    for (const auto &[action, run] : timeSteps) {
        disconnect(action, &QAction::triggered, time, nullptr);
        connect(action, &QAction::triggered, this, [this, lesson, run = run] {
            if (lesson->handleTimeStep()) {
                raiseDock(QStringLiteral("lesson"));
                return;
            }
            run();
            lesson->afterTimeStep();
        });
    }
    panel<ControlsPanel>(QStringLiteral("controls"))->commands()->setResetGuard([this] { return confirmReset(); });
    lesson->setStartGuard([this] { return confirmReset(); });   // Start restarts: the cluster goes
    // Every other path that throws the cluster away asks too: Record, Replay, a live cluster or
    // recording (Open lab asks in openLab).
    panel<RecordControls>(QStringLiteral("recordControls"))->setResetGuard([this] { return confirmReset(); });
    if (auto *live = findChild<LiveMenu *>(QStringLiteral("liveMenu")))
        live->setResetGuard([this] { return confirmReset(); });
    connect(presenter, &PresenterMode::playPauseRequested, time->playAction(), &QAction::trigger);
    connect(presenter, &PresenterMode::stepRequested, time->stepAction(), &QAction::trigger);
    connect(presenter, &PresenterMode::backRequested, bar, &TimeTravelBar::stepBack);
    addActions({presenter->toggleAction(), presenter->playPauseAction(), presenter->stepAction(), presenter->backAction()});
}

} // namespace rlab::ui
