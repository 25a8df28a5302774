#pragma once
#include "core/client/interface.h"

#include <atomic>

namespace rlab::live {

// A client::Interface in front of a real cluster that lets reads through and refuses every
// write while writes are off, with the API server's 403 in kubectl's words:
//   Error from server (Forbidden): deployments.apps "web" is forbidden: writes to context
//   "kind-kind" are off in Reconcile Lab (Live → Allow writes)
// so the window's commands stay read-only until the user enables writes for that context.
// Thread rules: any thread (the switch is atomic).
class WriteGate : public client::Interface
{
public:
    WriteGate(client::Interface &target, QString refusal);

    void setEnabled(bool on) { m_enabled.store(on); }
    bool isEnabled() const { return m_enabled.load(); }

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
    Clock &clock() override { return m_target.clock(); }
    TraceLog *trace() const override { return m_target.trace(); }

private:
    apiserver::ApiError refused(const ResourceType &rt, const QString &name) const;

    client::Interface &m_target;
    QString m_refusal;
    std::atomic<bool> m_enabled{false};
};

} // namespace rlab::live
