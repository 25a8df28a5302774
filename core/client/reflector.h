// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/object.h"
#include "core/apiserver/apierror.h"
#include "core/apiserver/apiwatch.h"
#include "core/apiserver/resourcetype.h"

#include <QString>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace rlab {
class TraceLog;
namespace client {
class Interface;
}
} // namespace rlab

namespace rlab::client {

class ThreadSafeStore;

// One change the Reflector hands to its informer (client-go cache.Delta, with DeltaFIFO's
// bookkeeping folded in). Added/Updated/Deleted come from watch events; Replaced from a
// (re)list; a Deleted with isTombstone is a key the relist no longer had, carrying the last
// known object (client-go wraps it in DeletedFinalStateUnknown). A plain value.
struct Delta
{
    enum Type { Added, Updated, Deleted, Replaced };
    Type type = Added;
    QString key;
    api::ObjectPtr object;
    qint64 revision = 0;            // resourceVersion of the change (the list's for Replaced)
    bool isTombstone = false;
    bool isInInitialList = false;   // part of the first list (DeltaFIFO's initial population)
    // Set on watch deltas: the watch event type ("ADDED", …), traced when the delta is handed out.
    const char *watchEventType = nullptr;
    // Latency model: the virtual time from which the informer may see it (0: at once).
    qint64 visibleAtMs = 0;
};

// Which objects a Reflector lists and watches (the informer's ListOptions tweak).
struct ReflectorOptions
{
    QString namespace_;      // "" = all namespaces
    QString labelSelector;
    QString fieldSelector;
};

// client-go cache.Reflector (ListAndWatch) as a non-blocking pump: step() lists (resourceVersion
// ""), turns the list into Replaced deltas plus tombstones for known keys that are gone, then
// watches from the list's resourceVersion; every later step() drains what the watch has pending.
// A watch that ends is resumed from the last resourceVersion seen; a 410 Expired ERROR event
// makes it relist. Every watch event handed out is traced ("informer/<resource>", WatchEvent).
// Thread rules: not thread-safe; one driving thread at a time (the informer's pump lock). The
// `notify` callback runs on writers' threads whenever the watch has new events (edge-triggered).
class Reflector
{
public:
    Reflector(Interface &api, apiserver::ResourceType resource, const ThreadSafeStore &knownObjects,
              ReflectorOptions options = {}, std::function<void()> notify = {});
    ~Reflector();
    Reflector(const Reflector &) = delete;
    Reflector &operator=(const Reflector &) = delete;

    // Appends at most `max` deltas (max < 0: no limit) to out, listing or taking the watch's
    // pending events once when nothing is buffered. The knownObjects store must already reflect
    // every delta handed out before (the informer applies them right away). Returns the work
    // done: deltas handed out, plus one for a list (an empty list still counts).
    qsizetype step(std::vector<Delta> &out, qsizetype max = -1);

    // Ends the watch, as when the server closes the stream; buffered deltas stay. The next step()
    // resumes watching from lastSyncResourceVersion() (or relists if that is too old).
    void closeWatch();
    // Drops the watch and forces a relist on the next step().
    void requestRelist();

    // True once the first list's deltas have all been handed out (DeltaFIFO.HasSynced).
    bool hasSynced() const { return m_listedOnce && m_initialPopulation == 0; }
    // Nothing for step() to do: listed, nothing held back, and a watch with nothing arrived.
    bool idle() const { return !m_needList && m_pending.empty() && m_watch && !m_watch->mayHavePending(); }
    bool isWatching() const { return m_watch != nullptr; }
    qint64 lastSyncResourceVersion() const { return m_lastSyncRV; }
    int listCount() const { return m_lists; }
    // Latency model: a watch event taken at time t reaches the informer at t + delayMs (the
    // watch cache's fan-out plus the network); 0 hands events out as soon as they are taken.
    // nextDeliveryAt() is when the oldest buffered event becomes visible (nullopt: none).
    void setDeliveryDelay(qint64 delayMs);
    std::optional<qint64> nextDeliveryAt() const;

    // The last list/watch failure (the Reflector retries on the next step()).
    const std::optional<apiserver::ApiError> &lastError() const { return m_lastError; }
    const apiserver::ResourceType &resource() const { return m_rt; }
    QString traceComponent() const { return m_component; }

private:
    bool listAndReplace();
    bool openWatch();
    template<class Sink> void takeWatchEvents(Sink &sink);
    void handOut(const Delta &d);
    void trace(const char *type, const QString &key, qint64 rev, const QString &text) const;

    Interface &m_api;
    const apiserver::ResourceType m_rt;
    const ThreadSafeStore &m_known;
    const ReflectorOptions m_options;
    const std::function<void()> m_notify;
    const QString m_component;        // "informer/deployments"
    TraceLog *m_trace;
    quint32 m_traceComponent = 0, m_traceWatchEvent = 0;   // m_trace's ids of m_component and WatchEvent

    std::shared_ptr<apiserver::WatchInterface> m_watch;
    std::deque<Delta> m_pending;
    bool m_needList = true;
    bool m_listedOnce = false;
    qsizetype m_initialPopulation = 0;
    qint64 m_lastSyncRV = 0;
    int m_lists = 0;
    qint64 m_deliveryDelayMs = 0;
    std::optional<apiserver::ApiError> m_lastError;
};

} // namespace rlab::client
