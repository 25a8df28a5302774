// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/client/workqueue.h"
#include "core/base/clock.h"

#include <QHash>

#include <map>
#include <memory>
#include <utility>

namespace rlab {

// DelayingQueue is client-go's delaying queue (util/workqueue/delaying_queue.go): addAfter
// parks a key until a Clock timer adds it. A key already waiting keeps its EARLIER ready time.
// Example, now = 0: addAfter(k, 50) then addAfter(k, 70) -> k waits until 50; then
// addAfter(k, 30) -> until 30. Ready keys enter the FIFO in (ready time, addAfter order).
// A key may be waiting and queued at once; the timer's add then collapses as usual.
// Thread rules: as WorkQueue; timers fire on whichever thread advances the Clock. Upstream's
// 10 s heartbeat is not needed: a virtual clock never misses a timer. Shut down (or destroy)
// the queue to drop waiting keys and cancel their timers.
class DelayingQueue : public WorkQueue
{
public:
    explicit DelayingQueue(Clock &clock, QString name = {});
    ~DelayingQueue() override;

    // Adds key after delayMs of Clock time; delayMs <= 0 adds now. Ignored after shutdown.
    void addAfter(const QString &key, qint64 delayMs);

protected:
    // addAfter with the flag that marks the AddAfter event as coming from addRateLimited.
    void addAfter(const QString &key, qint64 delayMs, bool rateLimited);

    // Detaches every timer from this queue (idempotent). A subclass whose numRequeuesLocked()
    // uses its own members calls it first thing in its destructor.
    void stopTimers();

    void onShutDownLocked() override;
    void fillSnapshotLocked(WorkQueueSnapshot &snapshot, qsizetype maxItems) const override;

private:
    struct Waiting
    {
        qint64 readyAtMs = 0;
        qint64 sinceMs = 0;
        quint64 seq = 0;       // addAfter order; also tells a stale timer from the current one
        TimerId timer = 0;
        int addAfterCount = 0;
    };
    // Shared with the timer callbacks, so a callback that outlives the queue does nothing.
    struct Guard
    {
        std::mutex mutex;
        DelayingQueue *queue = nullptr;
    };

    void fire(const QString &key, quint64 seq);
    TimerId scheduleLocked(const QString &key, qint64 readyAtMs, quint64 seq);
    void cancelAllLocked();

    std::shared_ptr<Guard> m_guard;
    QHash<QString, Waiting> m_waiting;
    // The waiting keys by (ready time, addAfter seq): the snapshot's order, so a snapshot lists
    // the soonest due without sorting every key. Example: k@50 (seq 1), j@30 (seq 2) ->
    // {(30,2) j, (50,1) k}; addAfter(k, 20) at 0 -> {(20,3) k, (30,2) j}.
    std::map<std::pair<qint64, quint64>, QString> m_order;
    quint64 m_nextWaitSeq = 1;
};

} // namespace rlab
