#include "core/store/keyorder.h"

#include <algorithm>
#include <cstring>

namespace rlab::store {

struct KeyOrder::Chunk
{
    std::size_t count = 0;
    KeyNode *items[kCapacity];

    const QByteArray &lastKey() const { return items[count - 1]->first; }
};

KeyNode &KeyOrder::iterator::operator*() const
{
    return *m_order->m_chunks[m_chunk]->items[m_pos];
}

KeyOrder::iterator &KeyOrder::iterator::operator++()
{
    if (++m_pos == m_order->m_chunks[m_chunk]->count) {
        ++m_chunk;
        m_pos = 0;
    }
    return *this;
}

KeyOrder::KeyOrder() = default;

KeyOrder::~KeyOrder()
{
    clear();
}

KeyOrder::KeyOrder(KeyOrder &&other) noexcept
    : m_chunks(std::move(other.m_chunks)), m_lastKeys(std::move(other.m_lastKeys)), m_size(std::exchange(other.m_size, 0))
{
    other.m_chunks.clear();
    other.m_lastKeys.clear();
}

KeyOrder &KeyOrder::operator=(KeyOrder &&other) noexcept
{
    if (this != &other) {
        clear();
        m_chunks = std::move(other.m_chunks);
        m_lastKeys = std::move(other.m_lastKeys);
        m_size = std::exchange(other.m_size, 0);
        other.m_chunks.clear();
        other.m_lastKeys.clear();
    }
    return *this;
}

void KeyOrder::clear()
{
    for (const auto &c : m_chunks)
        for (std::size_t i = 0; i < c->count; ++i)
            delete c->items[i];
    m_chunks.clear();
    m_lastKeys.clear();
    m_size = 0;
}

void KeyOrder::noteLastKey(std::size_t chunk)
{
    const QByteArray &key = m_chunks[chunk]->lastKey();
    m_lastKeys[chunk] = std::string_view(key.constData(), std::size_t(key.size()));
}

std::pair<std::size_t, std::size_t> KeyOrder::locate(const QByteArray &key) const
{
    // The first chunk whose last key is not less than `key`, then the place in it.
    // (std::string_view compares bytes unsigned, as QByteArray's operator< does.)
    const std::string_view k(key.constData(), std::size_t(key.size()));
    const auto c = std::partition_point(m_lastKeys.begin(), m_lastKeys.end(), [k](std::string_view last) { return last < k; });
    if (c == m_lastKeys.end())
        return {m_chunks.size(), 0};
    const std::size_t chunk = std::size_t(c - m_lastKeys.begin());
    const Chunk &ch = *m_chunks[chunk];
    const auto at = std::partition_point(ch.items, ch.items + ch.count, [&key](const KeyNode *n) { return n->first < key; });
    return {chunk, std::size_t(at - ch.items)};
}

KeyOrder::iterator KeyOrder::lowerBound(const QByteArray &key) const
{
    const auto [chunk, pos] = locate(key);
    return {this, chunk, pos};
}

std::pair<KeyNode *, bool> KeyOrder::tryEmplace(const QByteArray &key)
{
    auto [chunk, pos] = locate(key);
    if (chunk < m_chunks.size() && m_chunks[chunk]->items[pos]->first == key)
        return {m_chunks[chunk]->items[pos], false};
    if (chunk == m_chunks.size()) {   // past every key: at the end of the last chunk
        if (m_chunks.empty()) {
            m_chunks.push_back(std::make_unique<Chunk>());
            m_lastKeys.emplace_back();
        }
        chunk = m_chunks.size() - 1;
        pos = m_chunks[chunk]->count;
    }
    if (m_chunks[chunk]->count == kCapacity) {
        // Split. Appending past the last key (keys made in order) leaves the full chunk full.
        Chunk &full = *m_chunks[chunk];
        const bool append = chunk + 1 == m_chunks.size() && pos == kCapacity;
        const std::size_t keep = append ? kCapacity : (kCapacity + 1) / 2;
        auto next = std::make_unique<Chunk>();
        next->count = kCapacity - keep;
        std::memcpy(next->items, full.items + keep, next->count * sizeof(KeyNode *));
        full.count = keep;
        m_chunks.insert(m_chunks.begin() + qsizetype(chunk) + 1, std::move(next));
        m_lastKeys.emplace(m_lastKeys.begin() + qsizetype(chunk) + 1);
        noteLastKey(chunk);
        if (m_chunks[chunk + 1]->count > 0)   // an append's new chunk is empty until below
            noteLastKey(chunk + 1);
        if (pos > keep || (append && pos == keep)) {
            pos -= keep;
            ++chunk;
        }
    }
    Chunk &c = *m_chunks[chunk];
    auto node = std::make_unique<KeyNode>(std::piecewise_construct, std::forward_as_tuple(key), std::forward_as_tuple());
    std::memmove(c.items + pos + 1, c.items + pos, (c.count - pos) * sizeof(KeyNode *));
    c.items[pos] = node.release();
    ++c.count;
    ++m_size;
    if (pos + 1 == c.count)
        noteLastKey(chunk);
    return {c.items[pos], true};
}

void KeyOrder::erase(KeyNode *node)
{
    const auto [chunk, pos] = locate(node->first);
    Q_ASSERT_X(chunk < m_chunks.size() && m_chunks[chunk]->items[pos] == node, "KeyOrder::erase", "not a node of this order");
    if (chunk >= m_chunks.size() || m_chunks[chunk]->items[pos] != node)
        return;
    Chunk &c = *m_chunks[chunk];
    std::memmove(c.items + pos, c.items + pos + 1, (c.count - pos - 1) * sizeof(KeyNode *));
    --c.count;
    --m_size;
    if (c.count == 0) {
        m_chunks.erase(m_chunks.begin() + qsizetype(chunk));
        m_lastKeys.erase(m_lastKeys.begin() + qsizetype(chunk));
    } else {
        if (pos == c.count)
            noteLastKey(chunk);
        mergeAround(chunk);
    }
    delete node;
}

void KeyOrder::mergeAround(std::size_t chunk)
{
    const auto mergeNext = [this](std::size_t into) {
        Chunk &a = *m_chunks[into];
        Chunk &b = *m_chunks[into + 1];
        std::memcpy(a.items + a.count, b.items, b.count * sizeof(KeyNode *));
        a.count += b.count;
        m_chunks.erase(m_chunks.begin() + qsizetype(into) + 1);
        m_lastKeys.erase(m_lastKeys.begin() + qsizetype(into) + 1);
        noteLastKey(into);
    };
    // Not as soon as two would fit in one: a split's halves (64 + 63) would merge again on the
    // next erase and split on the next insert.
    constexpr std::size_t kMerge = kCapacity * 3 / 4;
    if (chunk > 0 && m_chunks[chunk - 1]->count + m_chunks[chunk]->count <= kMerge)
        mergeNext(chunk - 1);
    else if (chunk + 1 < m_chunks.size() && m_chunks[chunk]->count + m_chunks[chunk + 1]->count <= kMerge)
        mergeNext(chunk);
}

} // namespace rlab::store
