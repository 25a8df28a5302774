#pragma once
#include <QHash>

#include <algorithm>
#include <cstddef>
#include <deque>
#include <limits>
#include <utility>

namespace rlab::controller {

// golang/groupcache/lru as client-go's record package uses it: at most `capacity` keys; get()
// and add() make a key the most recently used, add() of a new key beyond the capacity evicts
// the least recently used one. K: any key QHash takes (CompactKey here).
// Kept compact, as the lab has one set of these caches per kubelet (1,000 at rlab bench --size
// large, up to 4,096 keys each): entries sit in a deque (no heap block each, no doubling slack)
// linked by 32-bit indices in recency order; an evicted entry's slot takes the new key.
// E.g. capacity 2: add(a) add(b) get(a) add(c) evicts b (a was used more recently), c takes
// b's slot. Not thread-safe: the owner locks around it.
template <class K, class V>
class LruCache
{
public:
    explicit LruCache(std::size_t capacity)
        : m_capacity(std::clamp<std::size_t>(capacity, 1, kNone - 1))
    {
    }
    // The value, made most recently used; nullptr when absent. Valid until the next add().
    V *get(const K &key)
    {
        const auto it = m_index.constFind(key);
        if (it == m_index.cend())
            return nullptr;
        touch(*it);
        return &m_nodes[*it].value;
    }
    void add(const K &key, V value)
    {
        if (const auto it = m_index.constFind(key); it != m_index.cend()) {
            m_nodes[*it].value = std::move(value);
            touch(*it);
            return;
        }
        quint32 i = 0;
        if (m_nodes.size() < m_capacity) {
            i = quint32(m_nodes.size());
            m_nodes.push_back(Node{key, std::move(value)});
        } else {
            i = m_tail;   // the least recently used: evicted, its slot reused
            m_index.remove(m_nodes[i].key);
            unlink(i);
            m_nodes[i].key = key;
            m_nodes[i].value = std::move(value);
        }
        linkFront(i);
        m_index.insert(key, i);
    }
    std::size_t size() const { return m_nodes.size(); }
    std::size_t capacity() const { return m_capacity; }

private:
    static constexpr quint32 kNone = std::numeric_limits<quint32>::max();
    struct Node
    {
        K key;
        V value;
        quint32 prev = kNone, next = kNone;   // towards the most / least recently used
    };
    void unlink(quint32 i)
    {
        Node &n = m_nodes[i];
        (n.prev == kNone ? m_head : m_nodes[n.prev].next) = n.next;
        (n.next == kNone ? m_tail : m_nodes[n.next].prev) = n.prev;
        n.prev = n.next = kNone;
    }
    void linkFront(quint32 i)
    {
        Node &n = m_nodes[i];
        n.prev = kNone;
        n.next = m_head;
        (m_head == kNone ? m_tail : m_nodes[m_head].prev) = i;
        m_head = i;
    }
    void touch(quint32 i)
    {
        if (i != m_head) {
            unlink(i);
            linkFront(i);
        }
    }

    std::deque<Node> m_nodes;
    QHash<K, quint32> m_index;
    quint32 m_head = kNone, m_tail = kNone;
    std::size_t m_capacity;
};

} // namespace rlab::controller
