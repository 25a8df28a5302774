// Strings as pieces (string tag 3, see packstrings.cpp): the tag's count (1-6) pieces, each a
// uvarint p whose low three bits say what it is and p >> 3 its size or value:
//   0 literal: p >> 3 UTF-8 bytes follow
//   1 copy: p >> 3 bytes at the pack offset given by the uvarint after it (an earlier literal's)
//   2 fragment: fragments()[p >> 3], a message part many Events share
//   3 hex: p >> 3 bytes follow, written as twice as many lower-case hex digits
//   4 decimal: the number p >> 3 in decimal digits (no leading zero)
// E.g. a kubelet Event's name "web-7c5b4f-x2x9z.18867251edfa001c" is a literal and 8 hex bytes
// (28 bytes, not 34); its involvedObject.name a copy of the name's start (4 bytes, not 17); its
// message "Started container app" a fragment and a literal (6, not 22); its resourceVersion
// "50197" a decimal (4, not 6); the scheduler's "Successfully assigned default/web-7c5b4f-x2x9z to
// node-5" a fragment, a literal, a copy and a literal. PackWriter uses pieces only when they are
// shorter than the literal.
#include "core/api/packreader.h"
#include "core/api/packwriter.h"

#include <QByteArray>
#include <QList>

#include <algorithm>
#include <array>

