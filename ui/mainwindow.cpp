#include "ui/mainwindow.h"

#include "ui/clustersession.h"
#include "ui/models/etcdkeymodel.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/traceeventmodel.h"
#include "ui/models/watcheventmodel.h"
#include "ui/scene/clustercanvas.h"
#include "ui/widgets/etcdpanel.h"
#include "ui/widgets/manifesteditor.h"
#include "ui/widgets/objectinspector.h"
#include "ui/widgets/objectspanel.h"
#include "ui/widgets/tracepanel.h"

#include <QAction>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QTreeView>

namespace rlab::ui {

namespace {

QStringList manifestPaths(const QMimeData *mime)
{
    QStringList paths;
    if (!mime->hasUrls())
        return paths;
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile() && ManifestSource::isManifestFileName(url.toLocalFile()))
            paths.append(url.toLocalFile());
    }
    return paths;
}

QString formatElapsed(qint64 ms)
{
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2:%3.%4")
        .arg(s / 3600, 2, 10, QLatin1Char('0'))
        .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'))
        .arg(ms % 1000 / 100);
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : MainWindow(Options(), parent)
{
}

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : QMainWindow(parent), m_options(options), m_session(new ClusterSession({}, this))
{
    setWindowTitle(tr("Reconcile Lab"));
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowNestedDocks | QMainWindow::AllowTabbedDocks);
    createModelsAndPanels();
    createActions();
    createDocks();
    createControls();
    createTeachingPanels();
    connectSession();
    resetModels();
    resize(defaultSize());
    restoreDefaultLayout();
    if (m_options.persistLayout) {
        QSettings settings;
        restoreGeometry(settings.value(QStringLiteral("mainwindow/geometry")).toByteArray());
        m_dockSizesPending = !restoreState(settings.value(QStringLiteral("mainwindow/state")).toByteArray(), kStateVersion);
    }
    if (m_options.startFrames)
        m_session->start();
}

MainWindow::~MainWindow() = default;

void MainWindow::createModelsAndPanels()
{
    m_objects = new ObjectTreeModel(this);
    m_keys = new EtcdKeyModel(this);
    m_watch = new WatchEventModel(this);
    m_trace = new TraceEventModel(this);
    m_editor = new ManifestEditor(this);
    m_objectsPanel = new ObjectsPanel(m_objects, this);
    m_objectsPanel->setNote(tr("Deployment and ReplicaSet controllers, scheduler and kubelets run on the virtual clock (deterministic runner)."));
    m_inspector = new ObjectInspector(this);
    m_etcdPanel = new EtcdPanel(m_keys, m_watch, this);
    m_tracePanel = new TracePanel(m_trace, this);

    // The cluster canvas is the window's centre; a click on a card, pod or node lane selects that
    // object in the tree, which shows it in the inspector and its key in the etcd panel.
    m_canvas = new ClusterCanvas(*m_session, this);
    setCentralWidget(m_canvas);
    connect(m_canvas, &ClusterCanvas::objectActivated, this, [this](const ObjectRef &ref) {
        const QModelIndex index = m_objects->indexOf(ref);
        if (!index.isValid())
            return;
        m_objectsPanel->view()->setCurrentIndex(index);
        m_objectsPanel->view()->scrollTo(index);
        m_inspectorDock->raise();
    });

    connect(m_editor, &ManifestEditor::applyRequested, this, &MainWindow::applyEditor);
    connect(m_editor, &ManifestEditor::filesDropped, this, &MainWindow::applyFiles);
    connect(m_objectsPanel, &ObjectsPanel::currentObjectChanged, this,
            [this](const api::ObjectPtr &object, const QByteArray &key) {
                // The etcd panel follows a new selection, not every rewrite of the selected object.
                const bool moved = key != m_inspector->etcdKey();
                m_inspector->setObject(object, key);
                if (moved && !key.isEmpty())
                    m_etcdPanel->selectKey(key);
            });
}

QDockWidget *MainWindow::addPanel(QWidget *panel, const QString &title, const char *objectName, bool scroll)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(QLatin1String(objectName));
    // A panel that cannot shrink far (forms, charts) scrolls instead, so that a full set of docks
    // still fits a 1280×720 projector without pushing the window past the screen.
    const QSize min = panel->minimumSizeHint();
    if (scroll || min.height() > kMaxDockMinimum.height() || min.width() > kMaxDockMinimum.width()) {
        auto *scroll = new QScrollArea(dock);
        scroll->setObjectName(QLatin1String(objectName) + QStringLiteral("Scroll"));
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidget(panel);
        dock->setWidget(scroll);
    } else {
        dock->setWidget(panel);
    }
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    return dock;
}

