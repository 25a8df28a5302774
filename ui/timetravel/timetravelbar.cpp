#include "ui/timetravel/timetravelbar.h"

#include "core/live/historybound.h"
#include "core/live/livesource.h"
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/theme.h"
#include "ui/timetravel/fieldoriginfinder.h"
#include "ui/timetravel/timetravel.h"
#include "ui/widgets/layoutbarrier.h"

#include <QEvent>
#include <QResizeEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>

namespace rlab::ui {

TimeTravelBar::TimeTravelBar(TimeTravel &travel, QWidget *parent)
    : QFrame(parent), m_travel(travel), m_session(travel.session()), m_origins(new FieldOriginFinder(travel, this)),
      m_banner(new QLabel(tr("Viewing the past — read-only"), this)), m_label(new QLabel(this)), m_dropped(new QLabel(this)),
      m_slider(new QSlider(Qt::Horizontal, this)), m_back(new QToolButton(this)), m_forward(new QToolButton(this)),
      m_live(new QPushButton(tr("Live"), this))
{
    setObjectName(QStringLiteral("timeTravelBar"));
    setFrameShape(QFrame::StyledPanel);
    m_banner->setObjectName(QStringLiteral("timeTravelBanner"));
    QFont bannerFont = font();
    bannerFont.setBold(true);
    m_banner->setFont(bannerFont);
    m_label->setObjectName(QStringLiteral("timeTravelLabel"));
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setMinimumWidth(200);
    m_back->setText(QStringLiteral("←"));
    m_back->setToolTip(tr("Previous revision: the cluster before the last write"));
    m_forward->setText(QStringLiteral("→"));
    m_forward->setToolTip(tr("Next revision"));
    m_live->setToolTip(tr("Back to the present: time runs again and writes show as they happen"));
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setToolTip(tr("Store revisions: every write (PUT or DELETE) is one step. Drag to see the cluster as it was."));

    auto *row = new QHBoxLayout;
    row->addWidget(m_back);
    row->addWidget(m_slider, 1);
    row->addWidget(m_forward);
    row->addWidget(m_live);
    auto *text = new QHBoxLayout;
    text->addWidget(m_banner);
    text->addWidget(new LayoutBarrier(m_label, this), 1);   // a new revision every frame
    m_dropped->setObjectName(QStringLiteral("timeTravelDropped"));
    m_dropped->setStyleSheet(QStringLiteral("color: #8a5a00;"));
    m_dropped->hide();
    text->addWidget(m_dropped);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addLayout(text);

    m_scrub.setSingleShot(true);
    m_scrub.setInterval(0);
    connect(&m_scrub, &QTimer::timeout, this, [this] {
        if (m_travel.isLive() && m_pendingValue == m_session.view().revision())
            return;
        if (m_pendingValue != m_travel.viewedRevision() || m_travel.isLive())
            m_travel.viewRevision(m_pendingValue);
    });
    connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
        m_pendingValue = value;
        showRevision(value);
        m_scrub.start();
    });
    connect(m_back, &QToolButton::clicked, this, &TimeTravelBar::stepBack);
    connect(m_forward, &QToolButton::clicked, this, &TimeTravelBar::stepForward);
    connect(m_live, &QPushButton::clicked, this, &TimeTravelBar::goLive);
    connect(&travel, &TimeTravel::liveChanged, this, &TimeTravelBar::applyLook);
    connect(&m_session, &ClusterSession::clusterReset, this, &TimeTravelBar::refresh);
    connect(&m_session, &ClusterSession::frameDone, this, [this] {
        if (m_travel.isLive())
            refresh();
    });
    applyLook(travel.isLive());
    refresh();
}

QString TimeTravelBar::describeRevision(qint64 rev) const
{
    QString text = tr("revision %1 of %2").arg(rev).arg(m_session.view().revision());
    if (const std::optional<TraceEvent> e = m_origins->index().atRevision(rev)) {
        const QString verb = e->type == QLatin1String("Delete") ? QStringLiteral("DELETE") : QStringLiteral("PUT");
        // The key without "/registry/" (every key has it): the line fits a 1280-px toolbar.
        QString key = e->key;
        if (key.startsWith(QLatin1String("/registry/")))
            key = key.mid(10);
        text += QStringLiteral(" · t=%1 · %2 %3").arg(formatVirtualTime(e->t), verb, key);
    } else if (rev <= 1) {
        text += tr(" · the empty store");
    }
    return text;
}

