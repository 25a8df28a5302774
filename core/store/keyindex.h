#pragma once
#include "core/store/keygenerations.h"

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
// fresh, equal object). This is the key and its KeyGenerations, as a value (a StoreImage, a
// test); the KvStore keeps the KeyGenerations in its map node beside the key instead.
// Not thread-safe: the KvStore guards it with its lock.
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
    using Entry = KeyGenerations::Entry;
    using Generation = KeyGenerations::Generation;
    using Lookup = KeyGenerations::Lookup;

    explicit KeyIndex(const QByteArray &key = {}) : m_key(key) {}
    KeyIndex(const QByteArray &key, KeyGenerations generations) : m_key(key), m_gens(std::move(generations)) {}
    // A key's history as generations() gave it (a saved store): nullopt with *error when it is
    // not one (no generation, revisions not increasing, an empty generation before the last,
    // a closed generation without its tombstone, a later generation not whole: see
    // KeyGenerations::restored).
    static std::optional<KeyIndex> restored(const QByteArray &key, std::vector<Generation> generations, QString *error);

    const QByteArray &key() const { return m_key; }
    Revision modified() const { return m_gens.modified(); }
    // Oldest first, built on each call (the index keeps them flat): the last one may be empty.
    std::vector<Generation> generations() const { return m_gens.generations(); }
    const KeyGenerations &keyGenerations() const & { return m_gens; }
    KeyGenerations takeKeyGenerations() && { return std::move(m_gens); }

    // Appends a version costing `bytes` of quota. rev must be greater than modified(); value
    // must not be null.
    void put(Revision rev, api::ObjectPtr value, qint64 bytes = 0) { m_gens.put(rev, std::move(value), bytes); }
    // Appends a tombstone and opens a new generation. Returns false (etcd: ErrRevisionNotFound)
    // and changes nothing when the key is not live.
    bool tombstone(Revision rev) { return m_gens.tombstone(rev); }
    // The version visible at main revision atRev, if the key existed then; without its value
    // (null) when !withValue (a count, a revision check: a packed version is not unpacked).
    std::optional<Lookup> get(qint64 atRev, bool withValue = true) const { return m_gens.get(atRev, withValue); }
    // Revisions with main >= rev, oldest first (the highest sub wins within one main).
    std::vector<Revision> since(qint64 rev) const { return m_gens.since(rev); }
    // See the class comment. Returns the bytes of the versions it dropped.
    qint64 compact(qint64 atRev) { return m_gens.compact(atRev); }
    // Packs the newest version if it is older than `beforeRev`, not a tombstone, not packed yet
    // and held by nothing but this index (use_count 1: no reader can take a copy meanwhile, the
    // store's lock is held). Returns whether it packed. E.g. an Event written once and read by no
    // informer: ~700 bytes of object and ~250 of strings become ~190 bytes.
    bool packNewest(qint64 beforeRev) { return m_gens.packNewest(beforeRev); }
    qint64 bytes() const { return m_gens.bytes(); }   // the retained versions' bytes

    bool isEmpty() const { return m_gens.isEmpty(); }   // nothing retained: only one, empty generation
    bool isLive() const { return m_gens.isLive(); }     // the key exists now: the last generation is not empty

    // The change made at exactly rev, if retained (prevKv from the same generation).
    std::optional<WatchEvent> event(Revision rev) const { return m_gens.event(m_key, rev); }
    // The change made at modified().
    WatchEvent lastEvent() const { return m_gens.lastEvent(m_key); }
    // Every retained change, oldest first.
    std::vector<WatchEvent> history() const { return m_gens.history(m_key); }

private:
    QByteArray m_key;
    KeyGenerations m_gens;
};

} // namespace rlab::store
