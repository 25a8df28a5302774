// The string and JSON encodings PackWriter and PackReader share (see packwriter.h): strings
// as literals, dictionary words or UUIDs; free-form JSON objects as CBOR.
#include "core/api/packreader.h"
#include "core/api/packwriter.h"
#include "core/api/samedata.h"

#include <QCborValue>
#include <QHash>
#include <QJsonValue>

#include <array>
#include <emmintrin.h>
#include <cstring>
#include <memory>

namespace rlab::api {

namespace {

// A string's tag (a uvarint), by its low two bits: 0 a literal of tag >> 2 UTF-8 bytes (0: the
// empty string), 1 word tag >> 2 of kWords, 2 a lower-case UUID as 16 bytes, 3 tag >> 2 pieces
// (see packpieces.cpp). E.g. "default" is one byte, a uid 17, "web-1" 6.
// An Event as the kubelet writes it: ~300 bytes → ~120.
enum StringTag : quint8 { Literal = 0, Word = 1, Uuid = 2, Pieces = 3 };


// Values most objects repeat (kinds, API versions, the default namespace, components, reasons,
// condition types, enum values). Only this build reads its packs: the list may change freely.
const QList<QString> &words()
{
    static const QList<QString> list = {
        QStringLiteral("v1"), QStringLiteral("apps/v1"), QStringLiteral("Event"), QStringLiteral("Pod"),
        QStringLiteral("ReplicaSet"), QStringLiteral("Deployment"), QStringLiteral("Node"), QStringLiteral("Namespace"),
        QStringLiteral("default"), QStringLiteral("kube-system"), QStringLiteral("Normal"), QStringLiteral("Warning"),
        QStringLiteral("kubelet"), QStringLiteral("default-scheduler"), QStringLiteral("replicaset-controller"),
        QStringLiteral("deployment-controller"), QStringLiteral("node-controller"), QStringLiteral("Scheduled"),
        QStringLiteral("Pulling"), QStringLiteral("Pulled"), QStringLiteral("Created"), QStringLiteral("Started"),
        QStringLiteral("Killing"), QStringLiteral("BackOff"), QStringLiteral("Failed"), QStringLiteral("Unhealthy"),
        QStringLiteral("SuccessfulCreate"), QStringLiteral("SuccessfulDelete"), QStringLiteral("ScalingReplicaSet"),
        QStringLiteral("FailedScheduling"), QStringLiteral("True"), QStringLiteral("False"), QStringLiteral("Unknown"),
        QStringLiteral("Running"), QStringLiteral("Pending"), QStringLiteral("Succeeded"), QStringLiteral("Always"),
        QStringLiteral("IfNotPresent"), QStringLiteral("Never"), QStringLiteral("TCP"), QStringLiteral("Exists"),
        QStringLiteral("Equal"), QStringLiteral("NoExecute"), QStringLiteral("NoSchedule"),
        QStringLiteral("node.kubernetes.io/not-ready"), QStringLiteral("node.kubernetes.io/unreachable"),
        QStringLiteral("Ready"), QStringLiteral("ContainersReady"), QStringLiteral("Initialized"),
        QStringLiteral("PodScheduled"), QStringLiteral("PodReadyToStartContainers"), QStringLiteral("BestEffort"),
        QStringLiteral("Burstable"), QStringLiteral("Guaranteed"), QStringLiteral("File"),
        QStringLiteral("/dev/termination-log"), QStringLiteral("ClusterFirst"), QStringLiteral("RollingUpdate"),
        QStringLiteral("Recreate"), QStringLiteral("Available"), QStringLiteral("Progressing"),
        QStringLiteral("MinimumReplicasAvailable"), QStringLiteral("NewReplicaSetAvailable"),
        QStringLiteral("ReplicaSetUpdated"), QStringLiteral("25%"),
    };
    return list;
}

constexpr qsizetype kLongestWord = 32;

int wordIndex(const QString &s)
{
    static const QHash<QString, int> index = [] {
        QHash<QString, int> h;
        for (qsizetype i = 0; i < words().size(); ++i)
            h.insert(words()[i], int(i));
        return h;
    }();
    return index.value(s, -1);
}

// wordIndex(s), remembered by where s's characters are: the strings packed are mostly the
// very strings packed before (a kind, a reason, a component shared by thousands of Events).
// A slot holds its string, so those characters are neither freed nor reused meanwhile.
int wordIndexOf(const QString &s)
{
    struct Memo
    {
        QString s;
        int w = -1;
    };
    thread_local std::array<Memo, 64> memo;
    Memo &m = memo[(quintptr(s.constData()) >> 4) % memo.size()];
    if (!m.s.isNull() && sameData(m.s, s))
        return m.w;
    const int w = wordIndex(s);
    m = Memo{s, w};
    return w;
}

// Whether some word has this length and first character (most strings are not words: this
// spares them the hash).
bool maybeWord(qsizetype n, char16_t first)
{
    static const auto table = [] {
        std::array<std::array<bool, 128>, kLongestWord + 1> t{};
        for (const QString &w : words())
            if (w.size() <= kLongestWord && w.at(0).unicode() < 128)
                t[std::size_t(w.size())][w.at(0).unicode()] = true;
        return t;
    }();
    return n <= kLongestWord && first < 128 && table[std::size_t(n)][first];
}

bool isDash(qsizetype i)
{
    return i == 8 || i == 13 || i == 18 || i == 23;
}

// The 16 bytes of a lower-case 8-4-4-4-12 UUID (what NameGenerator::uid writes), if s is one.
// The dashes are checked first; then the 32 digits, in eight groups of four characters (0, 4, 9,
// 14, 19, 24, 28, 32), are checked and turned into values eight characters (16-bit lanes) at a
// time, and each pair (hi, lo) becomes hi * 16 + lo with one multiply-add. SSE2 only. Every
// Event packs two uids: a table lookup a digit cost ~340 instructions a uid, this ~50.
// E.g. "0ab97c46-…": lanes '0','a','b','9' → 0, 10, 11, 9 → bytes 0x0a, 0xb9.
bool uuidBytes(const QString &s, quint8 out[16])
{
    if (s.size() != 36)
        return false;
    const char16_t *u = reinterpret_cast<const char16_t *>(s.constData());
    if (u[8] != u'-' || u[13] != u'-' || u[18] != u'-' || u[23] != u'-')
        return false;
    const auto group = [u](int at) { return _mm_loadl_epi64(reinterpret_cast<const __m128i *>(u + at)); };
    const __m128i zeroBelow = _mm_set1_epi16(u'0' - 1), nineAbove = _mm_set1_epi16(u'9' + 1);
    const __m128i aBelow = _mm_set1_epi16(u'a' - 1), fAbove = _mm_set1_epi16(u'f' + 1);
    const __m128i hiLo = _mm_set1_epi32(0x00010010);   // lanes 16, 1, 16, 1, ...
    __m128i bad = _mm_setzero_si128();
    // Eight characters: their values' pairs as four 32-bit lanes (0-255); `bad` gets the lanes
    // that are not a digit or a-f (signed compares: a character from 0x8000 up is below '0').
    const auto pairs = [&](__m128i c) {
        const __m128i digit = _mm_and_si128(_mm_cmpgt_epi16(c, zeroBelow), _mm_cmplt_epi16(c, nineAbove));
        const __m128i letter = _mm_and_si128(_mm_cmpgt_epi16(c, aBelow), _mm_cmplt_epi16(c, fAbove));
        bad = _mm_or_si128(bad, _mm_andnot_si128(_mm_or_si128(digit, letter), _mm_set1_epi16(-1)));
        // A digit's value is c - '0', a letter's c - 'a' + 10 = c - '0' - 39.
        const __m128i value = _mm_sub_epi16(_mm_sub_epi16(c, _mm_set1_epi16(u'0')), _mm_and_si128(letter, _mm_set1_epi16(39)));
        return _mm_madd_epi16(value, hiLo);
    };
    const __m128i b0 = pairs(_mm_unpacklo_epi64(group(0), group(4)));
    const __m128i b1 = pairs(_mm_unpacklo_epi64(group(9), group(14)));
    const __m128i b2 = pairs(_mm_unpacklo_epi64(group(19), group(24)));
    const __m128i b3 = pairs(_mm_unpacklo_epi64(group(28), group(32)));
    if (_mm_movemask_epi8(bad) != 0)
        return false;
    const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(b0, b1), _mm_packs_epi32(b2, b3));
    _mm_storeu_si128(reinterpret_cast<__m128i *>(out), bytes);
    return true;
}

} // namespace

