#include "core/store/kvstore.h"

#include <algorithm>
#include <iterator>
#include <mutex>
#include <shared_mutex>
#include <utility>

namespace rlab::store {

// One atomic change set in progress: its main revision and the next sub revision.
struct KvStore::WriteTxn
{
    qint64 main = 0;
    qint64 sub = 0;
    bool wrote() const { return sub > 0; }
};

namespace {

// Calls f(node) for each node (key and generations) of `index` inside `range`, in key order;
// f returns false to stop.
template<class Map, class Hash, class F> void forEachKey(Map &index, const Hash &byKey, const KeyRange &range, F &&f)
{
    if (range.isSingle()) {
        if (auto *node = byKey.find(range.key))
            f(*node);
        return;
    }
    // Bounded by position, not by comparing each key with the range's end: a list of every pod
    // (the garbage collector's pass, kubectl get pods -A) then reads no key's bytes, each one a
    // heap block of its own and a cache miss at 20,000 pods. "\0" is etcd's "no end".
    const bool unbounded = range.end.size() == 1 && range.end.at(0) == '\0';
    if (!unbounded && !(range.key < range.end))
        return;   // an empty interval: contains() holds for no key
    const auto stop = unbounded ? index.end() : index.lowerBound(range.end);
    // Each key costs a chain of cold reads (its node, its revisions' block, its value's count):
    // the next keys' links are asked for ahead, 8, 4 and 2 keys on, so those misses overlap.
    auto it = index.lowerBound(range.key);
    const auto ahead = [&stop](auto at, int n) {   // n keys after `at`, or `stop`
        for (; n > 0 && at != stop; --n)
            ++at;
        return at;
    };
    auto value = ahead(it, 2);
    auto block = ahead(value, 2);
    auto node = ahead(block, 4);
    for (; it != stop; ++it) {
        if (node != stop) {
            __builtin_prefetch(&*node);
            ++node;
        }
        if (block != stop) {
            block->second.prefetchBlock();
            ++block;
        }
        if (value != stop) {
            value->second.prefetchNewestValue();
            ++value;
        }
        if (!f(*it))
            return;
    }
}

int compareBytes(const api::ObjectPtr &stored, const api::ObjectPtr &given)
{
    if (stored == given)
        return 0;
    const QByteArray a = stored ? stored->toJsonBytes() : QByteArray();
    const QByteArray b = given ? given->toJsonBytes() : QByteArray();
    return a < b ? -1 : (b < a ? 1 : 0);
}

} // namespace

KvStore::KvStore() = default;

KvStore::~KvStore()
{
    for (const auto &weak : m_watchers)
        if (auto w = weak.lock())
            w->cancel();
}

qint64 KvStore::compactRevision() const
{
    std::shared_lock lock(m_lock);
    return m_compactRev;
}

Revision KvStore::put(const QByteArray &key, api::ObjectPtr value, qint64 bytes, StoreError *error)
{
    if (error)
        *error = StoreError::None;
    if (key.isEmpty() || !value) {
        if (error)
            *error = StoreError::EmptyKey;
        return {};
    }
    std::vector<std::shared_ptr<Watcher>> toNotify;
    Revision rev;
    {
        std::unique_lock lock(m_lock);
        if (m_quotaBytes > 0 && (m_alarmNoSpace || m_bytesInUse + bytes > m_quotaBytes)) {
            m_alarmNoSpace = true;
            if (error)
                *error = StoreError::NoSpace;
            return {};
        }
        WriteTxn w{revision() + 1};
        rev = putLocked(w, key, std::move(value), bytes).second.modified();
        finishLocked(w, toNotify);
    }
    notifyAll(toNotify);
    return rev;
}

DeleteResult KvStore::deleteRange(const KeyRange &range)
{
    std::vector<std::shared_ptr<Watcher>> toNotify;
    DeleteResult result;
    {
        std::unique_lock lock(m_lock);
        WriteTxn w{revision() + 1};
        deleteLocked(w, range, result);
        finishLocked(w, toNotify);
        result.revision = revision();
    }
    notifyAll(toNotify);
    return result;
}

RangeResult KvStore::range(const KeyRange &range, RangeOptions options) const
{
    std::shared_lock lock(m_lock);
    return rangeLocked(range, options, revision());
}

qint64 KvStore::modRevision(const QByteArray &key) const
{
    std::shared_lock lock(m_lock);
    const Node *node = findLocked(key);
    const auto found = node ? node->second.get(revision(), false) : std::nullopt;
    return found ? found->modified.main : 0;
}

api::ObjectPtr KvStore::get(const QByteArray &key, qint64 *modRevision) const
{
    std::shared_lock lock(m_lock);
    const Node *node = findLocked(key);
    if (!node)
        return nullptr;
    const auto found = node->second.get(revision());
    if (!found)
        return nullptr;
    if (modRevision)
        *modRevision = found->modified.main;
    return found->value;
}

RangeResult KvStore::rangeLocked(const KeyRange &range, const RangeOptions &options,
                                 qint64 curRev) const
{
    RangeResult result;
    result.revision = curRev;
    if (options.rev > curRev) {
        result.error = StoreError::FutureRev;
        return result;
    }
    if (options.rev > 0 && options.rev < m_compactRev) {
        result.error = StoreError::Compacted;
        result.compactRevision = m_compactRev;
        return result;
    }
    const qint64 atRev = options.rev > 0 ? options.rev : curRev;
    const auto limit = std::size_t(std::max<qint64>(options.limit, 0));
    forEachKey(m_index, m_byKey, range, [&](const Node &node) {
        // A value is read (a packed one unpacked) only to filter it or to return it.
        const bool copy = !options.countOnly && (limit == 0 || result.kvs.size() < limit);
        const auto found = node.second.get(atRev, copy || options.filter);
        if (!found || (options.filter && !options.filter(*found->value)))
            return true;
        ++result.count;
        if (copy)
            result.kvs.push_back(found->toKeyValue(node.first));
        return !options.stopAfterLimit || limit == 0 || result.count <= qint64(limit);
    });
    result.more = !options.countOnly && result.count > qint64(result.kvs.size());
    return result;
}

bool KvStore::compareLocked(const Compare &c) const
{
    std::optional<KeyGenerations::Lookup> cur;
    if (const Node *node = findLocked(c.key); node && node->second.isLive())
        cur = node->second.get(revision());
    if (!cur && c.target == Compare::Value)
        return false;   // etcd: comparing the value of a missing key always fails
    const KeyGenerations::Lookup none;
    const KeyGenerations::Lookup &kv = cur ? *cur : none;
    int r = 0;
    switch (c.target) {
    case Compare::Version: r = kv.version < c.number ? -1 : (kv.version > c.number ? 1 : 0); break;
    case Compare::CreateRevision:
        r = kv.created.main < c.number ? -1 : (kv.created.main > c.number ? 1 : 0);
        break;
    case Compare::ModRevision:
        r = kv.modified.main < c.number ? -1 : (kv.modified.main > c.number ? 1 : 0);
        break;
    case Compare::Value: r = compareBytes(kv.value, c.value); break;
    }
    switch (c.result) {
    case Compare::Equal: return r == 0;
    case Compare::NotEqual: return r != 0;
    case Compare::Greater: return r > 0;
    case Compare::Less: return r < 0;
    }
    return false;
}

StoreError KvStore::checkOpsLocked(const std::vector<Op> &ops) const
{
    const qint64 curRev = revision();
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const Op &op = ops[i];
        if (op.keyRange.key.isEmpty() && op.keyRange.isSingle())
            return StoreError::EmptyKey;
        if (op.type == Op::Range) {
            if (op.options.rev > curRev)
                return StoreError::FutureRev;
            if (op.options.rev > 0 && op.options.rev < m_compactRev)
                return StoreError::Compacted;
            continue;
        }
        if (op.type != Op::Put)
            continue;
        if (m_alarmNoSpace)   // txn puts are unmetered, but the raised alarm refuses them too
            return StoreError::NoSpace;
        // A put's key must not be written by any other op of the branch (etcd checkIntervals).
        for (std::size_t j = 0; j < ops.size(); ++j) {
            if (j == i || ops[j].type == Op::Range)
                continue;
            if (ops[j].keyRange.contains(op.keyRange.key))
                return StoreError::DuplicateKey;
        }
    }
    return StoreError::None;
}

