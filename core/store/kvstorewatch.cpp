// KvStore's watchers: registering a watch (with the replay of retained history from its start
// revision), listing them, and notifying those a write handed events to. See kvstore.h.
#include "core/store/kvstore.h"

#include <algorithm>
#include <mutex>
#include <shared_mutex>

namespace rlab::store {

void KvStore::notifyAll(const std::vector<std::shared_ptr<Watcher>> &watchers)
{
    for (const auto &w : watchers)
        w->notify();
}

WatchResult KvStore::watch(const KeyRange &range, qint64 startRevision, Watcher::Notify notify, WatchTrigger trigger)
{
    WatchResult result;
    std::shared_ptr<Watcher> watcher;
    bool replayed = false;
    {
        std::unique_lock lock(m_lock);
        result.revision = revision();
        if (startRevision > 0 && startRevision < m_compactRev) {
            result.error = StoreError::Compacted;
            result.compactRevision = m_compactRev;
            return result;
        }
        const qint64 start = startRevision > 0 ? startRevision : revision() + 1;
        watcher = std::make_shared<Watcher>(m_nextWatchId++, range, start, std::move(notify), std::move(trigger));
        // Replay: the log is sorted by revision, so this is every retained change >= start.
        auto it = std::lower_bound(m_log.begin(), m_log.end(), Revision{start, 0},
                                   [](const LogEntry &e, Revision r) { return e.rev < r; });
        std::vector<WatchEvent> replay;
        for (; it != m_log.end(); ++it) {
            if (!range.contains(it->node->first))
                continue;
            if (auto ev = it->node->second.event(it->node->first, it->rev))
                replay.push_back(std::move(*ev));
        }
        replayed = watcher->appendMatching(replay, &m_eventsDelivered);
        const auto gone = [](const std::weak_ptr<Watcher> &w) {
            auto s = w.lock();
            return !s || s->isCancelled();
        };
        std::erase_if(m_watchers, gone);
        m_watchers.push_back(watcher);
        const WatchTrigger &t = watcher->trigger();
        if (!t.isSet()) {
            // Entries of watchers whose range saw no write since they ended go here too.
            std::erase_if(m_unindexed, [&gone](const Unindexed &u) { return gone(u.watcher); });
            m_unindexed.push_back({watcher->range(), watcher});
        } else {
            TriggerIndex &index = m_triggers[t.field];
            if (!index.valueOf)
                index.valueOf = t.valueOf;
            std::vector<std::weak_ptr<Watcher>> &list = index.byValue[t.value];
            std::erase_if(list, gone);
            list.push_back(watcher);
        }
    }
    if (replayed)
        watcher->notify();   // writers after the unlock found the FIFO non-empty: they did not
    result.watcher = std::move(watcher);
    return result;
}

std::vector<WatcherInfo> KvStore::watchers() const
{
    std::vector<WatcherInfo> out;
    std::shared_lock lock(m_lock);
    for (const auto &weak : m_watchers)
        if (auto w = weak.lock(); w && !w->isCancelled())
            out.push_back(w->info());
    return out;
}

} // namespace rlab::store
