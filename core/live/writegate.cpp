#include "core/live/writegate.h"

namespace rlab::live {

using R = client::Interface::Result<api::ObjectPtr>;
using RS = client::Interface::Result<QJsonObject>;

WriteGate::WriteGate(client::Interface &target, QString refusal)
    : m_target(target), m_refusal(std::move(refusal))
{
}

apiserver::ApiError WriteGate::refused(const ResourceType &rt, const QString &name) const
{
    return apiserver::ApiError::forbidden(rt.resource, rt.group, name, m_refusal);
}

R WriteGate::create(const ResourceType &rt, const QString &ns, MutableObjectPtr obj, const WriteOptions &opts)
{
    if (!isEnabled())
        return R::failure(refused(rt, obj ? obj->metadata.name : QString()));
    return m_target.create(rt, ns, std::move(obj), opts);
}

R WriteGate::create(MutableObjectPtr obj, const WriteOptions &opts)
{
    if (!isEnabled() && obj)
        return R::failure(refused(apiserver::resources::byKind(obj->kind()), obj->metadata.name));
    return m_target.create(std::move(obj), opts);
}

R WriteGate::get(const ResourceType &rt, const QString &ns, const QString &name) const
{
    return m_target.get(rt, ns, name);
}

client::Interface::Result<apiserver::ObjectList> WriteGate::list(const ResourceType &rt, const QString &ns,
                                                                 const ListOptions &opts) const
{
    return m_target.list(rt, ns, opts);
}

client::Interface::Result<std::shared_ptr<apiserver::WatchInterface>>
WriteGate::watch(const ResourceType &rt, const QString &ns, const ListOptions &opts, std::function<void()> notify)
{
    return m_target.watch(rt, ns, opts, std::move(notify));
}

R WriteGate::update(const ResourceType &rt, const QString &ns, MutableObjectPtr obj, const WriteOptions &opts)
{
    if (!isEnabled())
        return R::failure(refused(rt, obj ? obj->metadata.name : QString()));
    return m_target.update(rt, ns, std::move(obj), opts);
}

R WriteGate::update(MutableObjectPtr obj, const WriteOptions &opts)
{
    if (!isEnabled() && obj)
        return R::failure(refused(apiserver::resources::byKind(obj->kind()), obj->metadata.name));
    return m_target.update(std::move(obj), opts);
}

R WriteGate::updateStatus(MutableObjectPtr obj)
{
    if (!isEnabled() && obj)
        return R::failure(refused(apiserver::resources::byKind(obj->kind()), obj->metadata.name));
    return m_target.updateStatus(std::move(obj));
}

R WriteGate::patch(const ResourceType &rt, const QString &ns, const QString &name, PatchType type, const QByteArray &body,
                   const WriteOptions &opts)
{
    if (!isEnabled())
        return R::failure(refused(rt, name));
    return m_target.patch(rt, ns, name, type, body, opts);
}

R WriteGate::remove(const ResourceType &rt, const QString &ns, const QString &name, const DeleteOptions &opts)
{
    if (!isEnabled())
        return R::failure(refused(rt, name));
    return m_target.remove(rt, ns, name, opts);
}

RS WriteGate::getScale(const ResourceType &rt, const QString &ns, const QString &name) const
{
    return m_target.getScale(rt, ns, name);
}

RS WriteGate::updateScale(const ResourceType &rt, const QString &ns, const QString &name, const QJsonObject &scale,
                          const WriteOptions &opts)
{
    if (!isEnabled())
        return RS::failure(refused(rt, name));
    return m_target.updateScale(rt, ns, name, scale, opts);
}

RS WriteGate::patchScale(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                         const QByteArray &body, const WriteOptions &opts)
{
    if (!isEnabled())
        return RS::failure(refused(rt, name));
    return m_target.patchScale(rt, ns, name, type, body, opts);
}

R WriteGate::bind(const QString &ns, const QString &podName, const QString &nodeName)
{
    if (!isEnabled())
        return R::failure(refused(apiserver::resources::byKind(api::Kind::Pod), podName));
    return m_target.bind(ns, podName, nodeName);
}

} // namespace rlab::live
