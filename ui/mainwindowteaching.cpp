// MainWindow's teaching panels: workqueues, controller activity, Kubernetes Events, charts,
// rollout history, rolling-update arithmetic, lessons and "Serve the API" as docks; the
// time-travel bar with record/replay as a bottom toolbar; presenter mode and the language menu.
// Split from mainwindow.cpp to keep both files small; same class, same thread rules (GUI thread
// only). Every panel is self-contained: it connects itself to the ClusterSession's signals.
#include "ui/mainwindow.h"

#include "ui/arithmetic/arithmeticpanel.h"
#include "ui/charts/chartspanel.h"
#include "ui/clustersession.h"
#include "ui/history/historypanel.h"
#include "ui/i18n/language.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/presenter/presentermode.h"
#include "ui/record/recordcontrols.h"
#include "ui/scene/canvasexport.h"
#include "ui/scene/clustercanvas.h"
#include "ui/models/traceeventmodel.h"
#include "ui/timetravel/fieldoriginfinder.h"
#include "ui/widgets/tracepanel.h"
#include "ui/timetravel/timetravelbar.h"
#include "ui/widgets/objectinspector.h"
#include "ui/widgets/activitypanel.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/eventspanel.h"
#include "ui/widgets/servepanel.h"
#include "ui/widgets/timecontrols.h"
#include "ui/widgets/workqueuepanel.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>

