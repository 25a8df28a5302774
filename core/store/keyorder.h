#pragma once
#include "core/store/keygenerations.h"

#include <QByteArray>

#include <cstdint>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

namespace rlab::store {

// A key and its etcd keyIndex generations: the KvStore's node, 32 bytes, never moved while it
// is in a KeyOrder (the KvStore's log and NodeHash point at it).
using KeyNode = std::pair<const QByteArray, KeyGenerations>;

// The KvStore's keys in byte order (what its ranges walk): it owns one KeyNode per key and
// keeps their pointers sorted in chunks of up to 127 (a 1.5 KiB block each), like a B-tree's
// leaves under one sorted vector of chunks. Per key: the 32-byte node and 12–24 bytes of chunk,
// where a std::map<QByteArray, KeyGenerations> node is 64 bytes. When a key goes, a chunk and a
// neighbour that fit in three quarters of one are merged (chunks run ~70 % full as keys come).
// E.g. tryEmplace("b"), tryEmplace("a"): iteration gives a, b; lowerBound("aa") is at "b".
// Not thread-safe: the KvStore guards it with its lock.
class KeyOrder
{
    struct Chunk;

public:
    class iterator
    {
    public:
        KeyNode &operator*() const;
        KeyNode *operator->() const { return &**this; }
        iterator &operator++();
        bool operator==(const iterator &o) const { return m_chunk == o.m_chunk && m_pos == o.m_pos; }
        bool operator!=(const iterator &o) const { return !(*this == o); }

    private:
        friend class KeyOrder;
        iterator(const KeyOrder *order, std::size_t chunk, std::size_t pos) : m_order(order), m_chunk(chunk), m_pos(pos) {}
        const KeyOrder *m_order;
        std::size_t m_chunk;
        std::size_t m_pos;
    };

    KeyOrder();
    ~KeyOrder();
    KeyOrder(KeyOrder &&other) noexcept;
    KeyOrder &operator=(KeyOrder &&other) noexcept;
    KeyOrder(const KeyOrder &) = delete;
    KeyOrder &operator=(const KeyOrder &) = delete;

    // The node of `key`, made (with no generation) if it was not there; and whether it was made.
    std::pair<KeyNode *, bool> tryEmplace(const QByteArray &key);
    // Removes and destroys `node` (one of this order's).
    void erase(KeyNode *node);
    // The first node whose key is not less than `key`.
    iterator lowerBound(const QByteArray &key) const;
    iterator begin() const { return {this, 0, 0}; }
    iterator end() const { return {this, m_chunks.size(), 0}; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    void clear();

private:
    static constexpr std::size_t kCapacity = 127;
    // The chunk and position `key` belongs at (the chunk count when past every key).
    std::pair<std::size_t, std::size_t> locate(const QByteArray &key) const;
    void mergeAround(std::size_t chunk);

    // Chunk `chunk`'s last key copied into m_lastKeys (no skip checked).
    void setLastKey(std::size_t chunk);
    // Chunk `chunk`'s last key, noted in m_lastKeys (see below) after it changed; then the
    // skips of this chunk and the next checked.
    void noteLastKey(std::size_t chunk);
    // Sets the chunk's skip to what its bounds share (see Chunk), its heads made again if it moved.
    void fixSkip(std::size_t chunk);

    std::vector<std::unique_ptr<Chunk>> m_chunks;
    // Each chunk's last key beside it (m_lastKeys[i] is m_chunks[i]'s), its first kHead bytes
    // copied in: the search over chunks reads this contiguous array and seldom the key's own
    // bytes, not chunk, node, QByteArray and bytes in turn (dependent cache misses: at 1.6 M
    // keys, 1.45 M of them Events made in no order, that search was 6 % of `rlab bench --size
    // large`). Keys share long prefixes ("/registry/events/default/web-7c5b4f9d8-", 39 bytes), so
    // the head is long enough to reach past them. A node's key never moves: `data` stays valid
    // while its node is the last of its chunk.
    struct LastKey
    {
        static constexpr std::size_t kHead = 52;
        char head[kHead];
        std::uint32_t size = 0;
        const char *data = nullptr;
    };
    static_assert(sizeof(LastKey) == 64);
    static bool lastLess(const LastKey &last, std::string_view k);
    std::vector<LastKey> m_lastKeys;
    std::size_t m_size = 0;
};

} // namespace rlab::store
