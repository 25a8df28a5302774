#include "core/controller/eventrecorder.h"

#include "core/api/event.h"
#include "core/client/interface.h"
#include "core/apiserver/callerscope.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

namespace rlab::controller {

using namespace rlab::api;
using namespace rlab::apiserver;

EventRecorder::EventRecorder(client::Interface &api, QString component)
    : m_api(api), m_component(std::move(component))
{
}

void EventRecorder::event(const Object &involved, const QString &type, const QString &reason, const QString &message)
{
    const qint64 now = m_api.clock().now() / 1000 * 1000;
    const QString ns = involved.metadata.namespace_.isEmpty() ? QStringLiteral("default") : involved.metadata.namespace_;
    const QString correlation = QStringList{involved.kindName, ns, involved.metadata.name, involved.metadata.uid,
                                            type, reason, message}.join(QLatin1Char('\x1f'));
    const ResourceType rt = resources::byKind(Kind::Event);
    QString existing;
    QString name;
    {
        std::lock_guard lock(m_mutex);
        existing = m_seen.get(correlation).value_or(QString());
        if (existing.isEmpty()) {
            // upstream: fmt.Sprintf("%v.%x", ref.Name, t.UnixNano())
            name = QStringLiteral("%1.%2").arg(involved.metadata.name).arg(quint64(now) * 1000000ULL + quint64(++m_counter), 0, 16);
            m_seen.add(correlation, name);
        }
    }
    if (!existing.isEmpty()) {
        if (const auto old = objectCast<Event>(m_api.get(rt, ns, existing).value)) {
            auto ev = std::static_pointer_cast<Event>(old->clone());
            ev->count = std::max(1, ev->count) + 1;
            ev->lastTimestamp = now;
            if (m_api.update(rt, ns, ev).ok())
                return;
        }
        name = QStringLiteral("%1.%2").arg(involved.metadata.name).arg(quint64(now) * 1000000ULL + quint64(++m_counter), 0, 16);
        std::lock_guard lock(m_mutex);
        m_seen.add(correlation, name);
    }
    auto ev = std::make_shared<Event>();
    ev->metadata.name = name;
    ev->metadata.namespace_ = ns;
    ev->involvedObject.kind = involved.kindName;
    ev->involvedObject.apiVersion = involved.apiVersion;
    ev->involvedObject.namespace_ = involved.metadata.namespace_;
    ev->involvedObject.name = involved.metadata.name;
    ev->involvedObject.uid = involved.metadata.uid;
    ev->involvedObject.resourceVersion = involved.metadata.resourceVersion;
    ev->reason = reason;
    ev->message = message;
    ev->type = type;
    ev->source.component = m_component;
    ev->firstTimestamp = now;
    ev->lastTimestamp = now;
    ev->count = 1;
    ev->reportingComponent = m_component;
    m_api.create(rt, ns, ev);
    if (TraceLog *t = m_api.trace()) {
        TraceEvent te;
        te.component = m_component;
        te.type = QStringLiteral("Event");
        te.key = involved.key();
        te.text = QStringLiteral("%1 %2: %3").arg(type, reason, message);
        {
            // A handful of (reason, type) pairs: each detail is built once and shared.
            std::lock_guard lock(m_mutex);
            const QString detailKey = type + QLatin1Char('\x1f') + reason;
            auto cached = m_details.constFind(detailKey);
            if (cached == m_details.cend()) {
                if (m_details.size() >= 4096)
                    m_details.clear();
                cached = m_details.insert(detailKey, QJsonObject{{QStringLiteral("reason"), reason}, {QStringLiteral("type"), type}});
            }
            te.detail = *cached;
        }
        t->append(std::move(te));
    }
}

} // namespace rlab::controller
