#include "core/store/keyorder.h"

#include <QtEndian>

#include <algorithm>
#include <cstring>

namespace rlab::store {

namespace {

std::string_view viewOf(const QByteArray &key)
{
    return {key.constData(), std::size_t(key.size())};
}

// The 4 bytes of `key` from `skip` on, big-endian (so integers compare as the bytes do), zeros
// past its end. E.g. skip 2: "abcdef" -> 'c''d''e''f', "abc" -> 'c' 0 0 0.
quint32 headAt(std::string_view key, std::size_t skip)
{
    if (key.size() >= skip + 4)
        return qFromBigEndian<quint32>(key.data() + skip);
    unsigned char b[4] = {0, 0, 0, 0};
    if (key.size() > skip)
        std::memcpy(b, key.data() + skip, key.size() - skip);
    return qFromBigEndian<quint32>(b);
}

std::size_t commonPrefix(std::string_view a, std::string_view b)
{
    const std::size_t n = std::min(a.size(), b.size());
    std::size_t i = 0;
    while (i < n && a[i] == b[i])
        ++i;
    return i;
}

} // namespace

// A chunk's nodes in order, and beside them each key's 4 bytes from `skip` on: every key the
// chunk holds or is searched for (those after the previous chunk's last key, up to its own)
// shares its first `skip` bytes, so those 4 bytes decide most comparisons without reading the
// node and its key (two dependent cache misses a step of the search). A tie reads the key.
// E.g. the chunk after "/registry/events/default/web-7c5b4f9d8-abcde.18" up to
// "/registry/events/default/web-7c5b4f9d8-axyzw.19" has skip 40 (the 39-byte
// "/registry/events/default/web-7c5b4f9d8-" and "a"); the key
// "/registry/events/default/web-7c5b4f9d8-akmno.18" has head "kmno".
struct KeyOrder::Chunk
{
    static constexpr std::size_t kStale = std::size_t(-1);   // heads to be made again
    std::size_t count = 0;
    std::size_t skip = 0;
    quint32 heads[kCapacity];
    KeyNode *nodes[kCapacity];
};

KeyNode &KeyOrder::iterator::operator*() const
{
    return *m_order->m_chunks[m_chunk]->nodes[m_pos];
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
            delete c->nodes[i];
    m_chunks.clear();
    m_lastKeys.clear();
    m_size = 0;
}

void KeyOrder::setLastKey(std::size_t chunk)
{
    const Chunk &c = *m_chunks[chunk];
    const QByteArray &key = c.nodes[c.count - 1]->first;
    LastKey &last = m_lastKeys[chunk];
    std::memcpy(last.head, key.constData(), std::min(std::size_t(key.size()), LastKey::kHead));
    last.size = std::uint32_t(key.size());
    last.data = key.constData();
}

void KeyOrder::noteLastKey(std::size_t chunk)
{
    setLastKey(chunk);
    // The keys this chunk and the next may be searched for changed: their skips may have to.
    fixSkip(chunk);
    if (chunk + 1 < m_chunks.size())
        fixSkip(chunk + 1);
}

void KeyOrder::fixSkip(std::size_t chunk)
{
    Chunk &c = *m_chunks[chunk];
    if (c.count == 0)
        return;
    // Keys after the previous chunk's last and up to this one's share their common prefix;
    // the first chunk's may be any key up to its last.
    const LastKey &hi = m_lastKeys[chunk];
    const std::size_t want = chunk == 0 ? 0 : commonPrefix({m_lastKeys[chunk - 1].data, m_lastKeys[chunk - 1].size}, {hi.data, hi.size});
    // Made again when it must (the bounds share less than the heads skip) or when the heads
    // would tell little (the keys share 2 or more of their 4 bytes); not for every byte.
    if (want >= c.skip && want < c.skip + 2)
        return;
    c.skip = want;
    for (std::size_t i = 0; i < c.count; ++i)
        c.heads[i] = headAt(viewOf(c.nodes[i]->first), want);
}

bool KeyOrder::lastLess(const LastKey &last, std::string_view k)
{
    // Bytes compare unsigned (as QByteArray's operator< does). E.g. head "/registry/pods/a"
    // (whole key) against "/registry/pods/ab": equal over 16 bytes, the shorter is less: true.
    const std::size_t inHead = std::min<std::size_t>(last.size, LastKey::kHead);
    const int c = std::memcmp(last.head, k.data(), std::min(inHead, k.size()));
    if (c != 0)
        return c < 0;
    if (inHead == last.size || k.size() <= LastKey::kHead)   // one of them ends within the head
        return last.size < k.size();
    return std::string_view(last.data, last.size).substr(LastKey::kHead) < k.substr(LastKey::kHead);
}

std::pair<std::size_t, std::size_t> KeyOrder::locate(const QByteArray &key) const
{
    // The first chunk whose last key is not less than `key`, then the place in it.
    const std::string_view k = viewOf(key);
    const auto c = std::partition_point(m_lastKeys.begin(), m_lastKeys.end(), [k](const LastKey &last) { return lastLess(last, k); });
    if (c == m_lastKeys.end())
        return {m_chunks.size(), 0};
    const std::size_t chunk = std::size_t(c - m_lastKeys.begin());
    const Chunk &ch = *m_chunks[chunk];
    const quint32 kh = headAt(k, ch.skip);
    const auto less = [&ch, k, kh](const quint32 &h) {
        if (h != kh)
            return h < kh;
        return viewOf(ch.nodes[&h - ch.heads]->first) < k;
    };
    const auto at = std::partition_point(ch.heads, ch.heads + ch.count, less);
    return {chunk, std::size_t(at - ch.heads)};
}

KeyOrder::iterator KeyOrder::lowerBound(const QByteArray &key) const
{
    const auto [chunk, pos] = locate(key);
    return {this, chunk, pos};
}

std::pair<KeyNode *, bool> KeyOrder::tryEmplace(const QByteArray &key)
{
    auto [chunk, pos] = locate(key);
    // The key there is this one only if their heads agree (most new keys: no node read).
    if (chunk < m_chunks.size() && m_chunks[chunk]->heads[pos] == headAt(viewOf(key), m_chunks[chunk]->skip)
        && m_chunks[chunk]->nodes[pos]->first == key)
        return {m_chunks[chunk]->nodes[pos], false};
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
        next->skip = full.skip;
        std::memcpy(next->nodes, full.nodes + keep, next->count * sizeof(KeyNode *));
        std::memcpy(next->heads, full.heads + keep, next->count * sizeof(quint32));
        full.count = keep;
        m_chunks.insert(m_chunks.begin() + qsizetype(chunk) + 1, std::move(next));
        m_lastKeys.emplace(m_lastKeys.begin() + qsizetype(chunk) + 1);
        // Both ranges are parts of the whole's: the skip holds for each (fixSkip may raise it).
        setLastKey(chunk);
        fixSkip(chunk);
        if (m_chunks[chunk + 1]->count > 0) {   // an append's new chunk is empty until below
            setLastKey(chunk + 1);
            fixSkip(chunk + 1);
        }
        if (pos > keep || (append && pos == keep)) {
            pos -= keep;
            ++chunk;
        }
    }
    Chunk &c = *m_chunks[chunk];
    auto node = std::make_unique<KeyNode>(std::piecewise_construct, std::forward_as_tuple(key), std::forward_as_tuple());
    std::memmove(c.nodes + pos + 1, c.nodes + pos, (c.count - pos) * sizeof(KeyNode *));
    std::memmove(c.heads + pos + 1, c.heads + pos, (c.count - pos) * sizeof(quint32));
    c.nodes[pos] = node.release();
    c.heads[pos] = headAt(viewOf(c.nodes[pos]->first), c.skip);
    ++c.count;
    ++m_size;
    if (pos + 1 == c.count)   // a new last key: the skips are checked (heads made again if need be)
        noteLastKey(chunk);
    return {c.nodes[pos], true};
}

void KeyOrder::erase(KeyNode *node)
{
    const auto [chunk, pos] = locate(node->first);
    Q_ASSERT_X(chunk < m_chunks.size() && m_chunks[chunk]->nodes[pos] == node, "KeyOrder::erase", "not a node of this order");
    if (chunk >= m_chunks.size() || m_chunks[chunk]->nodes[pos] != node)
        return;
    Chunk &c = *m_chunks[chunk];
    std::memmove(c.nodes + pos, c.nodes + pos + 1, (c.count - pos - 1) * sizeof(KeyNode *));
    std::memmove(c.heads + pos, c.heads + pos + 1, (c.count - pos - 1) * sizeof(quint32));
    --c.count;
    --m_size;
    if (c.count == 0) {
        m_chunks.erase(m_chunks.begin() + qsizetype(chunk));
        m_lastKeys.erase(m_lastKeys.begin() + qsizetype(chunk));
        if (chunk < m_chunks.size())   // the next chunk's keys now start after an earlier one
            fixSkip(chunk);
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
        std::memcpy(a.nodes + a.count, b.nodes, b.count * sizeof(KeyNode *));
        a.count += b.count;
        a.skip = Chunk::kStale;   // b's heads were made from b's skip: all made again
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
