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
// the least recently used one. Not thread-safe: the owner locks around it.
template <class V>
class LruCache
{
public:
    explicit LruCache(std::size_t capacity)
        : m_capacity(std::max<std::size_t>(capacity, 1))
    {
    }
    // The value, made most recently used; nullptr when absent. Valid until the next add().
    V *get(const QString &key)
    {
        const auto it = m_index.constFind(key);
        if (it == m_index.cend())
            return nullptr;
        m_order.splice(m_order.begin(), m_order, *it);
        return &m_order.front().second;
    }
    void add(const QString &key, V value)
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
    std::list<std::pair<QString, V>> m_order;   // most recently used first
    QHash<QString, typename std::list<std::pair<QString, V>>::iterator> m_index;
    std::size_t m_capacity;
};

} // namespace rlab::controller
