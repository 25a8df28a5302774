#pragma once
#include "core/sim/view/queueview.h"

#include <QList>
#include <QWidget>
#include <vector>

class QComboBox;
class QScrollArea;
class QVBoxLayout;

namespace rlab::ui {

class ClusterSession;
class LiveNote;
class WorkQueueLane;
class WorkQueueModel;

// The workqueue panel: polls every controller's queue snapshot once per frame (frameDone; a
// snapshot is taken under the queue's own mutex, so this is safe while workers run on QThreads)
// into a WorkQueueModel, feeds it the frame's trace (dedup / re-add notes, each worker's last
// key) and shows the chosen controllers as WorkQueueLanes stacked in a scroll area — by default
// the two main ones, deployment and replicaset. Rebuilds on clusterReset(). While the session is
// frozen (time travel) it shows the queues at the viewed revision, replayed from the trace
// (QueueReplay), instead of the live ones. In a live session (no queue of its own: a mirror
// runs no controller) a LiveNote says where the cluster's queues are. A poll copies only the
// queues whose generation changed (ClusterView::queues(previous, known, …)). GUI thread only.
class WorkQueuePanel : public QWidget
{
    Q_OBJECT
public:
    explicit WorkQueuePanel(ClusterSession &session, QWidget *parent = nullptr);

    WorkQueueModel *model() const { return m_model; }
    QComboBox *chooser() const { return m_chooser; }
    QList<WorkQueueLane *> lanes() const { return m_lanes; }
    LiveNote *liveNote() const { return m_liveNote; }
    // Takes the snapshots now (the panel does it on every frameDone).
    void poll();
    // Which controllers to show: "deployment", …, or empty for the default pair.
    void showControllers(const QStringList &controllers);

private:
    void rebuildChooser();
    void rebuildLanes();
    void replayPast();

    ClusterSession &m_session;
    WorkQueueModel *m_model;
    QComboBox *m_chooser;
    QScrollArea *m_scroll;
    LiveNote *m_liveNote = nullptr;
    QWidget *m_content = nullptr;
    QVBoxLayout *m_contentLayout = nullptr;
    QList<WorkQueueLane *> m_lanes;
    QStringList m_known;   // controller names the chooser lists
    std::vector<view::QueueView> m_past;   // while frozen: the queues at the viewed revision
    std::vector<view::QueueView> m_live;   // the last poll's queues, and their generations
    std::vector<quint64> m_generations;
};

} // namespace rlab::ui
