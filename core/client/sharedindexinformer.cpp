// SPDX-License-Identifier: Apache-2.0
#include "core/client/sharedindexinformer.h"

#include "core/client/interface.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

#include <QScopeGuard>

#include <deque>

namespace rlab::client {

namespace {
// The threaded loop re-checks this often even without a wake-up (a safety net: a failed list
// or watch is retried at this pace).
constexpr std::chrono::milliseconds kIdleWait{100};
} // namespace

// Level-triggered wake-up flag for the threaded loop. The watch's notify callback (writers'
// threads), resync timers and addEventHandler set it; the loop clears it before pumping, so a
// notify that arrives while it pumps makes the next wait return at once.
struct SharedIndexInformer::Waker
{
    std::mutex mutex;
    std::condition_variable cv;
    bool signalled = false;

    void wake()
    {
        {
            std::lock_guard lock(mutex);
            signalled = true;
        }
        cv.notify_one();
    }
    void clear()
    {
        std::lock_guard lock(mutex);
        signalled = false;
    }
    // Returns early when signalled or when `stopping()` holds (checked under the lock, so a
    // stop flag set before wake() is never missed).
    template<class Stopping> void wait(std::chrono::milliseconds timeout, Stopping stopping)
    {
        std::unique_lock lock(mutex);
        cv.wait_for(lock, timeout, [&] { return signalled || stopping(); });
    }
};

struct SharedIndexInformer::Handler
{
    quint64 id = 0;
    std::shared_ptr<ResourceEventHandler> handler;
    std::deque<api::ObjectPtr> syntheticAdds;   // cache content when it was added, not yet delivered
    std::shared_ptr<std::atomic<bool>> synced = std::make_shared<std::atomic<bool>>(false);
};

// A periodic timer on the injected Clock that marks a resync as due and wakes the pump. Owned
// jointly by the informer and the pending timer callback, so a callback that fires while the
// informer is being destroyed touches only this object.
struct SharedIndexInformer::ResyncTimer
{
    ResyncTimer(Clock &c, qint64 p, std::weak_ptr<Waker> w) : clock(c), period(p), waker(std::move(w)) { }

    Clock &clock;
    const qint64 period;
    const std::weak_ptr<Waker> waker;
    std::mutex mutex;
    bool active = true;   // guarded by mutex
    TimerId id = 0;       // guarded by mutex
    std::atomic<bool> due{false};

