#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>

namespace rlab {

// First-in first-out byte storage for the trace's texts and keys: bytes are appended at the
// end and released from the front, in the order they were written, so they live in a few large
// blocks instead of one heap block per string (an allocation and a cold free per trace event).
// Offsets are positions in one endless byte stream; the space a block leaves unused at its end
// (a string that did not fit starts the next block) is not part of the stream.
// E.g. blocks of 8: put "abcdef" → 0; put "ghij" → 6 (new block starting at 6, the first
// keeps 2 unused bytes); releaseBefore(6) frees the first block; at(6) = "ghij".
// A released block of the usual size is kept as the spare the next block reuses: a full log
// writes into memory it already has instead of a fresh 256 KiB the allocator had given back to
// the system (mimalloc decommits a freed large block after 25 ms: at rlab bench --size medium,
// page faults under TraceLog's appends were 1.9 % of the lab's samples).
// Thread rules: none of its own; TraceLog calls it under its mutex.
class TraceArena
{
public:
    static constexpr std::size_t kBlockBytes = std::size_t(256) << 10;
    explicit TraceArena(std::size_t blockBytes = kBlockBytes) : m_blockBytes(blockBytes) {}

    // Copies n bytes in (n may be 0) and returns their offset.
    std::int64_t put(const void *data, std::size_t n);
    // Room for n bytes, to be written at once through the pointer returned; *offset is theirs.
    char *grow(std::size_t n, std::int64_t *offset);
    // Gives back the last n bytes of the last grow() (room asked for and not used).
    void unuse(std::size_t n)
    {
        m_blocks.back().used -= n;
        m_end -= std::int64_t(n);
    }
    // The bytes at `offset` (from put, not yet released); n bytes from there are contiguous.
    const char *at(std::int64_t offset) const;
    // As at(offset), for offsets read in increasing order: *block is the index of the block the
    // last one was in (0 to start), so each read moves on from there instead of searching.
    const char *at(std::int64_t offset, std::size_t *block) const;
    // Frees every block that ends at or before `offset` (the oldest offset still wanted),
    // except the block being written.
    void releaseBefore(std::int64_t offset);
    void clear();
    std::size_t blockBytesHeld() const;   // what the blocks take (their full sizes), the spare's too
    std::size_t blockCount() const { return m_blocks.size(); }

private:
    struct Block
    {
        std::int64_t start = 0;   // stream offset of data[0]
        std::size_t size = 0, used = 0;
        std::unique_ptr<char[]> data;
    };
    std::size_t m_blockBytes;
    std::deque<Block> m_blocks;
    std::unique_ptr<char[]> m_spare;   // m_blockBytes bytes, or none
    std::int64_t m_end = 0;   // stream offset of the next byte
};

} // namespace rlab
