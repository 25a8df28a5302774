#pragma once
#include "core/api/object.h"
#include "core/store/keygenerations.h"
#include "core/store/keyindex.h"
#include "core/store/keyorder.h"
#include "core/store/keyrange.h"
#include "core/store/kv.h"
#include "core/store/nodehash.h"
#include "core/store/revision.h"
#include "core/store/rwlock.h"
#include "core/store/storeerror.h"
#include "core/store/storeimage.h"
#include "core/store/txn.h"
#include "core/store/watcher.h"
#include "core/store/watchevent.h"

#include <atomic>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace rlab::store {

// An etcd-like MVCC key-value store in memory (etcd server/storage/mvcc). A fresh store is at
// revision 1; every atomic write (put, deleteRange that deletes something, txn that writes)
// bumps the main revision by one, so the first put is at 2. Every version of every key is kept
// until compact(rev), for range at an old revision, history() and watch replay.
// Thread rules: any method, any thread; each call is atomic. Reads share a writer-preferring
// RwLock; writes hold it exclusively and append their events to the watchers' FIFOs before
// releasing it (so every watcher sees revision order), then run notify callbacks unlocked.
// Watchers with a WatchTrigger are filed under (field, value): a write visits only the ones
// whose value its objects carry (old or new), plus every unindexed watcher.
// Quota (etcd --quota-backend-bytes): each put says what its version costs; the retained
// versions' bytes may not pass the quota. The put that would pass it is refused with NoSpace and
// raises the NOSPACE alarm; while the alarm is up every put is refused (reads and deletes work),
// as etcd does. Here compaction disarms it once the retained bytes are below the quota again
// (etcd wants `etcdctl defrag` and `alarm disarm`). E.g. quota 1,000, versions of 400 + 500:
// a put of 200 → NoSpace, alarm; compact drops the 400 → 500 retained, alarm disarmed.
class KvStore
{
public:
    KvStore();
    ~KvStore();   // cancels the watchers still registered
    KvStore(const KvStore &) = delete;
    KvStore &operator=(const KvStore &) = delete;

    qint64 revision() const { return m_currentRev.load(std::memory_order_acquire); }
    qint64 compactRevision() const;   // 0 before the first compact()

    // Writes `value` under `key` at a new main revision; returns {main, 0}. An empty key or a
    // null value is refused: nothing changes and {0, 0} is returned; so is a put refused by the
    // quota (`bytes`: what this version costs; *error = NoSpace).
    Revision put(const QByteArray &key, api::ObjectPtr value, qint64 bytes = 0, StoreError *error = nullptr);
    // Deletes the live keys in `range` at one new main revision (sub 0, 1, ... in key order);
    // no revision is used when nothing was deleted.
    DeleteResult deleteRange(const KeyRange &range);
    // The keys of `range` as they were at options.rev (0: now), in key order. Compacted when
    // 0 < rev < compactRevision(), FutureRev when rev > revision().
    RangeResult range(const KeyRange &range, RangeOptions options = {}) const;
    // The current value of one key (nullptr when it does not exist now), and its mod revision:
    // range(KeyRange::single(key)) without building a result (the API server's every get).
    api::ObjectPtr get(const QByteArray &key, qint64 *modRevision = nullptr) const;
    // The key's mod revision now, 0 when it does not exist (no value is read).
    qint64 modRevision(const QByteArray &key) const;
    // See TxnRequest. Compares see the current state; the chosen branch's ops run in order and
    // later ops see earlier writes. A branch is checked before it runs (DuplicateKey: a key put
    // twice or put and deleted; EmptyKey; Compacted/FutureRev for Range ops): on error nothing
    // is applied.
    TxnResponse txn(const TxnRequest &request);
    // Forgets the versions older than `rev` except the newest one of each key (range at rev
    // still works), and every key deleted before rev. Compacted when rev <= compactRevision(),
    // FutureRev when rev > revision().
    StoreError compact(qint64 rev);

    // Every retained change of `key`, oldest first (deletes and recreates included; prevKv
    // where retained). Empty when the key has no retained history.
    std::vector<WatchEvent> history(const QByteArray &key) const;

