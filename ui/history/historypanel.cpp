#include "ui/history/historypanel.h"

#include "core/api/deploymentutil.h"
#include "ui/clustersession.h"
#include "ui/history/historymodel.h"
#include "ui/history/revisionexplainer.h"
#include "ui/history/templatetext.h"
#include "ui/theme.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextEdit>
#include <QVBoxLayout>

namespace rlab::ui {

namespace rollout = kubectl::rollout;

HistoryPanel::HistoryPanel(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(new HistoryModel(this)), m_deploymentPicker(new QComboBox(this)),
      m_table(new QTableView(this)), m_from(new QComboBox(this)), m_to(new QComboBox(this)), m_diffView(new QTextEdit(this)),
      m_rollback(new QPushButton(tr("Roll back to this revision"), this)), m_output(new QLabel(this)),
      m_explanation(new QLabel(this))
{
    m_deploymentPicker->setObjectName(QStringLiteral("deploymentPicker"));
    m_table->setObjectName(QStringLiteral("historyTable"));
    m_rollback->setObjectName(QStringLiteral("rollback"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(HistoryModel::ChangeCauseColumn, QHeaderView::Stretch);
    m_rollback->setToolTip(tr("kubectl rollout undo --to-revision=<the selected row's revision>"));
    m_table->setAlternatingRowColors(true);
    m_diffView->setReadOnly(true);
    m_diffView->setFont(theme::monospaceFont());
    m_diffView->setLineWrapMode(QTextEdit::NoWrap);
    m_output->setFont(theme::monospaceFont());
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setWordWrap(true);

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Deployment:"), this));
    top->addWidget(m_deploymentPicker, 1);
    top->addWidget(m_rollback);
    auto *cmp = new QHBoxLayout;
    cmp->addWidget(new QLabel(tr("Template diff: revision"), this));
    cmp->addWidget(m_from);
    cmp->addWidget(new QLabel(tr("→ revision"), this));
    cmp->addWidget(m_to);
    cmp->addStretch(1);
    auto *rules = new QLabel(RevisionExplainer::rules(), this);
    rules->setWordWrap(true);
    rules->setStyleSheet(QStringLiteral("color: %1").arg(theme::muted().name()));

    auto *upper = new QWidget(this);
    auto *ul = new QVBoxLayout(upper);
    ul->setContentsMargins(0, 0, 0, 0);
    ul->addLayout(top);
    ul->addWidget(m_table, 1);
    ul->addWidget(m_output);
    ul->addWidget(m_explanation);
    auto *lower = new QWidget(this);
    auto *ll = new QVBoxLayout(lower);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->addLayout(cmp);
    ll->addWidget(m_diffView, 1);
    ll->addWidget(rules);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(upper);
    split->addWidget(lower);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(&session, &ClusterSession::clusterReset, this, &HistoryPanel::onReset);
    connect(&session, &ClusterSession::frozenChanged, this, [this] { refresh(); });
    connect(&session, &ClusterSession::storeEvents, this, &HistoryPanel::onStoreEvents);
    connect(m_deploymentPicker, &QComboBox::currentTextChanged, this, [this](const QString &k) {
        if (!k.isEmpty())
            setDeployment(k);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &HistoryPanel::onSelectionChanged);
    auto pick = [this] { compare(m_from->currentData().toLongLong(), m_to->currentData().toLongLong()); };
    connect(m_from, &QComboBox::activated, this, pick);
    connect(m_to, &QComboBox::activated, this, pick);
    connect(m_rollback, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            rollBackTo(rows.last().data(HistoryModel::RevisionRole).toLongLong());
    });
    onReset();
}

void HistoryPanel::onReset()
{
    m_cache.reset(m_session.snapshot());
    m_deployment.clear();
    m_lastDeployment.reset();
    m_output->clear();
    m_explanation->clear();
    fillDeploymentPicker();
    const QStringList keys = m_cache.deploymentKeys();
    setDeployment(keys.isEmpty() ? QString() : keys.first());
}

void HistoryPanel::fillDeploymentPicker()
{
    const QSignalBlocker block(m_deploymentPicker);
    m_deploymentPicker->clear();
    m_deploymentPicker->addItems(m_cache.deploymentKeys());
    m_deploymentPicker->setCurrentText(m_deployment);
}

void HistoryPanel::setDeployment(const QString &key)
{
    m_deployment = key;
    m_lastDeployment = m_cache.deployment(key);
    m_deploymentPicker->setCurrentText(key);
    m_output->clear();
    m_explanation->clear();
    refresh();
    const QList<qint64> revs = m_model->revisions();
    if (revs.size() >= 2)
        compare(revs[revs.size() - 2], revs.last());
    else
        compare(-1, -1);
}

void HistoryPanel::onStoreEvents(const std::vector<rlab::view::WatchEvent> &events)
{
    if (!m_cache.apply(events))
        return;
    if (m_cache.deploymentKeys() != [this] {
            QStringList k;
            for (int i = 0; i < m_deploymentPicker->count(); ++i)
                k << m_deploymentPicker->itemText(i);
            return k;
        }())
        fillDeploymentPicker();
    if (m_deployment.isEmpty() && !m_cache.deploymentKeys().isEmpty()) {
        setDeployment(m_cache.deploymentKeys().first());
        return;
    }
    const QString ns = m_deployment.section(QLatin1Char('/'), 0, 0);
    const QByteArray dKey = "/registry/deployments/" + m_deployment.toUtf8();
    const QByteArray rsPrefix = "/registry/replicasets/" + ns.toUtf8() + '/';
    bool touched = false;
    for (const view::WatchEvent &e : events)
        touched |= e.kv.key == dKey || e.kv.key.startsWith(rsPrefix);
    if (!touched)
        return;
    const QList<rollout::HistoryEntry> before = m_model->entries();
    const DeploymentPtr now = m_cache.deployment(m_deployment);
    if (now && (!m_lastDeployment || now->metadata.generation != m_lastDeployment->metadata.generation))
        m_explanation->setText(RevisionExplainer::explain(m_lastDeployment.get(), *now, before));
    m_lastDeployment = now;
    const QList<qint64> revsBefore = m_model->revisions();
    refresh();
    const QList<qint64> revs = m_model->revisions();
    if (revs != revsBefore && revs.size() >= 2)
        compare(revs[revs.size() - 2], revs.last());
}

void HistoryPanel::refresh()
{
    // rollout::historyEntries from the cache instead of the API server: the list is re-read on
    // every ReplicaSet status write during a rollout, and GETs from here would fill the
    // "API requests per second" chart. Same rule: ascending revisions, unparsable ones skipped.
    QList<rollout::HistoryEntry> entries;
    if (const DeploymentPtr d = m_cache.deployment(m_deployment)) {
        QMap<qint64, rollout::HistoryEntry> byRevision;
        for (const ReplicaSetCPtr &rs : m_cache.replicaSetsOf(*d)) {
            bool ok = false;
            const qint64 v = deploymentutil::Revision(*rs, &ok);
            if (ok)
                byRevision.insert(v, rollout::HistoryEntry{v, rs->metadata.annotations.value(deploymentutil::ChangeCauseAnnotation), rs});
        }
        entries = byRevision.values();
    }
    QList<qint64> selected;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        selected << i.data(HistoryModel::RevisionRole).toLongLong();
    m_model->setEntries(entries);
    for (qint64 r : selected)
        if (const int row = m_model->rowOf(r); row >= 0)
            m_table->selectionModel()->select(m_model->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    m_rollback->setEnabled(!entries.isEmpty() && !m_session.isFrozen());   // the past is read-only
    m_rollback->setToolTip(m_session.isFrozen() ? m_session.readOnlyError()
                                                : tr("kubectl rollout undo --to-revision=<the selected row's revision>"));
    fillRevisionPickers();
}

void HistoryPanel::fillRevisionPickers()
{
    for (QComboBox *box : {m_from, m_to}) {
        const qint64 current = box->currentData().toLongLong();
        const QSignalBlocker block(box);
        box->clear();
        for (qint64 r : m_model->revisions())
            box->addItem(QString::number(r), r);
        const int i = box->findData(current);
        if (i >= 0)
            box->setCurrentIndex(i);
    }
}

void HistoryPanel::onSelectionChanged()
{
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.size() < 2)
        return;
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    compare(rows.first().data(HistoryModel::RevisionRole).toLongLong(), rows.last().data(HistoryModel::RevisionRole).toLongLong());
}

bool HistoryPanel::compare(qint64 from, qint64 to)
{
    const rollout::HistoryEntry *a = m_model->entry(from);
    const rollout::HistoryEntry *b = m_model->entry(to);
    m_diff.clear();
    if (a && b && a->replicaSet && b->replicaSet)
        m_diff = LineDiff::compute(TemplateText::lines(a->replicaSet->spec.template_),
                                   TemplateText::lines(b->replicaSet->spec.template_));
    for (auto [box, rev] : {std::pair{m_from, from}, std::pair{m_to, to}}) {
        const QSignalBlocker block(box);
        const int i = box->findData(rev);
        if (i >= 0)
            box->setCurrentIndex(i);
    }
    renderDiff();
    return a && b;
}

QString HistoryPanel::diffText() const
{
    return LineDiff::unified(m_diff).join(QLatin1Char('\n'));
}

void HistoryPanel::renderDiff()
{
    if (m_diff.isEmpty()) {
        m_diffView->setPlainText(tr("Pick two revisions (or select two rows) to see how their pod templates differ."));
        return;
    }
    QString html = QStringLiteral("<pre style=\"margin:0\">");
    bool anchored = false;
    for (const LineDiff::Line &l : m_diff) {
        if (l.op != LineDiff::Op::Same && !anchored) {
            html += QStringLiteral("<a name=\"change\"></a>");
            anchored = true;
        }
        const QString text = (l.op == LineDiff::Op::Same ? QStringLiteral("  ") : l.op == LineDiff::Op::Removed ? QStringLiteral("- ") : QStringLiteral("+ "))
            + l.text.toHtmlEscaped();
        if (l.op == LineDiff::Op::Same)
            html += text + QLatin1Char('\n');
        else
            html += QStringLiteral("<span style=\"background:%1;color:%2;font-weight:bold\">%3</span>\n")
                        .arg(l.op == LineDiff::Op::Removed ? QStringLiteral("#fbe3e4") : QStringLiteral("#e2f5e6"),
                             (l.op == LineDiff::Op::Removed ? theme::deleted() : theme::created()).name(), text);
    }
    html += QStringLiteral("</pre>");
    m_diffView->setHtml(html);
    if (anchored)
        m_diffView->scrollToAnchor(QStringLiteral("change"));
}

rollout::RolloutResult HistoryPanel::rollBackTo(qint64 revision)
{
    const QString ns = m_deployment.section(QLatin1Char('/'), 0, 0);
    const QString name = m_deployment.section(QLatin1Char('/'), 1);
    rollout::RolloutResult r;
    if (m_session.isFrozen())   // time travel: never undo the live Deployment from the past
        r.error = m_session.readOnlyError();
    else
        r = rollout::rolloutUndo(m_session.client(), ns, name, revision);
    m_output->setText(QStringLiteral("$ kubectl rollout undo deployment/%1 --to-revision=%2\n%3")
                          .arg(name).arg(revision).arg(r.ok() ? r.output : r.errorLine()));
    return r;
}

QString HistoryPanel::rollbackOutput() const
{
    return m_output->text();
}

QString HistoryPanel::explanation() const
{
    return m_explanation->text();
}

} // namespace rlab::ui
