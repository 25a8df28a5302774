#pragma once
#include "core/client/sharedindexinformer.h"
#include "core/live/historybound.h"
#include "core/live/liveevent.h"
#include "core/live/mirrorwriter.h"

#include <QStringList>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace rlab {
class Simulation;
struct SimulationConfig;
namespace client {
class Interface;
class SharedInformerFactory;
} // namespace client
} // namespace rlab

namespace rlab::live {

struct LiveMirrorOptions
{
    QString namespace_;   // "" = all namespaces
    QStringList resources{QStringLiteral("deployments"), QStringLiteral("replicasets"), QStringLiteral("pods"),
                          QStringLiteral("nodes"), QStringLiteral("events")};
    client::DriveMode mode = client::DriveMode::Deterministic;   // Threaded: informers pump themselves
    // The mirror's history (its store's revisions, what time travel rewinds) is bounded: past
    // either cap the oldest events are compacted away (HistoryBound).
    qint64 maxHistoryEvents = HistoryBound::kDefaultMaxEvents;
    qint64 maxHistoryBytes = HistoryBound::kDefaultMaxBytes;
};

// A real cluster in a lab's clothes: client-go informers (SharedIndexInformer) over a source
// client::Interface for Deployments, ReplicaSets, Pods, Nodes and Events; each watch event the
// handlers receive is stamped with its receive time (the source client's clock) and, at pump(),
// written into the mirror Simulation (MirrorWriter) in resourceVersion order across resources,
// so a Deployment's change lands before the ReplicaSet scale it caused. Listeners (the recorder,
// the shadow controller) see each event right after it is applied. The history kept is bounded
// (LiveMirrorOptions' caps): the oldest revisions are compacted away, with an etcd Compact row.
// Thread rules: construct, start, pump and destroy on the mirror's owning thread; in Threaded
// mode the informers' handlers run on their threads and only append under a mutex.
class LiveMirror
{
public:
    using Listener = std::function<void(const LiveEvent &event, qint64 mirrorRevision)>;

    LiveMirror(client::Interface &source, Simulation &mirror, LiveMirrorOptions options = {});
    ~LiveMirror();
    LiveMirror(const LiveMirror &) = delete;
    LiveMirror &operator=(const LiveMirror &) = delete;

    // What a mirror Simulation is: no controllers, scheduler, kubelets or garbage collector, no
    // simulated nodes, no compaction, its clock starting at `startTimeMs` (the source's now).
    static SimulationConfig mirrorConfig(qint64 startTimeMs);

    void addListener(Listener listener) { m_listeners.push_back(std::move(listener)); }
    void start();
    // Deterministic mode pumps the informers first. Applies what arrived, in resourceVersion
    // order, moves the mirror's clock to the source's now, and returns the events applied.
    std::vector<LiveEvent> pump();
    bool hasSynced() const;
    // Receive time of "now", in ms since start (the source client's clock).
    qint64 elapsed() const;
    qint64 startedAt() const { return m_startedAt; }
    qint64 eventsApplied() const { return m_applied; }
    MirrorWriter &writer() { return m_writer; }
    const HistoryBound &history() const { return m_history; }

private:
    void received(LiveEvent::Type type, const QString &resource, const api::ObjectPtr &obj);

    client::Interface &m_source;
    Simulation &m_mirror;
    LiveMirrorOptions m_options;
    MirrorWriter m_writer;
    HistoryBound m_history;
    qint64 m_startedAt = 0;
    std::unique_ptr<client::SharedInformerFactory> m_informers;
    std::vector<Listener> m_listeners;
    std::mutex m_mutex;
    std::vector<LiveEvent> m_pending;   // guarded by m_mutex
    qint64 m_applied = 0;
    bool m_inPump = false;
};

} // namespace rlab::live