void TimeTravelBar::refresh()
{
    const qint64 current = m_session.view().revision();
    const qint64 shown = m_travel.viewedRevision();
    const qint64 oldest = m_travel.oldestViewableRevision();
    {
        const QSignalBlocker block(m_slider);
        m_slider->setRange(int(oldest), int(current));
        m_slider->setTickInterval(int(qMax<qint64>(1, (current - oldest) / 20)));
        m_slider->setValue(int(shown));
    }
    m_back->setEnabled(shown > oldest);
    m_forward->setEnabled(!m_travel.isLive() && shown < current);
    showRevision(shown);
    const QString dropped = droppedText();
    if (dropped != m_dropped->text()) {
        m_dropped->setText(dropped);
        m_dropped->setToolTip(dropped);
        m_dropped->setVisible(!dropped.isEmpty());
    }
}

QString TimeTravelBar::droppedText() const
{
    const qint64 oldest = m_travel.oldestViewableRevision();
    if (oldest <= 1)
        return {};
    const live::LiveSource *src = m_session.liveSource();
    const live::HistoryBound *bound = src ? src->history() : nullptr;
    if (bound && bound->droppedEvents() > 0)
        return tr("history before t=%1 dropped: live mode keeps at most %2 watch events and %3 MiB (%4 older events dropped)")
            .arg(formatVirtualTime(bound->droppedBeforeMs()))
            .arg(bound->maxEvents())
            .arg(double(bound->maxBytes()) / double(1 << 20), 0, 'f', bound->maxBytes() < (1 << 20) ? 2 : 0)
            .arg(bound->droppedEvents());
    return tr("history before revision %1 compacted").arg(oldest);
}

QString TimeTravelBar::describeRevisionShort(qint64 rev) const
{
    QString text = tr("revision %1 of %2").arg(rev).arg(m_session.view().revision());
    if (const std::optional<TraceEvent> e = m_origins->index().atRevision(rev))
        text += QStringLiteral(" · t=%1").arg(formatVirtualTime(e->t));
    return text;
}

void TimeTravelBar::showRevision(qint64 rev)
{
    m_labelRevision = rev;
    const QString full = describeRevision(rev);
    const bool fits = m_label->fontMetrics().horizontalAdvance(full) <= m_label->contentsRect().width();
    m_label->setText(fits ? full : describeRevisionShort(rev));
    m_label->setToolTip(full);
}

// A new width or font (presenter mode) picks the long or the short text again, at the next
// event-loop pass: the layout has given the label its width by then, and a bar being torn
// down with its window (the session already gone) never gets there.
void TimeTravelBar::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    QTimer::singleShot(0, this, [this] { showRevision(m_labelRevision); });
}

void TimeTravelBar::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        QTimer::singleShot(0, this, [this] { showRevision(m_labelRevision); });
}

void TimeTravelBar::applyLook(bool live)
{
    m_banner->setText(live ? tr("● Live") : tr("Viewing the past — read-only ·"));
    m_live->setEnabled(!live);
    m_live->setDefault(!live);
    setStyleSheet(live ? QString()
                       : QStringLiteral("#timeTravelBar { background: #ffd27a; border: 2px solid #c98a00; }"
                                        "#timeTravelBanner { color: #5a3a00; }"));
    if (live)
        m_banner->setStyleSheet(QStringLiteral("color: #1e8e3e;"));
    else
        m_banner->setStyleSheet(QString());
    refresh();
}

void TimeTravelBar::stepBack()
{
    m_travel.viewRevision(m_travel.viewedRevision() - 1);
}

void TimeTravelBar::stepForward()
{
    if (!m_travel.isLive())
        m_travel.viewRevision(m_travel.viewedRevision() + 1);
}

void TimeTravelBar::goLive()
{
    m_travel.returnToLive();
}

} // namespace rlab::ui
