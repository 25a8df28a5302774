// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QChar>
#include <QtGlobal>

#include <array>
#include <cstring>

// Lower-case hex digits written into UTF-16 strings a byte (two characters) at a time, from a
// table of the 256 pairs: the API server writes a UID (32 digits) on every create and an Event
// recorder a name suffix (up to 16) on every Event, where a digit at a time cost ~5 instructions
// a digit. E.g. putHexByte(p, 0x7c) writes u"7c". Plain functions; any thread.
namespace rlab::api::hexdigits {

namespace detail {
// The pair for each byte, as the two characters' bytes in memory order (little-endian).
inline constexpr std::array<quint32, 256> kPairs = [] {
    std::array<quint32, 256> t{};
    constexpr char digits[] = "0123456789abcdef";
    for (unsigned v = 0; v < 256; ++v) {
        const auto hi = quint32(quint8(digits[v >> 4])), lo = quint32(quint8(digits[v & 0xf]));
        t[v] = hi | lo << 16;   // QChar is char16_t: the first character in the low half
    }
    return t;
}();
} // namespace detail

// Writes v's two digits at p; returns p + 2.
inline QChar *putHexByte(QChar *p, quint8 v)
{
    static_assert(sizeof(QChar) == 2);
    std::memcpy(static_cast<void *>(p), &detail::kPairs[v], 4);
    return p + 2;
}

// Writes v's low `digits` digits (zero-padded, most significant first) at p; returns the end.
// E.g. putHex(p, 0x1a2b, 4) writes u"1a2b", putHex(p, 0xabc, 3) u"abc".
inline QChar *putHex(QChar *p, quint64 v, int digits)
{
    if (digits & 1) {
        *p++ = QLatin1Char("0123456789abcdef"[(v >> (4 * (digits - 1))) & 0xf]);
        --digits;
    }
    for (int shift = 4 * (digits - 2); shift >= 0; shift -= 8)
        p = putHexByte(p, quint8(v >> shift));
    return p;
}

} // namespace rlab::api::hexdigits