void PackWriter::str(const QString &s)
{
    const qsizetype n = s.size();
    if (n == 0) {
        byte(Literal);
        return;
    }
    const char16_t *u = reinterpret_cast<const char16_t *>(s.constData());
    if (maybeWord(n, u[0])) {
        if (const int w = wordIndexOf(s); w >= 0) {
            uvarint(quint64(w) << 2 | Word);
            return;
        }
    }
    if (quint8 uuid[16]; uuidBytes(s, uuid)) {
        byte(Uuid);
        bytes(reinterpret_cast<const char *>(uuid), 16);
        return;
    }
    // Whether every character is ASCII, four at a time.
    quint64 seen = 0;
    qsizetype i = 0;
    for (; i + 4 <= n; i += 4) {
        quint64 four;
        memcpy(&four, u + i, sizeof four);
        seen |= four;
    }
    for (; i < n; ++i)
        seen |= u[i];
    if ((seen & 0xff80ff80ff80ff80ULL) == 0) {   // ASCII (names, most values): UTF-8 is the same bytes
        if (!pieces(u, n)) {
            uvarint(quint64(n) << 2 | Literal);
            literal(u, n);
        }
        return;
    }
    const QByteArray utf8 = s.toUtf8();
    uvarint(quint64(utf8.size()) << 2 | Literal);
    bytes(utf8.constData(), utf8.size());
}

