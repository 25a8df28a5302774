#include "core/controller/eventrecorder.h"

#include "core/api/event.h"
#include "core/api/eventname.h"
#include "core/api/samedata.h"
#include "core/client/interface.h"
#include "core/apiserver/callerscope.h"
#include "core/base/clock.h"
#include "core/base/joined.h"
#include "core/base/tracelog.h"

namespace rlab::controller {

using namespace rlab::api;
using namespace rlab::apiserver;

namespace {
// "<type> <reason>: <message>", and why it was not written when the spam filter kept it back;
// made when the trace is read from the event's detail ({reason, type[, skipped]}) and the
// message kept as its text.
QString eventText(const TraceEvent &ev)
{
    const QString type = ev.detail.value(QLatin1String("type")).toString();
    const QString reason = ev.detail.value(QLatin1String("reason")).toString();
    if (!ev.detail.contains(QLatin1String("skipped")))
        return joined(type, u" ", reason, u": ", ev.text);
    return joined(type, u" ", reason, u": ", ev.text,
                  u" (not written: the event spam filter lets a source write 25 events about one object, then 1 every 5 minutes)");
}
} // namespace

EventRecorder::EventRecorder(client::Interface &api, QString component, Correlation correlation)
    : m_api(api), m_component(std::move(component)), m_correlation(correlation)
{
}

void EventRecorder::event(const Object &involved, const QString &type, const QString &reason, const QString &message)
{
    Pending p;
    p.involved.kind = involved.kindName;
    p.involved.apiVersion = involved.apiVersion;
    p.involved.namespace_ = involved.metadata.namespace_;
    p.involved.name = involved.metadata.name;
    p.involved.uid = involved.metadata.uid;
    p.involved.resourceVersion = involved.metadata.resourceVersion;
    p.type = type;
    p.reason = reason;
    p.now = m_api.clock().now() / 1000 * 1000;
    {
        std::lock_guard lock(m_mutex);
        // The same characters as a recent message (a kubelet hands the Events of one container
        // one string: MessageMemo): that one, without hashing the text.
        RecentMessage &recent = m_recentMessages[(quintptr(message.constData()) >> 4) % m_recentMessages.size()];
        if (!recent.message.isNull() && sameData(recent.message, message)) {
            p.message = recent.kept;
            p.messageKey = recent.key;
        } else {
            auto kept = m_messages.constFind(message);
            if (kept == m_messages.cend()) {
                if (m_messages.size() >= kMessagesKept)
                    m_messages.clear();
                kept = m_messages.insert(message, CompactKey::of(message));
            }
            p.message = kept.key();
            p.messageKey = *kept;
            recent = RecentMessage{message, p.message, p.messageKey};
        }
        if (m_draining) {
            m_queue.push_back(std::move(p));
            return;   // the caller draining the queue writes it, after the ones before it
        }
        m_draining = true;   // nothing queued (the drainer empties it before it stops): ours goes first
        Q_ASSERT(m_queue.empty());
    }
    write(std::move(p));
    for (;;) {
        Pending next;
        {
            std::lock_guard lock(m_mutex);
            if (m_queue.empty()) {
                m_draining = false;
                return;
            }
            next = std::move(m_queue.front());
            m_queue.pop_front();
        }
        write(std::move(next));
    }
}

void EventRecorder::write(Pending &&p)
{
    const ObjectReference &involved = p.involved;
    const QString &type = p.type;
    const QString &reason = p.reason;
    const QString &message = p.message;
    const qint64 now = p.now;
    const QString ns = involved.namespace_.isEmpty() ? QStringLiteral("default") : involved.namespace_;
    // getSpamKey: source and object; the aggregate key adds type and reason (and the reporting
    // controller, this component); the event key adds the message.
    // Kept compact (EventCorrelator::KeyHash): every kubelet of the lab has these caches.
    const EventCorrelator::KeyHash source = sourceKey(involved, ns);
    const EventCorrelator::KeyHash aggregate = source.then(type).then(reason);
    const CompactKey spamKey = source.compact();
    const CompactKey aggregateKey = aggregate.compact();
    const CompactKey eventKey = aggregate.then(p.messageKey).compact();
    // upstream: fmt.Sprintf("%v.%x", ref.Name, t.UnixNano()); the cache keeps the suffix
    const auto nameOf = [&](quint64 suffix) { return eventName(involved.name, suffix); };
    const auto newSuffix = [&] { return quint64(now) * 1000000ULL + quint64(++m_counter); };
    QString text = message;   // what is written: the message, or the aggregate's
    QString existing;
    quint64 suffix = 0;
    CompactKey correlationKey;
    int count = 1;
    bool written = true;
    {
        std::lock_guard lock(m_mutex);
        correlationKey = eventKey;
        if (m_correlation == Correlation::Full) {
            const EventCorrelator::Aggregated a = m_correlator.aggregate(aggregateKey, eventKey, p.messageKey, message, now);
            text = a.message;
            correlationKey = a.key;
        }
        // eventObserve: a repeat updates the Event it wrote (and counts, written or not).
        if (const auto seen = m_seen.observation(correlationKey)) {
            suffix = seen->nameSuffix;
            existing = nameOf(suffix);
            count = seen->count + 1;
        } else {
            suffix = newSuffix();
        }
        m_seen.add(correlationKey, suffix, count);
        if (m_correlation == Correlation::Full)
            written = m_correlator.allow(spamKey, now);
    }
    if (!written) {
        traceEvent(involved, type, reason, text, false);
        return;
    }
    if (!existing.isEmpty()) {
        if (const auto old = objectCast<Event>(m_api.get(rt(), ns, existing).value)) {
            auto ev = std::static_pointer_cast<Event>(old->clone());
            ev->count = count;
            ev->lastTimestamp = now;
            ev->message = text;
            if (m_api.update(rt(), ns, ev).ok())
                return;   // a repeat is not traced again (the Event's count shows it)
        }
        // Gone (deleted, expired): a new Event.
        std::lock_guard lock(m_mutex);
        suffix = newSuffix();
        count = 1;
        m_seen.add(correlationKey, suffix, count);
    }
    auto ev = std::make_shared<Event>();
    ev->metadata.name = nameOf(suffix);
    ev->metadata.namespace_ = ns;
    // The pending event's strings move to the Event (nine reference counts less an event); the
    // trace reads them there (the API server sets metadata only).
    ev->involvedObject = std::move(p.involved);
    ev->reason = std::move(p.reason);
    ev->message = std::move(text);
    ev->type = std::move(p.type);
    ev->source.component = m_component;
    ev->firstTimestamp = now;
    ev->lastTimestamp = now;
    ev->count = count;
    ev->reportingComponent = m_component;
    m_api.create(rt(), ns, ev);
    traceEvent(ev->involvedObject, ev->type, ev->reason, ev->message, true);
}

EventCorrelator::KeyHash EventRecorder::sourceKey(const ObjectReference &involved, const QString &ns)
{
    for (const RecentSource &r : m_recentSources)
        if (!r.uid.isNull() && sameData(r.uid, involved.uid) && sameData(r.name, involved.name) && sameData(r.ns, ns)
            && sameData(r.kind, involved.kind) && sameData(r.apiVersion, involved.apiVersion))
            return r.source;
    // The first three parts (component, kind, namespace) are the same for nearly every Event a
    // recorder writes: their state is kept for the last pair of kind and namespace strings.
    if (m_sourcePrefix.kind.isNull() || !sameData(m_sourcePrefix.kind, involved.kind) || !sameData(m_sourcePrefix.ns, ns))
        m_sourcePrefix = SourcePrefix{involved.kind, ns, EventCorrelator::KeyHash{}.then(m_component).then(involved.kind).then(ns)};
    const EventCorrelator::KeyHash source = m_sourcePrefix.hash.then(involved.name).then(involved.uid).then(involved.apiVersion);
    if (!involved.uid.isNull()) {
        m_recentSources[m_nextRecentSource] = RecentSource{involved.kind, ns, involved.name, involved.uid, involved.apiVersion, source};
        m_nextRecentSource = (m_nextRecentSource + 1) % kRecentSources;
    }
    return source;
}

const ResourceType &EventRecorder::rt()
{
    static const ResourceType events = resources::byKind(Kind::Event);
    return events;
}

void EventRecorder::traceEvent(const ObjectReference &involved, const QString &type, const QString &reason, const QString &message,
                               bool written)
{
    TraceLog *t = m_api.trace();
    if (!t)
        return;
    TraceLog::Compact te;
    QJsonObject detail;
    // The involved object's key, "ns/name" (Object::key()), given as its parts; a nameless
    // object's "ns/" whole.
    QString nameless;
    if (involved.name.isEmpty() && !involved.namespace_.isEmpty()) {
        nameless = involved.namespace_ + u'/';
        te.key = nameless;
    } else {
        te.ns = involved.namespace_;
        te.name = involved.name;
    }
    te.text = message;   // the sentence is made when read (eventText), from the detail
    te.textFn = &eventText;
    {
        // A handful of (reason, type) pairs: each detail is built once and shared. In front of
        // the hash, the last pair seen in a slot chosen by where the strings' characters are
        // (callers pass the same literals every time): equal without hashing them.
        std::lock_guard lock(m_mutex);
        if (m_traceIdsOf != t) {   // the names' ids in this log (lock order: ours, then the log's)
            m_traceIdsOf = t;
            m_traceComponent = t->nameId(m_component);
            m_traceEvent = t->nameId(QStringLiteral("Event"));
        }
        te.component = m_traceComponent;
        te.type = m_traceEvent;
        RecentDetail &recent = m_recentDetails[written ? 0 : 1][((quintptr(type.constData()) >> 4) ^ (quintptr(reason.constData()) >> 3))
                                                                % kRecentDetails];
        if (!recent.detail.isEmpty() && sameData(recent.type, type) && sameData(recent.reason, reason)) {
            detail = recent.detail;
        } else {
            QHash<std::pair<QString, QString>, QJsonObject> &details = m_details[written ? 0 : 1];
            const std::pair<QString, QString> detailKey{type, reason};
            auto cached = details.constFind(detailKey);
            if (cached == details.cend()) {
                if (details.size() >= 4096)
                    details.clear();
                QJsonObject detail{{QStringLiteral("reason"), reason}, {QStringLiteral("type"), type}};
                if (!written)
                    detail.insert(QStringLiteral("skipped"), QStringLiteral("spam filter"));
                cached = details.insert(detailKey, detail);
            }
            recent = RecentDetail{type, reason, *cached};   // holds the strings: their characters stay put
            detail = *cached;
        }
    }
    te.detail = &detail;   // a copy taken under the lock: the slots may change after it
    t->appendCompact(te);
}

} // namespace rlab::controller
