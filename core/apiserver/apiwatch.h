#pragma once
#include "core/api/labelselector.h"
#include "core/api/object.h"
#include "core/apiserver/apierror.h"
#include "core/apiserver/fieldselector.h"
#include "core/apiserver/resourcetype.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

namespace rlab::store {
class Watcher;
struct WatchEvent;
} // namespace rlab::store

namespace rlab::apiserver {

// One event of a watch as kubectl and informers see it (metav1.WatchEvent).
struct ApiWatchEvent
{
    enum Type { Added, Modified, Deleted, Bookmark, Error };
    Type type = Added;
    api::ObjectPtr object;   // resourceVersion = the revision of the change (for Deleted too)
    ApiError error;          // Error only
    qint64 revision = 0;
    static const char *typeName(Type t);
};

// A watch on one resource (optionally one namespace and selectors), fed by an etcd-style store
// watcher. Selectors apply to both sides of a change, like the watch cache: an object that stops
// matching arrives as Deleted, one that starts matching as Added. Store events are turned into
// ApiWatchEvents lazily, on the consumer's thread, in take().
// Thread rules: take/waitTake/stop from any thread (one consumer at a time is expected).
class ApiWatch
{
public:
    ApiWatch(ResourceType rt, QString ns, api::Selector labels, FieldSelector fields,
             std::shared_ptr<store::Watcher> watcher, std::vector<ApiWatchEvent> initial);
    ~ApiWatch();

    std::vector<ApiWatchEvent> take();
    std::vector<ApiWatchEvent> waitTake(std::chrono::milliseconds timeout);
    void stop();
    bool isStopped() const;
    const ResourceType &resource() const { return m_rt; }

private:
    std::vector<ApiWatchEvent> convert(const std::vector<store::WatchEvent> &events);
    bool matches(const api::Object &obj) const;

    ResourceType m_rt;
    QString m_ns;
    api::Selector m_labels;
    FieldSelector m_fields;
    std::shared_ptr<store::Watcher> m_watcher;
    mutable std::mutex m_mutex;
    std::vector<ApiWatchEvent> m_initial;   // guarded by m_mutex
    bool m_stopped = false;
};

} // namespace rlab::apiserver
