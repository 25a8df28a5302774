// SPDX-License-Identifier: Apache-2.0
#include "core/client/delayingqueue.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace rlab {

DelayingQueue::DelayingQueue(Clock &clock, QString name)
    : WorkQueue(clock, std::move(name)), m_guard(std::make_shared<Guard>())
{
    m_guard->queue = this;
}

DelayingQueue::~DelayingQueue()
{
    stopTimers();
}

void DelayingQueue::stopTimers()
{
    {
        std::lock_guard guard(m_guard->mutex); // waits for a callback that is running now
        m_guard->queue = nullptr;
    }
    Lock lock(m_mutex);
    cancelAllLocked();
}

void DelayingQueue::addAfter(const QString &key, qint64 delayMs)
{
    addAfter(key, delayMs, false);
}

void DelayingQueue::addAfter(const QString &key, qint64 delayMs, bool rateLimited)
{
    bool wake = false;
    {
        Lock lock(m_mutex);
        if (shuttingDownLocked())
            return;
        countRetryLocked();
        if (delayMs <= 0) {
            wake = addLocked(key, QueuedVia::Add);
        } else {
            const qint64 now = clock().now();
            const qint64 readyAt = delayMs > std::numeric_limits<qint64>::max() - now
                    ? std::numeric_limits<qint64>::max() // "never", without overflowing
                    : now + delayMs;
            auto it = m_waiting.find(key);
            if (it == m_waiting.end()) {
                Waiting waiting;
                waiting.readyAtMs = readyAt;
                waiting.sinceMs = now;
                waiting.seq = m_nextWaitSeq++;
                it = m_waiting.insert(key, waiting);
                it->timer = scheduleLocked(key, readyAt, it->seq);
                m_order.emplace(std::pair{readyAt, it->seq}, key);
            } else if (readyAt < it->readyAtMs) { // only ever move earlier
                clock().cancel(it->timer);
                m_order.erase({it->readyAtMs, it->seq});
                it->readyAtMs = readyAt;
                it->seq = m_nextWaitSeq++;
                it->timer = scheduleLocked(key, readyAt, it->seq);
                m_order.emplace(std::pair{readyAt, it->seq}, key);
            }
            ++it->addAfterCount;
            if (hasEventHook()) {
                QueueEvent event;
                event.type = QueueEventType::AddAfter;
                event.key = key;
                event.durationMs = delayMs;
                event.readyAtMs = it->readyAtMs;
                event.rateLimited = rateLimited;
                event.numRequeues = numRequeuesLocked(key);
                emitLocked(std::move(event));
            }
        }
    }
    if (wake)
        wakeOne();
}

TimerId DelayingQueue::scheduleLocked(const QString &key, qint64 readyAtMs, quint64 seq)
{
    // Lock order: guard -> queue (m_mutex) -> clock. The clock runs callbacks unlocked.
    return clock().schedule(readyAtMs, [guard = m_guard, key, seq] {
        std::lock_guard lock(guard->mutex);
        if (guard->queue)
            guard->queue->fire(key, seq);
    });
}

void DelayingQueue::fire(const QString &key, quint64 seq)
{
    bool wake = false;
    {
        Lock lock(m_mutex);
        const auto it = m_waiting.find(key);
        if (it == m_waiting.end() || it->seq != seq)
            return; // superseded by an earlier time, or dropped by shutdown
        m_order.erase({it->readyAtMs, it->seq});
        m_waiting.erase(it);
        wake = addLocked(key, QueuedVia::AddAfter);
    }
    if (wake)
        wakeOne();
}

void DelayingQueue::onShutDownLocked()
{
    cancelAllLocked();
}

void DelayingQueue::cancelAllLocked()
{
    for (const Waiting &waiting : std::as_const(m_waiting))
        clock().cancel(waiting.timer);
    m_waiting.clear();
    m_order.clear();
}

void DelayingQueue::fillSnapshotLocked(WorkQueueSnapshot &snapshot, qsizetype maxItems) const
{
    Q_ASSERT(m_order.size() == std::size_t(m_waiting.size()));
    snapshot.metrics.waiting = static_cast<int>(m_waiting.size());
    const qsizetype listed = maxItems < 0 ? m_waiting.size() : std::min(maxItems, m_waiting.size());
    snapshot.waiting.reserve(listed);
    for (auto at = m_order.cbegin(); at != m_order.cend() && snapshot.waiting.size() < listed; ++at) {
        const Waiting &w = *m_waiting.constFind(at->second);
        snapshot.waiting.append(WaitingItem{at->second, w.readyAtMs, w.sinceMs, w.addAfterCount, numRequeuesLocked(at->second)});
    }
}

} // namespace rlab
