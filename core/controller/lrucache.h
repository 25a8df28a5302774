#pragma once
#include <QHash>
#include <QString>

#include <algorithm>
#include <cstddef>
#include <list>
#include <utility>

namespace rlab::controller {

// golang/groupcache/lru as client-go's record package uses it: at most `capacity` keys; get()
// and add() make a key the most recently used, add() of a new key beyond the capacity evicts
// the least recently used one. K: any key QHash takes (CompactKey here). Not thread-safe: the owner locks around it.
template <class K, class V>
class LruCache
{
public:
    explicit LruCache(std::size_t capacity)
        : m_capacity(std::max<std::size_t>(capacity, 1))
    {
    }
    // The value, made most recently used; nullptr when absent. Valid until the next add().
    V *get(const K &key)
    {
        const auto it = m_index.constFind(key);
        if (it == m_index.cend())
            return nullptr;
        m_order.splice(m_order.begin(), m_order, *it);
        return &m_order.front().second;
    }
    void add(const K &key, V value)
    {
        if (const auto it = m_index.constFind(key); it != m_index.cend()) {
            (*it)->second = std::move(value);
            m_order.splice(m_order.begin(), m_order, *it);
            return;
        }
        m_order.emplace_front(key, std::move(value));
        m_index.insert(key, m_order.begin());
        if (m_order.size() > m_capacity) {
            m_index.remove(m_order.back().first);
            m_order.pop_back();
        }
    }
    std::size_t size() const { return m_order.size(); }

private:
    std::list<std::pair<K, V>> m_order;   // most recently used first
    QHash<K, typename std::list<std::pair<K, V>>::iterator> m_index;
    std::size_t m_capacity;
};

} // namespace rlab::controller
