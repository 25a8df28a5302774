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

// The history of one key, as etcd's keyIndex (server/storage/mvcc/key_index.go). A generation
// runs from the put that creates the key to the tombstone that deletes it; a tombstone appends
// itself to the current generation and opens a new, empty one that a later put fills. Unlike
// etcd, whose index points into bbolt, every revision here carries its value (an ObjectPtr; null
// on a tombstone), or that value packed (api::packObject) once it went cold: packNewest() packs
// the newest version when nothing but the store holds it, and reads unpack it (each read gets a
// fresh, equal object). Not thread-safe: the KvStore guards it with its lock.
//
// Worked example: put(2) put(4) tombstone(6) put(8) put(10) tombstone(12) put(14) put(15.1)
// tombstone(16) on "foo" gives, newest generation first:
//   {empty}
//   {14.0, 15.1, 16.0(t)}   created 14, ver 3
//   {8.0, 10.0, 12.0(t)}    created 8,  ver 3
//   {2.0, 4.0, 6.0(t)}      created 2,  ver 3
// get(11) finds 10.0 in the middle generation: modRevision 10, createRevision 8, version 2.
// get(12) and get(13) find nothing (deleted at 12, recreated at 14); neither do get(1), get(17).
//
// compact(n) removes the revisions <= n except the largest one (a range at n still needs it),
// and every generation whose tombstone is < n. On the key above:
//   compact(4)  -> {empty} {14.0, 15.1, 16.0(t)} {8.0, 10.0, 12.0(t)} {4.0, 6.0(t)}
//   compact(7)  -> {empty} {14.0, 15.1, 16.0(t)} {8.0, 10.0, 12.0(t)}     (6 < 7: all gone)
//   compact(16) -> {empty} {16.0(t)}                 (the tombstone at 16 is kept: it is "at 16")
//   compact(17) -> {empty}  -> isEmpty(): the KvStore drops the key
class KeyIndex
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

    explicit KeyIndex(const QByteArray &key = {});
    // A key's history as generations() gave it (a saved store): nullopt with *error when it is
    // not one (no generation, revisions not increasing, an empty generation before the last,
    // a closed generation without its tombstone).
    static std::optional<KeyIndex> restored(const QByteArray &key, std::vector<Generation> generations, QString *error);

    const QByteArray &key() const { return m_key; }
    Revision modified() const { return m_modified; }
    const std::vector<Generation> &generations() const { return m_generations; }

    // Appends a version costing `bytes` of quota. rev must be greater than modified().
    void put(Revision rev, api::ObjectPtr value, qint64 bytes = 0);
    // Appends a tombstone and opens a new generation. Returns false (etcd: ErrRevisionNotFound)
    // and changes nothing when the key is not live.
    bool tombstone(Revision rev);
    // The version visible at main revision atRev, if the key existed then; without its value
    // (null) when !withValue (a count, a revision check: a packed version is not unpacked).
    std::optional<Lookup> get(qint64 atRev, bool withValue = true) const;
    // Revisions with main >= rev, oldest first (the highest sub wins within one main).
    std::vector<Revision> since(qint64 rev) const;
    // See the class comment. Returns the bytes of the versions it dropped.
    qint64 compact(qint64 atRev);
    // Packs the newest version if it is older than `beforeRev`, not a tombstone, not packed yet
    // and held by nothing but this index (use_count 1: no reader can take a copy meanwhile, the
    // store's lock is held). Returns whether it packed. E.g. an Event written once and read by no
    // informer: ~700 bytes of object and ~250 of strings become ~190 bytes.
    bool packNewest(qint64 beforeRev);
    qint64 bytes() const { return m_bytes; }   // the retained versions' bytes

    bool isEmpty() const;   // nothing retained: only one, empty generation
    bool isLive() const;    // the key exists now: the last generation is not empty

    // The change made at exactly rev, if retained (prevKv from the same generation).
    std::optional<WatchEvent> event(Revision rev) const;
    // The change made at modified().
    WatchEvent lastEvent() const;
    // Every retained change, oldest first.
    std::vector<WatchEvent> history() const;

private:
    const Generation *findGeneration(qint64 rev) const;
    WatchEvent eventAt(std::size_t gi, std::size_t ri) const;
    KeyValue keyValueAt(const Generation &g, std::size_t ri) const;

    QByteArray m_key;
    Revision m_modified;
    std::vector<Generation> m_generations;
    qint64 m_bytes = 0;
};

} // namespace rlab::store
