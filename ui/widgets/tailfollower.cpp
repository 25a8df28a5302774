#include "ui/widgets/tailfollower.h"

#include <QAbstractItemView>
#include <QScrollBar>

namespace rlab::ui {

TailFollower::TailFollower(QAbstractItemView *view)
    : QObject(view), m_view(view)
{
    QAbstractItemModel *model = view->model();
    // A scroll still to come counts as being at the bottom: the rows inserted meanwhile have
    // moved the bottom, not the reader.
    connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] { m_wasAtBottom = m_scrollPending || isFollowing(); });
    connect(model, &QAbstractItemModel::rowsInserted, this, [this] {
        if (!m_wasAtBottom || m_scrollPending)
            return;
        // Once per turn of the event loop, not per insertion: a frame that hands on a few
        // hundred Events inserts them one by one, and each scrollToBottom lays the table's
        // header and scroll bars out again (issue #17: ~10 % of the longest frames of 10,000
        // scenario steps).
        m_scrollPending = true;
        QMetaObject::invokeMethod(this, [this] {
            m_scrollPending = false;
            m_view->scrollToBottom();
        }, Qt::QueuedConnection);
    });
}

bool TailFollower::isFollowing() const
{
    const QScrollBar *bar = m_view->verticalScrollBar();
    return bar->value() >= bar->maximum() - 2;
}

} // namespace rlab::ui
