// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QtGlobal>

// Varints as protobuf writes them (seven bits a byte, low first, the top bit set on all but the
// last) and zigzag for signed numbers (0, -1, 1, -2 … → 0, 1, 2, 3 …), for the packs
// (PackWriter / PackReader) and the trace's records (core/base/tracerecord.h). E.g. 300 →
// ac 02; zigzag(-3) = 5. Plain functions; any thread.
namespace rlab::varint {

// Writes v at p (room for 10 bytes); returns the end.
inline char *put(char *p, quint64 v)
{
    if (v < 0x80) [[likely]] {   // nearly every number the packs and the trace hold
        *p++ = char(v);
        return p;
    }
    while (v >= 0x80) {
        *p++ = char(quint8(v) | 0x80);
        v >>= 7;
    }
    *p++ = char(v);
    return p;
}

// Reads what put() wrote at p, trusting it (bytes this process wrote itself; PackReader checks
// its input instead); returns the end.
inline const char *get(const char *p, quint64 *v)
{
    quint64 out = 0;
    for (int shift = 0;; shift += 7) {
        const quint8 b = quint8(*p++);
        out |= quint64(b & 0x7f) << shift;
        if (b < 0x80)
            break;
    }
    *v = out;
    return p;
}

inline quint64 zigzag(qint64 v) { return (quint64(v) << 1) ^ quint64(v >> 63); }
inline qint64 unzigzag(quint64 u) { return qint64(u >> 1) ^ -qint64(u & 1); }

} // namespace rlab::varint
