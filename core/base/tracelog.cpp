#include "core/base/tracelog.h"

#include "core/base/clock.h"
#include "core/base/tracetext.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <utility>

namespace rlab {

using tracetext::isAscii;
using tracetext::narrow;
using tracetext::noneHas;
using tracetext::utf8Size;
using tracetext::writeUtf8;

namespace {
// What a JSON object costs on the heap, roughly (Qt's CBOR container: 16 bytes per element
// plus string bytes); only used to keep the log within its memory budget.
std::size_t approxJsonBytes(const QJsonObject &o)
{
    return o.isEmpty() ? 0 : 64 + std::size_t(o.size()) * 48;
}

} // namespace

TraceLog::TraceLog(std::size_t capacity, std::size_t memoryBudgetBytes)
    : m_capacity(std::max<std::size_t>(capacity, 1)), m_budget(memoryBudgetBytes)
{
}

quint32 TraceLog::intern(const QString &s)
{
    // Most names come as the very string passed before (a literal, a component's own name):
    // a slot chosen by where its characters are finds it without reading them. The slot holds
    // the string, so those characters cannot be freed and reused for another name meanwhile.
    RecentName &byData = m_byData[(quintptr(s.constData()) >> 4) % m_byData.size()];
    if (byData.valid && byData.name.constData() == s.constData() && byData.name.size() == s.size())
        return byData.id;
    const quint32 id = internSlow(s);
    byData = RecentName{s, id, true};
    return id;
}

quint32 TraceLog::internSlow(const QString &s)
{
    // A few dozen names repeat millions of times: a small direct-mapped cache of recent names,
    // chosen by length and end characters and checked by equality, spares most hash lookups.
    // The last three characters take part: "kubelet/node-17" and "kubelet/node-71" (one per
    // node, hundreds of them) must not share a slot.
    std::size_t slot = 0;
    if (!s.isEmpty()) {
        const qsizetype n = s.size();
        slot = std::size_t(n) * 31 + s.front().unicode();
        for (qsizetype i = std::max<qsizetype>(0, n - 3); i < n; ++i)
            slot = slot * 131 + s[i].unicode();
        slot %= m_recent.size();
    }
    RecentName &recent = m_recent[slot];
    // Most callers pass the very string they passed last time (a literal, a component's name):
    // the same characters in memory are equal without comparing them.
    if (recent.valid && recent.name.size() == s.size() && (recent.name.constData() == s.constData() || recent.name == s))
        return recent.id;
    quint32 id = 0;
    const auto it = m_nameIds.constFind(s);
    if (it != m_nameIds.cend()) {
        id = *it;
    } else {
        id = quint32(m_names.size());
        m_names.push_back(s);
        m_nameIds.insert(s, id);
    }
    recent = RecentName{m_names[id], id, true};
    return id;
}

template<class Fn> inline quint8 TraceLog::internFn(std::vector<Fn> &fns, FnSlots &cache, Fn fn)
{
    if (!fn)
        return 0;
    // The slot chosen by the function's address remembers its id: one compare, not a search.
    quint8 &slot = cache[(reinterpret_cast<quintptr>(fn) >> 4) % cache.size()];
    if (slot != 0 && fns[slot - 1] == fn) [[likely]]
        return slot;
    const auto it = std::find(fns.begin(), fns.end(), fn);
    if (it != fns.end())
        return slot = quint8(1 + (it - fns.begin()));
    Q_ASSERT(fns.size() < 255);
    fns.push_back(fn);
    return slot = quint8(fns.size());
}

const char *TraceLog::readLocked(const Slot &s, tracerecord::Header *h, std::size_t *block) const
{
    const std::size_t base = s.index / kBaseEvery;
    return tracerecord::readHeader(m_arena.at(s.chunk.at[s.index], block), h, s.chunk.baseT[base], s.chunk.baseRev[base]);
}

TraceEvent TraceLog::unpack(const Slot &slot, const tracerecord::Header &h, const char *bytes, qint64 seq) const
{
    TraceEvent ev;
    ev.seq = seq;
    ev.t = h.t;
    ev.rev = h.rev;
    ev.component = m_names[h.component];
    ev.worker = h.worker;
    ev.type = m_names[h.type];
    const std::size_t keyBytes = h.keyBytes();
    if (h.keyLen > 0 && (h.flags & tracerecord::KeyLatin1)) {
        ev.key = QString::fromLatin1(bytes, qsizetype(h.keyLen));
    } else if (h.keyLen > 0) {
        ev.key = QString(qsizetype(h.keyLen), Qt::Uninitialized);
        std::memcpy(ev.key.data(), bytes, keyBytes);
    }
    if (h.flags & tracerecord::HasDetail)
        ev.detail = slot.chunk.details[h.detail];
    if (h.textFn || h.detailFn) {
        std::copy(std::begin(h.args), std::end(h.args), std::begin(ev.args));
        if (h.detailFn)
            ev.detail = m_detailFns[h.detailFn - 1](ev);
    }
    if (h.textLen > 0)
        ev.text = QString::fromUtf8(bytes + keyBytes, qsizetype(h.textLen));
    if (h.textFn)
        ev.text = m_textFns[h.textFn - 1](ev);   // from the other fields and the text kept
    return ev;
}

inline TraceLog::Chunk &TraceLog::nextChunkLocked(std::size_t j)
{
    if (j / kChunk == m_chunkCount) [[unlikely]] {
        m_chunks.push_back(m_spareChunk ? std::move(m_spareChunk) : std::unique_ptr<Chunk>(new Chunk));   // default-initialized
        ++m_chunkCount;
    }
    return *m_chunks[j / kChunk];
}

void TraceLog::popFrontLocked()
{
    m_bytes -= m_chunks.front()->bytes[m_headSlot];
    ++m_firstSeq;
    --m_count;
    if (++m_headSlot == kChunk) {
        m_spareChunk = std::move(m_chunks.front());
        m_spareChunk->details.clear();   // lets go of them now; keeps the vector's room
        m_chunks.erase(m_chunks.begin());
        --m_chunkCount;
        m_headSlot = 0;
    }
}

inline void TraceLog::trimLocked()
{
    if (m_count <= m_capacity && m_bytes <= m_budget) [[likely]]
        return;
    // Keep at least the newest event, whatever its size.
    bool dropped = false;
    while (m_count > 1 && (m_count > m_capacity || m_bytes > m_budget)) {
        popFrontLocked();
        ++m_dropped;
        dropped = true;
    }
    if (dropped) {
        const Slot front = slot(0);
        m_arena.releaseBefore(front.chunk.at[front.index]);
    }
}

void TraceLog::setMemoryBudget(std::size_t bytes)
{
    std::lock_guard lock(m_mutex);
    m_budget = bytes;
    trimLocked();
}

std::size_t TraceLog::memoryBytes() const
{
    std::lock_guard lock(m_mutex);
    return m_bytes;
}

void TraceLog::setClock(const Clock *clock, qint64 epochMs)
{
    std::lock_guard lock(m_mutex);
    m_clock = clock;
    m_epochMs = epochMs;
}

void TraceLog::setRevisionSource(std::function<qint64()> source)
{
    std::lock_guard lock(m_mutex);
    if (!source) {
        m_revision.store(nullptr, std::memory_order_release);
        return;
    }
    m_revisionSources.push_back(std::make_unique<const std::function<qint64()>>(std::move(source)));
    m_revision.store(m_revisionSources.back().get(), std::memory_order_release);
}

void TraceLog::setEnabled(bool on)
{
    m_enabled.store(on, std::memory_order_relaxed);
}

bool TraceLog::isEnabled() const
{
    return m_enabled.load(std::memory_order_relaxed);
}

inline qsizetype TraceLog::KeyParts::size() const
{
    if (isAscii)
        return ascii.size();
    if (first.isEmpty() || second.isEmpty())
        return first.size() + second.size();
    return first.size() + 1 + second.size();
}

inline void TraceLog::KeyParts::writeLatin1(char *dst) const
{
    if (isAscii) {
        std::memcpy(dst, ascii.data(), std::size_t(ascii.size()));
        return;
    }
    narrow(dst, first);
    if (second.isEmpty())
        return;
    if (!first.isEmpty())
        dst[first.size()] = '/';
    narrow(dst + (first.isEmpty() ? 0 : first.size() + 1), second);
}

qint64 TraceLog::append(TraceEvent ev)
{
    return appendParts(ev, KeyParts{ev.key, {}, {}, false});
}

qint64 TraceLog::appendKeyed(TraceEvent ev, QByteArrayView utf8Key)
{
    Q_ASSERT(ev.key.isEmpty());
    if (!m_enabled.load(std::memory_order_relaxed))
        return 0;
    if (isAscii(utf8Key))
        return appendParts(ev, KeyParts{{}, {}, utf8Key, true});
    ev.key = QString::fromUtf8(utf8Key);
    return appendParts(ev, KeyParts{ev.key, {}, {}, false});
}

qint64 TraceLog::appendKeyed(TraceEvent ev, QStringView ns, QStringView name)
{
    Q_ASSERT(ev.key.isEmpty());
    if (!m_enabled.load(std::memory_order_relaxed))
        return 0;
    if (noneHas(ns, 0xff00) && noneHas(name, 0xff00))
        return appendParts(ev, KeyParts{ns, name, {}, false});
    ev.key = ns.toString();
    if (!ns.isEmpty() && !name.isEmpty())
        ev.key += u'/';
    ev.key += name;
    return appendParts(ev, KeyParts{ev.key, {}, {}, false});
}

// The fields a TraceEvent and a Compact share (the same names), as appendFields takes them.
template<class Event> TraceLog::Fields TraceLog::fieldsOf(const Event &ev, const QJsonObject *detail)
{
    Fields f;
    f.rev = ev.rev;
    f.worker = ev.worker;
    f.text = ev.text;
    f.detail = detail;
    f.textFn = ev.textFn;
    f.detailFn = ev.detailFn;
    f.args = ev.args;
    return f;
}

qint64 TraceLog::appendParts(TraceEvent &ev, const KeyParts &key)
{
    if (!m_enabled.load(std::memory_order_relaxed))
        return 0;
    Fields f = fieldsOf(ev, &ev.detail);
    f.t = ev.t;
    return appendFields(f, key, [&] { return std::pair{intern(ev.component), intern(ev.type)}; });
}

template<class Names> qint64 TraceLog::appendFields(Fields &f, const KeyParts &key, Names names)
{
    // The revision source takes the store's lock: it is called before ours (lock order).
    if (f.rev == 0)
        if (const auto *revision = m_revision.load(std::memory_order_acquire))
            f.rev = (*revision)();
    // Trace texts are nearly always ASCII: those are narrowed straight into the arena. The rest
    // are nearly all ASCII but for an arrow or a dash: encoded straight into it too, eight
    // characters at a time where they are ASCII (tracetext::writeUtf8: toUtf8()'s QByteArray
    // cost ~600 instructions each; encoding them a character at a time had cost 4x that);
    // only a text with a surrogate goes through toUtf8(). With a textFn, a text given is kept
    // for it (see TraceEvent).
    const bool hasText = !f.text.isEmpty();
    const bool ascii = !hasText || noneHas(f.text, 0xff80);
    const qsizetype bmpBytes = ascii ? -1 : utf8Size(f.text);
    const QByteArray utf8 = !ascii && bmpBytes < 0 ? f.text.toUtf8() : QByteArray();
    const auto keyLen = quint32(key.size());
    // Two parts come Latin-1 (appendKeyed checked); one may not be.
    const bool keyLatin1 = key.isAscii || !key.second.isEmpty() || noneHas(key.first, 0xff00);
    const auto textLen = quint32(!hasText ? 0 : ascii ? f.text.size() : bmpBytes >= 0 ? bmpBytes : utf8.size());
    const bool lazy = f.textFn || f.detailFn;
    const bool hasDetail = f.detail && !f.detail->isEmpty();
    const std::size_t detailBytes = hasDetail ? sizeof(QJsonObject) + 2 * approxJsonBytes(*f.detail) : 0;
    const std::size_t keyBytes = std::size_t(keyLen) * (keyLatin1 ? 1 : sizeof(QChar));
    tracerecord::Header h;
    h.flags = quint8((keyLatin1 ? tracerecord::KeyLatin1 : 0) | (f.worker != -1 ? tracerecord::HasWorker : 0)
                     | (lazy ? tracerecord::Lazy : 0) | (hasDetail ? tracerecord::HasDetail : 0)
                     | (keyLen > 0 ? tracerecord::HasKey : 0) | (textLen > 0 ? tracerecord::HasText : 0));
    h.worker = f.worker;
    h.rev = f.rev;
    h.keyLen = keyLen;
    h.textLen = textLen;
    if (lazy)
        std::copy(f.args, f.args + 3, std::begin(h.args));
    std::lock_guard lock(m_mutex);
    if (m_count == 0)
        m_firstSeq = m_nextSeq;
    std::tie(h.component, h.type) = names();
    h.t = f.t == 0 && m_clock ? m_clock->now() - m_epochMs : f.t;
    if (lazy) {
        h.textFn = internFn(m_textFns, m_textFnSlots, f.textFn);
        h.detailFn = internFn(m_detailFns, m_detailFnSlots, f.detailFn);
    }
    const std::size_t j = m_headSlot + m_count;
    Chunk &chunk = nextChunkLocked(j);
    const std::size_t base = j % kChunk / kBaseEvery;
    if (j % kBaseEvery == 0) {
        chunk.baseT[base] = h.t;
        chunk.baseRev[base] = h.rev;
    }
    if (hasDetail) {
        h.detail = quint32(chunk.details.size());
        chunk.details.push_back(*f.detail);
    }
    // Room for the longest header; what it does not take is given back.
    std::int64_t at = 0;
    char *const start = m_arena.grow(tracerecord::kMaxHeader + keyBytes + textLen, &at);
    char *dst = tracerecord::writeHeader(start, h, chunk.baseT[base], chunk.baseRev[base]);
    const auto headBytes = std::size_t(dst - start);
    m_arena.unuse(tracerecord::kMaxHeader - headBytes);
    if (keyLatin1)
        key.writeLatin1(dst);
    else if (keyBytes > 0)
        std::memcpy(dst, key.first.utf16(), keyBytes);
    dst += keyBytes;
    if (bmpBytes >= 0)
        writeUtf8(dst, f.text);
    else if (!ascii)
        std::memcpy(dst, utf8.constData(), std::size_t(utf8.size()));
    else if (hasText)
        narrow(dst, f.text);
    // The record, its place in the chunk, and roughly what its detail holds on the heap
    // (shared details are counted each time: the budget errs on the safe side).
    const auto bytes = quint32(sizeof(std::int64_t) + sizeof(quint32) + headBytes + keyBytes + textLen + detailBytes);
    chunk.at[j % kChunk] = at;
    chunk.bytes[j % kChunk] = bytes;
    m_bytes += bytes;
    ++m_count;
    const qint64 seq = m_nextSeq++;
    trimLocked();
    return seq;
}

quint32 TraceLog::nameId(const QString &name)
{
    std::lock_guard lock(m_mutex);
    return internSlow(name);
}

qint64 TraceLog::appendCompact(const Compact &ev)
{
    if (!m_enabled.load(std::memory_order_relaxed))
        return 0;
    Fields f = fieldsOf(ev, ev.detail);
    const auto names = [&] {
        Q_ASSERT(ev.component < m_names.size() && ev.type < m_names.size());
        return std::pair{ev.component, ev.type};
    };
    if (!ev.utf8Key.isEmpty()) {
        if (isAscii(ev.utf8Key))
            return appendFields(f, KeyParts{{}, {}, ev.utf8Key, true}, names);
        const QString key = QString::fromUtf8(ev.utf8Key);
        return appendFields(f, KeyParts{key, {}, {}, false}, names);
    }
    if (!ev.ns.isEmpty() || !ev.name.isEmpty()) {
        if (noneHas(ev.ns, 0xff00) && noneHas(ev.name, 0xff00))
            return appendFields(f, KeyParts{ev.ns, ev.name, {}, false}, names);
        QString key = ev.ns.toString();
        if (!ev.ns.isEmpty() && !ev.name.isEmpty())
            key += u'/';
        key += ev.name;
        return appendFields(f, KeyParts{key, {}, {}, false}, names);
    }
    return appendFields(f, KeyParts{ev.key, {}, {}, false}, names);
}

std::vector<TraceEvent> TraceLog::since(qint64 afterSeq, std::size_t max) const
{
    std::lock_guard lock(m_mutex);
    std::vector<TraceEvent> out;
    // seqs are contiguous: index = seq - firstSeq
    const std::size_t start = afterSeq < m_firstSeq ? 0 : std::size_t(afterSeq - m_firstSeq + 1);
    std::size_t block = 0;   // the arena's block the last record was in: records come in order
    for (std::size_t i = start; i < m_count && out.size() < max; ++i) {
        const Slot s = slot(i);
        tracerecord::Header h;
        const char *bytes = readLocked(s, &h, &block);
        out.push_back(unpack(s, h, bytes, m_firstSeq + qint64(i)));
    }
    return out;
}

std::vector<TraceEvent> TraceLog::ofTypes(qint64 afterSeq, qint64 untilSeq, const QStringList &types) const
{
    std::lock_guard lock(m_mutex);
    std::vector<TraceEvent> out;
    if (m_count == 0 || untilSeq <= afterSeq)
        return out;
    std::vector<bool> wanted(m_names.size(), false);
    for (const QString &t : types)
        if (const auto it = m_nameIds.constFind(t); it != m_nameIds.cend())
            wanted[*it] = true;
    const std::size_t start = afterSeq < m_firstSeq ? 0 : std::size_t(afterSeq - m_firstSeq + 1);
    std::size_t block = 0;   // the arena's block the last record was in: records come in order
    for (std::size_t i = start; i < m_count && m_firstSeq + qint64(i) <= untilSeq; ++i) {
        const Slot s = slot(i);
        tracerecord::Header h;
        const char *bytes = readLocked(s, &h, &block);
        if (wanted[h.type])
            out.push_back(unpack(s, h, bytes, m_firstSeq + qint64(i)));
    }
    return out;
}

qint64 TraceLog::lastSeq() const
{
    std::lock_guard lock(m_mutex);
    return m_nextSeq - 1;
}

qint64 TraceLog::dropped() const
{
    std::lock_guard lock(m_mutex);
    return m_dropped;
}

std::size_t TraceLog::size() const
{
    std::lock_guard lock(m_mutex);
    return m_count;
}

void TraceLog::clear()
{
    std::lock_guard lock(m_mutex);
    m_chunks.clear();
    m_chunkCount = 0;
    m_spareChunk.reset();
    m_headSlot = 0;
    m_count = 0;
    m_firstSeq = m_nextSeq;
    m_arena.clear();
    m_bytes = 0;
}

} // namespace rlab
