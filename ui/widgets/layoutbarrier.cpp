#include "ui/widgets/layoutbarrier.h"

#include <QCoreApplication>
#include <QEvent>
#include <QResizeEvent>

#include <utility>

namespace rlab::ui {

LayoutBarrier::LayoutBarrier(QWidget *child, QWidget *parent) : QWidget(parent), m_child(child)
{
    m_child->setParent(this);
    m_child->installEventFilter(this);
    setSizePolicy(m_child->sizePolicy());
    if (m_child->testAttribute(Qt::WA_WState_ExplicitShowHide) && m_child->isHidden())
        hide();   // and shown again with it (eventFilter)
    refit();
}

QSize LayoutBarrier::sizeHint() const
{
    return m_hint.expandedTo(m_child->sizeHint());
}

QSize LayoutBarrier::minimumSizeHint() const
{
    return m_minHint.expandedTo(m_child->minimumSizeHint().expandedTo(m_child->minimumSize()));
}

bool LayoutBarrier::sync()
{
    const int before = m_hintChanges;
    take(true);
    return m_hintChanges != before;
}

void LayoutBarrier::refit()
{
    take(false);
}

void LayoutBarrier::take(bool growOnly)
{
    QSize hint = m_child->sizeHint();
    QSize minHint = m_child->minimumSizeHint().expandedTo(m_child->minimumSize());
    if (growOnly) {
        // Wider only; the height follows the text (a second line, a larger font) both ways.
        hint.setWidth(qMax(hint.width(), m_hint.width()));
        minHint.setWidth(qMax(minHint.width(), m_minHint.width()));
    }
    if (hint == m_hint && minHint == m_minHint)
        return;
    m_hint = hint;
    m_minHint = minHint;
    ++m_hintChanges;
    updateGeometry();
}

bool LayoutBarrier::event(QEvent *event)
{
    // Posted here by the child's updateGeometry (the barrier has no layout to invalidate).
    if (event->type() == QEvent::LayoutRequest) {
        take(!std::exchange(m_refitPending, false));
        return true;
    }
    return QWidget::event(event);
}

bool LayoutBarrier::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_child) {
        switch (event->type()) {
        case QEvent::HideToParent:
            hide();
            break;
        case QEvent::ShowToParent:
            show();
            break;
        case QEvent::FontChange:
        case QEvent::StyleChange:
            // The child's hints change in its own handler, after this one: fitted at the request.
            m_refitPending = true;
            QCoreApplication::postEvent(this, new QEvent(QEvent::LayoutRequest));
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LayoutBarrier::resizeEvent(QResizeEvent *event)
{
    m_child->setGeometry(QRect(QPoint(0, 0), event->size()));
    QWidget::resizeEvent(event);
}

} // namespace rlab::ui
