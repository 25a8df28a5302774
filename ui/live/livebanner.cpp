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
    m_shadow->setWordWrap(true);
    QFont mid = m_shadow->font();
    mid.setPointSizeF(mid.pointSizeF() * 1.15);
    m_shadow->setFont(mid);
    m_mismatch = new QLabel(this);
    m_mismatch->setObjectName(QStringLiteral("liveMismatch"));
    m_mismatch->setWordWrap(true);
    m_mismatch->setFont(mid);
    m_mismatch->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
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
    return m_shadow->text();
}

QString LiveBanner::mismatchLine() const
{
    return m_mismatch->text();
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
        m_shadow->clear();
        m_mismatch->clear();
        return;
    }
    using S = live::Prediction::State;
    const live::PredictionBook &book = shadow->book();
    QString next, last;
    QString lastBad;
    for (auto it = book.all().rbegin(); it != book.all().rend(); ++it) {
        const bool shown = it->write.resource == QLatin1String("replicasets");
        if (next.isEmpty() && it->state == S::Pending && shown)
            next = it->text;
        if (last.isEmpty() && it->state == S::Matched && shown)
            last = it->text;
        if (lastBad.isEmpty() && (it->state == S::Mismatched || it->state == S::Expired))
            lastBad = QStringLiteral("%1: %2").arg(it->text, it->outcome);
    }
    const QString counts = tr("%1 matched · %2 mismatched · %3 not done · %4 pending")
                               .arg(book.count(S::Matched)).arg(book.count(S::Mismatched)).arg(book.count(S::Expired))
                               .arg(book.count(S::Pending));
    if (!next.isEmpty())
        m_shadow->setText(tr("Shadow syncDeployment will: %1 — %2").arg(next, counts));
    else if (!last.isEmpty())
        m_shadow->setText(tr("Shadow syncDeployment: nothing to do now (last predicted and done: %1) — %2").arg(last, counts));
    else
        m_shadow->setText(tr("Shadow syncDeployment: nothing to do — %1").arg(counts));
    m_mismatch->setText(lastBad.isEmpty() ? QString() : QStringLiteral("⚠ ") + lastBad);
    m_mismatch->setVisible(!lastBad.isEmpty());
}

} // namespace rlab::ui
