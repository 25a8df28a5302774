#pragma once
#include "core/api/object.h"
#include "core/apiserver/apierror.h"

#include <chrono>
#include <vector>

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

// apimachinery's watch.Interface: a stream of ApiWatchEvents that a consumer drains and stops.
// ApiWatch (the in-process watch cache) implements it; a client over HTTP implements it with a
// chunked watch response. Thread rules: take/waitTake/stop from any thread, one consumer.
class WatchInterface
{
public:
    virtual ~WatchInterface() = default;
    // What arrived since the last call (never blocks).
    virtual std::vector<ApiWatchEvent> take() = 0;
    // Waits up to timeout for at least one event.
    virtual std::vector<ApiWatchEvent> waitTake(std::chrono::milliseconds timeout) = 0;
    virtual void stop() = 0;
    virtual bool isStopped() const = 0;
    // False only when take() would certainly return nothing and the watch has not stopped: an
    // idle informer then skips its poll. Without a cheap answer: true (take() decides).
    virtual bool mayHavePending() const { return true; }
};

} // namespace rlab::apiserver