    // Watches `range` from startRevision (0: from the next write). The retained changes with
    // main >= startRevision are replayed into the watcher first, then every live change
    // follows, in order, no gap, no duplicate. Compacted (with compactRevision, the oldest
    // revision that can be watched) when 0 < startRevision < compactRevision(); a start past
    // revision() + 1 is allowed and waits for that revision. If history was replayed, notify
    // runs once before watch() returns (see Watcher). kube-apiserver's "watch from
    // resourceVersion RV" is startRevision RV + 1; Compacted is its 410 Gone.
    // The GUI's write stream is a watch on KeyRange::prefix("/").
    WatchResult watch(const KeyRange &range, qint64 startRevision = 0, Watcher::Notify notify = {},
                      WatchTrigger trigger = {});
    // The whole store as a value (StoreImage), and a fresh store rebuilt from one: restore()
    // refuses (false, *error) a store that was written to or watched, and an inconsistent image
    // (a key modified after the image's revision, a key twice); then nothing changes.
    StoreImage image() const;
    bool restore(StoreImage image, QString *error = nullptr);

    // Every write's events for rlab bench --size's floor (issue #16): from startWriteLog(), the
    // events a write makes (those its watchers are handed) are kept, moved once the watchers
    // have had theirs, until takeWriteLog() (oldest first); stopWriteLog() drops the rest. It
    // stands where a watcher of "/" did, which cost the lab's timed writes ~2 % of its
    // instructions at --size medium (a match and a copy of every event, the Events no watcher of
    // the lab wants included); a kept event costs a move.
    // With `valuesUnder`, only the events of keys under it keep their values (the rest keep
    // their key, type and revisions): the log then holds no object the lab has let go of
    // beyond its watchers (an Event written once is packed as soon as nothing else holds it:
    // packNow()). E.g. startWriteLog("/registry/pods/"): a pod's put keeps its pod, an Event's
    // its key only.
    void startWriteLog(const QByteArray &valuesUnder = {});
    std::vector<WatchEvent> takeWriteLog();
    void stopWriteLog();

    // The keys whose cold versions compact() packs (KeyIndex::packNewest); none by default.
    // Packing suits keys written once and seldom read (Events): a read unpacks (~1 µs), so a
    // key read on every write (a namespace) is better left out.
    void setPackCold(const KeyRange &range);
    // Packs the newest version of `key` now, as compact() would once it is cold, when the key is
    // under the setPackCold() range and nothing but the store holds that version (no watcher has
    // it queued, no reader kept it). Returns whether it packed. For a writer that knows a value
    // will not be read again soon: an Event packed right after it is written is read from the
    // cache; packed by compaction ~50,000 revisions later, every one of its strings is a cache
    // miss (rlab bench --size medium: ~10 per Event, 14 % of the lab's misses), and so is
    // freeing it.
    bool packNow(const QByteArray &key);

    // Counts the writes (puts, deletes; a restore counts as one) to keys under `prefix` from now on:
    // countedWrites() changes whenever one of them may have changed, so a reader may keep their
    // values until it does (the API server's namespace check, on every create: a lookup of
    // ~550 instructions). One prefix per store (none: nothing counted); setting it again replaces it.
    // E.g. after setCountWrites("/registry/namespaces/") (which moves it too), a put of
    // "/registry/pods/default/a" leaves countedWrites() as it was; one of "/registry/namespaces/x" adds 1.
    void setCountWrites(const QByteArray &prefix);
    qint64 countedWrites() const { return m_countedWrites.load(std::memory_order_acquire); }

    // 0: no quota (the default). Setting it does not raise or clear the alarm by itself.
    void setQuotaBackendBytes(qint64 bytes);
    qint64 quotaBackendBytes() const;
    bool alarmNoSpace() const;

    // The live watchers, oldest first (for the GUI: count them per range.key).
    std::vector<WatcherInfo> watchers() const;
    StoreStats stats() const;

private:
    struct WriteTxn;
    using Index = KeyOrder;
    using Node = KeyNode;   // a key and its etcd keyIndex generations
    struct LogEntry
    {
        Revision rev;
        const Node *node;   // of m_index; erased only with all its log entries
    };