void MainWindow::createDocks()
{
    m_editorDock = addPanel(m_editor, tr("Manifest"), "editorDock");
    m_objectsDock = addPanel(m_objectsPanel, tr("Objects"), "objectsDock");
    m_inspectorDock = addPanel(m_inspector, tr("Inspector"), "inspectorDock", true);
    m_etcdDock = addPanel(m_etcdPanel, tr("etcd"), "etcdDock");
    m_traceDock = addPanel(m_tracePanel, tr("Trace"), "traceDock");

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    for (QDockWidget *dock : {m_editorDock, m_objectsDock, m_inspectorDock, m_etcdDock, m_traceDock})
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("Restore default layout"), this, &MainWindow::restoreDefaultLayout);
}

QSize MainWindow::defaultSize() const
{
    const QScreen *s = screen();
    const QSize available = s ? s->availableSize() : QSize(1280, 720);
    return QSize(1600, 900).boundedTo(available * 0.92).expandedTo(QSize(960, 600));
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // The default proportions need the final window size, known only now.
    if (m_dockSizesPending)
        applyDefaultDockSizes();
}

void MainWindow::restoreDefaultLayout()
{
    for (QDockWidget *dock : {m_editorDock, m_objectsDock, m_inspectorDock, m_etcdDock, m_traceDock}) {
        dock->setFloating(false);
        dock->show();
    }
    // Tabs, not splits: at 1280×720 a split column is unreadable. Left: apply, act, learn; the
    // canvas in the centre; right and bottom: the machinery (placeTeachingDocks).
    addDockWidget(Qt::LeftDockWidgetArea, m_editorDock);
    placeControlsDock();
    placeTeachingDocks();
    applyDefaultDockSizes();
}

void MainWindow::applyDefaultDockSizes()
{
    m_dockSizesPending = !isVisible();
    const QSize s = size();
    resizeDocks({m_editorDock, m_etcdDock}, {s.width() * 22 / 100, s.width() * 29 / 100}, Qt::Horizontal);
    resizeDocks({m_traceDock}, {s.height() * 26 / 100}, Qt::Vertical);
}