namespace rlab::api {

namespace {

enum PieceKind : quint8 { LiteralPiece = 0, CopyPiece = 1, FragmentPiece = 2, HexPiece = 3, DecimalPiece = 4 };
constexpr quint64 kPiecesTag = 3;
constexpr int kMaxPieces = 6;
constexpr qsizetype kMinHex = 12;   // a hex run worth a piece (an Event name's 16-digit suffix)

// Beginnings and ends of the messages the lab's components write. Only this build reads its
// packs: the list may change freely.
const QList<QByteArray> &fragments()
{
    static const QList<QByteArray> list = {
        "Started container ", "Created container: ", "Stopping container ", "Successfully assigned ",
        "Container image \"", "\" already present on machine", "Pulling image \"", "Successfully pulled image \"",
        "Created pod: ", "Deleted pod: ", "Scaled up replica set ", "Scaled down replica set ",
        "Back-off restarting failed container ", "Readiness probe failed: ", "(combined from similar events): ",
        "spec.containers{", "containerd://", "Failed to pull image \"", "Back-off pulling image \"",
        "\" is not present with pull policy of Never",
    };
    return list;
}

// The fragments by their first and by their last character: up to kPerChar indexes each, -1
// after the last. E.g. byFirst['S'] = {0, 3, 6, 11, 12, 19 ...}: "Started container ", ...
struct FragmentIndex
{
    static constexpr int kPerChar = 16;   // eleven fragments end with a space
    std::array<std::array<qint8, kPerChar>, 128> byFirst, byLast;
};

const FragmentIndex &fragmentIndex()
{
    static const FragmentIndex index = [] {
        FragmentIndex x;
        for (auto &l : x.byFirst)
            l.fill(-1);
        for (auto &l : x.byLast)
            l.fill(-1);
        const auto add = [](std::array<qint8, FragmentIndex::kPerChar> &l, qsizetype f) {
            const auto free = std::find(l.begin(), l.end(), qint8(-1));
            Q_ASSERT(free != l.end());
            *free = qint8(f);
        };
        for (qsizetype f = 0; f < fragments().size(); ++f) {
            add(x.byFirst[quint8(fragments()[f].front()) & 127], f);
            add(x.byLast[quint8(fragments()[f].back()) & 127], f);
        }
        return x;
    }();
    return index;
}

int uvarintSize(quint64 v)
{
    int n = 1;
    while (v >= 0x80) {
        v >>= 7;
        ++n;
    }
    return n;
}

bool matchesAt(const char16_t *u, const QByteArray &f)
{
    for (qsizetype i = 0; i < f.size(); ++i)
        if (u[i] != char16_t(quint8(f[i])))
            return false;
    return true;
}

bool isLowerHex(char16_t c)
{
    return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f');
}

int hexValue(char16_t c)
{
    return c <= u'9' ? c - u'0' : c - u'a' + 10;
}

struct Piece
{
    PieceKind kind = LiteralPiece;
    qsizetype from = 0, n = 0;   // the characters it stands for
    quint64 value = 0;           // fragment index, copy offset or number
};

} // namespace

// Writes the ASCII string u[0, n) as pieces if that is shorter than a literal; false (nothing
// written) if not. Pieces, in order: a leading fragment, a literal, the longest run shared with
// an earlier literal of the pack (a copy), a literal, a trailing hex run, a trailing fragment.
bool PackWriter::pieces(const char16_t *u, qsizetype n)
{
    const qsizetype literalCost = uvarintSize(quint64(n) << 2) + n;
    // A number (resourceVersion, generation as text): one decimal piece.
    if (n <= 18 && (u[0] != u'0' || n == 1) && std::all_of(u, u + n, [](char16_t c) { return c >= u'0' && c <= u'9'; })) {
        quint64 value = 0;
        for (qsizetype i = 0; i < n; ++i)
            value = value * 10 + quint64(u[i] - u'0');
        const quint64 p = value << 3 | DecimalPiece;
        if (1 + uvarintSize(p) >= literalCost)
            return false;
        uvarint(1 << 2 | kPiecesTag);
        uvarint(p);
        return true;
    }
    if (n < kMinCopy)
        return false;
    std::array<Piece, kMaxPieces> plan{};
    int count = 0;
    qsizetype a = 0, b = n;   // what is left between the fragments and the hex run
    int lead = -1, trail = -1;
    const QList<QByteArray> &frags = fragments();   // once: each call checks the static's guard
    // Only the fragments beginning with the first character (ending with the last) can lead
    // (trail): two or three of the twenty, found by character.
    const FragmentIndex &index = fragmentIndex();
    if (u[0] < 128)
        for (const qint8 f : index.byFirst[u[0]]) {
            if (f < 0)
                break;
            const QByteArray &text = frags[f];
            if (text.size() < n && matchesAt(u, text) && (lead < 0 || text.size() > frags[lead].size()))
                lead = f;
        }
    if (lead >= 0)
        a = frags[lead].size();
    if (u[b - 1] < 128)
        for (const qint8 f : index.byLast[u[b - 1]]) {
            if (f < 0)
                break;
            const QByteArray &text = frags[f];
            if (text.size() <= b - a && matchesAt(u + b - text.size(), text) && (trail < 0 || text.size() > frags[trail].size()))
                trail = f;
        }
    if (trail >= 0)
        b -= frags[trail].size();
    qsizetype hex = 0;
    if (trail < 0) {
        while (hex < b - a && isLowerHex(u[b - 1 - hex]))
            ++hex;
        hex -= hex % 2;
        if (hex < kMinHex)
            hex = 0;
        b -= hex;
    }
    // The longest run of [a, b) found at the start of an earlier literal (the first found wins a
    // tie: spans in order, then positions). A position is tried only when its character begins
    // some span (one test against the spans' first characters, not one per span).
    qsizetype copyLength = 0, copyFrom = 0, copyAt = 0;
    if (m_spanCount > 0) {
        std::array<quint64, 2> firsts{};   // the spans' first characters (all ASCII)
        for (int k = 0; k < m_spanCount; ++k) {
            const auto c = quint8(m_data[m_spans[k].at]);
            firsts[c >> 6] |= quint64(1) << (c & 63);
        }
        qsizetype bestFrom[kMaxSpans], bestLength[kMaxSpans] = {};
        for (qsizetype from = a; from + kMinCopy <= b; ++from) {
            const char16_t c = u[from];
            if (c >= 128 || !((firsts[c >> 6] >> (c & 63)) & 1))
                continue;
            for (int k = 0; k < m_spanCount; ++k) {
                const char *span = m_data + m_spans[k].at;
                if (char16_t(quint8(span[0])) != c || b - from <= bestLength[k])
                    continue;
                const qsizetype spanSize = m_spans[k].size;
                qsizetype length = 1;
                while (length < spanSize && from + length < b && u[from + length] == char16_t(quint8(span[length])))
                    ++length;
                if (length > bestLength[k]) {
                    bestLength[k] = length;
                    bestFrom[k] = from;
                }
            }
        }
        for (int k = 0; k < m_spanCount; ++k)
            if (bestLength[k] > copyLength) {
                copyLength = bestLength[k];
                copyFrom = bestFrom[k];
                copyAt = m_spans[k].at;
            }
    }
    if (copyLength < kMinCopy)
        copyLength = 0;
    if (lead >= 0)
        plan[count++] = Piece{FragmentPiece, 0, a, quint64(lead)};
    if (copyLength > 0) {
        if (copyFrom > a)
            plan[count++] = Piece{LiteralPiece, a, copyFrom - a};
        plan[count++] = Piece{CopyPiece, copyFrom, copyLength, quint64(copyAt)};
        a = copyFrom + copyLength;
    }
    if (b > a)
        plan[count++] = Piece{LiteralPiece, a, b - a};
    if (hex > 0)
        plan[count++] = Piece{HexPiece, b, hex};
    if (trail >= 0)
        plan[count++] = Piece{FragmentPiece, n - fragments()[trail].size(), fragments()[trail].size(), quint64(trail)};
    if (count == 1 && plan[0].kind == LiteralPiece)
        return false;
    qsizetype cost = uvarintSize(quint64(count) << 2 | kPiecesTag);
    for (int i = 0; i < count; ++i) {
        const Piece &p = plan[std::size_t(i)];
        switch (p.kind) {
        case LiteralPiece: cost += uvarintSize(quint64(p.n) << 3) + p.n; break;
        case CopyPiece: cost += uvarintSize(quint64(p.n) << 3 | CopyPiece) + uvarintSize(p.value); break;
        case FragmentPiece: cost += uvarintSize(p.value << 3 | FragmentPiece); break;
        case HexPiece: cost += uvarintSize(quint64(p.n / 2) << 3 | HexPiece) + p.n / 2; break;
        case DecimalPiece: break;
        }
    }
    if (cost >= literalCost)
        return false;
    uvarint(quint64(count) << 2 | kPiecesTag);
    for (int i = 0; i < count; ++i) {
        const Piece &p = plan[std::size_t(i)];
        switch (p.kind) {
        case LiteralPiece:
            uvarint(quint64(p.n) << 3);
            literal(u + p.from, p.n);
            break;
        case CopyPiece:
            uvarint(quint64(p.n) << 3 | CopyPiece);
            uvarint(p.value);
            break;
        case FragmentPiece:
            uvarint(p.value << 3 | FragmentPiece);
            break;
        case HexPiece: {
            uvarint(quint64(p.n / 2) << 3 | HexPiece);
            char *out = grow(p.n / 2);
            for (qsizetype k = 0; k < p.n / 2; ++k)
                out[k] = char(hexValue(u[p.from + 2 * k]) << 4 | hexValue(u[p.from + 2 * k + 1]));
            break;
        }
        case DecimalPiece: break;
        }
    }
    return true;
}

QString PackReader::pieces(quint64 count)
{
    if (count == 0 || count > quint64(kMaxPieces)) {
        fail();
        return {};
    }
    QByteArray utf8;
    for (quint64 i = 0; i < count && !m_failed; ++i) {
        const quint64 p = uvarint();
        const quint64 v = p >> 3;
        if (m_failed)
            break;
        switch (p & 7) {
        case LiteralPiece:
            if (v == 0 || v > quint64(m_end - m_p))
                return fail(), QString();
            utf8.append(m_p, qsizetype(v));
            m_p += v;
            break;
        case CopyPiece: {   // bytes already read
            const quint64 at = uvarint();
            if (v == 0 || m_failed || at > quint64(m_p - m_begin) || v > quint64(m_p - m_begin) - at)
                return fail(), QString();
            utf8.append(m_begin + at, qsizetype(v));
            break;
        }
        case FragmentPiece:
            if (v >= quint64(fragments().size()))
                return fail(), QString();
            utf8.append(fragments()[qsizetype(v)]);
            break;
        case HexPiece:
            if (v == 0 || v > quint64(m_end - m_p))
                return fail(), QString();
            for (quint64 k = 0; k < v; ++k) {
                const quint8 byte = quint8(m_p[k]);
                utf8.append("0123456789abcdef"[byte >> 4]);
                utf8.append("0123456789abcdef"[byte & 0xf]);
            }
            m_p += v;
            break;
        case DecimalPiece:
            utf8.append(QByteArray::number(v));
            break;
        default:
            return fail(), QString();
        }
    }
    return m_failed ? QString() : QString::fromUtf8(utf8);
}

} // namespace rlab::api
