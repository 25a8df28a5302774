#pragma once
#include <QWidget>

class QLabel;
class QTableView;

namespace rlab::ui {

class ClusterSession;
class EventsModel;

// The Kubernetes Events table, like `kubectl get events`: an EventsModel fed with the session's
// store events (starting from its snapshot, rebuilt on clusterReset()), LAST SEEN refreshed every
// frame on the virtual clock, newest at the bottom and followed unless the user scrolled up, and
// a count of events and Warnings above it. GUI thread only.
class EventsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit EventsPanel(ClusterSession &session, QWidget *parent = nullptr);

    EventsModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QLabel *summary() const { return m_summary; }

private:
    void updateSummary();

    ClusterSession &m_session;
    EventsModel *m_model;
    QLabel *m_summary;
    QTableView *m_view;
};

} // namespace rlab::ui
