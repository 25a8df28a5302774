// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <cstddef>

namespace rlab {

// Cache hints for loops that will read cold memory a few steps later (compaction, ranges,
// index buckets): each asks for lines and returns at once; nothing is read or changed, and a
// hint past the end of an allocation is harmless (a prefetch never faults).

// The shared_ptr count std::make_shared keeps just before the object (16 bytes: the control
// block's vtable pointer and its two counts), which copying or dropping a pointer to it writes.
inline void prefetchSharedCount(const void *object)
{
    if (object)
        __builtin_prefetch(static_cast<const char *>(object) - 16);
}

// The lines of [p, p + bytes), e.g. an object and its count: prefetchLines(obj - 16, 896).
inline void prefetchLines(const void *p, std::ptrdiff_t bytes)
{
    constexpr std::ptrdiff_t kLine = 64;
    for (std::ptrdiff_t at = 0; at < bytes; at += kLine)
        __builtin_prefetch(static_cast<const char *>(p) + at);
}

} // namespace rlab
