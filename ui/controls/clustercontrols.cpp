#include "ui/controls/clustercontrols.h"

#include "core/live/livesource.h"

#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/commands/clusterqueries.h"
#include "ui/controls/combofill.h"
#include "ui/live/labonly.h"
#include "ui/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace rlab::ui {

ClusterControls::ClusterControls(ClusterSession &session, ClusterCommands *commands, QWidget *parent)
    : QGroupBox(tr("Nodes and controllers"), parent), m_session(session), m_node(new QComboBox(this)),
      m_floor(new QCheckBox(tr("Replica-floor controller"), this))
{
    m_node->setObjectName(QStringLiteral("nodeBox"));
    m_node->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_node->setMinimumContentsLength(10);
    m_fail = button(tr("Fail node"), tr("The node's kubelet stops: NotReady (Unknown), tainted unreachable; pods evicted after 300 s"));
    m_recover = button(tr("Recover node"), tr("The kubelet posts Ready again; Terminating pods on it are removed"));
    auto *nodeRow = new QHBoxLayout;
    nodeRow->addWidget(m_fail);
    nodeRow->addWidget(m_recover);
    m_floor->setToolTip(tr("The lab's custom controller, written with the controller-runtime style Builder"));
    m_floor->setObjectName(QStringLiteral("replicaFloorBox"));
    auto *hint = new QLabel(tr("Raises any Deployment below 3 replicas to 3: scale to 1 and watch two level-based controllers converge."), this);
    hint->setWordWrap(true);
    QPalette p = hint->palette();
    p.setColor(QPalette::WindowText, theme::muted());
    hint->setPalette(p);
    m_reset = button(tr("Reset cluster"), tr("Throw the cluster away: empty store, three Ready nodes"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_node);
    layout->addLayout(nodeRow);
    layout->addWidget(m_floor);
    layout->addWidget(hint);
    layout->addWidget(m_reset);
    connect(m_fail, &QPushButton::clicked, this, [this, commands] { commands->failNode(m_node->currentData().toString()); });
    connect(m_recover, &QPushButton::clicked, this, [this, commands] { commands->recoverNode(m_node->currentData().toString()); });
    connect(m_floor, &QCheckBox::toggled, this, [commands](bool on) { commands->setReplicaFloorEnabled(on); });
    connect(m_reset, &QPushButton::clicked, this, [commands] { commands->resetCluster(); });
    connect(&session, &ClusterSession::liveChanged, this, [this] { updateEnabled(m_node->count() > 0); });
}

QPushButton *ClusterControls::button(const QString &text, const QString &tip)
{
    auto *b = new QPushButton(text, this);
    b->setToolTip(tip);
    b->setMinimumHeight(fontMetrics().height() * 2);
    b->setAutoDefault(false);
    return b;
}

void ClusterControls::refresh()
{
    QList<QPair<QString, QVariant>> items;
    for (const ClusterQueries::Node &n : ClusterQueries::nodes(m_session.readClient()))
        items.append({n.label(), n.name});
    refillCombo(m_node, items);
    const QSignalBlocker block(m_floor);
    m_floor->setChecked(m_session.view().replicaFloorEnabled());
    updateEnabled(!items.isEmpty());
}

void ClusterControls::updateEnabled(bool haveNodes)
{
    const bool live = LabOnly::isLive(m_session);
    LabOnly::set(m_fail, live, haveNodes, LabOnly::Reason::Faults);
    LabOnly::set(m_recover, live, haveNodes, LabOnly::Reason::Faults);
    LabOnly::set(m_floor, live, true, LabOnly::Reason::ReplicaFloor);
    LabOnly::set(m_reset, live, true, LabOnly::Reason::Reset);
}

} // namespace rlab::ui
