#pragma once
#include <QObject>

class QAbstractItemView;

namespace rlab::ui {

// Keeps a log view scrolled to its newest row while the user has not scrolled away from the
// bottom, like `tail -f`: rows appended while the view is at the bottom scroll it; if the user
// scrolled up to read, the view stays put until they return to the bottom. The scroll comes
// once per turn of the event loop, after all of that turn's insertions. GUI thread only.
class TailFollower : public QObject
{
    Q_OBJECT
public:
    explicit TailFollower(QAbstractItemView *view);
    bool isFollowing() const;

private:
    QAbstractItemView *m_view;
    bool m_wasAtBottom = true;
    bool m_scrollPending = false;   // a scrollToBottom is queued for the next turn
};

} // namespace rlab::ui
