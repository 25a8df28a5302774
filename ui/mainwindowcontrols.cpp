// MainWindow's controls: the Controls dock (ControlsPanel), the time toolbar (TimeControls) and
// the Time menu, and how their results reach the status bar. Split from mainwindow.cpp to keep
// both files small; same class, same thread rules (GUI thread only).
#include "ui/mainwindow.h"

#include "core/api/object.h"
#include "ui/clustersession.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/objectspanel.h"
#include "ui/widgets/timecontrols.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

namespace rlab::ui {

void MainWindow::createControls()
{
    m_controlsPanel = new ControlsPanel(*m_session, this);
    m_controlsDock = addPanel(m_controlsPanel, tr("Controls"), "controlsDock");
    m_timeControls = new TimeControls(*m_session, this);
    m_timeControls->setMovable(false);
    addToolBarBreak(Qt::TopToolBarArea);
    addToolBar(Qt::TopToolBarArea, m_timeControls);

    QMenu *time = menuBar()->addMenu(tr("&Time"));
    time->addActions({m_timeControls->playAction(), m_timeControls->stepAction(), m_timeControls->nextEventAction(),
                      m_timeControls->runUntilAction()});
    for (QMenu *menu : menuBar()->findChildren<QMenu *>()) {
        if (menu->title() == tr("&View"))
            menu->insertAction(menu->actions().value(0), m_controlsDock->toggleViewAction());
    }

    // "Run until complete" follows the Deployment chosen in the Controls, which follows the tree.
    connect(m_controlsPanel, &ControlsPanel::currentDeploymentChanged, m_timeControls, &TimeControls::setDeployment);
    m_timeControls->setDeployment(m_controlsPanel->currentDeployment());
    connect(m_objectsPanel, &ObjectsPanel::currentObjectChanged, this, [this](const api::ObjectPtr &object, const QByteArray &) {
        if (object && object->kindName == QLatin1String("Deployment"))
            m_controlsPanel->setCurrentDeployment(object->metadata.name);
    });
    connect(m_controlsPanel->commands(), &ClusterCommands::performed, this,
            [this](const QString &commandLine, const ClusterCommands::Result &result) {
                statusBar()->showMessage(QStringLiteral("%1  →  %2").arg(commandLine, result.ok() ? result.output : result.errorLine()), 8000);
            });
    connect(m_timeControls, &TimeControls::message, this, [this](const QString &text, bool) {
        statusBar()->showMessage(text, 8000);
        updateStatusBar();   // a step moved time without a frame
    });
    connect(m_session, &ClusterSession::timeRunningChanged, this, &MainWindow::updateStatusBar);
}

void MainWindow::placeControlsDock()
{
    // A tab next to the manifest editor: apply first, then act on what was applied.
    m_controlsDock->setFloating(false);
    m_controlsDock->show();
    addDockWidget(Qt::LeftDockWidgetArea, m_controlsDock);
    tabifyDockWidget(m_editorDock, m_controlsDock);
    m_editorDock->raise();
}

} // namespace rlab::ui
