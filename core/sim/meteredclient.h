#pragma once
#include "core/base/lightmutex.h"
#include "core/client/interface.h"
#include "core/sim/latencymodel.h"
#include "core/sim/tokenbucket.h"

#include <mutex>
#include <thread>

namespace rlab {

class ClockSleeper;

// One control-plane component's client under the latency model. A request made by a reconcile
// running on a VirtualWorker first takes a token of this client's bucket (QPS, burst), then
// waits the verb's cost (a write's includes the etcd commit) — the worker parks until then —
// and only then reaches the wrapped client, so it commits at its own virtual time. Elsewhere
// With a sleeper (the threaded runner, setSleeper) a request from any thread but the owner's
// (the one that advances the clock) sleeps in virtual time instead of parking a worker; the
// owner's requests (scenario steps, the window's apply) and informers' go straight through.
// Example, a controller client (20 qps, burst 30) under classroom, 31 writes in one reconcile
// starting at t = 0: the n-th commits at n × 400 ms (tokens refill faster than writes cost).
// Requests of one reconcile are sequential, except those of a client::ConcurrentRequests scope
// (a ReplicaSet's slow-start batch): they count from the first one's issue time, so a batch of
// 4 creates commits all 4 at +400 ms, as 4 goroutines would. Thread rules: any thread.
class MeteredClient : public client::Interface
{
public:
    enum class Role { Controller, Scheduler, Kubelet };
    MeteredClient(client::Interface &inner, Role role);

    void setModel(const LatencyModel &model);
    // nullptr: no sleeping (the deterministic runner parks VirtualWorkers instead).
    void setSleeper(ClockSleeper *sleeper, std::thread::id owner = {});
    LatencyModel model() const;
    qint64 requests() const;   // every request made through this client

    Result<ObjectPtr> create(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                             const WriteOptions &opts = {}) override;
    Result<ObjectPtr> create(MutableObjectPtr obj, const WriteOptions &opts = {}) override;
    Result<ObjectPtr> get(const ResourceType &rt, const QString &ns, const QString &name) const override;
    Result<apiserver::ObjectList> list(const ResourceType &rt, const QString &ns,
                                       const ListOptions &opts = {}) const override;
    Result<std::shared_ptr<apiserver::WatchInterface>> watch(const ResourceType &rt, const QString &ns,
                                                             const ListOptions &opts = {},
                                                             std::function<void()> notify = {}) override;
    Result<ObjectPtr> update(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                             const WriteOptions &opts = {}) override;
    Result<ObjectPtr> update(MutableObjectPtr obj, const WriteOptions &opts = {}) override;
    Result<ObjectPtr> updateStatus(MutableObjectPtr obj) override;
    Result<ObjectPtr> patch(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                            const QByteArray &body, const WriteOptions &opts = {}) override;
    Result<ObjectPtr> remove(const ResourceType &rt, const QString &ns, const QString &name,
                             const DeleteOptions &opts = {}) override;
    Result<QJsonObject> getScale(const ResourceType &rt, const QString &ns, const QString &name) const override;
    Result<QJsonObject> updateScale(const ResourceType &rt, const QString &ns, const QString &name,
                                    const QJsonObject &scale, const WriteOptions &opts = {}) override;
    Result<QJsonObject> patchScale(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                                   const QByteArray &body, const WriteOptions &opts = {}) override;
    Result<ObjectPtr> bind(const QString &ns, const QString &podName, const QString &nodeName) override;
    Clock &clock() override;
    TraceLog *trace() const override;

private:
    enum class Cost { Read, List, Write };
    void charge(Cost cost) const;

    client::Interface &m_inner;
    const Role m_role;
    mutable LightMutex m_mutex;   // guards everything below
    LatencyModel m_model;
    mutable TokenBucket m_bucket;
    mutable qint64 m_requests = 0;
    ClockSleeper *m_sleeper = nullptr;
    std::thread::id m_owner;
};

} // namespace rlab
