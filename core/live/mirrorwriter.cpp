#include "core/live/mirrorwriter.h"

#include "core/apiserver/resourcetype.h"
#include "core/sim/simulation.h"
#include "core/store/kvstore.h"

namespace rlab::live {

MirrorWriter::MirrorWriter(Simulation &mirror)
    : m_mirror(mirror), m_startTime(mirror.config().cluster.startTimeMs)
{
}

void MirrorWriter::advanceTo(qint64 t)
{
    const qint64 at = m_startTime + t;
    if (at > m_mirror.clock().now())
        m_mirror.clock().advanceTo(at);
}

void MirrorWriter::compact(qint64 revision, const QString &why)
{
    store::KvStore &store = m_mirror.cluster().store();
    if (revision <= store.compactRevision() || store.compact(revision) != store::StoreError::None)
        return;
    TraceEvent ev;
    ev.component = QStringLiteral("etcd");
    ev.type = QStringLiteral("Compact");
    ev.text = why;
    m_mirror.trace().append(std::move(ev));
}

qint64 MirrorWriter::apply(const LiveEvent &event)
{
    store::KvStore &store = m_mirror.cluster().store();
    const apiserver::ResourceType rt = apiserver::resources::lookup(event.resource);
    if (!event.object || !rt.isValid())
        return store.revision();
    advanceTo(event.t);
    const api::Object &o = *event.object;
    const QByteArray key = rt.etcdKey(rt.namespaced ? o.metadata.namespace_ : QString(), o.metadata.name);
    const QString type = LiveEvent::typeName(event.type);
    if (event.type == LiveEvent::Type::Deleted) {
        if (store.deleteRange(store::KeyRange::single(key)).deleted == 0)
            return store.revision();
    } else {
        store.put(key, event.object);
    }
    TraceEvent ev;
    ev.component = QStringLiteral("live/%1").arg(event.resource);
    ev.type = QStringLiteral("WatchEvent");
    ev.key = event.key();
    ev.detail = QJsonObject{{QStringLiteral("type"), type},
                            {QStringLiteral("resourceVersion"), o.metadata.resourceVersion},
                            {QStringLiteral("etcdKey"), QString::fromUtf8(key)}};
    ev.text = QStringLiteral("the cluster's watch sent %1 %2 %3 (resourceVersion %4)")
                  .arg(type, rt.singular.isEmpty() ? event.resource : rt.singular, ev.key, o.metadata.resourceVersion);
    m_mirror.trace().append(std::move(ev));
    return store.revision();
}

} // namespace rlab::live
