// The string and JSON encodings PackWriter and PackReader share (see packwriter.h): strings
// as literals, dictionary words or UUIDs; free-form JSON objects as CBOR.
#include "core/api/packreader.h"
#include "core/api/packwriter.h"
#include "core/api/samedata.h"

#include <QCborValue>
#include <QHash>
#include <QJsonValue>

#include <array>

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
// The dashes are checked first, then each byte's two digits at their fixed place, read through
// a table (every Event packs two uids: a digit at a time with branches cost ~400 instructions).
bool uuidBytes(const QString &s, quint8 out[16])
{
    if (s.size() != 36)
        return false;
    const char16_t *u = reinterpret_cast<const char16_t *>(s.constData());
    if (u[8] != u'-' || u[13] != u'-' || u[18] != u'-' || u[23] != u'-')
        return false;
    // A digit's value, 0x10 and up for anything else (upper case included).
    static constexpr std::array<quint8, 128> kHex = [] {
        std::array<quint8, 128> t{};
        t.fill(0xf0);
        for (int c = '0'; c <= '9'; ++c)
            t[std::size_t(c)] = quint8(c - '0');
        for (int c = 'a'; c <= 'f'; ++c)
            t[std::size_t(c)] = quint8(c - 'a' + 10);
        return t;
    }();
    static constexpr std::array<quint8, 16> kAt = {0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34};
    const auto digit = [](char16_t c) -> unsigned { return c < 128 ? kHex[c] : 0xf0u; };
    unsigned bad = 0;
    for (std::size_t k = 0; k < 16; ++k) {
        const unsigned hi = digit(u[kAt[k]]), lo = digit(u[kAt[k] + 1]);
        bad |= hi | lo;
        out[k] = quint8(hi << 4 | (lo & 0xf));
    }
    return (bad & 0xf0) == 0;
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
