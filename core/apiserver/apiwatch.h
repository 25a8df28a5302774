#pragma once
#include "core/base/lightmutex.h"
#include "core/api/labelselector.h"
#include "core/api/object.h"
#include "core/apiserver/apierror.h"
#include "core/apiserver/fieldselector.h"
#include "core/apiserver/resourcetype.h"
#include "core/apiserver/watchinterface.h"

#include <chrono>
#include <memory>
#include <atomic>
#include <mutex>
#include <vector>

namespace rlab::store {
class Watcher;
struct WatchEvent;
} // namespace rlab::store

namespace rlab::apiserver {

// A watch on one resource (optionally one namespace and selectors), fed by an etcd-style store
// watcher. Selectors apply to both sides of a change, like the watch cache: an object that stops
// matching arrives as Deleted, one that starts matching as Added. Store events are turned into
// ApiWatchEvents lazily, on the consumer's thread, in take().
// Thread rules: take/waitTake/stop from any thread (one consumer at a time is expected).
class ApiWatch final : public WatchInterface
{
public:
    ApiWatch(ResourceType rt, QString ns, api::Selector labels, FieldSelector fields,
             std::shared_ptr<store::Watcher> watcher, std::vector<ApiWatchEvent> initial);
    ~ApiWatch() override;

    std::vector<ApiWatchEvent> take() override;
    std::vector<ApiWatchEvent> waitTake(std::chrono::milliseconds timeout) override;
    void stop() override;
    bool isStopped() const override;
    bool mayHavePending() const override;   // without the lock, as take()'s fast path
    const ResourceType &resource() const { return m_rt; }

private:
    std::vector<ApiWatchEvent> convert(const std::vector<store::WatchEvent> &events);
    bool matches(const api::Object &obj) const;

    ResourceType m_rt;
    QString m_ns;
    api::Selector m_labels;
    FieldSelector m_fields;
    std::shared_ptr<store::Watcher> m_watcher;
    mutable LightMutex m_mutex;
    std::vector<ApiWatchEvent> m_initial;   // guarded by m_mutex
    // Written under m_mutex, read without it: take()'s fast path and isStopped().
    std::atomic<bool> m_initialLeft{false};   // m_initial is not empty
    std::atomic<bool> m_stopped{false};
};

} // namespace rlab::apiserver