KvStore::Node &KvStore::putLocked(WriteTxn &w, const QByteArray &key, api::ObjectPtr value, qint64 bytes)
{
    Node *found = findLocked(key);
    if (!found) {
        // The key is kept as long as its history: held in a block of its own size. A key made
        // by QString::toUtf8() sits in a block three times its length (a 70-byte etcd key in
        // ~230 bytes); with 1.6 million keys (rlab bench --size large, mostly Events) that
        // slack alone was ~200 MB. A key already exact (e.g. one read back from this store's
        // watch events) is shared, not copied.
        const QByteArray kept = key.capacity() > key.size() ? QByteArray(key.constData(), key.size()) : key;
        found = m_index.tryEmplace(kept).first;
        m_byKey.insert(found);
    }
    countWriteLocked(found->first);
    KeyGenerations &ki = found->second;
    if (!ki.isLive())
        ++m_liveKeys;
    const Revision rev{w.main, w.sub++};
    ki.put(rev, std::move(value), bytes);
    m_bytesInUse += bytes;
    m_log.push_back({rev, found});
    if (!m_watchers.empty() || m_logWrites)
        m_events.push_back(ki.lastEvent(found->first));
    return *found;
}

void KvStore::deleteLocked(WriteTxn &w, const KeyRange &range, DeleteResult &out)
{
    forEachKey(m_index, m_byKey, range, [&](Node &node) {
        KeyGenerations &ki = node.second;
        if (!ki.isLive())
            return true;
        out.prevKvs.push_back(ki.get(ki.modified().main)->toKeyValue(node.first));
        const Revision rev{w.main, w.sub++};
        ki.tombstone(rev);
        countWriteLocked(node.first);
        --m_liveKeys;
        ++out.deleted;
        m_log.push_back({rev, &node});
        if (!m_watchers.empty() || m_logWrites)
            m_events.push_back(ki.lastEvent(node.first));
        return true;
    });
}

