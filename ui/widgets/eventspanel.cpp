#include "ui/widgets/eventspanel.h"

#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/models/eventsmodel.h"
#include "ui/theme.h"
#include "ui/widgets/tailfollower.h"
#include "ui/widgets/layoutbarrier.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace rlab::ui {

EventsPanel::EventsPanel(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(new EventsModel(this)), m_summary(new QLabel(this)),
      m_view(new QTableView(this))
{
    m_summary->setObjectName(QStringLiteral("eventsSummary"));
    m_view->setObjectName(QStringLiteral("eventsTable"));
    m_view->setModel(m_model);
    // A big build's swap-in runs in a frame's budget (ClusterSession::atFrameStart).
    m_model->setHandOver([this](std::function<void()> work) { m_session.atFrameStart(this, std::move(work)); });
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setVisible(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView *header = m_view->horizontalHeader();
    header->setHighlightSections(false);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    const QFontMetrics fm = m_view->fontMetrics();
    QFont bold = m_view->font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    header->resizeSection(EventsModel::LastSeenColumn, fm.horizontalAdvance(QStringLiteral("LAST SEEN")) + 22);
    header->resizeSection(EventsModel::TypeColumn, bfm.horizontalAdvance(QStringLiteral("Warning")) + 22);
    header->resizeSection(EventsModel::ReasonColumn, bfm.horizontalAdvance(QStringLiteral("ScalingReplicaSet")) + 22);
    header->resizeSection(EventsModel::ObjectColumn, fm.horizontalAdvance(QStringLiteral("pod/nginx-5f7799dff-abc12")) + 30);
    header->resizeSection(EventsModel::CountColumn, fm.horizontalAdvance(QStringLiteral("COUNT")) + 22);
    header->setSectionResizeMode(EventsModel::MessageColumn, QHeaderView::Stretch);
    new TailFollower(m_view);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(new LayoutBarrier(m_summary, this));   // a new count every frame
    layout->addWidget(m_view, 1);

    connect(&session, &ClusterSession::storeEvents, this, [this](const std::vector<view::WatchEvent> &events) {
        m_model->apply(events, m_session.monotonicMs());
    });
    connect(&session, &ClusterSession::frameDone, this, [this](qint64 monotonicMs) {
        m_model->tick(m_session.view().now(), monotonicMs);
        updateSummary();
    });
    session.addIntakeGate(this, [this] { return m_model->isBuilding(); });   // issue #17
    connect(&session, &ClusterSession::clusterReset, this, [this] {
        const std::shared_ptr<const view::Snapshot> snap = m_session.sharedSnapshot();
        m_model->resetShared(std::shared_ptr<const std::vector<view::KeyValue>>(snap, &snap->kvs));   // no copy here
        updateSummary();
    });
    m_model->reset(session.snapshot().kvs);
    m_model->tick(session.view().now(), session.monotonicMs());
    updateSummary();
}

void EventsPanel::updateSummary()
{
    const int warnings = m_model->warningCount();
    const int n = m_model->rowCount();
    QString text = n == 1 ? tr("1 event") : tr("%1 events").arg(n);
    if (warnings > 0)
        text += QStringLiteral(" · <b style=\"color:#c2410c\">%1</b>").arg(warnings == 1 ? tr("1 Warning") : tr("%1 Warnings").arg(warnings));
    m_summary->setText(text);
}

} // namespace rlab::ui
