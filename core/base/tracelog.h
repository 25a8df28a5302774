#pragma once
#include "core/base/lightmutex.h"
#include "core/base/tracearena.h"
#include "core/base/traceevent.h"
#include "core/base/tracerecord.h"

#include <QByteArray>
#include <QHash>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace rlab {

class Clock;

// Append-only, bounded log of TraceEvents shared by every component. append() is cheap (one
// short lock); readers take batches by sequence number (`since(seq)`), so the GUI can drain
// it once per frame and files can be written at the end. Events are kept compact (component
// and type interned; each event one record of varints, key and UTF-8 text in a FIFO byte arena,
// no heap block of its own: core/base/tracerecord.h) and rebuilt by since(). When more than `capacity` events,
// or more than the memory budget (approximate bytes), are held the oldest are dropped and
// counted (dropped()). Any thread may call anything.
class TraceLog
{
public:
    static constexpr std::size_t kDefaultMemoryBudget = std::size_t(384) << 20;   // 384 MiB
    explicit TraceLog(std::size_t capacity = 1'000'000, std::size_t memoryBudgetBytes = kDefaultMemoryBudget);

    // Stamps seq (and t from the clock, relative to the epoch set by setEpoch, when a clock is
    // set and ev.t == 0) and stores the event. Returns the seq.
    qint64 append(TraceEvent ev);
    // As append(ev), with the key given apart instead of in ev.key (which must be empty), so a
    // caller need not make a QString for it: as bytes (an etcd key, UTF-8), or as a namespace
    // and a name, stored as "ns/name" (as one of them when the other is empty).
    // E.g. appendKeyed(ev, u"default", u"web") reads back with key "default/web".
    qint64 appendKeyed(TraceEvent ev, QByteArrayView utf8Key);
    qint64 appendKeyed(TraceEvent ev, QStringView ns, QStringView name);
    // For events made by the million, without a TraceEvent: the names as ids (nameId(): stable
    // for the log's life, clear() included), the key, text and detail as given (the key as one
    // string, as a namespace and a name, or as UTF-8 bytes, as appendKeyed takes them). Reads
    // back as append() of the same event would. E.g. a queue operation: {nameId(u"queue/rs"),
    // nameId(u"QueueAdd"), -1, u"default/web", ..., &queueText, &queueDetail, {0, bits, 0}}.
    struct Compact
    {
        quint32 component = 0, type = 0;
        int worker = -1;
        QStringView key;              // one string; or:
        QStringView ns, name;         // "ns/name" (either alone when the other is empty); or:
        QByteArrayView utf8Key;       // an etcd key
        QStringView text;
        const QJsonObject *detail = nullptr;   // copied (implicitly shared), when given
        TraceEvent::TextFn textFn = nullptr;
        TraceEvent::DetailFn detailFn = nullptr;
        qint64 args[3] = {0, 0, 0};
        qint64 rev = 0;               // 0: from the revision source
    };
    quint32 nameId(const QString &name);
    qint64 appendCompact(const Compact &ev);
    void setClock(const Clock *clock, qint64 epochMs);
    // Optional: current store revision supplier, used when ev.rev == 0.
    void setRevisionSource(std::function<qint64()> source);
    void setEnabled(bool on);
    bool isEnabled() const;