    RangeResult rangeLocked(const KeyRange &range, const RangeOptions &options,
                            qint64 curRev) const;
    bool compareLocked(const Compare &c) const;
    StoreError checkOpsLocked(const std::vector<Op> &ops) const;
    Node &putLocked(WriteTxn &w, const QByteArray &key, api::ObjectPtr value, qint64 bytes = 0);
    void deleteLocked(WriteTxn &w, const KeyRange &range, DeleteResult &out);
    void applyLocked(WriteTxn &w, const Op &op, OpResponse &out);
    void finishLocked(WriteTxn &w, std::vector<std::shared_ptr<Watcher>> &toNotify);
    static void notifyAll(const std::vector<std::shared_ptr<Watcher>> &watchers);

    mutable RwLock m_lock;
    // Every key with retained history, byte order. The node's key is the key's only copy (an
    // Event's costs a 32-byte node, ~11 bytes of KeyOrder chunk and a 56-byte KeyGenerations
    // block).
    Index m_index;
    // The same nodes by key, for point lookups (gets, single-key deletes and compares): the
    // keys of one resource share long prefixes ("/registry/pods/default/…"), so each step of
    // the ordered map's search compares dozens of bytes; this answers in one hash.
    NodeHash<Node> m_byKey;
    Node *findLocked(const QByteArray &key) const;
    std::deque<LogEntry> m_log;               // changes with main >= m_compactRev, in order
    std::atomic<qint64> m_currentRev{1};      // written under m_lock only
    qint64 m_compactRev = 0;
    qint64 m_liveKeys = 0;
    qint64 m_bytesInUse = 0;                  // the retained versions' bytes (KeyGenerations::bytes)
    qint64 m_compactionVisits = 0;            // keys compact() visited, since the store began
    std::optional<KeyRange> m_packCold;
    qint64 m_valuesPacked = 0;                // versions compact() packed, since the store began
    QByteArray m_countWrites;                 // the prefix counted (empty: none)
    std::atomic<qint64> m_countedWrites{0};   // written under m_lock only
    void countWriteLocked(const QByteArray &key)
    {
        // The prefix's last byte first: most keys differ there ("/registry/pods/default/web-1"
        // from "/registry/namespaces/" at its 21st byte), and a call to compare cost ~50
        // instructions a write.
        const qsizetype n = m_countWrites.size();
        if (n == 0 || key.size() < n || key.constData()[n - 1] != m_countWrites.constData()[n - 1]
            || std::memcmp(key.constData(), m_countWrites.constData(), std::size_t(n)) != 0)
            return;
        m_countedWrites.fetch_add(1, std::memory_order_release);
    }
    std::atomic<qint64> m_quotaBytes{0};   // written under m_lock; read without it by quotaBackendBytes()
    bool m_alarmNoSpace = false;
    std::vector<std::weak_ptr<Watcher>> m_watchers;     // every watcher, oldest first
    // The ones without a trigger, with a copy of their key range: a write outside a watcher's
    // range (an Event, when only pods and workloads are watched) passes it by without locking it.
    struct Unindexed
    {
        KeyRange range;
        std::weak_ptr<Watcher> watcher;
    };
    std::vector<Unindexed> m_unindexed;
    struct TriggerIndex
    {
        std::function<std::optional<QString>(const api::Object &)> valueOf;
        std::map<QString, std::vector<std::weak_ptr<Watcher>>> byValue;
    };
    std::map<QString, TriggerIndex> m_triggers;         // field -> watchers by value
    qint64 m_watcherVisits = 0;
    qint64 m_eventsDelivered = 0;
    qint64 m_nextWatchId = 1;
    std::vector<WatchEvent> m_events;         // events of the write in progress
    bool m_logWrites = false;                 // startWriteLog() .. stopWriteLog()
    std::vector<WatchEvent> m_writeLog;       // kept since the last takeWriteLog()
    QByteArray m_writeLogValuesUnder;         // startWriteLog()'s; empty: every value kept
};

} // namespace rlab::store
