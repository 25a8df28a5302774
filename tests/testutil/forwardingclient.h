#pragma once
#include "core/client/interface.h"

namespace rlab::test {

// A client::Interface that passes every call to another one; tests override the calls they
// want to watch or interleave (e.g. run code in the middle of a create, as another thread could).
class ForwardingClient : public client::Interface
{
public:
    explicit ForwardingClient(client::Interface &target) : m_target(target) {}

    Result<ObjectPtr> create(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                             const WriteOptions &opts = {}) override
    {
        return m_target.create(rt, ns, std::move(obj), opts);
    }
    Result<ObjectPtr> create(MutableObjectPtr obj, const WriteOptions &opts = {}) override
    {
        return m_target.create(std::move(obj), opts);
    }
    Result<ObjectPtr> get(const ResourceType &rt, const QString &ns, const QString &name) const override
    {
        return m_target.get(rt, ns, name);
    }
    Result<apiserver::ObjectList> list(const ResourceType &rt, const QString &ns, const ListOptions &opts = {}) const override
    {
        return m_target.list(rt, ns, opts);
    }
    Result<std::shared_ptr<apiserver::WatchInterface>> watch(const ResourceType &rt, const QString &ns,
                                                             const ListOptions &opts = {},
                                                             std::function<void()> notify = {}) override
    {
        return m_target.watch(rt, ns, opts, std::move(notify));
    }
    Result<ObjectPtr> update(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                             const WriteOptions &opts = {}) override
    {
        return m_target.update(rt, ns, std::move(obj), opts);
    }
    Result<ObjectPtr> update(MutableObjectPtr obj, const WriteOptions &opts = {}) override
    {
        return m_target.update(std::move(obj), opts);
    }
    Result<ObjectPtr> updateStatus(MutableObjectPtr obj) override { return m_target.updateStatus(std::move(obj)); }
    Result<ObjectPtr> patch(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                            const QByteArray &body, const WriteOptions &opts = {}) override
    {
        return m_target.patch(rt, ns, name, type, body, opts);
    }
    Result<ObjectPtr> remove(const ResourceType &rt, const QString &ns, const QString &name,
                             const DeleteOptions &opts = {}) override
    {
        return m_target.remove(rt, ns, name, opts);
    }
    Result<QJsonObject> getScale(const ResourceType &rt, const QString &ns, const QString &name) const override
    {
        return m_target.getScale(rt, ns, name);
    }
    Result<QJsonObject> updateScale(const ResourceType &rt, const QString &ns, const QString &name,
                                    const QJsonObject &scale, const WriteOptions &opts = {}) override
    {
        return m_target.updateScale(rt, ns, name, scale, opts);
    }
    Result<QJsonObject> patchScale(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                                   const QByteArray &body, const WriteOptions &opts = {}) override
    {
        return m_target.patchScale(rt, ns, name, type, body, opts);
    }
    Result<ObjectPtr> bind(const QString &ns, const QString &podName, const QString &nodeName) override
    {
        return m_target.bind(ns, podName, nodeName);
    }
    Clock &clock() override { return m_target.clock(); }
    TraceLog *trace() const override { return m_target.trace(); }

private:
    client::Interface &m_target;
};

} // namespace rlab::test
