// SPDX-License-Identifier: Apache-2.0
#include "core/client/reflector.h"

#include "core/base/joined.h"

#include "core/client/interface.h"
#include "core/client/threadsafestore.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

#include <QSet>

namespace rlab::client {

using apiserver::ApiWatchEvent;

Reflector::Reflector(Interface &api, apiserver::ResourceType resource, const ThreadSafeStore &knownObjects,
                     ReflectorOptions options, std::function<void()> notify)
    : m_api(api), m_rt(std::move(resource)), m_known(knownObjects), m_options(std::move(options)),
      m_notify(std::move(notify)), m_component(QStringLiteral("informer/") + m_rt.resource), m_trace(api.trace())
{
    if (m_trace) {
        m_traceComponent = m_trace->nameId(m_component);
        m_traceWatchEvent = m_trace->nameId(QStringLiteral("WatchEvent"));
    }
}

Reflector::~Reflector()
{
    closeWatch();
}

void Reflector::closeWatch()
{
    if (m_watch) {
        m_watch->stop();
        m_watch.reset();
    }
}

void Reflector::requestRelist()
{
    closeWatch();
    m_needList = true;
}

namespace {
// "<informer> received <TYPE> <key> (rv <rev>)", made when the trace is read; args[0] is the
// ApiWatchEvent::Type.
QString watchEventText(const TraceEvent &ev)
{
    const char *type = apiserver::ApiWatchEvent::typeName(apiserver::ApiWatchEvent::Type(ev.args[0]));
    return joined(ev.component, u" received ", QString::fromLatin1(type), u" ", ev.key, u" (rv ", QString::number(ev.rev), u")");
}
} // namespace

void Reflector::trace(const char *type, const QString &key, qint64 rev, const QString &text) const
{
    if (!m_trace || !m_trace->isEnabled())
        return;
    TraceEvent ev;
    ev.component = m_component;
    ev.type = QLatin1String(type);
    ev.key = key;
    ev.rev = rev;
    ev.text = text;
    m_trace->append(std::move(ev));
}

// Example: the cache holds default/a (rv 5) and default/b (rv 6); b was deleted at rv 9 while
// the watch was down and the list at rv 12 returns a (rv 11) and c (rv 10). The deltas are
// Replaced a, Replaced c, Deleted b (tombstone, last known rv 6): the informer turns them into
// onUpdate(a@5, a@11), onAdd(c@10), onDelete(b@6, DeletedFinalStateUnknown{"default/b"}).
bool Reflector::listAndReplace()
{
    closeWatch();
    apiserver::ListOptions lo;
    lo.labelSelector = m_options.labelSelector;
    lo.fieldSelector = m_options.fieldSelector;
    const apiserver::Result<apiserver::ObjectList> r = m_api.list(m_rt, m_options.namespace_, lo);
    if (!r.ok()) {
        m_lastError = r.error;
        trace("ListError", m_options.namespace_, 0,
              QStringLiteral("%1 Reflector ListAndWatch: list failed: %2").arg(m_component, r.error->message));
        return false;
    }
    m_lastError.reset();
    const qint64 rv = r.value.resourceVersion;
    const bool initial = !m_listedOnce;
    QSet<QString> listed;
    listed.reserve(r.value.items.size());
    for (const api::ObjectPtr &obj : r.value.items) {
        Delta d;
        d.type = Delta::Replaced;
        d.key = obj->key();
        d.object = obj;
        d.revision = obj->metadata.resourceVersion.toLongLong();
        d.isInInitialList = initial;
        listed.insert(d.key);
        m_pending.push_back(std::move(d));
    }
    qsizetype tombstones = 0;
    for (const QString &key : m_known.listKeys()) {
        if (listed.contains(key))
            continue;
        api::ObjectPtr last = m_known.get(key);
        if (!last)
            continue;
        Delta d;
        d.type = Delta::Deleted;
        d.key = key;
        d.object = std::move(last);
        d.revision = rv;
        d.isTombstone = true;
        d.isInInitialList = initial;
        m_pending.push_back(std::move(d));
        ++tombstones;
    }
    if (initial)
        m_initialPopulation = qsizetype(m_pending.size());
    m_listedOnce = true;
    m_needList = false;
    m_lastSyncRV = rv;
    ++m_lists;
    QString text = QStringLiteral("%1 Reflector ListAndWatch: listed %2 %3 at rv %4")
                           .arg(m_component).arg(r.value.items.size()).arg(m_rt.resource).arg(rv);
    if (tombstones > 0)
        text += QStringLiteral("; %1 cached objects are gone and will be delivered as DeletedFinalStateUnknown").arg(tombstones);
    trace("List", m_options.namespace_, rv, text);
    openWatch();
    return true;
}

bool Reflector::openWatch()
{
    apiserver::ListOptions lo;
    lo.labelSelector = m_options.labelSelector;
    lo.fieldSelector = m_options.fieldSelector;
    lo.resourceVersion = QString::number(m_lastSyncRV);
    lo.allowWatchBookmarks = true;
    apiserver::Result<std::shared_ptr<apiserver::WatchInterface>> r = m_api.watch(m_rt, m_options.namespace_, lo, m_notify);
    if (!r.ok()) {
        m_lastError = r.error;
        trace("WatchError", m_options.namespace_, m_lastSyncRV,
              QStringLiteral("%1 Reflector: watch failed: %2").arg(m_component, r.error->message));
        return false;
    }
    m_watch = std::move(r.value);
    return true;
}

template<class Sink> void Reflector::takeWatchEvents(Sink &sink)
{
    std::vector<ApiWatchEvent> events = m_watch->take();
    if (events.empty() && m_watch->isStopped())
        m_watch.reset();   // ended: resumed from m_lastSyncRV on the next step
    for (ApiWatchEvent &ev : events) {
        switch (ev.type) {
        case ApiWatchEvent::Error: {
            m_lastError = ev.error;
            const bool expired = ev.error.code == 410;
            trace(expired ? "WatchExpired" : "WatchError", m_options.namespace_, m_lastSyncRV,
                  expired ? QStringLiteral("%1 watch from rv %2 expired (410 Gone: %3): relisting")
                                    .arg(m_component).arg(m_lastSyncRV).arg(ev.error.message)
                          : QStringLiteral("%1 watch error %2: %3; resuming from rv %4")
                                    .arg(m_component).arg(ev.error.code).arg(ev.error.message).arg(m_lastSyncRV));
            if (expired)
                m_needList = true;
            closeWatch();
            return;   // the stream ends with its ERROR event
        }
        case ApiWatchEvent::Bookmark:
            if (ev.revision > m_lastSyncRV)
                m_lastSyncRV = ev.revision;
            continue;
        case ApiWatchEvent::Added:
        case ApiWatchEvent::Modified:
        case ApiWatchEvent::Deleted:
            break;
        }
        if (!ev.object)
            continue;
        Delta d;
        d.type = ev.type == ApiWatchEvent::Added      ? Delta::Added
                 : ev.type == ApiWatchEvent::Modified ? Delta::Updated
                                                      : Delta::Deleted;
        d.key = ev.object->key();
        d.object = std::move(ev.object);
        d.revision = ev.revision;
        d.watchEventType = ApiWatchEvent::typeName(ev.type);
        if (ev.revision > m_lastSyncRV)
            m_lastSyncRV = ev.revision;
        sink.push_back(std::move(d));
    }
}

void Reflector::handOut(const Delta &d)
{
    if (d.isInInitialList && m_initialPopulation > 0)
        --m_initialPopulation;
    if (!d.watchEventType || !m_trace || !m_trace->isEnabled())
        return;
    // The text is made when the trace is read (watchEventText) — for the watch event types, and
    // a revision the trace keeps as given (0 would be replaced by the store's).
    using apiserver::ApiWatchEvent;
    for (const ApiWatchEvent::Type t : {ApiWatchEvent::Added, ApiWatchEvent::Modified, ApiWatchEvent::Deleted}) {
        if (d.revision != 0 && ApiWatchEvent::typeName(t) == d.watchEventType) {
            TraceLog::Compact ev;
            ev.component = m_traceComponent;
            ev.type = m_traceWatchEvent;
            ev.key = d.key;
            ev.rev = d.revision;
            ev.textFn = &watchEventText;
            ev.args[0] = t;
            m_trace->appendCompact(ev);
            return;
        }
    }
    trace("WatchEvent", d.key, d.revision,
          joined(m_component, u" received ", QString::fromLatin1(d.watchEventType), u" ", d.key, u" (rv ",
                 QString::number(d.revision), u")"));
}

qsizetype Reflector::step(std::vector<Delta> &out, qsizetype max)
{
    qsizetype work = 0;
    const bool delayed = m_deliveryDelayMs > 0;
    if (m_pending.empty() || delayed) {
        if (!m_needList) {
            if (!m_watch)
                openWatch();
            if (m_watch) {
                if (max < 0 && !delayed) {
                    // No limit: convert straight into out (the hot path of both drive modes).
                    const std::size_t before = out.size();
                    takeWatchEvents(out);
                    for (std::size_t i = before; i < out.size(); ++i)
                        handOut(out[i]);
                    work += qsizetype(out.size() - before);
                } else {
                    const std::size_t before = m_pending.size();
                    takeWatchEvents(m_pending);
                    if (delayed) {
                        const qint64 visibleAt = m_api.clock().now() + m_deliveryDelayMs;
                        for (std::size_t i = before; i < m_pending.size(); ++i)
                            m_pending[i].visibleAtMs = visibleAt;
                    }
                }
            }
        }
        if (m_needList && m_pending.empty() && listAndReplace())
            ++work;
    }
    const qint64 now = m_api.clock().now();
    qsizetype handed = 0;
    while (!m_pending.empty() && (max < 0 || handed < max) && m_pending.front().visibleAtMs <= now) {
        handOut(m_pending.front());
        out.push_back(std::move(m_pending.front()));
        m_pending.pop_front();
        ++handed;
    }
    return work + handed;
}

void Reflector::setDeliveryDelay(qint64 delayMs)
{
    m_deliveryDelayMs = delayMs;
    if (delayMs <= 0) {
        for (Delta &d : m_pending)
            d.visibleAtMs = 0;   // what was in flight arrives at once
    }
}

std::optional<qint64> Reflector::nextDeliveryAt() const
{
    if (m_pending.empty())
        return std::nullopt;
    return m_pending.front().visibleAtMs;
}

} // namespace rlab::client
