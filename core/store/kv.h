#pragma once
#include "core/store/keyvalue.h"
#include "core/store/revision.h"
#include "core/store/storeerror.h"
#include "core/store/watcher.h"

#include <functional>
#include <memory>
#include <vector>

namespace rlab::store {

// Value types of the KvStore's read/write views (etcd mvcc kv.go). All plain values.

struct RangeOptions
{
    qint64 rev = 0;          // read the keys as they were at this main revision; 0 = now
    qint64 limit = 0;        // at most this many kvs (in key order); 0 = no limit
    bool countOnly = false;  // fill count only, no kvs
    // Stop at the first key past limit: count is then at most limit + 1 and `more` still says
    // whether keys follow. Not in etcd (which counts the whole range); the API server's chunked
    // LIST reads a page of 500 out of 100,000 pods without walking them all.
    bool stopAfterLimit = false;
    // Only the values it accepts are counted and copied (the API server's label and field
    // selectors): a selector matching 100 of 20,000 pods copies 100 KeyValues, not 20,000.
    // Called under the store's read lock: it must not call back into the store.
    std::function<bool(const api::Object &)> filter = {};
};

struct RangeResult
{
    std::vector<KeyValue> kvs;   // sorted by key
    qint64 revision = 0;         // the store's current revision (etcd header revision), not rev
    qint64 count = 0;            // keys in the range at rev, before limit
    bool more = false;           // count > kvs.size() because of limit
    StoreError error = StoreError::None;   // Compacted (rev < compactRevision) or FutureRev
    qint64 compactRevision = 0;  // set with Compacted: the oldest revision still readable

    bool ok() const { return error == StoreError::None; }
};

struct DeleteResult
{
    qint64 deleted = 0;
    qint64 revision = 0;             // current revision after the delete
    std::vector<KeyValue> prevKvs;   // what was deleted, in key order
};

// KvStore::watch(): the watcher, or Compacted with the revision to relist from (HTTP 410).
struct WatchResult
{
    std::shared_ptr<Watcher> watcher;
    qint64 revision = 0;             // current revision when the watch was registered
    StoreError error = StoreError::None;
    qint64 compactRevision = 0;

    bool ok() const { return error == StoreError::None; }
};

// KvStore::stats(): sizes for the GUI and the benchmark.
struct StoreStats
{
    qint64 revision = 0;
    qint64 compactRevision = 0;
    qint64 keys = 0;              // keys with retained history (live or deleted)
    qint64 liveKeys = 0;          // keys that exist now
    qint64 retainedRevisions = 0; // changes since compactRevision (what watch can replay)
    qint64 bytesInUse = 0;        // the retained versions' bytes, as metered by put()
    qint64 quotaBytes = 0;        // 0: no quota
    bool alarmNoSpace = false;    // etcd's NOSPACE alarm
    qint64 watchers = 0;
    // Since the store began: watchers handed a write's events to filter (a watcher filed under a
    // WatchTrigger value is handed only the writes that concern it), and events appended to
    // watchers' FIFOs (replays included).
    qint64 watcherVisits = 0;
    qint64 eventsDelivered = 0;
    // Keys compact() visited since the store began: the keys changed before each compaction
    // revision, not every key held.
    qint64 compactionVisits = 0;
    // Versions compact() packed since the store began: the newest version of a key unchanged
    // since the compaction revision that nothing but the store held (see KeyIndex::packNewest).
    qint64 valuesPacked = 0;
};

} // namespace rlab::store
