#include "core/live/livemirror.h"

#include "core/apiserver/resourcetype.h"
#include "core/client/interface.h"
#include "core/client/sharedinformerfactory.h"
#include "core/base/clock.h"
#include "core/sim/simulation.h"

#include <QJsonDocument>
#include <algorithm>

namespace rlab::live {

SimulationConfig LiveMirror::mirrorConfig(qint64 startTimeMs)
{
    SimulationConfig sc;
    sc.controllers.clear();
    sc.cluster.nodes = 0;
    sc.cluster.startTimeMs = startTimeMs;
    sc.compaction = false;
    return sc;
}

LiveMirror::LiveMirror(client::Interface &source, Simulation &mirror, LiveMirrorOptions options)
    : m_source(source), m_mirror(mirror), m_options(std::move(options)), m_writer(mirror),
      m_history(m_options.maxHistoryEvents, m_options.maxHistoryBytes)
{
    m_startedAt = m_writer.startTime();
    client::ReflectorOptions ro;
    ro.namespace_ = m_options.namespace_;
    m_informers = std::make_unique<client::SharedInformerFactory>(m_source, 0, ro);
    for (const QString &resource : m_options.resources) {
        const apiserver::ResourceType rt = apiserver::resources::lookup(resource);
        if (!rt.isValid())
            continue;
        const QString name = rt.resource;
        m_informers->informerFor(rt).addEventHandler(client::ResourceEventHandlerFuncs(
            [this, name](const api::ObjectPtr &obj, bool initial) {
                received(initial ? LiveEvent::Type::Relist : LiveEvent::Type::Added, name, obj);
            },
            [this, name](const api::ObjectPtr &oldObj, const api::ObjectPtr &obj) {
                // A relist hands every object over again: only a new resourceVersion is news.
                if (oldObj && oldObj->metadata.resourceVersion == obj->metadata.resourceVersion)
                    return;
                received(LiveEvent::Type::Modified, name, obj);
            },
            [this, name](const api::ObjectPtr &obj, const client::DeletedFinalStateUnknown *) {
                received(LiveEvent::Type::Deleted, name, obj);
            }));
    }
}

LiveMirror::~LiveMirror()
{
    m_informers->shutdown();
}

void LiveMirror::start()
{
    m_informers->start(m_options.mode);
}

bool LiveMirror::hasSynced() const
{
    return m_informers->hasSynced();
}

qint64 LiveMirror::elapsed() const
{
    return m_source.clock().now() - m_startedAt;
}

void LiveMirror::received(LiveEvent::Type type, const QString &resource, const api::ObjectPtr &obj)
{
    if (!obj)
        return;
    LiveEvent ev{elapsed(), type, resource, obj};
    std::lock_guard lock(m_mutex);
    m_pending.push_back(std::move(ev));
}

std::vector<LiveEvent> LiveMirror::pump()
{
    // A client that waits in a nested event loop could bring the caller's next frame in here.
    if (m_inPump)
        return {};
    m_inPump = true;
    const struct Done { bool &flag; ~Done() { flag = false; } } done{m_inPump};
    if (m_options.mode == client::DriveMode::Deterministic)
        while (m_informers->processPending() > 0) {
        }
    std::vector<LiveEvent> batch;
    {
        std::lock_guard lock(m_mutex);
        batch.swap(m_pending);
    }
    // etcd's revisions order every resource's writes: apply them in that order when the
    // resourceVersions are numbers (they are opaque to clients, so otherwise arrival order).
    const auto rvOf = [](const LiveEvent &e, bool *ok) { return e.object->metadata.resourceVersion.toLongLong(ok); };
    bool allNumeric = true;
    for (const LiveEvent &e : batch) {
        bool ok = false;
        rvOf(e, &ok);
        allNumeric = allNumeric && ok;
    }
    if (allNumeric)
        std::stable_sort(batch.begin(), batch.end(), [&](const LiveEvent &a, const LiveEvent &b) {
            bool ok;
            return rvOf(a, &ok) < rvOf(b, &ok);
        });
    for (const LiveEvent &e : batch) {
        const qint64 before = m_mirror.cluster().store().revision();
        const qint64 rev = m_writer.apply(e);
        ++m_applied;
        if (rev > before)   // one more revision of history, as big as the object the cluster sent
            m_history.add(rev, e.t, QJsonDocument(e.object->toJson()).toJson(QJsonDocument::Compact).size());
        for (const Listener &l : m_listeners)
            l(e, rev);
    }
    if (const std::optional<qint64> cut = m_history.trim())
        m_writer.compact(*cut, QStringLiteral("live history: dropped the %1 oldest watch events (%2 bytes in all) to keep at most %3 "
                                              "events and %4 bytes; history before revision %5 is gone")
                                   .arg(m_history.droppedEvents()).arg(m_history.droppedBytes())
                                   .arg(m_history.maxEvents()).arg(m_history.maxBytes()).arg(*cut));
    m_writer.advanceTo(elapsed());
    // The mirror's own informers (nobody reads them: no controller runs) must not pile up.
    m_mirror.informers().processPending();
    return batch;
}

} // namespace rlab::live
