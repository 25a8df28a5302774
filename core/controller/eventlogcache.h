#pragma once
#include "core/controller/compactkey.h"
#include "core/controller/lrucache.h"

#include <cstddef>
#include <optional>

namespace rlab::controller {

// The event correlator's cache of client-go tools/record (events_cache.go: eventLogger over
// golang-lru with maxLruCacheEntries = 4096): correlation key -> the Event written for it and how
// often it occurred. observation() and add() both make the key the most recently used; add() of
// a new key beyond `capacity` evicts the least recently used one, so a repeat that comes after
// 4096 other keys starts a new Event, as upstream.
// The Event is kept by its name's suffix: EventRecorder names an Event "<object>.<hex suffix>"
// and every correlation key includes the object, so the name is made again from the object in
// hand (a name string per entry of every kubelet's cache held ~120 MB at rlab bench --size large).
// Not thread-safe: EventRecorder holds its mutex around it.
class EventLogCache
{
public:
    static constexpr std::size_t kMaxLruCacheEntries = 4096;
    explicit EventLogCache(std::size_t capacity = kMaxLruCacheEntries);

    // The event logger's eventLog: the Event's name suffix and how often it occurred, counting
    // occurrences the spam filter then kept from being written (upstream counts them too).
    struct Observation
    {
        quint64 nameSuffix = 0;
        int count = 0;
    };
    std::optional<Observation> observation(const CompactKey &key);
    void add(const CompactKey &key, quint64 nameSuffix, int count = 1);
    std::size_t size() const { return m_entries.size(); }
    std::size_t capacity() const { return m_entries.capacity(); }

private:
    LruCache<CompactKey, Observation> m_entries;
};

} // namespace rlab::controller
