// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>
#include <QStringView>

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rlab {

// QString's operator< (UTF-16 code units as unsigned numbers, then length), inline: the
// informers' sorted index buckets compare object keys that share long prefixes
// ("default/web-5d4f8b9c7-" before the pod's own five characters), and Qt's out-of-line
// compareStrings, built for every case sensitivity, cost ~60 instructions a compare there.
// Eight characters a step (SSE2 where the compiler has it; the last step overlaps the one
// before rather than going one character at a time). E.g. utf16Less(u"web-a", u"web-b"),
// utf16Less(u"web", u"web-a"), !utf16Less(u"web-b", u"web-a"), !utf16Less(u"a", u"a").
// A plain function; any thread.
inline bool utf16Less(QStringView a, QStringView b)
{
    const char16_t *p = a.utf16();
    const char16_t *q = b.utf16();
    const qsizetype n = std::min(a.size(), b.size());
    qsizetype i = 0;
#if defined(__SSE2__)
    if (n >= 8) {
        for (;; i += 8) {
            if (i + 8 > n)
                i = n - 8;   // the last step: overlaps characters found equal
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + i));
            const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i *>(q + i));
            const unsigned differ = ~unsigned(_mm_movemask_epi8(_mm_cmpeq_epi16(x, y))) & 0xffffu;
            if (differ != 0) {
                const qsizetype at = i + qsizetype(__builtin_ctz(differ) / 2);
                return p[at] < q[at];
            }
            if (i + 8 == n)
                return a.size() < b.size();
        }
    }
#endif
    for (; i < n; ++i)
        if (p[i] != q[i])
            return p[i] < q[i];
    return a.size() < b.size();
}

// utf16Less as a comparator (std::map<QString, T, Utf16Less>: the same order as std::less).
struct Utf16Less
{
    bool operator()(const QString &a, const QString &b) const { return utf16Less(a, b); }
};

} // namespace rlab