void KvStore::applyLocked(WriteTxn &w, const Op &op, OpResponse &out)
{
    out.type = op.type;
    switch (op.type) {
    case Op::Range: {
        RangeResult r = rangeLocked(op.keyRange, op.options, w.wrote() ? w.main : revision());
        out.kvs = std::move(r.kvs);
        out.count = r.count;
        out.more = r.more;
        break;
    }
    case Op::Put: {
        api::ObjectPtr value = op.makeValue ? op.makeValue(w.main) : op.value;
        Q_ASSERT_X(value, "KvStore::txn", "put of a null value");
        const Node &node = putLocked(w, op.keyRange.key, std::move(value));
        out.revision = node.second.modified();
        out.kvs.push_back(node.second.get(w.main)->toKeyValue(node.first));
        break;
    }
    case Op::DeleteRange: {
        DeleteResult d;
        deleteLocked(w, op.keyRange, d);
        out.deleted = d.deleted;
        out.prevKvs = std::move(d.prevKvs);
        break;
    }
    }
}

TxnResponse KvStore::txn(const TxnRequest &request)
{
    std::vector<std::shared_ptr<Watcher>> toNotify;
    TxnResponse response;
    {
        std::unique_lock lock(m_lock);
        response.succeeded = std::all_of(request.compare.begin(), request.compare.end(),
                                         [this](const Compare &c) { return compareLocked(c); });
        const std::vector<Op> &ops = response.succeeded ? request.success : request.failure;
        response.error = checkOpsLocked(ops);
        if (response.error != StoreError::None) {
            response.compactRevision = response.error == StoreError::Compacted ? m_compactRev : 0;
            response.revision = revision();
            return response;
        }
        WriteTxn w{revision() + 1};
        response.responses.resize(ops.size());
        for (std::size_t i = 0; i < ops.size(); ++i)
            applyLocked(w, ops[i], response.responses[i]);
        finishLocked(w, toNotify);
        response.revision = revision();
    }
    notifyAll(toNotify);
    return response;
}

