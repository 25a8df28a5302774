#pragma once
#include <QLabel>

namespace rlab::ui {

class ClusterSession;

// A panel's word in a live session (a real cluster or its recording): a short, wrapped note
// across the top of a panel that has nothing of its own to show there (workqueues and
// reconciles run inside the cluster's kube-controller-manager), saying so and what is shown
// instead. Hidden while the session is a lab. GUI thread only.
class LiveNote : public QLabel
{
    Q_OBJECT
public:
    LiveNote(ClusterSession &session, QString text, QWidget *parent = nullptr);

    // The sentence shown in a live session (also while hidden, for tests).
    QString note() const { return m_note; }

private:
    void follow();

    ClusterSession &m_session;
    QString m_note;
};

} // namespace rlab::ui
