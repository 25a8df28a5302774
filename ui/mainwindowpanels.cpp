// MainWindow's parts: the canvas in the centre, every panel in its dock, the time and
// time-travel toolbars' widgets and presenter mode, each registered once in m_panels by name.
// Split from mainwindow.cpp to keep both files small; same class, same thread rules (GUI thread
// only). Panels are self-contained: each connects itself to the session's signals.
#include "ui/mainwindow.h"

#include "ui/arithmetic/arithmeticpanel.h"
#include "ui/charts/chartspanel.h"
#include "ui/clustersession.h"
#include "ui/history/historypanel.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/models/storemodels.h"
#include "ui/presenter/presentermode.h"
#include "ui/record/recordcontrols.h"
#include "ui/scene/clustercanvas.h"
#include "ui/timetravel/timetravelbar.h"
#include "ui/widgets/activitypanel.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/etcdpanel.h"
#include "ui/widgets/eventspanel.h"
#include "ui/widgets/manifesteditor.h"
#include "ui/widgets/objectinspector.h"
#include "ui/widgets/objectspanel.h"
#include "ui/widgets/servepanel.h"
#include "ui/widgets/timecontrols.h"
#include "ui/widgets/tracepanel.h"
#include "ui/widgets/workqueuepanel.h"

#include <QDockWidget>
#include <QScrollArea>

namespace rlab::ui {

void MainWindow::createPanels()
{
    auto *canvas = new ClusterCanvas(*m_session, this);
    setCentralWidget(canvas);
    m_panels.add(QStringLiteral("canvas"), canvas);

    // In the View menu's order: act, apply, then what the store and the API server hold.
    addPanel(QStringLiteral("controls"), new ControlsPanel(*m_session, this), tr("Controls"));
    addPanel(QStringLiteral("editor"), new ManifestEditor(this), tr("Manifest"));
    auto *objects = new ObjectsPanel(m_models->objects(), this);
    objects->setNote(tr("Deployment and ReplicaSet controllers, scheduler and kubelets run on the virtual clock (deterministic runner)."));
    addPanel(QStringLiteral("objects"), objects, tr("Objects"));
    addPanel(QStringLiteral("inspector"), new ObjectInspector(this), tr("Inspector"), true);
    addPanel(QStringLiteral("etcd"), new EtcdPanel(m_models->keys(), m_models->watchEvents(), this), tr("etcd"));
    addPanel(QStringLiteral("trace"), new TracePanel(m_models->trace(), this), tr("Trace"));

    auto *time = new TimeControls(*m_session, this);
    time->setMovable(false);
    m_panels.add(QStringLiteral("timeControls"), time);
    createTeachingPanels();
}

void MainWindow::createTeachingPanels()
{
    addPanel(QStringLiteral("workqueue"), new WorkQueuePanel(*m_session, this), tr("Workqueues"));
    addPanel(QStringLiteral("activity"), new ActivityPanel(*m_session, this), tr("Controller activity"));
    addPanel(QStringLiteral("events"), new EventsPanel(*m_session, this), tr("Events"));
    addPanel(QStringLiteral("charts"), new ChartsPanel(*m_session, this), tr("Charts"), true);
    addPanel(QStringLiteral("history"), new HistoryPanel(*m_session, this), tr("Rollout history"), true);
    addPanel(QStringLiteral("arithmetic"), new ArithmeticPanel(*m_session, this), tr("Arithmetic"), true);
    addPanel(QStringLiteral("lesson"), new LessonPanel(*m_session, this), tr("Lesson"));
    addPanel(QStringLiteral("serve"), new ServePanel(*m_session, m_options.serveEndpoints, this), tr("Serve the API"));

    m_panels.add(QStringLiteral("timeTravelBar"), new TimeTravelBar(*m_timeTravel, this));
    m_panels.add(QStringLiteral("recordControls"), new RecordControls(*m_session, this));
    // Presenter mode: F5; while on, Space / → / ← drive time and time travel.
    m_panels.add(QStringLiteral("presenter"), new PresenterMode(this));
}

QDockWidget *MainWindow::addPanel(const QString &name, QWidget *panel, const QString &title, bool scroll)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(name + QStringLiteral("Dock"));
    // A panel that cannot shrink far (forms, charts) scrolls instead, so that a full set of docks
    // still fits a 1280×720 projector without pushing the window past the screen.
    const QSize min = panel->minimumSizeHint();
    if (scroll || min.height() > kMaxDockMinimum.height() || min.width() > kMaxDockMinimum.width()) {
        auto *area = new QScrollArea(dock);
        area->setObjectName(dock->objectName() + QStringLiteral("Scroll"));
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        area->setWidget(panel);
        dock->setWidget(area);
    } else {
        dock->setWidget(panel);
    }
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    m_panels.add(name, panel, dock);
    return dock;
}

} // namespace rlab::ui
