#include "ui/live/livebanner.h"

#include "core/live/livesource.h"
#include "core/live/shadowcontroller.h"
#include "ui/clustersession.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace rlab::ui {

LiveBanner::LiveBanner(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("liveBanner"));
    setAttribute(Qt::WA_StyledBackground, true);
    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("liveHeadline"));
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    m_headline->setFont(big);
    m_shadow = new QLabel(this);
    m_shadow->setObjectName(QStringLiteral("liveShadow"));
    m_shadow->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);   // elided to the width: one line
    QFont mid = m_shadow->font();
    mid.setPointSizeF(mid.pointSizeF() * 1.15);
    m_shadow->setFont(mid);
    m_mismatch = new QLabel(this);
    m_mismatch->setObjectName(QStringLiteral("liveMismatch"));
    m_mismatch->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_mismatch->setFont(mid);
    m_writes = new QToolButton(this);
    m_writes->setObjectName(QStringLiteral("liveWrites"));
    m_writes->setCheckable(true);
    m_writes->setText(tr("Allow writes"));
    m_writes->setToolTip(tr("Send the window's commands (scale, set image, undo, pause, resume, restart, delete pod) to this cluster"));
    m_writes->setMinimumWidth(m_writes->fontMetrics().horizontalAdvance(tr("Writes enabled ✓")) + 24);
    connect(m_writes, &QToolButton::toggled, this, &LiveBanner::writesToggled);

    auto *top = new QHBoxLayout;
    top->addWidget(m_headline, 1);
    top->addWidget(m_writes);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_shadow);
    layout->addWidget(m_mismatch);
    connect(&session, &ClusterSession::liveChanged, this, &LiveBanner::refresh);
    connect(&session, &ClusterSession::frameDone, this, &LiveBanner::refresh);
    refresh();
}

QString LiveBanner::headline() const
{
    return m_headline->text();
}

QString LiveBanner::shadowLine() const
{
    return m_shadow->toolTip();
}

QString LiveBanner::mismatchLine() const
{
    return m_mismatch->toolTip();
}

void LiveBanner::setLine(QLabel *label, const QString &text)
{
    // One line each, so the strip keeps its height: the full sentence is the tooltip.
    label->setToolTip(text);
    label->setText(label->fontMetrics().elidedText(text, Qt::ElideRight, qMax(label->width(), 200)));
}

void LiveBanner::refresh()
{
    live::LiveSource *src = m_session.liveSource();   // LiveMenu shows and hides the banner's toolbar
    if (!src)
        return;
    const bool replay = !src->canWrite();
    const bool writes = src->writesEnabled();
    const char *bg = replay ? "#d6e9ff" : writes ? "#ffd0d0" : "#ffedb8";
    const char *edge = replay ? "#2f6fbf" : writes ? "#b00020" : "#c98a00";
    const QString style = QStringLiteral("#liveBanner { background: %1; border-bottom: 3px solid %2; } "
                                         "#liveBanner QLabel { color: #202020; }").arg(QLatin1String(bg), QLatin1String(edge));
    if (style != styleSheet())   // once per change, not per frame
        setStyleSheet(style);
    m_headline->setText(src->banner());
    m_writes->setVisible(!replay);
    {
        const QSignalBlocker block(m_writes);
        m_writes->setChecked(writes);
    }
    m_writes->setText(writes ? tr("Writes enabled ✓") : tr("Allow writes"));
    const live::ShadowController *shadow = src->shadow();
    if (!shadow) {
        setLine(m_shadow, QString());
        setLine(m_mismatch, QString());
        return;
    }
    using S = live::Prediction::State;
    const live::PredictionBook &book = shadow->book();
    // The ReplicaSet writes are the decisions a learner follows (status and Event wording differ
    // between versions): those are shown and counted here; the trace has every prediction.
    QString next, last, lastBad;
    int n[5] = {0, 0, 0, 0, 0};
    for (auto it = book.all().rbegin(); it != book.all().rend(); ++it) {
        if (it->write.resource != QLatin1String("replicasets"))
            continue;
        ++n[int(it->state)];
        if (next.isEmpty() && it->state == S::Pending)
            next = it->text;
        if (last.isEmpty() && it->state == S::Matched)
            last = it->text;
        if (lastBad.isEmpty() && (it->state == S::Mismatched || it->state == S::Expired))
            lastBad = QStringLiteral("%1: %2").arg(it->text, it->outcome);
    }
    const QString counts = tr("%1 matched · %2 mismatched · %3 not done · %4 pending")
                               .arg(n[int(S::Matched)]).arg(n[int(S::Mismatched)]).arg(n[int(S::Expired)]).arg(n[int(S::Pending)]);
    if (!next.isEmpty())
        setLine(m_shadow, tr("Shadow syncDeployment will: %1 — %2").arg(next, counts));
    else if (!last.isEmpty())
        setLine(m_shadow, tr("Shadow syncDeployment: nothing to do now (last predicted and done: %1) — %2").arg(last, counts));
    else
        setLine(m_shadow, tr("Shadow syncDeployment: nothing to do — %1").arg(counts));
    const QString lineStyle = lastBad.isEmpty() ? QStringLiteral("color: #1b7f3b;") : QStringLiteral("color: #b00020; font-weight: bold;");
    if (m_mismatch->styleSheet() != lineStyle)
        m_mismatch->setStyleSheet(lineStyle);
    setLine(m_mismatch, lastBad.isEmpty() ? tr("✓ No mismatch so far: the cluster did what the shadow controller predicted.")
                                          : QStringLiteral("⚠ ") + lastBad);
}

} // namespace rlab::ui
