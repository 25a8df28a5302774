#include "ui/controls/podcontrols.h"

#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/commands/clusterqueries.h"
#include "ui/controls/combofill.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>

namespace rlab::ui {

PodControls::PodControls(ClusterSession &session, ClusterCommands *commands, QWidget *parent)
    : QGroupBox(tr("Pods"), parent), m_session(session), m_pod(new QComboBox(this)),
      m_delete(new QPushButton(tr("Delete pod"), this)), m_deleteRandom(new QPushButton(tr("Delete random"), this))
{
    m_pod->setObjectName(QStringLiteral("podBox"));
    m_pod->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_pod->setMinimumContentsLength(10);
    m_delete->setToolTip(tr("kubectl delete pod: graceful; the ReplicaSet creates a replacement"));
    m_deleteRandom->setToolTip(tr("kubectl delete pod on one of the Deployment's pods, chosen at random"));
    auto *row = new QHBoxLayout;
    for (QPushButton *b : {m_delete, m_deleteRandom}) {
        b->setMinimumHeight(fontMetrics().height() * 2);
        b->setAutoDefault(false);
        row->addWidget(b);
    }
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_pod);
    layout->addLayout(row);
    connect(m_delete, &QPushButton::clicked, this, [this, commands] { commands->deletePod(m_pod->currentData().toString()); });
    connect(m_deleteRandom, &QPushButton::clicked, this, [this, commands] { commands->deleteRandomPod(m_deployment); });
    setEnabled(false);
    m_pods.reset(session.sharedSnapshot(), session.namespace_());
    connect(&session, &ClusterSession::clusterReset, this, [this] { m_pods.reset(m_session.sharedSnapshot(), m_session.namespace_()); });
    connect(&session, &ClusterSession::storeEvents, this, [this](const std::vector<view::WatchEvent> &events) { m_pods.apply(events); });
}

void PodControls::setDeployment(const QString &name, bool refreshNow)
{
    m_deployment = name;
    setEnabled(!name.isEmpty());
    if (refreshNow)
        refresh();
}

bool PodControls::refresh(int budgetMs)
{
    if (budgetMs >= 0 && !m_pods.rebuild(budgetMs))
        return false;
    QList<QPair<QString, QVariant>> items;
    QStringList tips;
    if (!m_deployment.isEmpty()) {
        // The name's random suffix, as the canvas's chips show it ("g6bvr · Running · node-2"):
        // the whole "nginx-5f7799dff-g6bvr · …" does not fit a projector's Controls column.
        // Unbudgeted (a direct refresh: a Deployment picked, a small reset) through the API, as
        // it is now; in frames from the cache, as the handed-on writes left it.
        const QList<ClusterQueries::Pod> pods = budgetMs < 0 ? ClusterQueries::podsOf(m_session.readClient(), m_session.namespace_(), m_deployment, kMaxListed)
                                                             : m_pods.podsOf(m_deployment, kMaxListed);
        for (const ClusterQueries::Pod &p : pods) {
            ClusterQueries::Pod shortName = p;
            shortName.name = p.name.section(QLatin1Char('-'), -1);
            items.append({shortName.label(), p.name});
            tips << p.label();
        }
    }
    refillCombo(m_pod, items);
    for (int i = 0; i < m_pod->count() && i < tips.size(); ++i)
        m_pod->setItemData(i, tips[i], Qt::ToolTipRole);
    m_delete->setEnabled(!items.isEmpty());
    m_deleteRandom->setEnabled(!items.isEmpty());
    return true;
}

} // namespace rlab::ui
