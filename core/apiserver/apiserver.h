#pragma once
#include "core/apiserver/apierror.h"
#include "core/apiserver/apitypes.h"
#include "core/apiserver/apiwatch.h"
#include "core/apiserver/eventleases.h"
#include "core/apiserver/namegenerator.h"
#include "core/apiserver/resourcetype.h"
#include "core/base/traceevent.h"

#include <QJsonObject>
#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace rlab {
class Clock;
class TraceLog;
namespace store {
class KvStore;
}
} // namespace rlab

namespace rlab::apiserver {

// kube-apiserver's REST semantics over the KvStore: create / get / list / watch / update /
// patch / delete by resource, with defaulting, validation, resourceVersion = etcd mod_revision,
// optimistic concurrency (stale resourceVersion -> 409 Conflict), generation, the status,
// scale and binding subresources, graceful pod deletion and finalizers for the garbage collector.
// Every client — controllers, scheduler, kubelets, the GUI, scenarios, kubectl over HTTP —
// goes through it. Thread rules: any method from any thread. Writes are serialised by one
// mutex (read-modify-write is atomic, like etcd's txn); reads go straight to the store.
class ApiServer
{
public:
    ApiServer(store::KvStore &store, Clock &clock, TraceLog *trace = nullptr, quint64 seed = 1);
    ~ApiServer();

    Result<api::ObjectPtr> create(const ResourceType &rt, const QString &ns, api::MutableObjectPtr obj,
                                  const WriteOptions &opts = {});
    // Resource and namespace from the object itself (its kind and metadata.namespace, default
    // "default").
    Result<api::ObjectPtr> create(api::MutableObjectPtr obj, const WriteOptions &opts = {});
    Result<api::ObjectPtr> get(const ResourceType &rt, const QString &ns, const QString &name) const;
    Result<ObjectList> list(const ResourceType &rt, const QString &ns, const ListOptions &opts = {}) const;
    // Events after opts.resourceVersion ("" / "0": ADDED for every current object first). A
    // compacted resourceVersion gives a watch whose first event is an ERROR with 410 Expired,
    // as kube-apiserver does. `notify` runs on a writer's thread when events become pending.
    Result<std::shared_ptr<ApiWatch>> watch(const ResourceType &rt, const QString &ns, const ListOptions &opts = {},
                                            std::function<void()> notify = {});
    Result<api::ObjectPtr> update(const ResourceType &rt, const QString &ns, api::MutableObjectPtr obj,
                                  const WriteOptions &opts = {});
    Result<api::ObjectPtr> update(api::MutableObjectPtr obj, const WriteOptions &opts = {});
    Result<api::ObjectPtr> updateStatus(api::MutableObjectPtr obj);
    Result<api::ObjectPtr> patch(const ResourceType &rt, const QString &ns, const QString &name,
                                 PatchType type, const QByteArray &body, const WriteOptions &opts = {});
    // The object after the call: still there (graceful deletion, finalizers) or as it was.
    Result<api::ObjectPtr> remove(const ResourceType &rt, const QString &ns, const QString &name,
                                  const DeleteOptions &opts = {});

    // autoscaling/v1 Scale of a Deployment or ReplicaSet.
    Result<QJsonObject> getScale(const ResourceType &rt, const QString &ns, const QString &name) const;
    Result<QJsonObject> updateScale(const ResourceType &rt, const QString &ns, const QString &name,
                                    const QJsonObject &scale, const WriteOptions &opts = {});
    Result<QJsonObject> patchScale(const ResourceType &rt, const QString &ns, const QString &name,
                                   PatchType type, const QByteArray &body, const WriteOptions &opts = {});
    // pods/binding: sets spec.nodeName once (409 if already bound) and PodScheduled=True.
    Result<api::ObjectPtr> bind(const QString &ns, const QString &podName, const QString &nodeName);

    // Stores an object exactly as given (status included), for scenario `objects:` and restore:
    // uid/creationTimestamp are filled when missing, nothing is validated away.
    Result<api::ObjectPtr> restore(api::MutableObjectPtr obj);

    qint64 currentRevision() const;
    // The revision a watch bookmark may carry: taken under the write lock, so every change up to
    // it has reached every watcher (currentRevision() can run ahead of the watchers' queues).
    qint64 watchProgressRevision() const;
    store::KvStore &store() { return m_store; }
    Clock &clock() { return m_clock; }
    TraceLog *trace() const { return m_trace; }
    NameGenerator &names() { return m_names; }

    // Typed convenience for controllers.
    template<class T> std::shared_ptr<const T> getAs(const QString &ns, const QString &name) const
    {
        Result<api::ObjectPtr> r = get(resources::byKind(T::kKind), ns, name);
        return r.ok() ? api::objectCast<T>(r.value) : nullptr;
    }

