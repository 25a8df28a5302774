#include "core/store/watcher.h"

namespace rlab::store {

Watcher::Watcher(qint64 id, KeyRange range, qint64 startRevision, Notify notify, WatchTrigger trigger)
    : m_id(id)
    , m_range(std::move(range))
    , m_startRevision(startRevision)
    , m_notify(std::move(notify))
    , m_trigger(std::move(trigger))
{
}

std::vector<WatchEvent> Watcher::take()
{
    std::vector<WatchEvent> out;
    std::lock_guard lock(m_mutex);
    out.swap(m_queue);
    m_queued.store(0, std::memory_order_release);
    return out;
}

std::vector<WatchEvent> Watcher::waitTake(std::chrono::milliseconds timeout)
{
    std::vector<WatchEvent> out;
    std::unique_lock lock(m_mutex);
    m_cv.wait_for(lock, timeout, [this] { return !m_queue.empty() || isCancelled(); });
    out.swap(m_queue);
    m_queued.store(0, std::memory_order_release);
    return out;
}

qsizetype Watcher::pending() const
{
    std::lock_guard lock(m_mutex);
    return qsizetype(m_queue.size());
}

WatcherInfo Watcher::info() const
{
    std::lock_guard lock(m_mutex);
    return {m_id, m_range, m_startRevision, qsizetype(m_queue.size()), m_appended, m_lastRevision, m_trigger};
}

void Watcher::cancel()
{
    {
        std::lock_guard lock(m_mutex);
        m_cancelled.store(true, std::memory_order_release);
        m_queue.clear();
        m_queue.shrink_to_fit();
        m_queued.store(0, std::memory_order_release);
    }
    m_cv.notify_all();
}

bool Watcher::matches(const WatchEvent &e) const
{
    return e.revision.main >= m_startRevision && m_range.contains(e.kv.key) && m_trigger.concerns(e);
}

bool Watcher::appendMatching(const std::vector<WatchEvent> &events, qint64 *appended)
{
    std::unique_lock lock(m_mutex, std::defer_lock);
    bool wasEmpty = false;
    bool any = false;
    for (const WatchEvent &e : events) {
        if (!matches(e))
            continue;
        if (!any) {
            lock.lock();
            if (isCancelled())
                return false;
            wasEmpty = m_queue.empty();
            any = true;
        }
        m_queue.push_back(e);
        ++m_appended;
        if (appended)
            ++*appended;
        m_lastRevision = e.revision.main;
    }
    if (any)
        m_queued.store(m_queue.size(), std::memory_order_release);
    if (any && wasEmpty) {
        lock.unlock();
        m_cv.notify_all();
    }
    return any && wasEmpty;
}

void Watcher::notify() const
{
    if (m_notify && !isCancelled())
        m_notify();
}

} // namespace rlab::store