void KvStore::finishLocked(WriteTxn &w, std::vector<std::shared_ptr<Watcher>> &toNotify)
{
    if (w.wrote())
        m_currentRev.store(w.main, std::memory_order_release);
    if (m_events.empty())
        return;
    // The watchers this write can concern: every unindexed one, and the indexed ones filed under
    // a value that an event's object (new or previous) carries. Handed the events oldest watcher
    // first, as when every watcher was visited.
    std::vector<std::shared_ptr<Watcher>> visit;
    const auto collect = [&visit](std::vector<std::weak_ptr<Watcher>> &list) {
        for (auto it = list.begin(); it != list.end();) {
            std::shared_ptr<Watcher> watcher = it->lock();
            if (!watcher || watcher->isCancelled()) {
                it = list.erase(it);
                continue;
            }
            visit.push_back(std::move(watcher));
            ++it;
        }
    };
    for (auto it = m_unindexed.begin(); it != m_unindexed.end();) {
        const bool concerned = std::any_of(m_events.begin(), m_events.end(),
                                           [&](const WatchEvent &e) { return it->range.contains(e.kv.key); });
        if (!concerned) {
            ++it;
            continue;
        }
        std::shared_ptr<Watcher> watcher = it->watcher.lock();
        if (!watcher || watcher->isCancelled()) {
            it = m_unindexed.erase(it);
            continue;
        }
        visit.push_back(std::move(watcher));
        ++it;
    }
    for (auto &trigger : m_triggers) {
        auto &index = trigger.second;   // a plain reference: clang 14 cannot capture a structured binding
        std::vector<QString> values;
        const auto note = [&](const api::ObjectPtr &obj) {
            if (!obj)
                return;
            if (std::optional<QString> v = index.valueOf(*obj); v && std::find(values.begin(), values.end(), *v) == values.end())
                values.push_back(std::move(*v));
        };
        for (const WatchEvent &e : m_events) {
            note(e.kv.value);
            note(e.prevKv.value);
        }
        for (const QString &v : values)
            if (auto it = index.byValue.find(v); it != index.byValue.end())
                collect(it->second);
    }
    std::sort(visit.begin(), visit.end(), [](const auto &a, const auto &b) { return a->id() < b->id(); });
    m_watcherVisits += qint64(visit.size());
    for (std::shared_ptr<Watcher> &watcher : visit)
        if (watcher->appendMatching(m_events, &m_eventsDelivered))
            toNotify.push_back(std::move(watcher));
    if (m_logWrites) {
        const qsizetype at = qsizetype(m_writeLog.size());
        m_writeLog.insert(m_writeLog.end(), std::make_move_iterator(m_events.begin()),
                          std::make_move_iterator(m_events.end()));
        if (!m_writeLogValuesUnder.isEmpty())
            for (auto it = m_writeLog.begin() + at; it != m_writeLog.end(); ++it)
                if (!it->kv.key.startsWith(m_writeLogValuesUnder)) {
                    it->kv.value.reset();
                    it->prevKv.value.reset();
                }
    }
    m_events.clear();
}

void KvStore::startWriteLog(const QByteArray &valuesUnder)
{
    std::unique_lock lock(m_lock);
    m_logWrites = true;
    m_writeLogValuesUnder = valuesUnder;
}

std::vector<WatchEvent> KvStore::takeWriteLog()
{
    std::unique_lock lock(m_lock);
    return std::exchange(m_writeLog, {});
}

void KvStore::stopWriteLog()
{
    std::unique_lock lock(m_lock);
    m_logWrites = false;
    m_writeLog = {};
}

KvStore::Node *KvStore::findLocked(const QByteArray &key) const
{
    return m_byKey.find(key);
}

std::vector<WatchEvent> KvStore::history(const QByteArray &key) const
{
    std::shared_lock lock(m_lock);
    const Node *node = findLocked(key);
    return node ? node->second.history(node->first) : std::vector<WatchEvent>{};
}

} // namespace rlab::store