    // Maximum size of a request body / manifest (the API server's limit): 3 MiB.
    static constexpr qint64 kMaxRequestBytes = 3 * 1024 * 1024;

    // The lab's capacity (not upstream: a simulated cluster has to stop somewhere): at most
    // `pods` pods exist at once, and no Deployment or ReplicaSet may ask for more replicas than
    // that. Beyond it a pod create, or such a spec, is Forbidden with a message that says so;
    // 0 = no limit (the default here; Simulation sets its config's podCapacity). E.g. capacity
    // 100,000: a Deployment of 150,000 replicas → 403 `deployments.apps "web" is forbidden:
    // spec.replicas 150000 is more than this lab can run (its capacity is 100000 pods)`.
    void setPodCapacity(qint64 pods);

    // kube-apiserver --event-ttl (1h): every Event write leases its key until an hour after the
    // Event's last write (the newest of its lastTimestamp, firstTimestamp, creationTimestamp).
    // expireEvents(now) deletes, in key order, the Events whose lease is due and that were not
    // written since; it returns how many. E.g. an Event last written at 10:00 goes in the first
    // call at or after 11:00; one written again at 10:30 stays until 11:30.
    static constexpr qint64 kEventTtlMs = 60 * 60 * 1000;
    int expireEvents(qint64 now);
    // Leases the Events a store holds that were not written through this ApiServer (a saved
    // lab's store, restored under it).
    void leaseStoredEvents();
    qint64 podCapacity() const { return m_podCapacity.load(); }
    qint64 livePods() const;

private:
    struct Current;
    Result<api::ObjectPtr> writeUpdate(const ResourceType &rt, api::MutableObjectPtr obj,
                                       const api::ObjectPtr &old, qint64 oldRev, const WriteOptions &opts);
    Result<api::ObjectPtr> deleteNow(const ResourceType &rt, const api::ObjectPtr &old);
    Result<api::ObjectPtr> removeNamespace(const ResourceType &rt, const api::ObjectPtr &old, const DeleteOptions &opts);
    api::ObjectPtr getLocked(const ResourceType &rt, const QString &ns, const QString &name, qint64 *modRev = nullptr) const;
    // Writes obj at the next revision; fails only when etcd refuses it (quota: NoSpace).
    // `previous`: the version obj replaces (its key string is shared, see Object::rememberKey).
    Result<api::ObjectPtr> commit(const QByteArray &key, api::MutableObjectPtr obj, bool isCreate,
                                  const api::Object *previous = nullptr);
    // NamespaceLifecycle admission for a create of `name` (empty: a generated name) in ns.
    std::optional<ApiError> checkNamespace(const ResourceType &rt, const QString &ns, const QString &name) const;
    void traceRequest(const QString &verb, const ResourceType &rt, const QString &ns, const QString &name,
                      const QString &subresource = {}) const;
    // textFn: the text made when the trace is read (then `text` is what it is handed, if any).
    void traceWrite(const char *type, const QByteArray &key, qint64 rev, const QString &text,
                    TraceEvent::TextFn textFn = nullptr) const;
    void traceWrite(const char *type, const QString &key, qint64 rev, const QString &text) const;
    Result<api::MutableObjectPtr> applyPatch(const ResourceType &rt, const api::Object &current,
                                             PatchType type, const QByteArray &body, bool strict) const;

    store::KvStore &m_store;
    Clock &m_clock;
    TraceLog *m_trace;
    struct TraceIds
    {
        quint32 apiserver = 0, request = 0, etcd = 0, put = 0;   // m_trace's ids of these names
    } m_traceIds;
    NameGenerator m_names;
    mutable std::recursive_mutex m_writeMutex;
    std::atomic<qint64> m_podCapacity{0};
    EventLeases m_eventLeases;
    // The Events written since the last commit: packed at the next one (KvStore::packNow), once
    // their writer has let go of them and while they are still in the cache. Under m_writeMutex.
    std::vector<QByteArray> m_eventsToPack;
    void packWrittenEvents();
    void leaseEvent(const api::Object &event, qint64 revision, const QByteArray &key);
    mutable std::atomic<qint64> m_livePods{-1};   // -1: not counted yet (a restored store)
    std::optional<ApiError> checkCapacity(const ResourceType &rt, const api::Object &obj, bool podCreate) const;
    // checkNamespace's last reads, by where the name's characters are (a slot holds the name):
    // valid while the store's countedWrites() (writes to namespaces) is `generation`.
    struct NamespaceSeen
    {
        QString ns;
        api::ObjectPtr object;   // nullptr: none was there
        qint64 generation = -1;
    };
    mutable std::array<NamespaceSeen, 4> m_namespacesSeen;   // under m_writeMutex
};

} // namespace rlab::apiserver
