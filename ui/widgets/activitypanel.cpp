#include "ui/widgets/activitypanel.h"

#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/i18n/tracewording.h"
#include "ui/live/livenote.h"
#include "ui/models/conflictexplainer.h"
#include "ui/models/reconcilemodel.h"
#include "ui/widgets/tailfollower.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QEvent>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace rlab::ui {

ActivityPanel::ActivityPanel(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(new ReconcileModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_chooser(new QComboBox(this)), m_view(new QTableView(this)),
      m_splitter(new QSplitter(Qt::Vertical, this)), m_detail(new QPlainTextEdit(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(ReconcileModel::ControllerColumn);
    m_chooser->setObjectName(QStringLiteral("activityChooser"));
    m_view->setObjectName(QStringLiteral("activityTable"));
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setVisible(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView *header = m_view->horizontalHeader();
    header->setHighlightSections(false);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    header->setStretchLastSection(true);
    const QFontMetrics fm = m_view->fontMetrics();
    header->resizeSection(ReconcileModel::TimeColumn, fm.horizontalAdvance(QStringLiteral("00000.000")) + 18);   // a day-long live session
    header->resizeSection(ReconcileModel::ControllerColumn, fm.horizontalAdvance(QStringLiteral("shadow/deployment")) + 18);   // the widest: a live session's shadow
    header->resizeSection(ReconcileModel::WorkerColumn, fm.horizontalAdvance(QStringLiteral("Worker")) + 18);
    header->resizeSection(ReconcileModel::KeyColumn, fm.horizontalAdvance(QStringLiteral("default/nginx-5f7799dff-abc12")) + 18);
    header->resizeSection(ReconcileModel::DurationColumn, fm.horizontalAdvance(QStringLiteral("running…")) + 18);
    new TailFollower(m_view);

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Reconciles of"), this));
    top->addWidget(m_chooser, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    m_liveNote = new LiveNote(session, tr("Live cluster: its controllers reconcile inside kube-controller-manager, out of sight of the API. "
                                          "Shown here: the shadow controller's syncDeployment on the cluster's state (shadow/deployment)."), this);
    layout->addWidget(m_liveNote);
    m_detail->setObjectName(QStringLiteral("activityDetail"));
    m_detail->setReadOnly(true);
    m_detail->setPlaceholderText(tr("Select a reconcile to read everything it did."));
    m_splitter->addWidget(m_view);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    m_detail->setMinimumHeight(fm.height() * 2 + 12);
    layout->addWidget(m_splitter, 1);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ActivityPanel::showDetail);

    connect(m_chooser, &QComboBox::currentIndexChanged, this, [this] {
        const QString name = m_chooser->currentData().toString();
        m_proxy->setFilterRegularExpression(name.isEmpty() ? QString()
                                                           : QStringLiteral("^%1$").arg(QRegularExpression::escape(name)));
    });
    connect(&session, &ClusterSession::traceEvents, m_model, &ReconcileModel::append);
    connect(&session, &ClusterSession::clusterReset, this, [this] {
        m_model->clear();
        rebuildChooser();
    });
    rebuildChooser();
}

void ActivityPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        showDetail(m_view->currentIndex());   // the sentence in the new language
    QWidget::changeEvent(event);
}

void ActivityPanel::showDetail(const QModelIndex &current)
{
    if (!current.isValid()) {
        m_detail->clear();
        return;
    }
    const QString text = current.data(ReconcileModel::SentenceRole).toString();
    QString detail = TraceWording::display(detailText(text));
    // "the object has been modified": say which write moved the object, from the trace.
    const qint64 endSeq = current.data(ReconcileModel::EndSeqRole).toLongLong();
    if (ConflictExplainer::isConflict(text) && endSeq > 0) {
        const view::ClusterView &v = m_session.view();
        const qint64 from = qMax<qint64>(0, endSeq - kConflictLookBack);
        const std::optional<ConflictExplainer::Write> write =
            ConflictExplainer::find(v.trace(from, std::size_t(endSeq - from)), endSeq);
        if (write)
            detail += QStringLiteral("\n\n") + ConflictExplainer::explain(*write, current.siblingAtColumn(ReconcileModel::ControllerColumn).data().toString());
    }
    m_detail->setPlainText(detail);
}

QString ActivityPanel::detailText(const QString &traceText)
{
    const int colon = int(traceText.indexOf(QStringLiteral(": ")));
    if (colon < 0)
        return traceText;
    QString out = traceText.left(colon + 1);
    for (const QString &step : traceText.mid(colon + 2).split(QStringLiteral("; ")))
        out += QStringLiteral("\n  • ") + step;
    return out;
}

void ActivityPanel::rebuildChooser()
{
    const QString current = m_chooser->currentData().toString();
    m_chooser->clear();
    m_chooser->addItem(tr("all controllers"), QString());
    for (const QString &name : m_session.view().controllerNames())
        m_chooser->addItem(name, name);
    m_chooser->setCurrentIndex(qMax(0, m_chooser->findData(current)));
}

} // namespace rlab::ui
