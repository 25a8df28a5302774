#include "core/controller/eventlogcache.h"

namespace rlab::controller {

EventLogCache::EventLogCache(std::size_t capacity)
    : m_entries(capacity)
{
}

std::optional<EventLogCache::Observation> EventLogCache::observation(const CompactKey &key)
{
    const Observation *o = m_entries.get(key);
    return o ? std::optional<Observation>(*o) : std::nullopt;
}

void EventLogCache::add(const CompactKey &key, quint64 nameSuffix, int count)
{
    m_entries.add(key, Observation{nameSuffix, count});
}

} // namespace rlab::controller
