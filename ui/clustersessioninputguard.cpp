#include "ui/clustersessioninputguard.h"

#include <QCoreApplication>
#include <QEvent>

namespace rlab::ui {

ClusterSessionInputGuard::ClusterSessionInputGuard(std::function<void()> onInput, QObject *parent)
    : QObject(parent), m_onInput(std::move(onInput))
{
    if (QCoreApplication *app = QCoreApplication::instance())
        app->installEventFilter(this);
}

ClusterSessionInputGuard::~ClusterSessionInputGuard()
{
    if (QCoreApplication *app = QCoreApplication::instance())
        app->removeEventFilter(this);
}

bool ClusterSessionInputGuard::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
    case QEvent::KeyPress:
    case QEvent::KeyRelease:
    case QEvent::ShortcutOverride:
    case QEvent::Wheel:
        ++m_guarded;
        m_onInput();
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace rlab::ui