namespace rlab::ui {

void MainWindow::createTeachingPanels()
{
    m_workQueuePanel = new WorkQueuePanel(*m_session, this);
    m_activityPanel = new ActivityPanel(*m_session, this);
    m_eventsPanel = new EventsPanel(*m_session, this);
    m_chartsPanel = new ChartsPanel(*m_session, this);
    m_historyPanel = new HistoryPanel(*m_session, this);
    m_arithmeticPanel = new ArithmeticPanel(*m_session, this);
    m_lessonPanel = new LessonPanel(*m_session, this);
    m_servePanel = new ServePanel(*m_session, this);

    m_workQueueDock = addPanel(m_workQueuePanel, tr("Workqueues"), "workqueueDock");
    m_activityDock = addPanel(m_activityPanel, tr("Controller activity"), "activityDock");
    m_eventsDock = addPanel(m_eventsPanel, tr("Events"), "eventsDock");
    m_chartsDock = addPanel(m_chartsPanel, tr("Charts"), "chartsDock", true);
    m_historyDock = addPanel(m_historyPanel, tr("Rollout history"), "historyDock", true);
    m_arithmeticDock = addPanel(m_arithmeticPanel, tr("Arithmetic"), "arithmeticDock", true);
    m_lessonDock = addPanel(m_lessonPanel, tr("Lesson"), "lessonDock");
    m_serveDock = addPanel(m_servePanel, tr("Serve the API"), "serveDock");

    // The Deployment chosen in the Controls is the one history and arithmetic explain.
    connect(m_controlsPanel, &ControlsPanel::currentDeploymentChanged, this, [this](const QString &name) {
        if (name.isEmpty())
            return;
        const QString key = QStringLiteral("default/") + name;
        m_historyPanel->setDeployment(key);
        m_chartsPanel->feeder().setDeployment(key);
        m_arithmeticPanel->setDeployment(key);
    });

    // Time travel and record/replay: on the first toolbar row, after Open / Apply / Reset.
    m_timeTravelBar = new TimeTravelBar(*m_session, this);
    m_recordControls = new RecordControls(*m_session, this);
    auto *travel = new QToolBar(tr("Time travel"), this);
    travel->setObjectName(QStringLiteral("timeTravelToolBar"));
    travel->setMovable(false);
    travel->addWidget(m_timeTravelBar);
    travel->addSeparator();
    travel->addWidget(m_recordControls);
    removeToolBarBreak(m_timeControls);
    insertToolBar(m_timeControls, travel);
    insertToolBarBreak(m_timeControls);
    connect(m_session, &ClusterSession::liveChanged, this, [this](bool live) {
        m_applyAction->setEnabled(live);
        m_openAction->setEnabled(live);
        if (!live)
            statusBar()->showMessage(tr("Viewing the past (read-only): press Live to return"));
        else
            statusBar()->clearMessage();
    });
    // Inspector → "where did this value come from?": jump to that revision (time travel).
    connect(m_inspector, &ObjectInspector::fieldOriginRequested, this, [this](const QByteArray &key, const QString &path) {
        FieldOriginFinder *origins = m_timeTravelBar->fieldOrigins();
        const QString text = origins->describe(key, path);
        if (!origins->jumpTo(key, path)) {
            statusBar()->showMessage(text.isEmpty() ? tr("%1: no recorded origin (compacted or never set)").arg(path) : text, 10000);
            return;
        }
        statusBar()->showMessage(text, 15000);
    });
    // …and the trace shows the etcd write that set it.
    connect(m_timeTravelBar->fieldOrigins(), &FieldOriginFinder::jumped, this, [this](const FieldOrigin &origin) {
        if (!origin.event)
            return;
        const int row = m_trace->rowOfSeq(origin.event->seq);
        if (row < 0)
            return;
        m_traceDock->raise();
        m_tracePanel->view()->selectRow(row);
        m_tracePanel->view()->scrollTo(m_trace->index(row, 0), QAbstractItemView::PositionAtCenter);
    });
    connect(m_recordControls, &RecordControls::message, this, [this](const QString &text) {
        statusBar()->showMessage(text, 8000);
    });

    // File → Export canvas… (PNG or SVG, the whole picture).
    for (QMenu *menu : menuBar()->findChildren<QMenu *>()) {
        if (menu->title() != tr("&File"))
            continue;
        auto *exportAction = new QAction(tr("Export canvas…"), this);
        exportAction->setObjectName(QStringLiteral("exportCanvasAction"));
        connect(exportAction, &QAction::triggered, this, [this] {
            const QString path = QFileDialog::getSaveFileName(this, tr("Export canvas"), QStringLiteral("cluster.png"),
                                                              tr("PNG image (*.png);;SVG drawing (*.svg)"));
            if (path.isEmpty())
                return;
            QString error;
            statusBar()->showMessage(exportCanvas(*m_canvas->scene(), path, &error) ? tr("Canvas saved to %1").arg(path)
                                                                                     : tr("Export failed: %1").arg(error),
                                     8000);
        });
        menu->insertAction(menu->actions().value(1), exportAction);
    }

    // Presenter mode: F5; while on, Space / → / ← drive time and time travel.
    m_presenter = new PresenterMode(this);
    m_presenter->setHighlightTarget(QStringLiteral("canvas"), centralWidget());
    m_presenter->setKeptDocks({QStringLiteral("lessonDock"), QStringLiteral("controlsDock"), QStringLiteral("workqueueDock")});
    // Presenter mode: the lesson column gets room for its large text (restored when it ends).
    connect(m_presenter, &PresenterMode::enabledChanged, this, [this](bool on) {
        if (!on)
            return;
        m_lessonDock->raise();
        resizeDocks({m_lessonDock, m_workQueueDock}, {width() * 34 / 100, width() * 26 / 100}, Qt::Horizontal);
    });
    m_lessonPanel->setLanguage(Language::current());
    connect(m_lessonPanel, &LessonPanel::highlightRequested, m_presenter, &PresenterMode::highlight);
    connect(m_presenter, &PresenterMode::playPauseRequested, m_timeControls->playAction(), &QAction::trigger);
    connect(m_presenter, &PresenterMode::stepRequested, m_timeControls->stepAction(), &QAction::trigger);
    connect(m_presenter, &PresenterMode::backRequested, m_timeTravelBar, &TimeTravelBar::stepBack);
    addActions({m_presenter->toggleAction(), m_presenter->playPauseAction(), m_presenter->stepAction(),
                m_presenter->backAction()});

    QMenu *view = nullptr;
    for (QMenu *menu : menuBar()->findChildren<QMenu *>()) {
        if (menu->objectName() == QLatin1String("viewMenu"))
            view = menu;
    }
    if (view) {
        QAction *before = view->actions().value(view->actions().size() - 2);   // the separator before "Restore…"
        for (QDockWidget *dock : teachingDocks())
            view->insertAction(before, dock->toggleViewAction());
        view->addSeparator();
        view->addAction(m_presenter->toggleAction());
        createLanguageMenu(view);
    }
}

QList<QDockWidget *> MainWindow::teachingDocks() const
{
    return {m_workQueueDock, m_activityDock, m_eventsDock, m_chartsDock,
            m_historyDock,   m_arithmeticDock, m_lessonDock, m_serveDock};
}

void MainWindow::placeTeachingDocks()
{
    for (QDockWidget *dock : teachingDocks()) {
        dock->setFloating(false);
        dock->show();
    }
    // Left: Manifest | Controls | Lesson. Right: Workqueues | Arithmetic | etcd | Objects | Inspector.
    // Bottom: Controller activity | Trace | Events | Charts | Rollout history | Serve the API.
    tabifyDockWidget(m_editorDock, m_lessonDock);
    addDockWidget(Qt::RightDockWidgetArea, m_workQueueDock);
    tabifyDockWidget(m_workQueueDock, m_arithmeticDock);
    tabifyDockWidget(m_workQueueDock, m_etcdDock);
    tabifyDockWidget(m_workQueueDock, m_objectsDock);
    tabifyDockWidget(m_workQueueDock, m_inspectorDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_activityDock);
    tabifyDockWidget(m_activityDock, m_traceDock);
    tabifyDockWidget(m_activityDock, m_eventsDock);
    tabifyDockWidget(m_activityDock, m_chartsDock);
    tabifyDockWidget(m_activityDock, m_historyDock);
    tabifyDockWidget(m_activityDock, m_serveDock);
    m_workQueueDock->raise();
    m_activityDock->raise();
    m_editorDock->raise();
}

bool MainWindow::raiseDock(const QString &name)
{
    auto *dock = findChild<QDockWidget *>(name + QStringLiteral("Dock"));
    if (!dock)
        return false;
    dock->show();
    dock->raise();
    return true;
}

void MainWindow::createLanguageMenu(QMenu *view)
{
    QMenu *languages = view->addMenu(tr("&Language"));
    auto *group = new QActionGroup(languages);
    for (const QString &code : Language::availableLanguages()) {
        QAction *action = languages->addAction(Language::displayName(code));
        action->setCheckable(true);
        action->setChecked(code == Language::current());
        action->setData(code);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { switchLanguage(code); });
    }
}

void MainWindow::switchLanguage(const QString &code)
{
    if (code == Language::current() || !Language::setLanguage(code, true))
        return;
    // Translators are swapped now (panels that retranslate themselves follow at once); every
    // string of the window is translated when it is built, so offer to rebuild it by restarting.
    if (!m_options.persistLayout)
        return;   // tests and screenshots: no dialog
    const auto answer = QMessageBox::question(
        this, tr("Language"),
        tr("Restart Reconcile Lab now to show every panel in %1? The simulated cluster starts fresh.")
            .arg(Language::displayName(code)));
    if (answer != QMessageBox::Yes)
        return;
    QStringList args = QCoreApplication::arguments();
    const QString program = args.isEmpty() ? QString() : args.takeFirst();
    if (!program.isEmpty() && QProcess::startDetached(program, args))
        close();
}

} // namespace rlab::ui
