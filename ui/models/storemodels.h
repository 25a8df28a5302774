#pragma once
#include "core/sim/view/watchevent.h"

#include <QObject>
#include <vector>

namespace rlab::ui {

class ClusterSession;
class EtcdKeyModel;
class ObjectTreeModel;
class TraceEventModel;
class WatchEventModel;

// The window's four feeds of the session, kept in step: the object tree, the etcd keys (with
// their recent-write highlights), the watch-event log and the trace. On clusterReset() (a new
// cluster, or time travel) the tree and the keys are rebuilt from the session's snapshot() and
// both logs cleared; each storeEvents() batch is applied to all of them, then announced by
// applied() (so panels that follow one key refresh after the models); each frame ticks the
// highlights. While the tree or the keys build a big reset off the GUI thread, the session's
// intake is gated (ClusterSession::addIntakeGate). GUI thread only.
class StoreModels : public QObject
{
    Q_OBJECT
public:
    explicit StoreModels(ClusterSession &session, QObject *parent = nullptr);

    ObjectTreeModel *objects() const { return m_objects; }
    EtcdKeyModel *keys() const { return m_keys; }
    WatchEventModel *watchEvents() const { return m_watch; }
    TraceEventModel *trace() const { return m_trace; }

signals:
    void applied(const std::vector<rlab::view::WatchEvent> &events);
    void wasReset();

private:
    void reset();

    ClusterSession &m_session;
    ObjectTreeModel *m_objects;
    EtcdKeyModel *m_keys;
    WatchEventModel *m_watch;
    TraceEventModel *m_trace;
};

} // namespace rlab::ui
