#include "ui/arithmetic/arithmeticpanel.h"

#include "core/api/deploymentutil.h"
#include "ui/arithmetic/rollingmath.h"
#include "ui/arithmetic/syncstepdelegate.h"
#include "ui/arithmetic/syncstepmodel.h"
#include "ui/clustersession.h"
#include "ui/i18n/tracewording.h"
#include "ui/lessons/softbreaks.h"
#include "ui/live/livenote.h"
#include "ui/theme.h"
#include "ui/widgets/tailfollower.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTextBrowser>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QTextDocument>
#include <QVBoxLayout>

namespace rlab::ui {

namespace du = deploymentutil;

ArithmeticPanel::ArithmeticPanel(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_steps(new SyncStepModel(this)), m_picker(new QComboBox(this)),
      m_summary(new QTextBrowser(this)), m_table(new QTableView(this)), m_delegate(new SyncStepDelegate(m_table))
{
    m_picker->setObjectName(QStringLiteral("deploymentPicker"));
    m_summary->setObjectName(QStringLiteral("arithmeticSummary"));
    // A read-only text view, not a word-wrapped QLabel in a scroll area: the label laid its table
    // out at five widths or more on each change to find its size hints (~40 ms a change on a
    // loaded machine, issue #17); the view lays it out once, at its width, and scrolls up and down.
    m_summary->setFrameShape(QFrame::NoFrame);
    m_summary->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_summary->setOpenLinks(false);
    m_summary->viewport()->setAutoFillBackground(false);
    m_table->setObjectName(QStringLiteral("syncStepTable"));
    m_table->setModel(m_steps);
    m_table->verticalHeader()->setVisible(false);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    QHeaderView *h = m_table->horizontalHeader();
    h->setStretchLastSection(true);
    const QFontMetrics fm = m_table->fontMetrics();
    h->resizeSection(SyncStepModel::TimeColumn, fm.horizontalAdvance(QStringLiteral("0000.000")) + 16);
    h->resizeSection(SyncStepModel::StepColumn, fm.horizontalAdvance(QStringLiteral("scaleDownOldReplicaSetsForRollingUpdate")) + 16);
    h->resizeSection(SyncStepModel::ReplicaSetColumn, fm.horizontalAdvance(QStringLiteral("nginx-5f7799dff0")) + 16);
    h->resizeSection(SyncStepModel::MoveColumn, fm.horizontalAdvance(QStringLiteral("spec.replicas")) + 16);
    m_table->setItemDelegate(m_delegate);
    connect(m_steps, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &, int first, int last) { fitRows(first, last); });
    connect(m_steps, &QAbstractItemModel::modelReset, this, [this] { fitRows(0, m_steps->rowCount() - 1); });
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section, int, int) {
        if (section == SyncStepModel::TimeColumn)
            fitRows(0, m_steps->rowCount() - 1);
    });
    new TailFollower(m_table);

    auto *top = m_top = new QBoxLayout(QBoxLayout::LeftToRight);
    top->addWidget(new QLabel(tr("Deployment:"), this));
    top->addWidget(m_picker, 1);
    auto *upper = new QWidget(this);
    auto *ul = new QVBoxLayout(upper);
    ul->setContentsMargins(0, 0, 0, 0);
    ul->addLayout(top);
    m_liveNote = new LiveNote(session, tr("Live cluster: the figures come from its Deployment's spec and status; the sync log below is "
                                          "the shadow controller's syncDeployment on that state."), upper);
    ul->addWidget(m_liveNote);
    // The summary scrolls up and down when the pane is short (large type), never sideways.
    ul->addWidget(m_summary, 1);
    auto *split = m_split = new QSplitter(Qt::Vertical, this);
    split->addWidget(upper);
    split->addWidget(m_table);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    m_summaryTimer.setSingleShot(true);
    // While the session's frames run, the held-back redraw waits for the next frame's start,
    // where its time comes out of that frame's intake (issue #17: between two frames, setHtml's
    // 3-5 ms lengthened the frame next to it); if no frame took it kDueFallbackMs later (the
    // frames stopped), the timer's second shot draws it.
    connect(&m_summaryTimer, &QTimer::timeout, this, [this] {
        if (m_session.isRunning() && !m_summaryDue) {
            m_summaryDue = true;
            m_summaryTimer.start(kDueFallbackMs);
        } else {
            updateSummary();
        }
    });
    connect(&session, &ClusterSession::frameStarted, this, [this] {
        if (m_summaryDue)
            updateSummary();
    });
    connect(&session, &ClusterSession::clusterReset, this, &ArithmeticPanel::onReset);
    connect(&session, &ClusterSession::storeEvents, this, &ArithmeticPanel::onStoreEvents);
    connect(&session, &ClusterSession::traceEvents, m_steps, &SyncStepModel::append);
    connect(m_picker, &QComboBox::currentTextChanged, this, [this](const QString &k) {
        if (!k.isEmpty())
            setDeployment(k);
    });
    onReset();
}