    static void arm(const std::shared_ptr<ResyncTimer> &self)
    {
        std::lock_guard lock(self->mutex);
        if (!self->active)
            return;
        std::weak_ptr<ResyncTimer> weak = self;
        self->id = self->clock.scheduleAfter(self->period, [weak] { fire(weak); });
    }
    static void fire(const std::weak_ptr<ResyncTimer> &weak)
    {
        const std::shared_ptr<ResyncTimer> self = weak.lock();
        if (!self)
            return;
        {
            std::lock_guard lock(self->mutex);
            if (!self->active)
                return;
            self->due.store(true, std::memory_order_release);
        }
        if (const std::shared_ptr<Waker> w = self->waker.lock())
            w->wake();
        arm(self);
    }
    void cancel()
    {
        std::lock_guard lock(mutex);
        active = false;
        if (id)
            clock.cancel(id);
        id = 0;
    }
};

SharedIndexInformer::SharedIndexInformer(Interface &api, apiserver::ResourceType resource,
                                         qint64 resyncPeriodMs, ReflectorOptions options)
    : m_api(api), m_clock(api.clock()), m_rt(std::move(resource)), m_resyncPeriodMs(resyncPeriodMs),
      m_waker(std::make_shared<Waker>())
{
    std::weak_ptr<Waker> weak = m_waker;
    m_reflector = std::make_unique<Reflector>(api, m_rt, m_indexer, std::move(options), [weak] {
        if (const std::shared_ptr<Waker> w = weak.lock())
            w->wake();
    });
}

SharedIndexInformer::~SharedIndexInformer()
{
    stop();
}

HandlerRegistration SharedIndexInformer::addEventHandler(std::shared_ptr<ResourceEventHandler> handler)
{
    if (!handler)
        return {};
    auto h = std::make_shared<Handler>();
    h->handler = std::move(handler);
    bool wake = false;
    {
        std::lock_guard lock(m_pumpMutex);
        h->id = m_nextHandlerId++;
        // Like client-go: a handler joining a started informer is first told the cache content.
        for (api::ObjectPtr &obj : m_indexer.list())
            h->syntheticAdds.push_back(std::move(obj));
        h->synced->store(m_synced.load(std::memory_order_acquire) && h->syntheticAdds.empty(),
                         std::memory_order_release);
        wake = !h->syntheticAdds.empty();
        m_syntheticLeft = m_syntheticLeft || wake;
        m_handlers.push_back(h);
    }
    if (wake)
        m_waker->wake();
    return HandlerRegistration{h->id, h->synced};
}

HandlerRegistration SharedIndexInformer::addEventHandler(ResourceEventHandlerFuncs funcs)
{
    return addEventHandler(std::make_shared<ResourceEventHandlerFuncs>(std::move(funcs)));
}

bool SharedIndexInformer::removeEventHandler(quint64 id)
{
    std::lock_guard lock(m_pumpMutex);
    for (auto it = m_handlers.begin(); it != m_handlers.end(); ++it) {
        if ((*it)->id == id) {
            m_handlers.erase(it);
            return true;
        }
    }
    return false;
}

bool SharedIndexInformer::addIndexer(const QString &name, ThreadSafeStore::IndexFunc func, ThreadSafeStore::IndexReads reads)
{
    std::lock_guard lock(m_pumpMutex);
    return m_indexer.addIndexer(name, std::move(func), reads);
}

bool SharedIndexInformer::addLabelIndexer()
{
    std::lock_guard lock(m_pumpMutex);
    return m_indexer.addLabelIndexer();
}

void SharedIndexInformer::run(DriveMode mode)
{
    std::lock_guard control(m_controlMutex);
    if (m_running.load(std::memory_order_acquire))
        return;
    m_mode.store(mode, std::memory_order_release);
    {
        std::lock_guard lock(m_pumpMutex);
        startResyncTimer();
    }
    m_running.store(true, std::memory_order_release);
    if (mode == DriveMode::Threaded)
        m_thread = std::thread([this] { loop(); });
}

void SharedIndexInformer::stop()
{
    std::lock_guard control(m_controlMutex);
    if (!m_running.load(std::memory_order_acquire))
        return;
    m_running.store(false, std::memory_order_release);
    m_waker->wake();
    if (m_thread.joinable())
        m_thread.join();
    {
        std::lock_guard lock(m_pumpMutex);
        stopResyncTimer();
        m_reflector->closeWatch();
    }
    {
        std::lock_guard lock(m_syncMutex);   // waitForSync() re-checks isRunning()
    }
    m_syncCv.notify_all();
}

void SharedIndexInformer::startResyncTimer()
{
    if (m_resyncPeriodMs <= 0)
        return;
    m_resync = std::make_shared<ResyncTimer>(m_clock, m_resyncPeriodMs, m_waker);
    ResyncTimer::arm(m_resync);
}

void SharedIndexInformer::stopResyncTimer()
{
    if (m_resync) {
        m_resync->cancel();
        m_resync.reset();
    }
}

bool SharedIndexInformer::threadShouldRun() const
{
    return m_running.load(std::memory_order_acquire) && m_mode.load(std::memory_order_acquire) == DriveMode::Threaded;
}

void SharedIndexInformer::loop()
{
    // Under the latency model buffered watch events become visible at a virtual time: a timer
    // on the clock (fired by the thread that advances it) wakes this loop then.
    TimerId deliveryTimer = 0;
    qint64 deliveryAt = -1;
    while (threadShouldRun()) {
        m_waker->clear();
        if (processPending() != 0)
            continue;
        const std::optional<qint64> at = nextDeliveryAt();
        if (at && *at != deliveryAt) {
            if (deliveryTimer)
                m_clock.cancel(deliveryTimer);
            deliveryAt = *at;
            std::weak_ptr<Waker> weak = m_waker;
            deliveryTimer = m_clock.schedule(*at, [weak] {
                if (const std::shared_ptr<Waker> w = weak.lock())
                    w->wake();
            });
        }
        m_waker->wait(kIdleWait, [this] { return !threadShouldRun(); });
    }
    if (deliveryTimer)
        m_clock.cancel(deliveryTimer);
}

void SharedIndexInformer::setDriveMode(DriveMode mode)
{
    std::lock_guard control(m_controlMutex);
    if (!m_running.load(std::memory_order_acquire) || m_mode.load(std::memory_order_acquire) == mode)
        return;
    m_mode.store(mode, std::memory_order_release);
    if (mode == DriveMode::Threaded) {
        m_thread = std::thread([this] { loop(); });
        return;
    }
    m_waker->wake();
    if (m_thread.joinable())
        m_thread.join();
}

qsizetype SharedIndexInformer::processPending(qsizetype max)
{
    std::lock_guard lock(m_pumpMutex);
    if (!m_running.load(std::memory_order_acquire))
        return 0;
    // Nothing can have arrived (most polls of a deterministic runner: ~7 informers a step): no
    // step, no batch. Synced, so the sync flags are already set; the last sync revision stands.
    if (!m_syntheticLeft && m_synced.load(std::memory_order_acquire) && m_reflector->idle()
        && !(m_resync && m_resync->due.load(std::memory_order_acquire)))
        return 0;
    m_pumping.fetch_add(1, std::memory_order_acq_rel);
    const auto unmark = qScopeGuard([this] { m_pumping.fetch_sub(1, std::memory_order_acq_rel); });
    qsizetype work = deliverSyntheticLocked();
    m_batch.clear();
    work += m_reflector->step(m_batch, max);
    processDeltasLocked(m_batch);
    m_batch.clear();
    m_lastSyncRV.store(m_reflector->lastSyncResourceVersion(), std::memory_order_release);
    updateSyncedLocked();
    if (m_resync && m_resync->due.exchange(false, std::memory_order_acq_rel))
        work += resyncLocked();
    return work;
}

void SharedIndexInformer::setDeliveryDelay(qint64 delayMs)
{
    std::lock_guard lock(m_pumpMutex);
    m_reflector->setDeliveryDelay(delayMs);
}

std::optional<qint64> SharedIndexInformer::nextDeliveryAt()
{
    std::lock_guard lock(m_pumpMutex);
    return m_running.load(std::memory_order_acquire) ? m_reflector->nextDeliveryAt() : std::nullopt;
}

qsizetype SharedIndexInformer::deliverSyntheticLocked()
{
    qsizetype work = 0;
    for (const std::shared_ptr<Handler> &h : m_handlers) {
        while (!h->syntheticAdds.empty()) {
            const api::ObjectPtr obj = std::move(h->syntheticAdds.front());
            h->syntheticAdds.pop_front();
            h->handler->onAdd(obj, true);
            ++work;
        }
    }
    m_syntheticLeft = false;   // every handler has heard its own
    return work;
}

// client-go processDeltas: the cache changes first, then every handler hears of it. A delta for
// a key already cached is an update (old = what the cache held), otherwise an add.
qsizetype SharedIndexInformer::processDeltasLocked(std::vector<Delta> &deltas)
{
    for (const Delta &d : deltas) {
        if (d.type == Delta::Deleted) {
            m_indexer.remove(d.key);
            if (d.isTombstone) {
                const DeletedFinalStateUnknown tombstone{d.key, d.object};
                for (const std::shared_ptr<Handler> &h : m_handlers)
                    h->handler->onDelete(d.object, &tombstone);
            } else {
                for (const std::shared_ptr<Handler> &h : m_handlers)
                    h->handler->onDelete(d.object, nullptr);
            }
            continue;
        }
        const api::ObjectPtr old = m_indexer.add(d.key, d.object);
        if (old) {
            for (const std::shared_ptr<Handler> &h : m_handlers)
                h->handler->onUpdate(old, d.object);
        } else {
            for (const std::shared_ptr<Handler> &h : m_handlers)
                h->handler->onAdd(d.object, d.isInInitialList);
        }
    }
    return qsizetype(deltas.size());
}

void SharedIndexInformer::updateSyncedLocked()
{
    if (!m_synced.load(std::memory_order_acquire) && m_reflector->hasSynced()) {
        {
            std::lock_guard lock(m_syncMutex);
            m_synced.store(true, std::memory_order_release);
        }
        m_syncCv.notify_all();
    }
    if (!m_synced.load(std::memory_order_acquire))
        return;
    for (const std::shared_ptr<Handler> &h : m_handlers) {
        if (h->syntheticAdds.empty())
            h->synced->store(true, std::memory_order_release);
    }
}

// client-go resync: every cached object is handed to the handlers again as onUpdate(obj, obj),
// so a level-based controller re-checks everything once per period.
qsizetype SharedIndexInformer::resyncLocked()
{
    if (!m_synced.load(std::memory_order_acquire))
        return 0;
    const QList<api::ObjectPtr> objects = m_indexer.list();
    if (TraceLog *trace = m_api.trace(); trace && trace->isEnabled()) {
        TraceEvent ev;
        ev.component = m_reflector->traceComponent();
        ev.type = QStringLiteral("Resync");
        ev.rev = m_reflector->lastSyncResourceVersion();
        ev.text = QStringLiteral("%1 resync (every %2 s): onUpdate(obj, obj) for %3 cached %4")
                          .arg(ev.component).arg(double(m_resyncPeriodMs) / 1000.0).arg(objects.size()).arg(m_rt.resource);
        trace->append(std::move(ev));
    }
    for (const api::ObjectPtr &obj : objects) {
        for (const std::shared_ptr<Handler> &h : m_handlers)
            h->handler->onUpdate(obj, obj);
    }
    return objects.size();
}

bool SharedIndexInformer::waitForSync(std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_syncMutex);
    m_syncCv.wait_for(lock, timeout, [this] {
        return m_synced.load(std::memory_order_acquire) || !m_running.load(std::memory_order_acquire);
    });
    return m_synced.load(std::memory_order_acquire);
}

qint64 SharedIndexInformer::lastSyncResourceVersion() const
{
    return m_lastSyncRV.load(std::memory_order_acquire);
}

} // namespace rlab::client
