#include "ui/models/storemodels.h"

#include "ui/clustersession.h"
#include "ui/models/etcdkeymodel.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/traceeventmodel.h"
#include "ui/models/watcheventmodel.h"

namespace rlab::ui {

StoreModels::StoreModels(ClusterSession &session, QObject *parent)
    : QObject(parent), m_session(session), m_objects(new ObjectTreeModel(this)), m_keys(new EtcdKeyModel(this)),
      m_watch(new WatchEventModel(this)), m_trace(new TraceEventModel(this))
{
    connect(&session, &ClusterSession::clusterReset, this, &StoreModels::reset);
    connect(&session, &ClusterSession::storeEvents, this, [this](const std::vector<view::WatchEvent> &events) {
        m_objects->apply(events);
        m_keys->apply(events, m_session.monotonicMs());
        m_watch->append(events);
        emit applied(events);
    });
    connect(&session, &ClusterSession::traceEvents, m_trace, &TraceEventModel::append);
    connect(&session, &ClusterSession::frameDone, m_keys, &EtcdKeyModel::tick);
    session.addIntakeGate(this, [this] { return m_objects->isBuilding() || m_keys->isBuilding(); });
    // A big build's swap-in (a model reset: the views lay out every row) runs in a frame's budget.
    const auto atFrameStart = [this](std::function<void()> work) { m_session.atFrameStart(this, std::move(work)); };
    m_objects->setHandOver(atFrameStart);
    m_keys->setHandOver(atFrameStart);
    reset();
}

void StoreModels::reset()
{
    // Shared with the off-thread builds: no copy of the keys on this thread (issue #17).
    const std::shared_ptr<const view::Snapshot> snap = m_session.sharedSnapshot();
    const std::shared_ptr<const std::vector<view::KeyValue>> kvs(snap, &snap->kvs);
    m_objects->resetShared(kvs);
    m_keys->resetShared(kvs, snap->revision);
    m_watch->clear();
    m_trace->clear();
    emit wasReset();
}

} // namespace rlab::ui
