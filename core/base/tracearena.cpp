#include "core/base/tracearena.h"

#include <algorithm>
#include <cstring>

namespace rlab {

std::int64_t TraceArena::put(const void *data, std::size_t n)
{
    std::int64_t offset = 0;
    char *dst = grow(n, &offset);
    if (n > 0)
        std::memcpy(dst, data, n);
    return offset;
}

char *TraceArena::grow(std::size_t n, std::int64_t *offset)
{
    if (m_blocks.empty() || m_blocks.back().size - m_blocks.back().used < n) {
        Block b;
        b.start = m_end;
        b.size = std::max(m_blockBytes, n);
        b.data = b.size == m_blockBytes && m_spare ? std::move(m_spare) : std::make_unique_for_overwrite<char[]>(b.size);
        m_blocks.push_back(std::move(b));
    }
    Block &b = m_blocks.back();
    char *dst = b.data.get() + b.used;
    *offset = m_end;
    b.used += n;
    m_end += std::int64_t(n);
    return dst;
}

const char *TraceArena::at(std::int64_t offset) const
{
    // The block with the greatest start <= offset. Blocks that hold no byte yet share their
    // start with the next one; the newest of equal starts is the one that holds the bytes.
    auto it = std::upper_bound(m_blocks.begin(), m_blocks.end(), offset,
                               [](std::int64_t o, const Block &b) { return o < b.start; });
    if (it == m_blocks.begin())
        return nullptr;
    --it;
    return it->data.get() + (offset - it->start);
}

const char *TraceArena::at(std::int64_t offset, std::size_t *block) const
{
    std::size_t b = *block;
    if (b >= m_blocks.size() || m_blocks[b].start > offset)
        return at(offset);   // not read in order after all: search
    while (b + 1 < m_blocks.size() && m_blocks[b + 1].start <= offset)
        ++b;
    *block = b;
    return m_blocks[b].data.get() + (offset - m_blocks[b].start);
}

void TraceArena::releaseBefore(std::int64_t offset)
{
    while (m_blocks.size() > 1 && m_blocks.front().start + std::int64_t(m_blocks.front().used) <= offset) {
        if (m_blocks.front().size == m_blockBytes)
            m_spare = std::move(m_blocks.front().data);
        m_blocks.pop_front();
    }
}

void TraceArena::clear()
{
    m_blocks.clear();
    m_spare.reset();
}

std::size_t TraceArena::blockBytesHeld() const
{
    std::size_t total = 0;
    for (const Block &b : m_blocks)
        total += b.size;
    return total + (m_spare ? m_blockBytes : 0);
}

} // namespace rlab
