#include "ui/widgets/tailfollower.h"

#include <QAbstractItemView>
#include <QScrollBar>

namespace rlab::ui {

TailFollower::TailFollower(QAbstractItemView *view)
    : QObject(view), m_view(view)
{
    QAbstractItemModel *model = view->model();
    connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] { m_wasAtBottom = isFollowing(); });
    connect(model, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_wasAtBottom)
            m_view->scrollToBottom();
    });
}

bool TailFollower::isFollowing() const
{
    const QScrollBar *bar = m_view->verticalScrollBar();
    return bar->value() >= bar->maximum() - 2;
}

} // namespace rlab::ui
