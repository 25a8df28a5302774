#pragma once
#include <QByteArray>
#include <QHashFunctions>

#include <cstring>
#include <memory>

namespace rlab::store {

// Finds the nodes of an ordered map by key in one hash (KvStore: a std::map<QByteArray, …>'s
// value_type, whose `first` is the key). An open-addressing table of node pointers, linear
// probing, at most 4/5 full: 8 bytes a slot, 10–20 per key, where a QHash<QByteArray, T *>
// costs ~47 (a second QByteArray in each node, spans, slack). A slot keeps 16 bits of the key's
// hash above the pointer (user-space pointers fit in 48 bits; if one ever does not, the table
// drops the tags and compares keys), so a probe past another key seldom reads its node.
// E.g. insert(&node) for "/registry/pods/default/web-1", then find("/registry/pods/default/web-1")
// == &node; remove(&node) and the key is found no more. Not thread-safe (the KvStore's lock).
template<class Node> class NodeHash
{
public:
    Node *find(const QByteArray &key) const
    {
        if (m_count == 0)
            return nullptr;
        const std::size_t h = hashOf(key);
        const quint64 tag = tagOf(h);
        for (std::size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            const quint64 s = m_slots[i];
            if (!s)
                return nullptr;
            if (!m_tagged || (s & kTagMask) == tag) {
                Node *n = nodeOf(s);
                if (n->first == key)
                    return n;
            }
        }
    }

    // n's key must not be in the table yet.
    void insert(Node *n)
    {
        if ((m_count + 1) * 5 > capacity() * 4)
            rehash(capacity() ? 2 * capacity() : 16, m_tagged);
        if (m_tagged && (quint64(quintptr(n)) >> 48) != 0) {
            m_tagged = false;
            rehash(capacity(), true);
        }
        place(n);
        ++m_count;
    }

    // Removes n (found by its key), moving back the slots after it that its slot displaced.
    void remove(const Node *n)
    {
        if (m_count == 0)
            return;
        std::size_t i = hashOf(n->first) & m_mask;
        while (m_slots[i] && nodeOf(m_slots[i]) != n)
            i = (i + 1) & m_mask;
        if (!m_slots[i])
            return;
        for (std::size_t j = (i + 1) & m_mask; m_slots[j]; j = (j + 1) & m_mask) {
            const std::size_t home = hashOf(nodeOf(m_slots[j])->first) & m_mask;
            // Slot j may move to i when its home is not in (i, j] (cyclically).
            const bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (stays)
                continue;
            m_slots[i] = m_slots[j];
            i = j;
        }
        m_slots[i] = 0;
        --m_count;
    }

    void clear()
    {
        m_slots.reset();
        m_mask = 0;
        m_count = 0;
    }

    std::size_t size() const { return m_count; }
    std::size_t capacity() const { return m_slots ? m_mask + 1 : 0; }

private:
    static constexpr quint64 kTagMask = quint64(0xffff) << 48;

    std::size_t hashOf(const QByteArray &key) const { return qHashBits(key.constData(), std::size_t(key.size()), m_seed); }
    quint64 tagOf(std::size_t h) const
    {
        return m_tagged ? (quint64(h) * 0x9E3779B97F4A7C15ull) & kTagMask : 0;
    }
    Node *nodeOf(quint64 s) const { return reinterpret_cast<Node *>(quintptr(m_tagged ? s & ~kTagMask : s)); }

    void place(Node *n)
    {
        const std::size_t h = hashOf(n->first);
        std::size_t i = h & m_mask;
        while (m_slots[i])
            i = (i + 1) & m_mask;
        m_slots[i] = quint64(quintptr(n)) | tagOf(h);
    }

    void rehash(std::size_t newCapacity, bool wasTagged)
    {
        std::unique_ptr<quint64[]> old = std::move(m_slots);
        const std::size_t oldCapacity = old ? m_mask + 1 : 0;
        m_slots = std::make_unique<quint64[]>(newCapacity);   // zeroed: every slot empty
        m_mask = newCapacity - 1;
        for (std::size_t i = 0; i < oldCapacity; ++i)
            if (old[i])
                place(reinterpret_cast<Node *>(quintptr(wasTagged ? old[i] & ~kTagMask : old[i])));
    }

    std::unique_ptr<quint64[]> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_count = 0;
    std::size_t m_seed = std::size_t(QHashSeed::globalSeed());
    bool m_tagged = sizeof(quintptr) == 8;
};

} // namespace rlab::store
