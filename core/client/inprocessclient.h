#pragma once
#include "core/client/interface.h"

namespace rlab::apiserver {
class ApiServer;
}

namespace rlab::client {

// client::Interface over the in-process ApiServer: every verb is one direct call, nothing is
// copied or encoded (the objects are the server's immutable values). It is what a lab's
// controllers, informers and kubectl verbs hold; the HTTP server and the window's read-only view
// use the ApiServer itself. Thread rules: as ApiServer (any method from any thread).
class InProcessClient : public Interface
{
public:
    explicit InProcessClient(apiserver::ApiServer &api);

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

    apiserver::ApiServer &server() { return m_api; }

private:
    apiserver::ApiServer &m_api;
};

} // namespace rlab::client
