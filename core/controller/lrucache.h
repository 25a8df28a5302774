#pragma once
#include <QHashFunctions>
#include <QtGlobal>

#include <algorithm>
#include <cstddef>
#include <deque>
#include <limits>
#include <utility>
#include <vector>

namespace rlab::controller {

// golang/groupcache/lru as client-go's record package uses it: at most `capacity` keys; get()
// and add() make a key the most recently used, add() of a new key beyond the capacity evicts
// the least recently used one. K: any key qHash() takes (CompactKey here).
// Kept compact, as the lab has one set of these caches per kubelet (1,000 at rlab bench --size
// large, up to 4,096 keys each): entries sit in a deque (no heap block each, no doubling slack)
// linked by 32-bit indices in recency order; an evicted entry's slot takes the new key. The
// index from key to entry is an open-addressing table of those 32-bit indices (linear probing,
// at most 3/4 full: 5-11 bytes per key, where a QHash<K, quint32> took ~35).
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
        const std::size_t at = find(key);
        if (m_slots.empty() || m_slots[at] == kNone)
            return nullptr;
        touch(m_slots[at]);
        return &m_nodes[m_slots[at]].value;
    }
    void add(const K &key, V value)
    {
        if (const std::size_t at = find(key); !m_slots.empty() && m_slots[at] != kNone) {
            m_nodes[m_slots[at]].value = std::move(value);
            touch(m_slots[at]);
            return;
        }
        quint32 i = 0;
        if (m_nodes.size() < m_capacity) {
            if (4 * (m_nodes.size() + 1) > 3 * m_slots.size())   // at most 3/4 full
                rehash(std::max<std::size_t>(8, 2 * m_slots.size()));
            i = quint32(m_nodes.size());
            m_nodes.push_back(Node{key, std::move(value)});
        } else {
            i = m_tail;   // the least recently used: evicted, its slot reused
            erase(find(m_nodes[i].key));
            unlink(i);
            m_nodes[i].key = key;
            m_nodes[i].value = std::move(value);
        }
        linkFront(i);
        m_slots[find(key)] = i;
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

    // The table's home slot of a key (Fibonacci hashing of qHash: the top bits).
    std::size_t home(const K &key) const
    {
        return std::size_t((quint64(qHash(key)) * 0x9e3779b97f4a7c15ULL) >> m_shift) & (m_slots.size() - 1);
    }
    // The slot holding `key`, or the empty slot where it would go (the table has one).
    std::size_t find(const K &key) const
    {
        if (m_slots.empty())
            return 0;
        const std::size_t mask = m_slots.size() - 1;
        std::size_t at = home(key);
        while (m_slots[at] != kNone && !(m_nodes[m_slots[at]].key == key))
            at = (at + 1) & mask;
        return at;
    }
    // Empties slot `at` and moves later entries of its probe run back (no tombstones).
    void erase(std::size_t at)
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t next = (at + 1) & mask; m_slots[next] != kNone; next = (next + 1) & mask) {
            const std::size_t want = home(m_nodes[m_slots[next]].key);
            // The entry at `next` may move to `at` unless its home lies cyclically in (at, next].
            const bool stays = at <= next ? (at < want && want <= next) : (at < want || want <= next);
            if (!stays) {
                m_slots[at] = m_slots[next];
                at = next;
            }
        }
        m_slots[at] = kNone;
    }
    void rehash(std::size_t size)
    {
        m_slots.assign(size, kNone);
        m_shift = 64;
        for (std::size_t n = size; n > 1; n >>= 1)
            --m_shift;
        for (quint32 i = 0; i < quint32(m_nodes.size()); ++i)
            m_slots[find(m_nodes[i].key)] = i;
    }
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
    std::vector<quint32> m_slots;   // entry indices, kNone = empty; a power of two of them, one per entry at most 3/4
    int m_shift = 64;               // 64 - log2(m_slots.size())
    quint32 m_head = kNone, m_tail = kNone;
    std::size_t m_capacity;
};

} // namespace rlab::controller
