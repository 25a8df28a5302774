#include "ui/presenter/highlightoverlay.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QEvent>
#include <QPainter>
#include <QPainterPath>

namespace rlab::ui {

HighlightOverlay::HighlightOverlay(QWidget *window)
    : QWidget(window)
{
    setObjectName(QStringLiteral("highlightOverlay"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
}

void HighlightOverlay::showOn(QWidget *target, const QString &label, QWidget *room)
{
    watch(false);
    if (room != m_room || label != m_label)
        giveRoomBack();
    m_target = target;
    m_label = label;
    if (!target) {
        hide();
        return;
    }
    if (room && !label.isEmpty() && room != m_room) {
        m_room = room;
        m_roomMargins = room->contentsMargins();
        room->setContentsMargins(m_roomMargins + QMargins(0, stripHeight(), 0, 0));
    }
    watch(true);
    place();
}

void HighlightOverlay::giveRoomBack()
{
    if (m_room)
        m_room->setContentsMargins(m_roomMargins);
    m_room = nullptr;
}

int HighlightOverlay::stripHeight() const
{
    QFont f = font();
    f.setBold(true);
    return QFontMetrics(f).height() + 8 + 6;   // labelRect's height, 2 + 4 px around it
}

void HighlightOverlay::clear()
{
    showOn(nullptr, QString());
}

void HighlightOverlay::watch(bool on)
{
    for (const QPointer<QWidget> &w : std::as_const(m_watched))
        if (w)
            w->removeEventFilter(this);
    m_watched.clear();
    if (!on || !m_target)
        return;
    for (QWidget *w = m_target; w && w != parentWidget(); w = w->parentWidget()) {
        w->installEventFilter(this);
        m_watched << w;
    }
}

QRect HighlightOverlay::targetRect() const
{
    if (!m_target || !parentWidget())
        return {};
    const QPoint topLeft = m_target->mapTo(parentWidget(), QPoint(0, 0));
    return QRect(topLeft, m_target->size()).adjusted(-kMargin, -kMargin, kMargin, kMargin);
}

void HighlightOverlay::place()
{
    if (!m_target || !m_target->isVisible() || !parentWidget()) {
        hide();
        return;
    }
    setGeometry(targetRect().intersected(parentWidget()->rect()));
    // The target's own buttons and choosers stay uncovered (the canvas's −/+/Fit, a panel's
    // commands, the Workqueues' "deployment + replicaset").
    m_holes.clear();
    QRegion mask(rect());
    QList<QWidget *> controls;
    for (QAbstractButton *b : m_target->findChildren<QAbstractButton *>())
        controls << b;
    for (QComboBox *c : m_target->findChildren<QComboBox *>())
        controls << c;
    for (QWidget *b : std::as_const(controls)) {
        if (!b->isVisible())
            continue;
        const QRect r = QRect(b->mapTo(parentWidget(), QPoint(0, 0)) - pos(), b->size()).adjusted(-2, -2, 2, 2);
        if (!r.intersects(rect()))
            continue;
        m_holes << r;
        mask -= r;
    }
    setMask(mask);
    raise();
    show();
    update();
}

bool HighlightOverlay::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::Move:
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::Hide:
    case QEvent::ParentChange:
        if (watched == m_target && event->type() == QEvent::ParentChange)
            watch(true);
        place();
        break;
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

QRect HighlightOverlay::labelRect() const
{
    if (!m_target || m_label.isEmpty() || !parentWidget())
        return {};
    QFont f = font();
    f.setBold(true);
    const QFontMetrics fm(f);
    const QRect box = targetRect().intersected(parentWidget()->rect()).adjusted(2, 2, -2, -2);
    // Top-right inside the box: dock titles and first lines are left-aligned, so this hides least;
    // below the target's buttons when they sit there (the canvas's zoom buttons).
    QRect label(0, box.top() + 6, fm.horizontalAdvance(m_label) + 20, fm.height() + 8);
    label.moveRight(box.right() - 6);
    if (label.left() < box.left() + 6)
        label.moveLeft(box.left() + 6);
    for (bool moved = true; moved && label.bottom() < box.bottom();) {
        moved = false;
        for (const QRect &hole : m_holes) {
            const QRect inWindow = hole.translated(pos());
            if (inWindow.intersects(label)) {
                label.moveTop(inWindow.bottom() + 6);
                moved = true;
            }
        }
    }
    return label;
}

QList<QRect> HighlightOverlay::keptClear() const
{
    QList<QRect> out;
    for (const QRect &r : m_holes)
        out << r.translated(pos());
    return out;
}

void HighlightOverlay::paintEvent(QPaintEvent *)
{
    if (!m_target)
        return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QColor accent(0xf5, 0x9e, 0x0b);   // amber: visible on light and dark panels
    const QRect box = targetRect().translated(-pos()).adjusted(2, 2, -2, -2);
    QColor fill = accent;
    fill.setAlpha(40);
    p.setPen(QPen(accent, 4));
    p.setBrush(fill);
    p.drawRoundedRect(box, 10, 10);
    if (m_label.isEmpty())
        return;
    QFont f = font();
    f.setBold(true);
    p.setFont(f);
    const QRect label = labelRect().translated(-pos());
    p.setPen(Qt::NoPen);
    p.setBrush(accent);
    p.drawRoundedRect(label, 6, 6);
    p.setPen(Qt::black);
    p.drawText(label, Qt::AlignCenter, m_label);
}

} // namespace rlab::ui
