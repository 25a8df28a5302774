// KvStore's settings (packing cold versions, counting writes under a prefix, the quota) and
// its statistics: see kvstore.h.
#include "core/store/kvstore.h"

#include <algorithm>
#include <mutex>
#include <shared_mutex>

namespace rlab::store {

void KvStore::setPackCold(const KeyRange &range)
{
    std::unique_lock lock(m_lock);
    m_packCold = range;
}

void KvStore::setCountWrites(const QByteArray &prefix)
{
    std::unique_lock lock(m_lock);
    m_countWrites = prefix;
    m_countedWrites.fetch_add(1, std::memory_order_release);   // what was read before may be stale
}

void KvStore::setQuotaBackendBytes(qint64 bytes)
{
    std::unique_lock lock(m_lock);
    m_quotaBytes = std::max<qint64>(0, bytes);
    if (m_quotaBytes == 0)
        m_alarmNoSpace = false;
}

qint64 KvStore::quotaBackendBytes() const
{
    // Asked before every write the API server makes: no lock for one number.
    return m_quotaBytes.load(std::memory_order_relaxed);
}

bool KvStore::alarmNoSpace() const
{
    std::shared_lock lock(m_lock);
    return m_alarmNoSpace;
}

StoreStats KvStore::stats() const
{
    std::shared_lock lock(m_lock);
    StoreStats s;
    s.revision = revision();
    s.compactRevision = m_compactRev;
    s.keys = qint64(m_index.size());
    s.liveKeys = m_liveKeys;
    s.retainedRevisions = qint64(m_log.size());
    s.compactionVisits = m_compactionVisits;
    s.valuesPacked = m_valuesPacked;
    s.bytesInUse = m_bytesInUse;
    s.quotaBytes = m_quotaBytes;
    s.alarmNoSpace = m_alarmNoSpace;
    for (const auto &weak : m_watchers)
        if (auto w = weak.lock(); w && !w->isCancelled())
            ++s.watchers;
    s.watcherVisits = m_watcherVisits;
    s.eventsDelivered = m_eventsDelivered;
    return s;
}

} // namespace rlab::store
