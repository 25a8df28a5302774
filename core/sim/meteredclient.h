#pragma once
#include "core/client/interface.h"
#include "core/sim/latencymodel.h"

#include <mutex>

namespace rlab {

// One control-plane component's client under the latency model: every verb goes straight to
// the wrapped client (nothing else changes), and, inside a span, adds what the request costs
// in virtual time to the span's cursor — the wait for a token of this client's bucket (QPS,
// burst) plus the verb's cost. The runner opens a span when a worker starts a reconcile and
// holds the key until the span's end: the reconcile's duration is its API calls plus a base.
// Example, controller client 20 qps burst 30 after 30 requests in the same instant, classroom:
// the 31st request waits 50 ms for a token, then costs 400 ms if it is a write.
// Requests are charged one after the other (the deterministic runner runs a ReplicaSet's
// slow-start batches sequentially too). Thread rules: any thread; one span at a time.
class MeteredClient : public client::Interface
{
public:
    enum class Role { Controller, Scheduler, Kubelet };
    MeteredClient(client::Interface &inner, Role role);

    void setModel(const LatencyModel &model);
    LatencyModel model() const;
    // Opens a span at virtual time nowMs; endSpan() returns how long its requests took.
    void beginSpan(qint64 nowMs);
    qint64 endSpan();
    qint64 requests() const;

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
    mutable std::mutex m_mutex;   // guards everything below
    LatencyModel m_model;
    mutable bool m_inSpan = false;
    mutable qint64 m_spanStart = 0, m_cursor = 0;
    mutable double m_tokens = 0;  // the bucket at m_bucketAt (starts full)
    mutable qint64 m_bucketAt = 0;
    mutable qint64 m_requests = 0;
};

} // namespace rlab
