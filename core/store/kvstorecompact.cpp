// KvStore::compact: etcd's compaction of the revisions below a revision (kvstore.cpp has the
// rest of the store; split for size).
#include "core/store/kvstore.h"

#include <limits>
#include <mutex>
#include <unordered_set>

namespace rlab::store {

StoreError KvStore::compact(qint64 rev)
{
    std::unique_lock lock(m_lock);
    if (rev <= m_compactRev)
        return StoreError::Compacted;
    if (rev > revision())
        return StoreError::FutureRev;
    // Only the keys changed since the last compaction can lose versions: every other key holds
    // one version older than that compaction (compacting it again keeps it) and a key deleted
    // before it is gone already. Those keys are the log's entries up to rev, so compaction costs
    // the changes it drops, not the keys the store holds (etcd walks its whole treeIndex; at
    // 1.6 M keys, 1.45 M of them Events written once, that walk was most of the cost).
    // E.g. 200,000 keys, 50,000 changes to 30,000 of them since the last compaction: 30,000 visits.
    std::vector<Node *> touched;
    {
        std::unordered_set<const Node *> seen;
        for (const LogEntry &e : m_log) {
            if (e.rev.main > rev)   // a change at rev itself hides the versions before it
                break;
            if (seen.insert(e.node).second)
                touched.push_back(const_cast<Node *>(e.node));
        }
    }
    m_compactRev = rev;
    // The touched keys are ~50,000 revisions cold: their nodes, revision blocks and the values
    // compaction frees are asked for a few keys ahead, in three steps (each read needs the one
    // before it in cache), so the misses overlap instead of coming one after another.
    constexpr std::size_t kAhead = 4;
    for (std::size_t i = 0; i < touched.size(); ++i) {
        if (i + 3 * kAhead < touched.size())
            __builtin_prefetch(touched[i + 3 * kAhead]);
        if (i + 2 * kAhead < touched.size())
            touched[i + 2 * kAhead]->second.prefetchBlock();
        if (i + kAhead < touched.size())
            touched[i + kAhead]->second.prefetchDropped(rev);
        Node *node = touched[i];
        KeyGenerations &ki = node->second;
        m_bytesInUse -= ki.compact(rev);
        ++m_compactionVisits;
        // A version nothing else holds (no informer caches its kind, no watcher has it queued)
        // and that did not change since `rev` is cold: kept packed, as etcd keeps bytes.
        if (m_packCold && m_packCold->contains(node->first) && ki.packNewest(rev))
            ++m_valuesPacked;
        if (ki.isEmpty()) {
            m_byKey.remove(node);
            m_index.erase(node);   // destroys *node
        }
    }
    if (m_alarmNoSpace && m_bytesInUse < m_quotaBytes)
        m_alarmNoSpace = false;
    while (!m_log.empty() && m_log.front().rev.main < rev)
        m_log.pop_front();
    m_log.shrink_to_fit();
    return StoreError::None;
}

bool KvStore::packNow(const QByteArray &key)
{
    std::unique_lock lock(m_lock);
    if (!m_packCold || !m_packCold->contains(key))
        return false;
    Node *node = findLocked(key);
    // Any revision: the newest version is packed whatever its age (packNewest packs versions
    // older than the revision it is given).
    if (!node || !node->second.packNewest(std::numeric_limits<qint64>::max()))
        return false;
    ++m_valuesPacked;
    return true;
}

} // namespace rlab::store