void PackWriter::growHeap(qsizetype n)
{
    const qsizetype capacity = std::max<qsizetype>(2 * m_capacity, m_n + n + 256);
    auto heap = std::make_unique_for_overwrite<char[]>(std::size_t(capacity));
    std::memcpy(heap.get(), m_data, std::size_t(m_n));
    m_heap = std::move(heap);
    m_data = m_heap.get();
    m_capacity = capacity;
}

// n ASCII characters as bytes, remembered for later copies when long enough to be worth one.
void PackWriter::literal(const char16_t *u, qsizetype n)
{
    const qsizetype at = m_n;
    char *out = grow(n);
    for (qsizetype k = 0; k < n; ++k)
        out[k] = char(u[k]);
    if (n >= kMinCopy && m_spanCount < kMaxSpans)
        m_spans[m_spanCount++] = Span{at, n};
}

void PackWriter::json(const QJsonObject &o)
{
    if (o.isEmpty()) {
        byte(0);
        return;
    }
    const QByteArray cbor = QCborValue::fromJsonValue(o).toCbor();
    uvarint(quint64(cbor.size()));
    bytes(cbor.constData(), cbor.size());
}

QString PackReader::str()
{
    const quint64 tag = uvarint();
    switch (tag & 3) {
    case Literal: {
        const quint64 n = tag >> 2;
        if (n == 0 || m_failed)
            return {};
        if (n > quint64(m_end - m_p)) {
            fail();
            return {};
        }
        const QString s = QString::fromUtf8(m_p, qsizetype(n));
        m_p += n;
        return s;
    }
    case Word: {
        const quint64 w = tag >> 2;
        if (w >= quint64(words().size())) {
            fail();
            return {};
        }
        return words()[qsizetype(w)];
    }
    case Uuid: {
        if (tag != Uuid || m_end - m_p < 16) {
            fail();
            return {};
        }
        QString s(36, Qt::Uninitialized);
        QChar *out = s.data();
        for (qsizetype i = 0, b = 0; i < 36; ++i) {
            if (isDash(i)) {
                out[i] = QLatin1Char('-');
                continue;
            }
            const quint8 v = quint8(m_p[b++]);
            out[i] = QLatin1Char("0123456789abcdef"[v >> 4]);
            out[++i] = QLatin1Char("0123456789abcdef"[v & 0xf]);
        }
        m_p += 16;
        return s;
    }
    case Pieces:
        return pieces(tag >> 2);
    default:
        fail();
        return {};
    }
}

QJsonObject PackReader::json()
{
    const qsizetype n = count();
    if (n == 0)
        return {};
    QCborParserError error;
    const QCborValue v = QCborValue::fromCbor(QByteArray::fromRawData(m_p, n), &error);
    m_p += n;
    if (error.error != QCborError::NoError || !v.isMap()) {
        fail();
        return {};
    }
    return v.toJsonValue().toObject();
}

} // namespace rlab::api