void ArithmeticPanel::changeEvent(QEvent *event)
{
    // The summary is one HTML text built from tr() and TraceWording: rebuilt in the new language.
    if (event->type() == QEvent::LanguageChange)
        updateSummary();
    if (event->type() == QEvent::FontChange) {
        updateNarrow();
        fitRows(0, m_steps->rowCount() - 1);
    }
    QWidget::changeEvent(event);
}

void ArithmeticPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateNarrow();
    // Stacked, the summary needs about as much height as the log: at least 40 % of it.
    const QList<int> sizes = m_split->sizes();
    const int h = sizes.value(0) + sizes.value(1);
    if (m_narrow && h > 0 && sizes.value(0) < h * 2 / 5)
        m_split->setSizes({h / 2, h - h / 2});
}

void ArithmeticPanel::updateNarrow()
{
    const bool narrow = width() < fontMetrics().averageCharWidth() * kNarrowChars;
    if (narrow == m_narrow && m_delegate->isCombined() == narrow)
        return;
    m_narrow = narrow;
    m_top->setDirection(narrow ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    // The log: one wrapped paragraph per row in the first column, or the five columns.
    m_delegate->setCombined(narrow);
    for (int c = 1; c < SyncStepModel::ColumnCount; ++c)
        m_table->setColumnHidden(c, narrow);
    m_table->horizontalHeader()->setVisible(!narrow);
    if (narrow)
        fitRows(0, m_steps->rowCount() - 1);
    else
        m_table->verticalHeader()->reset();   // rows back to one line each
    updateSummary();
}

void ArithmeticPanel::fitRows(int first, int last)
{
    // Each row as tall as its paragraph at the column's width: set for the rows that came (the
    // log grows by a few rows per frame), all of them only when the width changed — not the
    // header's ResizeToContents, which measures every row at every insertion.
    if (!m_narrow)
        return;
    QStyleOptionViewItem option;
    option.initFrom(m_table);
    option.font = m_table->font();
    for (int r = std::max(first, 0); r <= last && r < m_steps->rowCount(); ++r)
        m_table->setRowHeight(r, m_delegate->sizeHint(option, m_steps->index(r, 0)).height());
}

void ArithmeticPanel::onReset()
{
    m_cache.reset(m_session.snapshot());
    m_steps->clear();
    m_deployment.clear();
    fillPicker();
    const QStringList keys = m_cache.deploymentKeys();
    m_deployment = keys.isEmpty() ? QString() : keys.first();
    {
        const QSignalBlocker block(m_picker);
        m_picker->setCurrentText(m_deployment);
    }
    m_steps->setKey(m_deployment);
    // The summary's rich-text table is parsed and laid out again in the scroll area (~25 ms):
    // not in the frame that restores a lab (issue #17), nor in the same turn of the event loop
    // (a zero timer ran inside the same blocked stretch), but a few frames later.
    m_summaryHtml.clear();
    m_summary->clear();
    m_summaryTimer.start(kResetSummaryDelayMs);
}

void ArithmeticPanel::fillPicker()
{
    const QSignalBlocker block(m_picker);
    m_picker->clear();
    m_picker->addItems(m_cache.deploymentKeys());
    m_picker->setCurrentText(m_deployment);
}

void ArithmeticPanel::setDeployment(const QString &key)
{
    m_deployment = key;
    m_picker->setCurrentText(key);
    m_steps->setKey(key);
    // A few frames later, as after a reset: the Controls pick the first Deployment in a
    // restored lab's staged refresh, whose frame already has its work (issue #17).
    m_summaryTimer.start(kResetSummaryDelayMs);
}

void ArithmeticPanel::showObject(const QString &objectRef)
{
    if (!objectRef.startsWith(QLatin1String("Deployment/")))
        return;
    const QString name = objectRef.section(QLatin1Char('/'), 1);
    for (const QString &key : m_cache.deploymentKeys())
        if (key.section(QLatin1Char('/'), 1) == name) {
            if (key != m_deployment)
                setDeployment(key);
            return;
        }
}

void ArithmeticPanel::onStoreEvents(const std::vector<rlab::view::WatchEvent> &events)
{
    if (!m_cache.apply(events))
        return;
    if (m_picker->count() != m_cache.deploymentKeys().size())
        fillPicker();
    if (m_deployment.isEmpty() && !m_cache.deploymentKeys().isEmpty())
        setDeployment(m_cache.deploymentKeys().first());
    else
        scheduleSummary();
}

void ArithmeticPanel::scheduleSummary()
{
    if (m_summaryTimer.isActive())
        return;   // the held-back redraw will show these writes too
    const qint64 since = m_lastSummary.isValid() ? m_lastSummary.elapsed() : m_summaryIntervalMs;
    if (since >= m_summaryIntervalMs) {
        if (m_session.isRunning()) {
            // Not inside the frame's intake (its 3-5 ms of setHtml ran past the intake's budget):
            // at the next frame's start, which takes it out of that frame's intake.
            m_summaryDue = true;
            m_summaryTimer.start(kDueFallbackMs);
            return;
        }
        m_lastSummary.start();
        updateSummary();
        return;
    }
    m_summaryTimer.start(int(m_summaryIntervalMs - since));
}

void ArithmeticPanel::updateSummary()
{
    // Held back or not, the interval counts from here (a held-back redraw that restarted
    // nothing let the next write redraw again a frame later: two redraws per interval).
    m_summaryTimer.stop();
    m_summaryDue = false;
    m_lastSummary.start();
    const DeploymentPtr d = m_cache.deployment(m_deployment);
    const QString html = d ? summaryHtml(*d, m_cache.replicaSetsOf(*d), m_narrow)
                           : tr("Apply a Deployment to see its rolling-update arithmetic.").toHtmlEscaped();
    if (html == m_summaryHtml)
        return;   // setHtml lays the document out again even when nothing changed
    m_summaryHtml = html;
    m_summary->setHtml(html);
    ++m_summaryRedraws;
}

QString ArithmeticPanel::summaryText() const
{
    if (m_summaryTimer.isActive())
        const_cast<ArithmeticPanel *>(this)->updateSummary();   // what the panel is about to show
    return SoftBreaks::strip(m_summary->toPlainText());
}

QString ArithmeticPanel::summaryHtml(const api::Deployment &d, const QList<ReplicaSetCPtr> &rss, bool narrow)
{
    const RollingMath::Fenceposts f = RollingMath::resolve(d);
    // Wide: a table of name, value, rule. Narrow: each row a paragraph, the rule under its value.
    auto row = [narrow](const QString &k, const QString &v, const QString &how = {}) {
        if (narrow)
            return QStringLiteral("<p style=\"margin:0 0 6px 0\"><b>%1&nbsp;&nbsp;%2</b>%3</p>")
                .arg(k.toHtmlEscaped(), v.toHtmlEscaped(), how.isEmpty() ? QString() : QStringLiteral("<br>") + SoftBreaks::insert(how, 12).toHtmlEscaped());
        return QStringLiteral("<tr><td><b>%1</b></td><td align=right style=\"padding:0 12px\"><b>%2</b></td><td>%3</td></tr>")
            .arg(k.toHtmlEscaped(), v.toHtmlEscaped(), how.toHtmlEscaped());
    };
    const QString open = narrow ? QString() : QStringLiteral("<table cellspacing=3>");
    const QString close = narrow ? QString() : QStringLiteral("</table>");
    const QString name = QStringLiteral("deployment/") + d.metadata.name;
    QString html = QStringLiteral("<p style=\"font-size:large\"><b>%1</b> · %2</p>")
                       .arg((narrow ? SoftBreaks::insert(name, 12) : name).toHtmlEscaped(), tr("strategy %1").arg(d.spec.strategy.type).toHtmlEscaped())
                   + open;
    html += row(QStringLiteral("replicas"), QString::number(f.replicas), QStringLiteral("spec.replicas"));
    if (!f.error.isEmpty()) {
        html += row(QStringLiteral("error"), QString(), f.error);
        return html + close;
    }
    html += row(QStringLiteral("maxSurge"), QString::number(f.surge), tr("as written %1: %2").arg(TraceWording::display(f.surgeWritten), TraceWording::display(f.surgeRule)));
    html += row(QStringLiteral("maxUnavailable"), QString::number(f.unavailable),
                tr("as written %1: %2").arg(TraceWording::display(f.unavailableWritten), TraceWording::display(f.unavailableRule)));
    html += row(tr("allowed total"), QString::number(f.maxTotal),
                tr("replicas %1 + maxSurge %2: never more pods than this").arg(f.replicas).arg(f.surge));
    html += row(tr("minimum available"), QString::number(f.minAvailable),
                tr("replicas %1 − maxUnavailable %2: never fewer available pods").arg(f.replicas).arg(f.unavailable));

    ReplicaSetCPtr newRS;
    for (const ReplicaSetCPtr &rs : rss)
        if (!newRS && du::EqualIgnoreHash(rs->spec.template_, d.spec.template_))
            newRS = rs;
    int total = 0, available = 0;
    for (const ReplicaSetCPtr &rs : rss) {
        total += rs->replicas();
        available += rs->status.availableReplicas;
    }
    const int newReplicas = newRS ? newRS->replicas() : 0;
    html += row(tr("current total"), QString::number(total),
                tr("spec.replicas over %1 ReplicaSet(s): new %2, old %3").arg(rss.size()).arg(newReplicas).arg(total - newReplicas));
    html += row(tr("available now"), QString::number(available), tr("status.availableReplicas summed"));
    if (du::IsRollingUpdate(d)) {
        const RollingMath::NewRSStep up = RollingMath::newRSNewReplicas(f.replicas, f.surge, total, newReplicas);
        html += row(tr("scale up now?"), QString::number(up.result),
                    QStringLiteral("reconcileNewReplicaSet: %1").arg(TraceWording::display(up.text)));
        const int newUnavailable = newRS ? newRS->replicas() - newRS->status.availableReplicas : 0;
        const int maxScaledDown = total - f.minAvailable - newUnavailable;
        html += row(tr("scale down now?"), QString::number(std::max(0, maxScaledDown)),
                    tr("reconcileOldReplicaSets: total %1 − minAvailable %2 − %3 unavailable in the new RS = %4")
                        .arg(total).arg(f.minAvailable).arg(newUnavailable).arg(maxScaledDown));
    }
    return html + close;
}

} // namespace rlab::ui
