// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QByteArrayView>
#include <QStringView>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The character checks and copies TraceLog runs on every event's key and text, inline in its
// append path: ASCII / Latin-1 tests and narrowing UTF-16 to one byte a character, 8 or 16 at
// a time with SSE2 where the compiler has it. Plain functions; any thread.
namespace rlab::tracetext {

// Whether no character of s has a bit of `mask` set (0xff80: ASCII, 0xff00: Latin-1), eight
// characters at a time. append() asks it of every event's key and text.
inline bool noneHas(QStringView s, quint16 mask)
{
    const char16_t *p = s.utf16();
    const qsizetype n = s.size();
    qsizetype i = 0;
    quint16 seen = 0;
#if defined(__SSE2__)
    __m128i acc = _mm_setzero_si128();
    for (; i + 8 <= n; i += 8)
        acc = _mm_or_si128(acc, _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + i)));
    alignas(16) quint16 lanes[8];
    _mm_store_si128(reinterpret_cast<__m128i *>(lanes), acc);
    for (const quint16 l : lanes)
        seen |= l;
#endif
    for (; i < n; ++i)
        seen |= p[i];
    return (seen & mask) == 0;
}

// Whether every byte of s is ASCII, sixteen at a time (etcd keys, ~40 bytes, on every Put).
inline bool isAscii(QByteArrayView s)
{
    const char *p = s.data();
    const qsizetype n = s.size();
    qsizetype i = 0;
#if defined(__SSE2__)
    __m128i acc = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16)
        acc = _mm_or_si128(acc, _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + i)));
    if (_mm_movemask_epi8(acc) != 0)
        return false;
#endif
    char seen = 0;
    for (; i < n; ++i)
        seen |= p[i];
    return (quint8(seen) & 0x80) == 0;
}

// Copies s, every character of which is below 0x100, into dst as one byte each.
// E.g. u"web-1" -> "web-1"; eight characters at a time (SSE2 saturating pack).
inline void narrow(char *dst, QStringView s)
{
    const char16_t *p = s.utf16();
    const qsizetype n = s.size();
    qsizetype i = 0;
#if defined(__SSE2__)
    for (; i + 8 <= n; i += 8) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + i));
        _mm_storel_epi64(reinterpret_cast<__m128i *>(dst + i), _mm_packus_epi16(v, v));
    }
#endif
    for (; i < n; ++i)
        dst[i] = char(p[i]);
}

} // namespace rlab::tracetext
