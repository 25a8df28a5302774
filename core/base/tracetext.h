// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QByteArrayView>
#include <QStringView>

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The character checks and copies TraceLog runs on every event's key and text, inline in its
// append path (and ResourceType::etcdKey on every request's key): ASCII / Latin-1 tests and
// narrowing UTF-16 to one byte a character, 8 or 16 at a time with SSE2 where the compiler has it. A string whose length is not a multiple of the
// step ends with one more step over its last 8 (or 16) characters, overlapping the one before,
// and a short one (4-7 characters, 8-15 bytes: "default") is two overlapping half steps, so no
// character is looked at alone past the third: at every trace append, the scalar tails had cost
// more than the steps (callgrind, session 46: 84 of 720 instructions an append went to the
// three functions, two thirds of that in their tails). Plain functions; any thread.
namespace rlab::tracetext {

#if defined(__SSE2__)
namespace detail {
inline __m128i load8(const char16_t *p) { return _mm_loadu_si128(reinterpret_cast<const __m128i *>(p)); }
inline __m128i load4(const char16_t *p) { return _mm_loadl_epi64(reinterpret_cast<const __m128i *>(p)); }
// Whether no 16-bit lane of v has a bit of mask set.
inline bool noLaneHas(__m128i v, quint16 mask)
{
    const __m128i hit = _mm_and_si128(v, _mm_set1_epi16(short(mask)));
    return _mm_movemask_epi8(_mm_cmpeq_epi16(hit, _mm_setzero_si128())) == 0xffff;
}
} // namespace detail
#endif

// Whether no character of s has a bit of `mask` set (0xff80: ASCII, 0xff00: Latin-1), eight
// characters at a time. append() asks it of every event's key and text.
// E.g. noneHas(u"web-1", 0xff80) is true, noneHas(u"café", 0xff80) false, (u"café", 0xff00) true.
inline bool noneHas(QStringView s, quint16 mask)
{
    const char16_t *p = s.utf16();
    const qsizetype n = s.size();
#if defined(__SSE2__)
    if (n >= 8) {
        __m128i acc = detail::load8(p + n - 8);
        for (qsizetype i = 0; i + 8 < n; i += 8)
            acc = _mm_or_si128(acc, detail::load8(p + i));
        return detail::noLaneHas(acc, mask);
    }
    if (n >= 4)
        return detail::noLaneHas(_mm_or_si128(detail::load4(p), detail::load4(p + n - 4)), mask);
#endif
    quint16 seen = 0;
    for (qsizetype i = 0; i < n; ++i)
        seen |= p[i];
    return (seen & mask) == 0;
}

// Whether every byte of s is ASCII, sixteen at a time (etcd keys, ~40 bytes, on every Put).
inline bool isAscii(QByteArrayView s)
{
    const char *p = s.data();
    const qsizetype n = s.size();
#if defined(__SSE2__)
    const auto load16 = [](const char *q) { return _mm_loadu_si128(reinterpret_cast<const __m128i *>(q)); };
    const auto load8 = [](const char *q) { return _mm_loadl_epi64(reinterpret_cast<const __m128i *>(q)); };
    if (n >= 16) {
        __m128i acc = load16(p + n - 16);
        for (qsizetype i = 0; i + 16 < n; i += 16)
            acc = _mm_or_si128(acc, load16(p + i));
        return _mm_movemask_epi8(acc) == 0;
    }
    if (n >= 8)
        return _mm_movemask_epi8(_mm_or_si128(load8(p), load8(p + n - 8))) == 0;
#endif
    char seen = 0;
    for (qsizetype i = 0; i < n; ++i)
        seen |= p[i];
    return (quint8(seen) & 0x80) == 0;
}

// Copies s, every character of which is below 0x100, into dst as one byte each (s.size()
// bytes, none past them). E.g. u"web-1" -> "web-1"; eight characters at a time (SSE2
// saturating pack), the last eight (or four) written again over the step before.
inline void narrow(char *dst, QStringView s)
{
    const char16_t *p = s.utf16();
    const qsizetype n = s.size();
#if defined(__SSE2__)
    if (n >= 8) {
        const auto step = [&](qsizetype i) {
            const __m128i v = detail::load8(p + i);
            _mm_storel_epi64(reinterpret_cast<__m128i *>(dst + i), _mm_packus_epi16(v, v));
        };
        for (qsizetype i = 0; i + 8 < n; i += 8)
            step(i);
        step(n - 8);
        return;
    }
    if (n >= 4) {
        const auto half = [&](qsizetype i) {
            const __m128i v = detail::load4(p + i);
            const int four = _mm_cvtsi128_si32(_mm_packus_epi16(v, v));
            std::memcpy(dst + i, &four, 4);
        };
        half(0);
        half(n - 4);
        return;
    }
#endif
    for (qsizetype i = 0; i < n; ++i)
        dst[i] = char(p[i]);
}

namespace detail {
// One character's UTF-8 size (a surrogate's: 0, which the caller refuses).
inline qsizetype utf8Units(char16_t c)
{
    return c < 0x80 ? 1 : c < 0x800 ? 2 : (c >= 0xd800 && c < 0xe000) ? 0 : 3;
}
inline char *putUtf8(char *dst, char16_t c)
{
    if (c < 0x80) {
        *dst++ = char(c);
    } else if (c < 0x800) {
        *dst++ = char(0xc0 | (c >> 6));
        *dst++ = char(0x80 | (c & 0x3f));
    } else {
        *dst++ = char(0xe0 | (c >> 12));
        *dst++ = char(0x80 | ((c >> 6) & 0x3f));
        *dst++ = char(0x80 | (c & 0x3f));
    }
    return dst;
}
} // namespace detail

// The UTF-8 size of s, when s has no surrogate (every character is one code point of the
// Basic Multilingual Plane): 1, 2 or 3 bytes a character; -1 when it has one (the caller then
// takes QString::toUtf8, whose handling of pairs and lone surrogates this does not repeat).
// Eight characters at a time, and only a step that is not all ASCII a character at a time.
// E.g. u"a → b" is 7 (the arrow takes 3). For the trace texts that are ASCII but for an arrow
// or a dash (a kubelet's "… → Pending", ~80,000 at rlab bench --size medium): toUtf8() made a
// QByteArray for each.
inline qsizetype utf8Size(QStringView s)
{
    const char16_t *p = s.utf16();
    const qsizetype n = s.size();
    qsizetype bytes = 0, i = 0;
#if defined(__SSE2__)
    for (; i + 8 <= n; i += 8) {
        if (detail::noLaneHas(detail::load8(p + i), 0xff80)) {
            bytes += 8;
            continue;
        }
        for (qsizetype k = i; k < i + 8; ++k) {
            const qsizetype units = detail::utf8Units(p[k]);
            if (units == 0)
                return -1;
            bytes += units;
        }
    }
#endif
    for (; i < n; ++i) {
        const qsizetype units = detail::utf8Units(p[i]);
        if (units == 0)
            return -1;
        bytes += units;
    }
    return bytes;
}

// Writes s, which has no surrogate (utf8Size(s) >= 0), as UTF-8 into dst: utf8Size(s) bytes,
// none past them. An all-ASCII step of eight is narrowed as one, any other a character at a
// time. E.g. u"a → b" -> "a \xe2\x86\x92 b".
inline void writeUtf8(char *dst, QStringView s)
{
    const char16_t *p = s.utf16();
    const qsizetype n = s.size();
    qsizetype i = 0;
#if defined(__SSE2__)
    for (; i + 8 <= n; i += 8) {
        const __m128i v = detail::load8(p + i);
        if (detail::noLaneHas(v, 0xff80)) {
            const __m128i bytes = _mm_packus_epi16(v, v);
            std::memcpy(dst, &bytes, 8);   // eight bytes: no store past the string's end
            dst += 8;
            continue;
        }
        for (qsizetype k = i; k < i + 8; ++k)
            dst = detail::putUtf8(dst, p[k]);
    }
#endif
    for (; i < n; ++i)
        dst = detail::putUtf8(dst, p[i]);
}

} // namespace rlab::tracetext
