#include "core/client/inprocessclient.h"

#include "core/apiserver/apiserver.h"

namespace rlab::client {

using apiserver::ObjectList;
using apiserver::WatchInterface;

InProcessClient::InProcessClient(apiserver::ApiServer &api) : m_api(api) { }

Interface::Result<api::ObjectPtr> InProcessClient::create(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                                                          const WriteOptions &opts)
{
    return m_api.create(rt, ns, std::move(obj), opts);
}

Interface::Result<api::ObjectPtr> InProcessClient::create(MutableObjectPtr obj, const WriteOptions &opts)
{
    return m_api.create(std::move(obj), opts);
}

Interface::Result<api::ObjectPtr> InProcessClient::get(const ResourceType &rt, const QString &ns, const QString &name) const
{
    return m_api.get(rt, ns, name);
}

Interface::Result<ObjectList> InProcessClient::list(const ResourceType &rt, const QString &ns, const ListOptions &opts) const
{
    return m_api.list(rt, ns, opts);
}

Interface::Result<std::shared_ptr<WatchInterface>> InProcessClient::watch(const ResourceType &rt, const QString &ns,
                                                                          const ListOptions &opts, std::function<void()> notify)
{
    auto r = m_api.watch(rt, ns, opts, std::move(notify));
    Result<std::shared_ptr<WatchInterface>> out;
    out.value = std::move(r.value);
    out.error = std::move(r.error);
    return out;
}

Interface::Result<api::ObjectPtr> InProcessClient::update(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                                                          const WriteOptions &opts)
{
    return m_api.update(rt, ns, std::move(obj), opts);
}

Interface::Result<api::ObjectPtr> InProcessClient::update(MutableObjectPtr obj, const WriteOptions &opts)
{
    return m_api.update(std::move(obj), opts);
}

Interface::Result<api::ObjectPtr> InProcessClient::updateStatus(MutableObjectPtr obj)
{
    return m_api.updateStatus(std::move(obj));
}

Interface::Result<api::ObjectPtr> InProcessClient::patch(const ResourceType &rt, const QString &ns, const QString &name,
                                                         PatchType type, const QByteArray &body, const WriteOptions &opts)
{
    return m_api.patch(rt, ns, name, type, body, opts);
}

Interface::Result<api::ObjectPtr> InProcessClient::remove(const ResourceType &rt, const QString &ns, const QString &name,
                                                          const DeleteOptions &opts)
{
    return m_api.remove(rt, ns, name, opts);
}

Interface::Result<QJsonObject> InProcessClient::getScale(const ResourceType &rt, const QString &ns, const QString &name) const
{
    return m_api.getScale(rt, ns, name);
}

Interface::Result<QJsonObject> InProcessClient::updateScale(const ResourceType &rt, const QString &ns, const QString &name,
                                                            const QJsonObject &scale, const WriteOptions &opts)
{
    return m_api.updateScale(rt, ns, name, scale, opts);
}

Interface::Result<QJsonObject> InProcessClient::patchScale(const ResourceType &rt, const QString &ns, const QString &name,
                                                           PatchType type, const QByteArray &body, const WriteOptions &opts)
{
    return m_api.patchScale(rt, ns, name, type, body, opts);
}

Interface::Result<api::ObjectPtr> InProcessClient::bind(const QString &ns, const QString &podName, const QString &nodeName)
{
    return m_api.bind(ns, podName, nodeName);
}

Clock &InProcessClient::clock()
{
    return m_api.clock();
}

TraceLog *InProcessClient::trace() const
{
    return m_api.trace();
}

} // namespace rlab::client
