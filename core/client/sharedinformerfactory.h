// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/base/lightmutex.h"
#include "core/apiserver/resourcetype.h"
#include "core/client/lister.h"
#include "core/client/sharedindexinformer.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace rlab::client {
class Interface;
}

namespace rlab::client {

// client-go informers.SharedInformerFactory, as kube-controller-manager uses it: one
// SharedIndexInformer per resource, shared by every controller that asks for it, so each
// resource is listed and watched once. start() runs the informers created so far (call it again
// for later ones); informers are pumped in creation order, which keeps deterministic runs
// reproducible. The factory owns its informers; references stay valid until destruction.
// Thread rules: informerFor/lister/hasSynced from any thread; start/setDriveMode/
// waitForCacheSync/processPending/shutdown from the owning (runner) thread.
class SharedInformerFactory
{
public:
    explicit SharedInformerFactory(Interface &api, qint64 defaultResyncMs = 0, ReflectorOptions options = {});
    ~SharedInformerFactory();   // shutdown()
    SharedInformerFactory(const SharedInformerFactory &) = delete;
    SharedInformerFactory &operator=(const SharedInformerFactory &) = delete;

    SharedIndexInformer &informerFor(const apiserver::ResourceType &resource);
    template<class T> SharedIndexInformer &informerFor() { return informerFor(apiserver::resources::byKind(T::kKind)); }
    template<class T> Lister<T> lister() { return informerFor<T>().template lister<T>(); }

    // Runs every informer created so far that is not running yet, in `mode`.
    void start(DriveMode mode);
    // Switches every running informer to `mode` (SharedIndexInformer::setDriveMode: watches,
    // caches and handlers stay); informers started later get `mode` too.
    void setDriveMode(DriveMode mode);
    // Deterministic: pumps every started informer until all have synced (false if a pump round
    // makes no progress first, e.g. a list keeps failing). Threaded: waits up to timeout.
    bool waitForCacheSync(std::chrono::milliseconds timeout = std::chrono::seconds(30));
    bool hasSynced() const;
    // One round over the started informers in creation order; returns the total work (0: idle).
    qsizetype processPending(qsizetype maxPerInformer = -1);
    // Latency model: every informer, now and later, sees watch events delayMs after they are
    // taken (SharedIndexInformer::setDeliveryDelay). nextDeliveryAt(): the earliest pending.
    void setDeliveryDelay(qint64 delayMs);
    std::optional<qint64> nextDeliveryAt() const;
    // Stops every informer (joins their threads). Idempotent; informers stay readable.
    void shutdown();

    std::vector<SharedIndexInformer *> informers() const;
    qint64 defaultResyncMs() const { return m_defaultResyncMs; }
    std::optional<DriveMode> mode() const;

private:
    Interface &m_api;
    const qint64 m_defaultResyncMs;
    const ReflectorOptions m_options;
    mutable LightMutex m_mutex;
    qint64 m_deliveryDelayMs = 0;   // guarded by m_mutex
    std::vector<std::unique_ptr<SharedIndexInformer>> m_informers;   // creation order
    std::optional<DriveMode> m_mode;                                  // set by start()
};

} // namespace rlab::client
