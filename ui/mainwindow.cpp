#include "ui/mainwindow.h"

#include "ui/lessons/lessonpanel.h"
#include "ui/scene/canvastext.h"
#include "ui/theme.h"
#include "ui/widgets/glyphwarmer.h"

#include "core/sim/view/clusterview.h"
#include "ui/apply/applyprogressdialog.h"
#include "ui/apply/backgroundapply.h"
#include "ui/clustersession.h"
#include "ui/record/labautosave.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/live/labonly.h"
#include "ui/models/etcdkeymodel.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/storemodels.h"
#include "ui/timetravel/timetravel.h"
#include "ui/widgets/etcdpanel.h"
#include "ui/widgets/manifesteditor.h"
#include "ui/widgets/objectinspector.h"
#include "ui/widgets/objectspanel.h"
#include "ui/widgets/layoutbarrier.h"

#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QLayout>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
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
    : QMainWindow(parent), m_options(options), m_session(new ClusterSession({}, this)),
      m_timeTravel(new TimeTravel(*m_session, this)), m_models(new StoreModels(*m_session, this))
{
    setWindowTitle(tr("Reconcile Lab"));
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowNestedDocks | QMainWindow::AllowTabbedDocks);
    createPanels();
    createActions();
    createMenus();
    createStatusBar();
    connectPanels();
    modelsReset();
    resize(defaultSize());
    restoreDefaultLayout();
    if (m_options.persistLayout) {
        QSettings settings;
        m_geometryRestored = restoreGeometry(settings.value(QStringLiteral("mainwindow/geometry")).toByteArray());
        m_dockSizesPending = !restoreState(settings.value(QStringLiteral("mainwindow/state")).toByteArray(), kStateVersion);
    }
    if (m_options.startFrames)
        m_session->start();
}

MainWindow::~MainWindow() = default;

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // The default proportions need the final window size, known only now.
    if (m_dockSizesPending)
        applyDefaultDockSizes();
    if (!m_glyphsWarm) {
        // Once, before anything plays: every font the panels and the canvas draw with, made
        // and drawn (GlyphWarmer: a panel's first paint in a running frame was ~10-20 ms).
        m_glyphsWarm = true;
        QList<QFont> extra{theme::monospaceFont()};
        for (const double scale : {1.1, 1.15, 1.2, 1.3, 2.2})
            extra << theme::headlineFont(scale);
        for (const bool presenter : {false, true})
            for (const CanvasText::Role role : CanvasText::drawnRoles(presenter))
                extra << CanvasText::font(role, presenter);
        GlyphWarmer::warm(GlyphWarmer::fontsOf(this, extra));
    }
}

bool MainWindow::raiseDock(const QString &name)
{
    QDockWidget *dock = m_panels.dock(name);
    if (!dock)
        return false;
    dock->show();
    dock->raise();
    return true;
}

void MainWindow::modelsReset()
{
    panel<ObjectInspector>(QStringLiteral("inspector"))->clear();
    m_pendingSelection.clear();
    panel<EtcdPanel>(QStringLiteral("etcd"))->setView(&m_session->view());
    updateStatusBar();
}

void MainWindow::refreshNow()
{
    m_session->frame();
    // A big reset (a saved lab above CanvasScene::kSliceKeys) is taken by the panels in the
    // frames' slices and off-thread builds: frames until they have it, at most a minute (a
    // screenshot, whose frames do not run, grabbed an empty canvas and no objects).
    QElapsedTimer waited;
    waited.start();
    while (m_session->isIntakeGated() && waited.elapsed() < 60'000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);   // the builds' swap-ins
        m_session->frame();
    }
    // A frame hands on only its intake budget's worth of writes and trace; a test or a
    // screenshot looks at everything up to now.
    if (!m_session->isIntakeGated())
        m_session->drain();
}