    // Events with seq > afterSeq, at most max, in order.
    std::vector<TraceEvent> since(qint64 afterSeq, std::size_t max = SIZE_MAX) const;
    // Events with afterSeq < seq <= untilSeq whose type is one of `types`, in order. Only those
    // are rebuilt (the rest is skipped by its interned type), so time travel can replay the
    // Queue* events of a million-event log without copying the million.
    std::vector<TraceEvent> ofTypes(qint64 afterSeq, qint64 untilSeq, const QStringList &types) const;
    qint64 lastSeq() const;
    qint64 dropped() const;
    std::size_t size() const;
    // Approximate bytes held by the kept events (what the memory budget is compared with).
    std::size_t memoryBytes() const;
    void setMemoryBudget(std::size_t bytes);
    void clear();

private:
    // Kept events in chunks of kChunk, oldest first from m_chunks.front() at m_headSlot. An
    // event is a record in m_arena (core/base/tracerecord.h: its numbers as varints, its time
    // and revision relative to a nearby event's, then its key and text bytes), ~15-60
    // bytes where a fixed slot took 72 and the key and text came on top; its chunk holds where
    // the record starts, what it costs the memory budget and, when it has one, its detail (an
    // index in `details`). Its seq is its position: m_firstSeq + index. Appending and dropping
    // allocate nothing but a chunk every kChunk events (the emptied one is kept as the spare,
    // its details let go of).
    static constexpr std::size_t kChunk = 4096;
    static constexpr std::size_t kBaseEvery = 64;
    struct Chunk
    {
        // Not zeroed when made: each slot's `at` and `bytes` (and a base) are written when its
        // event is, before anything reads them.
        std::array<std::int64_t, kChunk> at;   // where the event's record starts in m_arena
        std::array<quint32, kChunk> bytes;     // what the event costs the memory budget
        // Every kBaseEvery events, the first one's t and rev: the records in between hold theirs
        // relative to those (a byte each, nearly always).
        std::array<qint64, kChunk / kBaseEvery> baseT, baseRev;
        std::vector<QJsonObject> details;      // the details its events hold, in append order
    };
    struct Slot
    {
        const Chunk &chunk;
        std::size_t index;
    };
    Slot slot(std::size_t i) const
    {
        const std::size_t j = m_headSlot + i;
        return {*m_chunks[j / kChunk], j % kChunk};
    }
    // A key as append() stores it: one or two parts (joined by '/'), or ASCII bytes.
    struct KeyParts
    {
        QStringView first, second;   // second is joined to first by '/' unless one is empty
        QByteArrayView ascii;        // instead of the two, when isAscii: ASCII bytes
        bool isAscii = false;
        qsizetype size() const;      // in characters
        void writeLatin1(char *dst) const;
    };
    qint64 appendParts(TraceEvent &ev, const KeyParts &key);
    // What every append stores: `names` is called under the lock and gives the component's and
    // the type's ids.
    struct Fields
    {
        qint64 t = 0, rev = 0;
        int worker = -1;
        QStringView text;
        const QJsonObject *detail = nullptr;   // copied (implicitly shared)
        TraceEvent::TextFn textFn = nullptr;
        TraceEvent::DetailFn detailFn = nullptr;
        const qint64 *args = nullptr;
    };
    template<class Names> qint64 appendFields(Fields &f, const KeyParts &key, Names names);
    template<class Event> static Fields fieldsOf(const Event &ev, const QJsonObject *detail);
    // The chunk the next event goes to (a new one, or the spare, when it starts one).
    Chunk &nextChunkLocked(std::size_t j);
    void popFrontLocked();
    quint32 intern(const QString &s);      // under m_mutex
    quint32 internSlow(const QString &s);  // intern() past its first cache
    // 1 + the index of fn in fns (added if new), 0 for nullptr; under m_mutex. The functions
    // are a program's few static text and detail makers (4 in the lab): at most 255.
    using FnSlots = std::array<quint8, 32>;   // internFn's cache: an id by the function's address
    template<class Fn> static quint8 internFn(std::vector<Fn> &fns, FnSlots &cache, Fn fn);
    // Reads the event at s's header into *h and returns where its key's bytes start; *block as
    // TraceArena::at takes it (records read in order).
    const char *readLocked(const Slot &s, tracerecord::Header *h, std::size_t *block) const;
    TraceEvent unpack(const Slot &slot, const tracerecord::Header &h, const char *bytes, qint64 seq) const;
    void trimLocked();

    mutable LightMutex m_mutex;
    // A vector, not a deque: indexing it is a load (a deque's operator[] and front() were ~25
    // instructions an append); the front chunk leaves once every kChunk events, shifting the
    // few hundred pointers behind it.
    std::vector<std::unique_ptr<Chunk>> m_chunks;
    std::unique_ptr<Chunk> m_spareChunk;
    std::size_t m_chunkCount = 0;   // m_chunks.size(), kept
    std::size_t m_headSlot = 0, m_count = 0;
    qint64 m_firstSeq = 1;   // seq of the oldest kept event
    TraceArena m_arena;
    std::vector<QString> m_names;
    QHash<QString, quint32> m_nameIds;
    std::vector<TraceEvent::TextFn> m_textFns;
    std::vector<TraceEvent::DetailFn> m_detailFns;
    FnSlots m_textFnSlots{}, m_detailFnSlots{};   // under m_mutex
    struct RecentName
    {
        QString name;
        quint32 id = 0;
        bool valid = false;
    };
    std::array<RecentName, 256> m_recent;   // intern()'s cache, under m_mutex
    std::array<RecentName, 256> m_byData;   // ... and in front of it, by where the characters are
    std::size_t m_capacity;
    std::size_t m_budget;
    std::size_t m_bytes = 0;
    qint64 m_nextSeq = 1;
    qint64 m_dropped = 0;
    std::atomic<bool> m_enabled{true};
    const Clock *m_clock = nullptr;
    qint64 m_epochMs = 0;
    // The revision source in use, read by append() without the lock (it is called before taking
    // it); every source ever set is kept until the log goes, so a reader never sees a freed one.
    std::atomic<const std::function<qint64()> *> m_revision{nullptr};
    std::vector<std::unique_ptr<const std::function<qint64()>>> m_revisionSources;
};

} // namespace rlab
