#include "ui/widgets/controlspanel.h"

#include "ui/clustersession.h"
#include "ui/commands/clusterqueries.h"
#include "ui/controls/clustercontrols.h"
#include "ui/controls/combofill.h"
#include "ui/controls/commandterminal.h"
#include "ui/controls/deploymentcontrols.h"
#include "ui/controls/podcontrols.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace rlab::ui {

namespace {
constexpr qint64 kPodRefreshMs = 250;
} // namespace

ControlsPanel::ControlsPanel(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_commands(new ClusterCommands(session, this))
{
    setObjectName(QStringLiteral("controlsPanel"));
    auto *content = new QWidget;
    m_deployment = new QComboBox(content);
    m_deployment->setObjectName(QStringLiteral("deploymentBox"));
    QFont big = m_deployment->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_deployment->setFont(big);
    m_deployment->setPlaceholderText(tr("none yet: apply one"));
    m_deployment->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_deployment->setMinimumContentsLength(8);
    m_terminal = new CommandTerminal(content);
    m_deploymentControls = new DeploymentControls(session, m_commands, content);
    m_pods = new PodControls(session, m_commands, content);
    m_cluster = new ClusterControls(session, m_commands, content);

    auto *head = new QHBoxLayout;
    auto *title = new QLabel(tr("Deployment"), content);
    title->setFont(big);
    head->addWidget(title);
    head->addWidget(m_deployment, 1);
    // Every button that writes sits in one box, disabled as a whole while viewing the past.
    m_readOnlyNote = new QLabel(content);
    m_readOnlyNote->setObjectName(QStringLiteral("readOnlyNote"));
    m_readOnlyNote->setWordWrap(true);
    m_readOnlyNote->setStyleSheet(QStringLiteral("QLabel { background: #fff3cd; color: #6b4e00; border: 1px solid #e0b000;"
                                                 " border-radius: 3px; padding: 4px; }"));
    m_readOnlyNote->hide();
    m_commandBox = new QWidget(content);
    m_commandBox->setObjectName(QStringLiteral("commandBox"));
    auto *commandLayout = new QVBoxLayout(m_commandBox);
    commandLayout->setContentsMargins(0, 0, 0, 0);
    commandLayout->setSpacing(8);
    for (QWidget *w : {static_cast<QWidget *>(m_deploymentControls), static_cast<QWidget *>(m_pods), static_cast<QWidget *>(m_cluster)}) {
        w->setParent(m_commandBox);
        commandLayout->addWidget(w);
    }
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(8);
    layout->addLayout(head);
    layout->addWidget(m_terminal);
    layout->addWidget(m_readOnlyNote);
    layout->addWidget(m_commandBox);
    layout->addStretch(1);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);   // the column narrows instead
    // ...also when the vertical scroll bar takes its 14 px: nothing is cut at the right edge.
    content->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connectSession();
    refresh();
    showFrozen(session.isFrozen());
}

void ControlsPanel::connectSession()
{
    connect(m_commands, &ClusterCommands::performed, this, [this](const QString &commandLine, const ClusterCommands::Result &r) {
        m_terminal->showCommand(commandLine, r);
        if (r.ok())   // the command used what was typed: from now on the fields show the Deployment
            m_deploymentControls->commandDone();
        refresh();
    });
    connect(m_deployment, &QComboBox::currentIndexChanged, this, &ControlsPanel::deploymentChosen);
    connect(&m_session, &ClusterSession::clusterReset, this, &ControlsPanel::clusterWasReset);
    connect(&m_session, &ClusterSession::frozenChanged, this, &ControlsPanel::showFrozen);
    connect(&m_session, &ClusterSession::storeEvents, this, [this](const std::vector<view::WatchEvent> &events) {
        bool deployments = false, details = false, nodes = false;
        for (const view::WatchEvent &e : events) {
            const QByteArray &k = e.kv.key;
            deployments |= k.startsWith("/registry/deployments/") && (e.type == view::WatchEvent::Delete || e.isCreate());
            details |= k.startsWith("/registry/deployments/") || k.startsWith("/registry/replicasets/");
            nodes |= k.startsWith("/registry/minions/");
            m_podsDirty |= k.startsWith("/registry/pods/");
        }
        if (deployments)
            refreshDeployments();
        if (details)
            m_deploymentControls->refresh();
        if (nodes)
            m_cluster->refresh();
    });
    connect(&m_session, &ClusterSession::frameDone, this, [this](qint64 now) {
        if (m_stage > 0) {
            refreshStage();
            return;
        }
        if (m_podsDirty && now - m_podsRefreshedAt >= kPodRefreshMs) {
            m_podsRefreshedAt = now;
            m_podsDirty = !refreshPods();
        }
    });
}

bool ControlsPanel::refreshPods()
{
    // Sized by the frame's budget left: its time is the budget's (see noteBudgetedNs).
    QElapsedTimer spent;
    spent.start();
    const bool done = m_pods->refresh(m_session.frameBudgetLeftMs());
    m_session.noteBudgetedNs(spent.nsecsElapsed());
    return done;
}

void ControlsPanel::showFrozen(bool frozen)
{
    m_commandBox->setEnabled(!frozen);
    m_readOnlyNote->setVisible(frozen);
    m_readOnlyNote->setText(frozen ? tr("Viewing the past (read-only): every command is off until you return to Live.") : QString());
}

QString ControlsPanel::currentDeployment() const
{
    return m_deployment->currentText();
}

void ControlsPanel::setCurrentDeployment(const QString &name)
{
    const int at = m_deployment->findText(name);
    if (at >= 0)
        m_deployment->setCurrentIndex(at);
}

void ControlsPanel::deploymentChosen()
{
    // During a staged refresh the next stages re-read both (one per frame).
    m_deploymentControls->setDeployment(currentDeployment(), m_stage == 0 || m_stage > 2);
    m_pods->setDeployment(currentDeployment(), m_stage == 0);
    emit currentDeploymentChanged(currentDeployment());
}

void ControlsPanel::clusterWasReset()
{
    if (m_session.snapshot().kvs.size() < m_stagedResetKeys) {
        refresh();
        return;
    }
    m_stage = 1;   // from the next frame on, one chooser per frame
}

void ControlsPanel::refreshStage()
{
    switch (m_stage) {
    case 1:
        refreshDeployments();
        break;
    case 2:
        m_deploymentControls->refresh();
        break;
    case 3:
        m_cluster->refresh();
        break;
    default:
        // The pods are read from the reset's snapshot in what is left of each frame's budget.
        if (!refreshPods())
            return;
        m_podsDirty = false;
        break;
    }
    m_stage = m_stage >= 4 ? 0 : m_stage + 1;
}

void ControlsPanel::refresh()
{
    m_stage = 0;
    refreshDeployments();
    m_deploymentControls->refresh();
    m_podsDirty = false;
    m_pods->refresh();
    m_cluster->refresh();
}

void ControlsPanel::refreshDeployments()
{
    const QString before = currentDeployment();
    QList<QPair<QString, QVariant>> items;
    for (const QString &name : ClusterQueries::deployments(m_session.readClient(), m_session.namespace_()))
        items.append({name, name});
    refillCombo(m_deployment, items);   // quietly: a change is announced once, below
    if (currentDeployment() != before)
        deploymentChosen();
}

QString ControlsPanel::outputText() const
{
    return m_terminal->text();
}

} // namespace rlab::ui
