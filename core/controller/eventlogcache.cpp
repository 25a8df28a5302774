#include "core/controller/eventlogcache.h"

#include <algorithm>

namespace rlab::controller {

EventLogCache::EventLogCache(std::size_t capacity)
    : m_capacity(std::max<std::size_t>(capacity, 1))
{
}

std::optional<QString> EventLogCache::get(const CompactKey &key)
{
    const std::optional<Observation> o = observation(key);
    return o ? std::optional<QString>(o->eventName) : std::nullopt;
}

std::optional<EventLogCache::Observation> EventLogCache::observation(const CompactKey &key)
{
    const auto it = m_index.constFind(key);
    if (it == m_index.cend())
        return std::nullopt;
    m_order.splice(m_order.begin(), m_order, *it);
    return Observation{m_order.front().eventName, m_order.front().count};
}

void EventLogCache::add(const CompactKey &key, const QString &eventName, int count)
{
    if (const auto it = m_index.constFind(key); it != m_index.cend()) {
        (*it)->eventName = eventName;
        (*it)->count = count;
        m_order.splice(m_order.begin(), m_order, *it);
        return;
    }
    m_order.push_front(Entry{key, eventName, count});
    m_index.insert(key, m_order.begin());
    if (m_order.size() > m_capacity) {
        m_index.remove(m_order.back().key);
        m_order.pop_back();
    }
}

} // namespace rlab::controller