void MainWindow::updateStatusBar()
{
    // The revision the time-travel bar names ("revision N of N" while live, the viewed one in
    // the past): with the runner on its own thread the store can be a write ahead of the keys
    // model, and the two bars disagreed by one now and then.
    m_revisionStatus->setText(tr("Revision %1").arg(m_timeTravel->viewedRevision()));
    // While time travelling: the time of the viewed revision, as everything else shows the past.
    const qint64 elapsed = m_session->viewedElapsedMs();
    const qint64 now = m_session->view().startTime() + elapsed;
    const QString at = QDateTime::fromMSecsSinceEpoch(now, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    const QString paused = m_session->isTimeRunning() ? QString() : tr(" · paused");
    // The date goes to the tooltip: the bar's three labels then fit a projector's 1280 px. A live
    // session shows the cluster's own clock (the time since connecting is on the time toolbar).
    if (LabOnly::isLive(*m_session)) {
        m_timeStatus->setText(tr("Cluster time %1 UTC%2").arg(at, paused));
        m_timeStatus->setToolTip(QString());
    } else {
        m_timeStatus->setText(tr("Virtual time %1%2").arg(formatElapsed(elapsed), paused));
        m_timeStatus->setToolTip(tr("%1 UTC on the lab's clock").arg(at));
    }
    const ObjectTreeModel *objects = m_models->objects();
    m_countStatus->setText(tr("%1 nodes · %2 deployments · %3 replicasets · %4 pods · %5 other")
                               .arg(objects->objectCount(ObjectTreeModel::Nodes))
                               .arg(objects->objectCount(ObjectTreeModel::Deployments))
                               .arg(objects->objectCount(ObjectTreeModel::ReplicaSets))
                               .arg(objects->objectCount(ObjectTreeModel::Pods))
                               .arg(objects->objectCount(ObjectTreeModel::Other)));
    // A label whose text grew is laid out now, not at the next event-loop pass: its end is never
    // cut, also not in a screenshot taken right after a frame.
    bool grew = false;
    for (const QLabel *label : {m_revisionStatus, m_timeStatus, m_countStatus})
        if (auto *barrier = qobject_cast<LayoutBarrier *>(label->parentWidget()))
            grew |= barrier->sync();
    if (grew)
        statusBar()->layout()->activate();
}

QString MainWindow::statusText() const
{
    return QStringList{m_revisionStatus->text(), m_timeStatus->text(), m_countStatus->text()}.join(QLatin1String(" | "));
}

void MainWindow::showMessage(const QString &text, int ms)
{
    statusBar()->showMessage(text, ms);
}

void MainWindow::selectPending()
{
    if (m_pendingSelection.isEmpty())
        return;
    const QModelIndex index = m_models->objects()->indexOfKey(m_pendingSelection);
    if (!index.isValid())
        return;
    m_pendingSelection.clear();
    QTreeView *tree = panel<ObjectsPanel>(QStringLiteral("objects"))->view();
    tree->setCurrentIndex(index);
    tree->scrollTo(index);
}

void MainWindow::showReport(const ApplyReport &report)
{
    panel<ManifestEditor>(QStringLiteral("editor"))->showReport(report);
    // The first applied object is selected once the tree has it (next frame, or now if unchanged).
    m_pendingSelection = report.ok() ? report.keys.value(0) : QByteArray();
    selectPending();
    if (report.ok())
        showMessage(report.results.join(QLatin1String(", ")), 5000);
    else
        showMessage(tr("Refused, nothing changed"), 5000);
}

ApplyReport MainWindow::applyEditor()
{
    const ManifestEditor *editor = panel<ManifestEditor>(QStringLiteral("editor"));
    const QList<ManifestSource> sources{ManifestSource{editor->sourceName(), editor->text().toUtf8(), {}}};
    // A big text goes to the worker thread as Open…/drops do: the same ManifestApplier, so the
    // same file:line errors and all or nothing (frozen: the session refuses either way).
    const bool big = BackgroundApply::totalBytes(sources) > BackgroundApply::kBackgroundBytes;
    const ApplyReport report = big && !m_session->isFrozen() ? applyInBackground(sources) : m_session->apply(sources);
    showReport(report);
    return report;
}

ApplyReport MainWindow::applyText(const QString &text, const QString &name)
{
    if (m_session->isFrozen())   // time travel: refused before the editor is touched
        return refuseInThePast(name);
    ManifestEditor *editor = panel<ManifestEditor>(QStringLiteral("editor"));
    editor->setText(text);
    editor->setSourceName(name);
    return applyEditor();
}

ApplyReport MainWindow::applyFiles(const QStringList &paths)
{
    if (m_session->isFrozen())   // time travel: refused before the editor is touched
        return refuseInThePast(paths.value(0));
    QList<ManifestSource> sources;
    for (const QString &path : paths)
        sources.append(ManifestSource::fromFile(path));
    if (sources.size() == 1 && sources.first().readError.isEmpty()) {
        // One file: show it in the editor, so its errors point at highlighted lines.
        ManifestEditor *editor = panel<ManifestEditor>(QStringLiteral("editor"));
        editor->setText(QString::fromUtf8(sources.first().text));
        editor->setSourceName(sources.first().name);
    }
    // A big batch (thousands of objects) goes to a worker thread behind a progress dialog with
    // Cancel; the window keeps painting while this waits for it.
    if (BackgroundApply::totalBytes(sources) > BackgroundApply::kBackgroundBytes) {
        const ApplyReport report = applyInBackground(sources);
        showReport(report);
        return report;
    }
    const ApplyReport report = m_session->apply(sources);
    showReport(report);
    return report;
}

ApplyReport MainWindow::applyInBackground(const QList<ManifestSource> &sources)
{
    BackgroundApply *job = m_session->applyInBackground(sources);
    if (!job)
        return ApplyReport{{ApplyProblem{sources.value(0).name, 0, 0, tr("another batch is being applied"), {}}}, {}, {}, 0, 0};
    ApplyReport report;
    QEventLoop wait;
    connect(job, &BackgroundApply::finished, &wait, [&report, &wait](const ApplyReport &r) {
        report = r;
        wait.quit();
    });
    connect(job, &QObject::destroyed, &wait, &QEventLoop::quit);   // a reset threw it away
    auto *dialog = new ApplyProgressDialog(*job, this);
    dialog->show();
    wait.exec();
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

ApplyReport MainWindow::refuseInThePast(const QString &name)
{
    // ClusterSession::apply refuses (and reports) without writing; the editor keeps its text.
    const ApplyReport report = m_session->apply({ManifestSource{name, {}, {}}});
    showReport(report);
    return report;
}

bool MainWindow::confirmReset()
{
    if (!panel<LessonPanel>(QStringLiteral("lesson"))->isLessonRunning())
        return true;
    const QString question = tr("A lesson is running. Reset the cluster and end the lesson?");
    if (m_options.confirm)
        return m_options.confirm(question);
    return QMessageBox::question(this, tr("Reset cluster"), question, QMessageBox::Reset | QMessageBox::Cancel, QMessageBox::Cancel)
        == QMessageBox::Reset;
}

void MainWindow::resetCluster()
{
    if (m_session->isFrozen()) {   // the live cluster is not thrown away from the past
        showMessage(m_session->readOnlyError(), 8000);
        return;
    }
    if (LabOnly::isLive(*m_session)) {   // a real cluster is not thrown away from here
        showMessage(LabOnly::refusal(LabOnly::Reason::Reset), 8000);
        return;
    }
    if (!confirmReset())
        return;
    m_session->reset();
    panel<ManifestEditor>(QStringLiteral("editor"))->clearMessages();
    showMessage(tr("Fresh cluster: three Ready nodes, nothing else"), 5000);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_autosave)
        m_autosave->finish();   // a clean exit: nothing to offer next time
    if (m_options.persistLayout) {
        QSettings settings;
        settings.setValue(QStringLiteral("mainwindow/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("mainwindow/state"), saveState(kStateVersion));
    }
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (m_session->isFrozen())   // nothing is applied to the past
        return;
    if (!manifestPaths(event->mimeData()).isEmpty() || (event->mimeData()->hasText() && !event->mimeData()->hasUrls()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    if (m_session->isFrozen()) {
        showMessage(m_session->readOnlyError(), 8000);
        return;
    }
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
