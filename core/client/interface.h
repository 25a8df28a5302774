#pragma once
#include "core/apiserver/apierror.h"
#include "core/apiserver/apitypes.h"
#include "core/apiserver/resourcetype.h"
#include "core/apiserver/watchinterface.h"

#include <QJsonObject>
#include <functional>
#include <memory>

namespace rlab {
class Clock;
class TraceLog;
} // namespace rlab

namespace rlab::client {

// What client-go's clientset and dynamic client give a controller, in one interface: the verbs
// of kube-apiserver (create, get, list, watch, update, updateStatus, patch, delete = remove) and
// the scale and binding subresources, with the same Result / ApiError values the API server
// returns. Informers, every controller, the controller runtime and the kubectl verbs talk only
// to this, so the same code runs against the in-process ApiServer (InProcessClient), a served
// lab or a real cluster. clock() is the time the client lives in (virtual in a lab) and trace()
// where its hops are logged (may be null). Thread rules: every verb from any thread.
class Interface
{
public:
    using ObjectPtr = api::ObjectPtr;
    using MutableObjectPtr = api::MutableObjectPtr;
    template<class T> using Result = apiserver::Result<T>;
    using ResourceType = apiserver::ResourceType;
    using WriteOptions = apiserver::WriteOptions;
    using ListOptions = apiserver::ListOptions;
    using DeleteOptions = apiserver::DeleteOptions;
    using PatchType = apiserver::PatchType;

    virtual ~Interface() = default;

    virtual Result<ObjectPtr> create(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                                     const WriteOptions &opts = {}) = 0;
    // Resource and namespace from the object itself (its kind; metadata.namespace, default
    // "default").
    virtual Result<ObjectPtr> create(MutableObjectPtr obj, const WriteOptions &opts = {}) = 0;
    virtual Result<ObjectPtr> get(const ResourceType &rt, const QString &ns, const QString &name) const = 0;
    virtual Result<apiserver::ObjectList> list(const ResourceType &rt, const QString &ns,
                                               const ListOptions &opts = {}) const = 0;
    // Events after opts.resourceVersion; `notify` runs (on any thread) when events are pending.
    virtual Result<std::shared_ptr<apiserver::WatchInterface>> watch(const ResourceType &rt, const QString &ns,
                                                                     const ListOptions &opts = {},
                                                                     std::function<void()> notify = {}) = 0;
    virtual Result<ObjectPtr> update(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                                     const WriteOptions &opts = {}) = 0;
    virtual Result<ObjectPtr> update(MutableObjectPtr obj, const WriteOptions &opts = {}) = 0;
    virtual Result<ObjectPtr> updateStatus(MutableObjectPtr obj) = 0;
    virtual Result<ObjectPtr> patch(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                                    const QByteArray &body, const WriteOptions &opts = {}) = 0;
    // DELETE: the object after the call (still there while graceful or finalized) or as it was.
    virtual Result<ObjectPtr> remove(const ResourceType &rt, const QString &ns, const QString &name,
                                     const DeleteOptions &opts = {}) = 0;

    // autoscaling/v1 Scale of a Deployment or ReplicaSet.
    virtual Result<QJsonObject> getScale(const ResourceType &rt, const QString &ns, const QString &name) const = 0;
    virtual Result<QJsonObject> updateScale(const ResourceType &rt, const QString &ns, const QString &name,
                                            const QJsonObject &scale, const WriteOptions &opts = {}) = 0;
    virtual Result<QJsonObject> patchScale(const ResourceType &rt, const QString &ns, const QString &name,
                                           PatchType type, const QByteArray &body, const WriteOptions &opts = {}) = 0;
    // pods/binding.
    virtual Result<ObjectPtr> bind(const QString &ns, const QString &podName, const QString &nodeName) = 0;

    virtual Clock &clock() = 0;
    virtual TraceLog *trace() const = 0;

    // Typed get (nullptr when absent or of another type).
    template<class T> std::shared_ptr<const T> getAs(const QString &ns, const QString &name) const
    {
        Result<ObjectPtr> r = get(apiserver::resources::byKind(T::kKind), ns, name);
        return r.ok() ? api::objectCast<T>(r.value) : nullptr;
    }
};

} // namespace rlab::client
