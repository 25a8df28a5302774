#pragma once
#include "core/controller/compactkey.h"

#include <QHash>
#include <QString>

#include <cstddef>
#include <list>
#include <optional>

namespace rlab::controller {

// The event correlator's cache of client-go tools/record (events_cache.go: eventLogger over
// golang-lru with maxLruCacheEntries = 4096): correlation key -> the name of the Event written
// for it. get() and add() both make the key the most recently used; add() of a new key beyond
// `capacity` evicts the least recently used one, so a repeat that comes after 4096 other keys
// starts a new Event, as upstream. Not thread-safe: EventRecorder holds its mutex around it.
class EventLogCache
{
public:
    static constexpr std::size_t kMaxLruCacheEntries = 4096;
    explicit EventLogCache(std::size_t capacity = kMaxLruCacheEntries);

    std::optional<QString> get(const CompactKey &key);
    void add(const CompactKey &key, const QString &eventName) { add(key, eventName, 1); }
    // The event logger's eventLog: the Event's name and how often it occurred, counting
    // occurrences the spam filter then kept from being written (upstream counts them too).
    struct Observation
    {
        QString eventName;
        int count = 0;
    };
    std::optional<Observation> observation(const CompactKey &key);
    void add(const CompactKey &key, const QString &eventName, int count);
    std::size_t size() const { return m_order.size(); }
    std::size_t capacity() const { return m_capacity; }

private:
    struct Entry
    {
        CompactKey key;
        QString eventName;   // shared with the Event's own name
        int count = 1;
    };
    std::list<Entry> m_order;   // most recently used first
    QHash<CompactKey, std::list<Entry>::iterator> m_index;
    std::size_t m_capacity;
};

} // namespace rlab::controller
