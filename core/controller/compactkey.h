#pragma once
#include <QHashFunctions>
#include <QString>

namespace rlab::controller {

// A correlation key of client-go's event correlator (source + object [+ type + reason
// [+ message]]) kept as a 128-bit hash of it: every kubelet of the lab keeps its own caches of
// 4,096 such keys, all in one process (at 1,000 nodes the full strings took ~380 MB, 8-character
// QStrings still ~60 bytes each with their heap block; this is 16 bytes in place). Equal keys
// stay equal; distinct ones collide with odds of about 2^-64.
// Ordered as the 8-character text the keys used to be (16 bits at a time from the low end of
// `a`, then `b`), so sets of keys iterate and pop in the same order as before.
// A plain value; safe to copy between threads.
struct CompactKey
{
    quint64 a = 0, b = 0;

    // The compact key of a whole text (e.g. an event's message).
    static CompactKey of(const QString &text)
    {
        return {quint64(qHash(text, size_t(0x9e3779b97f4a7c15ULL))), quint64(qHash(text, size_t(0xc2b2ae3d27d4eb4fULL)))};
    }

    friend bool operator==(const CompactKey &, const CompactKey &) = default;
    friend bool operator<(const CompactKey &x, const CompactKey &y)
    {
        for (int i = 0; i < 8; ++i) {
            const quint16 cx = quint16((i < 4 ? x.a : x.b) >> (16 * (i % 4)));
            const quint16 cy = quint16((i < 4 ? y.a : y.b) >> (16 * (i % 4)));
            if (cx != cy)
                return cx < cy;
        }
        return false;
    }
    friend size_t qHash(const CompactKey &k, size_t seed = 0) noexcept
    {
        return size_t(k.a ^ (k.b * 0x9e3779b97f4a7c15ULL)) ^ seed;
    }
};

} // namespace rlab::controller