void MainWindow::createActions()
{
    QStyle *st = style();
    m_openAction = new QAction(st->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setToolTip(tr("Apply manifest files (YAML or JSON, one or more documents) — all or nothing"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openFiles);

    m_applyAction = new QAction(st->standardIcon(QStyle::SP_DialogApplyButton), tr("&Apply"), this);
    m_applyAction->setObjectName(QStringLiteral("applyAction"));
    m_applyAction->setToolTip(tr("kubectl apply the editor's manifest"));
    connect(m_applyAction, &QAction::triggered, this, &MainWindow::applyEditor);

    m_resetAction = new QAction(st->standardIcon(QStyle::SP_BrowserReload), tr("&Reset cluster"), this);
    m_resetAction->setToolTip(tr("Throw the cluster away and start a fresh one: empty store, three Ready nodes"));
    connect(m_resetAction, &QAction::triggered, this, &MainWindow::resetCluster);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu *cluster = menuBar()->addMenu(tr("&Cluster"));
    cluster->addAction(m_applyAction);
    cluster->addAction(m_resetAction);

    auto *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_openAction);
    bar->addAction(m_applyAction);
    bar->addSeparator();
    bar->addAction(m_resetAction);

    m_revisionStatus = new QLabel(this);
    m_revisionStatus->setObjectName(QStringLiteral("revisionStatus"));
    m_timeStatus = new QLabel(this);
    m_countStatus = new QLabel(this);
    // Permanent widgets, so that transient messages (apply results) never hide them.
    for (QLabel *label : {m_revisionStatus, m_timeStatus, m_countStatus}) {
        label->setContentsMargins(8, 0, 8, 0);
        if (label != m_revisionStatus) {
            auto *line = new QFrame(this);
            line->setFrameShape(QFrame::VLine);
            line->setFrameShadow(QFrame::Sunken);
            statusBar()->addPermanentWidget(line);
        }
        statusBar()->addPermanentWidget(label);
    }
}

void MainWindow::connectSession()
{
    connect(m_session, &ClusterSession::clusterReset, this, &MainWindow::resetModels);
    connect(m_session, &ClusterSession::storeEvents, this, [this](const std::vector<store::WatchEvent> &events) {
        m_objects->apply(events);
        m_keys->apply(events, m_session->monotonicMs());
        m_watch->append(events);
        m_etcdPanel->storeEventsApplied(events);
        selectPending();
    });
    connect(m_session, &ClusterSession::traceEvents, m_trace, &TraceEventModel::append);
    connect(m_session, &ClusterSession::frameDone, this, [this](qint64 now) {
        m_keys->tick(now);
        updateStatusBar();
    });
}

void MainWindow::resetModels()
{
    const store::RangeResult &snap = m_session->snapshot();
    m_objects->reset(snap.kvs);
    m_keys->reset(snap.kvs, snap.revision);
    m_watch->clear();
    m_trace->clear();
    m_inspector->clear();
    m_pendingSelection.clear();
    m_etcdPanel->setStore(&m_session->store());
    updateStatusBar();
}

void MainWindow::refreshNow()
{
    m_session->frame();
}

void MainWindow::updateStatusBar()
{
    m_revisionStatus->setText(tr("Revision %1").arg(m_keys->revision()));
    const qint64 now = m_session->cluster().clock().now();
    m_timeStatus->setText(tr("Virtual time %1 (%2 UTC)%3")
                              .arg(formatElapsed(m_session->elapsedMs()),
                                   QDateTime::fromMSecsSinceEpoch(now, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                                   m_session->isTimeRunning() ? QString() : tr(" · paused")));
    m_countStatus->setText(tr("%1 nodes · %2 deployments · %3 replicasets · %4 pods · %5 other")
                               .arg(m_objects->objectCount(ObjectTreeModel::Nodes))
                               .arg(m_objects->objectCount(ObjectTreeModel::Deployments))
                               .arg(m_objects->objectCount(ObjectTreeModel::ReplicaSets))
                               .arg(m_objects->objectCount(ObjectTreeModel::Pods))
                               .arg(m_objects->objectCount(ObjectTreeModel::Other)));
}

QString MainWindow::statusText() const
{
    return QStringList{m_revisionStatus->text(), m_timeStatus->text(), m_countStatus->text()}.join(QLatin1String(" | "));
}

void MainWindow::selectPending()
{
    if (m_pendingSelection.isEmpty())
        return;
    const QModelIndex index = m_objects->indexOfKey(m_pendingSelection);
    if (!index.isValid())
        return;
    m_pendingSelection.clear();
    m_objectsPanel->view()->setCurrentIndex(index);
    m_objectsPanel->view()->scrollTo(index);
}

void MainWindow::showReport(const ApplyReport &report)
{
    m_editor->showReport(report);
    // The first applied object is selected once the tree has it (next frame, or now if unchanged).
    m_pendingSelection = report.ok() ? report.keys.value(0) : QByteArray();
    selectPending();
    if (report.ok())
        statusBar()->showMessage(report.results.join(QLatin1String(", ")), 5000);
    else
        statusBar()->showMessage(tr("Refused, nothing changed"), 5000);
}

ApplyReport MainWindow::applyEditor()
{
    const ApplyReport report = m_session->apply({ManifestSource{m_editor->sourceName(), m_editor->text().toUtf8(), {}}});
    showReport(report);
    return report;
}

ApplyReport MainWindow::applyText(const QString &text, const QString &name)
{
    m_editor->setText(text);
    m_editor->setSourceName(name);
    return applyEditor();
}

ApplyReport MainWindow::applyFiles(const QStringList &paths)
{
    QList<ManifestSource> sources;
    for (const QString &path : paths)
        sources.append(ManifestSource::fromFile(path));
    if (sources.size() == 1 && sources.first().readError.isEmpty()) {
        // One file: show it in the editor, so its errors point at highlighted lines.
        m_editor->setText(QString::fromUtf8(sources.first().text));
        m_editor->setSourceName(sources.first().name);
    }
    const ApplyReport report = m_session->apply(sources);
    showReport(report);
    return report;
}

void MainWindow::openFiles()
{
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("mainwindow/lastDir")).toString();
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Apply manifests"), dir,
                                                            tr("Manifests (*.yaml *.yml *.json);;All files (*)"));
    if (paths.isEmpty())
        return;
    settings.setValue(QStringLiteral("mainwindow/lastDir"), QFileInfo(paths.first()).absolutePath());
    applyFiles(paths);
}

void MainWindow::resetCluster()
{
    m_session->reset();
    m_editor->clearMessages();
    statusBar()->showMessage(tr("Fresh cluster: three Ready nodes, nothing else"), 5000);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_options.persistLayout) {
        QSettings settings;
        settings.setValue(QStringLiteral("mainwindow/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("mainwindow/state"), saveState(kStateVersion));
    }
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!manifestPaths(event->mimeData()).isEmpty() || (event->mimeData()->hasText() && !event->mimeData()->hasUrls()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QStringList paths = manifestPaths(event->mimeData());
    if (!paths.isEmpty())
        applyFiles(paths);
    else if (event->mimeData()->hasText())
        applyText(event->mimeData()->text(), tr("dropped text"));
    else
        return;
    event->acceptProposedAction();
}

} // namespace rlab::ui
