#pragma once
#include <QObject>

class QAbstractItemView;

namespace rlab::ui {

// Keeps a log view scrolled to its newest row while the user has not scrolled away from the
// bottom, like `tail -f`: rows appended while the view is at the bottom scroll it; if the user
// scrolled up to read, the view stays put until they return to the bottom. GUI thread only.
class TailFollower : public QObject
{
    Q_OBJECT
public:
    explicit TailFollower(QAbstractItemView *view);
    bool isFollowing() const;

private:
    QAbstractItemView *m_view;
    bool m_wasAtBottom = true;
};

} // namespace rlab::ui
