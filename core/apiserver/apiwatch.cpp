#include "core/apiserver/apiwatch.h"

#include "core/store/watcher.h"

namespace rlab::apiserver {

const char *ApiWatchEvent::typeName(Type t)
{
    switch (t) {
    case Added: return "ADDED";
    case Modified: return "MODIFIED";
    case Deleted: return "DELETED";
    case Bookmark: return "BOOKMARK";
    case Error: return "ERROR";
    }
    return "";
}

ApiWatch::ApiWatch(ResourceType rt, QString ns, api::Selector labels, FieldSelector fields,
                   std::shared_ptr<store::Watcher> watcher, std::vector<ApiWatchEvent> initial)
    : m_rt(std::move(rt)), m_ns(std::move(ns)), m_labels(std::move(labels)), m_fields(std::move(fields)),
      m_watcher(std::move(watcher)), m_initial(std::move(initial)), m_initialLeft(!m_initial.empty())
{
}

ApiWatch::~ApiWatch()
{
    stop();
}

bool ApiWatch::matches(const api::Object &obj) const
{
    return m_labels.matches(obj.metadata.labels) && m_fields.matches(obj);
}

std::vector<ApiWatchEvent> ApiWatch::convert(const std::vector<store::WatchEvent> &events)
{
    std::vector<ApiWatchEvent> out;
    out.reserve(events.size());
    for (const store::WatchEvent &e : events) {
        const api::ObjectPtr cur = e.type == store::WatchEvent::Put ? e.kv.value : nullptr;
        const api::ObjectPtr prev = e.prevKv.value;
        const bool curMatch = cur && matches(*cur);
        const bool prevMatch = prev && matches(*prev);
        ApiWatchEvent ev;
        ev.revision = e.revision.main;
        if (e.type == store::WatchEvent::Delete) {
            if (!prevMatch)
                continue;
            // The deleted object carries the revision of its deletion (kube-apiserver does this).
            api::MutableObjectPtr gone = prev->clone();
            gone->metadata.resourceVersion = QString::number(e.revision.main);
            ev.type = ApiWatchEvent::Deleted;
            ev.object = std::move(gone);
        } else if (curMatch) {
            // A modification whose previous version is compacted away counts as matching.
            const bool wasVisible = prev ? prevMatch : !e.isCreate();
            ev.type = wasVisible ? ApiWatchEvent::Modified : ApiWatchEvent::Added;
            ev.object = cur;
        } else if (prevMatch) {
            ev.type = ApiWatchEvent::Deleted;   // stopped matching the selectors
            ev.object = cur;
        } else {
            continue;
        }
        out.push_back(std::move(ev));
    }
    return out;
}

std::vector<ApiWatchEvent> ApiWatch::take()
{
    std::vector<ApiWatchEvent> out;
    // Nothing to take (most polls of a deterministic runner): no lock, no conversion.
    if (!m_initialLeft.load(std::memory_order_acquire) && m_watcher && !m_watcher->hasPending())
        return out;
    {
        std::lock_guard lock(m_mutex);
        if (m_stopped)
            return out;
        out.swap(m_initial);
        m_initialLeft.store(false, std::memory_order_release);
    }
    if (m_watcher) {
        std::vector<ApiWatchEvent> more = convert(m_watcher->take());
        out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    }
    return out;
}

bool ApiWatch::mayHavePending() const
{
    return m_initialLeft.load(std::memory_order_acquire) || !m_watcher || m_watcher->hasPending()
        || m_stopped.load(std::memory_order_acquire);
}

std::vector<ApiWatchEvent> ApiWatch::waitTake(std::chrono::milliseconds timeout)
{
    std::vector<ApiWatchEvent> out = take();
    if (!out.empty() || !m_watcher || isStopped())
        return out;
    return convert(m_watcher->waitTake(timeout));
}

void ApiWatch::stop()
{
    std::lock_guard lock(m_mutex);
    m_stopped = true;
    m_initial.clear();
    m_initialLeft.store(false, std::memory_order_release);
    if (m_watcher)
        m_watcher->cancel();
}

bool ApiWatch::isStopped() const
{
    return m_stopped.load(std::memory_order_acquire);
}

} // namespace rlab::apiserver
