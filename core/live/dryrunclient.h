#pragma once
#include "core/client/interface.h"
#include "core/live/capturedwrite.h"

#include <atomic>
#include <functional>

namespace rlab::live {

// A client::Interface for a controller that must not act: every read (get, list, watch,
// getScale) goes to `reads` (the live mirror), every write is handed to the capture function
// as a CapturedWrite and answered as if it had succeeded (the object as sent, a create with a
// uid and creationTimestamp filled in, a delete with the object as it is), so the controller
// carries on deciding. The shadow controller's view of "what syncDeployment would write now".
// Thread rules: as `reads`; `capture` runs on the calling thread.
class DryRunClient : public client::Interface
{
public:
    using Capture = std::function<void(CapturedWrite)>;
    DryRunClient(client::Interface &reads, Capture capture);

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
    Clock &clock() override { return m_reads.clock(); }
    TraceLog *trace() const override { return nullptr; }

private:
    Result<ObjectPtr> captured(const QString &verb, const ResourceType &rt, const QString &ns, MutableObjectPtr obj);

    client::Interface &m_reads;
    Capture m_capture;
    std::atomic<qint64> m_uids{0};
};

} // namespace rlab::live
