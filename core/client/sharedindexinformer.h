// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/base/lightmutex.h"
#include "core/apiserver/resourcetype.h"
#include "core/client/lister.h"
#include "core/client/reflector.h"
#include "core/client/resourceeventhandler.h"
#include "core/client/threadsafestore.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <optional>
#include <mutex>
#include <thread>
#include <vector>

namespace rlab {
class Clock;
namespace client {
class Interface;
}
} // namespace rlab

namespace rlab::client {

// Who calls the pump (design §3): Threaded = the informer's own std::thread, woken by its watch;
// Deterministic = nobody but the caller's processPending() (the single-thread runner).
enum class DriveMode { Deterministic, Threaded };

// What addEventHandler returns (client-go ResourceEventHandlerRegistration): the id to remove
// the handler with, and whether the handler has been given the informer's whole initial state
// (its initial-list or synthetic adds). Copyable; hasSynced() from any thread.
struct HandlerRegistration
{
    quint64 id = 0;
    std::shared_ptr<const std::atomic<bool>> synced;
    bool hasSynced() const { return synced && synced->load(std::memory_order_acquire); }
};

// client-go cache.SharedIndexInformer for one resource: a Reflector lists and watches it through
// the ApiServer, every change goes into the Indexer first and then to each handler, in
// registration order, in the order of the store's revisions. A handler added after the
// informer started first gets synthetic onAdds for the cache content (isInInitialList true).
// With a resync period, every cached object is re-delivered as onUpdate(obj, obj) each period
// of the injected Clock. The core is the non-blocking pump processPending(); run(Threaded) is a
// thin loop around it on a std::thread woken by the watch. The cache is eventually consistent
// with the store: never newer, and equal once the pump is idle.
// Thread rules: every method from any thread. Pumping (processPending, the thread) is serialised
// by one mutex held while handlers run, so handlers run one at a time, on the pumping thread.
class SharedIndexInformer
{
public:
    SharedIndexInformer(Interface &api, apiserver::ResourceType resource, qint64 resyncPeriodMs = 0,
                        ReflectorOptions options = {});
    ~SharedIndexInformer();   // stop()
    SharedIndexInformer(const SharedIndexInformer &) = delete;
    SharedIndexInformer &operator=(const SharedIndexInformer &) = delete;

    HandlerRegistration addEventHandler(std::shared_ptr<ResourceEventHandler> handler);
    HandlerRegistration addEventHandler(ResourceEventHandlerFuncs funcs);
    // False if id is unknown. The handler gets no call after this returns.
    bool removeEventHandler(quint64 id);
    // Adds an index to the cache (indexed over what is cached already). False if the name is taken.
    bool addIndexer(const QString &name, ThreadSafeStore::IndexFunc func,
                    ThreadSafeStore::IndexReads reads = ThreadSafeStore::IndexReads::Anything);
    // Adds ThreadSafeStore::labelIndex() (false if there already): Listers then read a
    // selector's smallest label bucket instead of the whole namespace.
    bool addLabelIndexer();

    // Starts list+watch. Deterministic: nothing happens until processPending() is called.
    // Threaded: a std::thread pumps until stop(). A stopped informer may be run again: it keeps
    // its cache and resumes watching from lastSyncResourceVersion() (relisting on 410 Gone).
    void run(DriveMode mode = DriveMode::Threaded);
    // Closes the watch and joins the thread (if any). Idempotent.
    void stop();
    // Changes who pumps a running informer without touching its watch, cache or handlers:
    // Threaded starts the pumping thread, Deterministic joins it (promptly: the pump in flight
    // finishes) and leaves the pumping to processPending(). Does nothing on a stopped informer
    // (run(mode) decides there).
    void setDriveMode(DriveMode mode);
    bool isRunning() const { return m_running.load(std::memory_order_acquire); }
    DriveMode mode() const { return m_mode.load(std::memory_order_acquire); }

    // The pump: delivers pending synthetic adds, then up to `max` deltas from the Reflector
    // (listing or draining the watch once), then a resync if one is due. Never blocks on the
    // store. Returns the work done (0 = idle). Does nothing before run().
    qsizetype processPending(qsizetype max = -1);

    // Latency model (Reflector::setDeliveryDelay): watch events reach this informer delayMs
    // after they are taken from the watch. nextDeliveryAt(): when the next buffered one does.
    void setDeliveryDelay(qint64 delayMs);
    std::optional<qint64> nextDeliveryAt();

    // True while a pump runs (deltas being applied, handlers being called). A threaded run is
    // quiet when no informer pumps, no watch has events pending (KvStore::watchers()) and no
    // queue holds or processes a key — what tests and the GUI's "settled" indicator look for.
    bool isPumping() const { return m_pumping.load(std::memory_order_acquire) > 0; }

    // The first list has been delivered to the cache and the handlers present then.
    bool hasSynced() const { return m_synced.load(std::memory_order_acquire); }
    // Threaded mode: blocks until hasSynced() or timeout (or stop()). Returns hasSynced().
    bool waitForSync(std::chrono::milliseconds timeout);
    qint64 lastSyncResourceVersion() const;

    const ThreadSafeStore &indexer() const { return m_indexer; }
    template<class T> Lister<T> lister() const { return Lister<T>(&m_indexer); }
    const apiserver::ResourceType &resource() const { return m_rt; }
    qint64 resyncPeriodMs() const { return m_resyncPeriodMs; }

private:
    struct Handler;
    struct Waker;
    struct ResyncTimer;

    void loop();
    bool threadShouldRun() const;
    qsizetype processDeltasLocked(std::vector<Delta> &deltas);
    qsizetype deliverSyntheticLocked();
    qsizetype resyncLocked();
    void updateSyncedLocked();
    void startResyncTimer();   // both need m_pumpMutex
    void stopResyncTimer();

    Interface &m_api;
    Clock &m_clock;
    const apiserver::ResourceType m_rt;
    const qint64 m_resyncPeriodMs;
    ThreadSafeStore m_indexer;
    std::shared_ptr<Waker> m_waker;   // shared with the watch's notify callback and timers

    LightMutex m_pumpMutex;           // pump, handler list, reflector
    std::unique_ptr<Reflector> m_reflector;
    std::vector<std::shared_ptr<Handler>> m_handlers;
    bool m_syntheticLeft = false;   // some handler has synthetic adds to hear; under m_pumpMutex
    quint64 m_nextHandlerId = 1;
    std::vector<Delta> m_batch;       // reused between pumps

    LightMutex m_controlMutex;        // run/stop
    std::thread m_thread;
    std::atomic<bool> m_running{false};
    std::atomic<bool> m_stopRequested{false};
    std::atomic<DriveMode> m_mode{DriveMode::Deterministic};
    std::shared_ptr<ResyncTimer> m_resync;   // guarded by m_pumpMutex
    std::atomic<qint64> m_lastSyncRV{0};
    std::atomic<int> m_pumping{0};

    std::atomic<bool> m_synced{false};
    std::mutex m_syncMutex;
    std::condition_variable m_syncCv;
};

} // namespace rlab::client
