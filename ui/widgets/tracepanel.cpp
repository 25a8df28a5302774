#include "ui/widgets/tracepanel.h"

#include "ui/models/traceeventmodel.h"
#include "ui/widgets/tailfollower.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace rlab::ui {

TracePanel::TracePanel(TraceEventModel *model, QWidget *parent)
    : QWidget(parent), m_view(new QTableView(this))
{
    m_view->setObjectName(QStringLiteral("traceTable"));
    m_view->setModel(model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setVisible(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    QHeaderView *header = m_view->horizontalHeader();
    header->setHighlightSections(false);
    header->setStretchLastSection(true);
    const QFontMetrics fm = m_view->fontMetrics();
    header->resizeSection(TraceEventModel::TimeColumn, fm.horizontalAdvance(QStringLiteral("000.000")) + 18);
    header->resizeSection(TraceEventModel::RevisionColumn, fm.horizontalAdvance(QStringLiteral("00000")) + 18);
    header->resizeSection(TraceEventModel::ComponentColumn, fm.horizontalAdvance(QStringLiteral("informer/deployments")) + 18);
    header->resizeSection(TraceEventModel::TypeColumn, fm.horizontalAdvance(QStringLiteral("ReconcileStart")) + 18);
    header->resizeSection(TraceEventModel::KeyColumn, fm.horizontalAdvance(QStringLiteral("/registry/deployments/default/nginx")) + 18);
    new TailFollower(m_view);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_view);
}

} // namespace rlab::ui
