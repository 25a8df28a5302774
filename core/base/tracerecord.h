// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/varint.h"

#include <QtGlobal>

#include <cstddef>

// How TraceLog keeps one event: a record of variable length in its byte arena, the numbers as
// varints (core/api/varint.h) and the key and text bytes after them, instead of a fixed slot of 72 bytes. A record:
//   flags, component, type, [worker], t - base t, rev - base rev,
//   [textFn, detailFn, which args are set, those args], [detail index], [key length], [text length]
// then the key's bytes and the text's; the names' ids in two bytes (putName), other numbers as
// varints, signed ones zigzag-encoded, the bases those of an
// event a few before (TraceLog's every 64th), so a time or revision costs a byte. E.g. a queue
// event (component 7, type 9, worker 0, 3 ms and 2 revisions after its base event, text and
// detail made when read by makers 1 and 2 from args {0, 5, 0}, key "default/web" in Latin-1):
// 17 07 00 09 00 00 06 04 | 01 02 02 0a | 0b, 13 bytes, then the key's 11 (a slot was 72 + 11).
// Plain functions and values; any thread.
namespace rlab::tracerecord {

enum Flag : quint8 {
    KeyLatin1 = 1,   // the key is one byte a character (else UTF-16)
    HasWorker = 2,
    Lazy = 4,        // textFn / detailFn and args follow
    HasDetail = 8,
    HasKey = 16,
    HasText = 32,
};

// The most bytes writeHeader writes.
inline constexpr std::size_t kMaxHeader = 1 + 2 * 6 + 10 + 2 * 10 + 3 + 3 * 10 + 3 * 5;

// A record's fields but its key's and text's bytes.
struct Header
{
    quint8 flags = 0;
    quint32 component = 0, type = 0;
    int worker = -1;
    qint64 t = 0, rev = 0;
    quint8 textFn = 0, detailFn = 0;   // 1 + index in the log's makers, 0 = none
    qint64 args[3] = {0, 0, 0};
    quint32 detail = 0;                // index in the chunk's details
    quint32 keyLen = 0, textLen = 0;   // keyLen in characters, textLen in bytes (UTF-8)
    std::size_t keyBytes() const { return std::size_t(keyLen) * ((flags & KeyLatin1) ? 1 : 2); }
};

// A name's id (TraceLog::nameId): two bytes, little-endian, below 0xffff (a lab has a few
// thousand names: one component per kubelet), else 0xffff and four more. No branch to mispredict
// on ids just past 127, which the many kubelets' names are.
inline char *putName(char *p, quint32 id)
{
    if (id < 0xffff) [[likely]] {
        p[0] = char(quint8(id));
        p[1] = char(quint8(id >> 8));
        return p + 2;
    }
    p[0] = p[1] = char(0xff);
    for (int i = 0; i < 4; ++i)
        p[2 + i] = char(quint8(id >> (8 * i)));
    return p + 6;
}

inline const char *getName(const char *p, quint32 *id)
{
    const quint32 two = quint32(quint8(p[0])) | quint32(quint8(p[1])) << 8;
    if (two != 0xffff) [[likely]] {
        *id = two;
        return p + 2;
    }
    quint32 v = 0;
    for (int i = 0; i < 4; ++i)
        v |= quint32(quint8(p[2 + i])) << (8 * i);
    *id = v;
    return p + 6;
}

// Writes h (flags as given: the caller sets them to match) into dst, which has kMaxHeader bytes;
// returns the end. t and rev are written relative to baseT and baseRev. Inline: TraceLog calls
// it on every append, straight into its arena.
inline char *writeHeader(char *dst, const Header &h, qint64 baseT, qint64 baseRev)
{
    char *p = dst;
    *p++ = char(h.flags);
    p = putName(p, h.component);
    p = putName(p, h.type);
    if (h.flags & HasWorker)
        p = varint::put(p, varint::zigzag(h.worker));
    // Differences wrap rather than overflow (any two 64-bit values round-trip).
    p = varint::put(p, varint::zigzag(qint64(quint64(h.t) - quint64(baseT))));
    p = varint::put(p, varint::zigzag(qint64(quint64(h.rev) - quint64(baseRev))));
    if (h.flags & Lazy) {
        p[0] = char(h.textFn);
        p[1] = char(h.detailFn);
        p[2] = char((h.args[0] != 0 ? 1 : 0) | (h.args[1] != 0 ? 2 : 0) | (h.args[2] != 0 ? 4 : 0));
        p += 3;
        if (h.args[0] != 0)
            p = varint::put(p, varint::zigzag(h.args[0]));
        if (h.args[1] != 0)
            p = varint::put(p, varint::zigzag(h.args[1]));
        if (h.args[2] != 0)
            p = varint::put(p, varint::zigzag(h.args[2]));
    }
    if (h.flags & HasDetail)
        p = varint::put(p, h.detail);
    if (h.flags & HasKey)
        p = varint::put(p, h.keyLen);
    if (h.flags & HasText)
        p = varint::put(p, h.textLen);
    return p;
}

// Reads what writeHeader wrote into *h; returns where the key's bytes start.
const char *readHeader(const char *src, Header *h, qint64 baseT, qint64 baseRev);

} // namespace rlab::tracerecord
