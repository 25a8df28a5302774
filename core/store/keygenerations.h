#pragma once
#include "core/api/object.h"
#include "core/store/keyvalue.h"
#include "core/store/packedbytes.h"
#include "core/store/revision.h"
#include "core/store/watchevent.h"

#include <QByteArray>
#include <QString>
#include <optional>
#include <vector>

namespace rlab::store {

// The generations of one key (etcd keyIndex without its key: the KvStore's map node holds the
// key once, and the calls that build a KeyValue are given it). See KeyIndex for the semantics
// and a worked example; KeyIndex is this plus its key. Kept in one heap block behind one
// pointer: [size, start of the last generation][first generation's ver and created, only once
// compaction dropped its oldest revisions][revisions of every generation, oldest first]; a
// tombstone ends its generation, so a generation needs no record of its own. A key written
// once (an Event) costs 8 bytes here and a 56-byte block (a std::vector of generations, each a
// std::vector of revisions, cost 24 + 48 + 48). Not thread-safe: the KvStore guards it.
class KeyGenerations
{
public:
    struct Entry
    {
        Revision rev;
        api::ObjectPtr value;   // null on a tombstone and once packed
        qint64 bytes = 0;       // what the version costs against the store's quota (0: unmetered)
        PackedBytes packed;     // the value as api::packObject bytes, when packed

        bool isTombstone() const { return !value && packed.isEmpty(); }
        api::ObjectPtr object() const;   // the value, unpacked if need be (null on a tombstone)
    };

    // One generation as a value (generations(), restored()).
    struct Generation
    {
        qint64 ver = 0;         // puts in this generation, tombstone included; survives compaction
        Revision created;       // revision of the put that opened it
        std::vector<Entry> revs;

        bool isEmpty() const { return revs.empty(); }
        // Index of the last revision with main <= atRev, or -1.
        qsizetype findRevisionIndex(qint64 atRev) const;
    };

    // What get() finds: the version of the key visible at some revision.
    struct Lookup
    {
        Revision modified;
        Revision created;
        qint64 version = 0;
        api::ObjectPtr value;

        KeyValue toKeyValue(const QByteArray &key) const
        {
            return {key, created.main, modified.main, version, value};
        }
    };

    KeyGenerations() = default;
    ~KeyGenerations();
    KeyGenerations(const KeyGenerations &other);   // copies packed bytes, shares values
    KeyGenerations(KeyGenerations &&other) noexcept : m_block(other.m_block) { other.m_block = nullptr; }
    KeyGenerations &operator=(const KeyGenerations &other);
    KeyGenerations &operator=(KeyGenerations &&other) noexcept;

    // As KeyIndex::restored (the same checks), plus: a generation after the first must be whole
    // (created at its first revision, ver its revision count; an empty last one ver 0, created
    // 0.0), as compaction only ever trims the first one.
    static std::optional<KeyGenerations> restored(std::vector<Generation> generations, QString *error);

    Revision modified() const;   // the newest revision retained ({0, 0} when none)
    std::vector<Generation> generations() const;   // oldest first, as etcd; the last may be empty

    void put(Revision rev, api::ObjectPtr value, qint64 bytes = 0);
    bool tombstone(Revision rev);
    std::optional<Lookup> get(qint64 atRev, bool withValue = true) const;
    std::vector<Revision> since(qint64 rev) const;
    qint64 compact(qint64 atRev);
    // Hints for a compaction that will reach this key soon (KvStore::compact runs them a few
    // keys ahead; ranges use prefetchBlock too): prefetchBlock() asks for the revisions'
    // block, prefetchDropped() for the values below atRev, which compact(atRev) will mostly
    // free (a pod version is ~830 bytes that have sat cold since ~50,000 revisions; freeing it
    // reads every line). Read nothing but this object and the block; change nothing.
    static constexpr std::ptrdiff_t kValueBytes = 896;   // asked for a value: a Pod and its count
    void prefetchBlock() const { __builtin_prefetch(m_block); }
    void prefetchDropped(qint64 atRev) const;
    // For a range that will read this key soon: its newest value's shared_ptr count, which a
    // copy of the value increments (the block itself is read; prefetchBlock() it first).
    void prefetchNewestValue() const;
    bool packNewest(qint64 beforeRev);
    qint64 bytes() const;   // the retained versions' bytes (a sum: read it seldom)

    bool isEmpty() const { return !m_block; }
    bool isLive() const;

    // Calls f(rev) for every retained revision, oldest first (tombstones and subs included).
    template<class F> void forEachRevision(F &&f) const
    {
        const Entry *e = entries();
        for (std::size_t i = 0, n = size(); i < n; ++i)
            f(e[i].rev);
    }

    std::optional<WatchEvent> event(const QByteArray &key, Revision rev) const;
    WatchEvent lastEvent(const QByteArray &key) const;
    std::vector<WatchEvent> history(const QByteArray &key) const;

private:
    struct Header;
    struct First;

    static std::size_t entriesOffset(bool first);
    static void *allocate(std::size_t capacity, bool first);

    std::size_t size() const;
    const Entry *entries() const;
    Entry *entries();
    std::size_t lastStart() const;
    std::size_t generationStart(std::size_t i) const;   // first revision of i's generation
    Revision createdAt(std::size_t start) const;        // created of the generation at start
    qint64 droppedAt(std::size_t start) const;          // its versions compaction dropped
    KeyValue keyValueAt(const QByteArray &key, std::size_t start, std::size_t i) const;
    WatchEvent eventAt(const QByteArray &key, std::size_t start, std::size_t i) const;
    // Moves entries [from, size()) into a new block (none if empty) with `first` recorded.
    void rebuild(std::size_t from, std::optional<std::pair<qint64, Revision>> first);

    void *m_block = nullptr;
};

} // namespace rlab::store
