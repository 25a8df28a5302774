#include "core/live/dryrunclient.h"

#include "core/base/clock.h"

#include <QJsonDocument>

namespace rlab::live {

using R = client::Interface::Result<api::ObjectPtr>;

DryRunClient::DryRunClient(client::Interface &reads, Capture capture)
    : m_reads(reads), m_capture(std::move(capture))
{
}

R DryRunClient::captured(const QString &verb, const ResourceType &rt, const QString &ns, MutableObjectPtr obj)
{
    if (!obj)
        return R::failure(apiserver::ApiError::badRequest(QStringLiteral("no object")));
    if (rt.namespaced && obj->metadata.namespace_.isEmpty())
        obj->metadata.namespace_ = ns.isEmpty() ? QStringLiteral("default") : ns;
    if (verb == QLatin1String("create")) {
        if (obj->metadata.uid.isEmpty())
            obj->metadata.uid = QStringLiteral("dry-run-%1").arg(++m_uids);
        if (obj->metadata.creationTimestamp == 0)
            obj->metadata.creationTimestamp = m_reads.clock().now() / 1000 * 1000;
    }
    api::ObjectPtr frozen = obj;
    m_capture(CapturedWrite{verb, rt.resource, obj->metadata.namespace_, obj->metadata.name, frozen, {}});
    return R{frozen, {}};
}

R DryRunClient::create(const ResourceType &rt, const QString &ns, MutableObjectPtr obj, const WriteOptions &)
{
    return captured(QStringLiteral("create"), rt, ns, std::move(obj));
}

R DryRunClient::create(MutableObjectPtr obj, const WriteOptions &opts)
{
    if (!obj)
        return R::failure(apiserver::ApiError::badRequest(QStringLiteral("no object")));
    const ResourceType rt = apiserver::resources::byKind(obj->kind());
    const QString ns = obj->metadata.namespace_;
    return create(rt, ns, std::move(obj), opts);
}

R DryRunClient::get(const ResourceType &rt, const QString &ns, const QString &name) const
{
    return m_reads.get(rt, ns, name);
}

client::Interface::Result<apiserver::ObjectList> DryRunClient::list(const ResourceType &rt, const QString &ns,
                                                                    const ListOptions &opts) const
{
    return m_reads.list(rt, ns, opts);
}

client::Interface::Result<std::shared_ptr<apiserver::WatchInterface>>
DryRunClient::watch(const ResourceType &rt, const QString &ns, const ListOptions &opts, std::function<void()> notify)
{
    return m_reads.watch(rt, ns, opts, std::move(notify));
}

R DryRunClient::update(const ResourceType &rt, const QString &ns, MutableObjectPtr obj, const WriteOptions &)
{
    return captured(QStringLiteral("update"), rt, ns, std::move(obj));
}

R DryRunClient::update(MutableObjectPtr obj, const WriteOptions &opts)
{
    if (!obj)
        return R::failure(apiserver::ApiError::badRequest(QStringLiteral("no object")));
    const ResourceType rt = apiserver::resources::byKind(obj->kind());
    const QString ns = obj->metadata.namespace_;
    return update(rt, ns, std::move(obj), opts);
}

R DryRunClient::updateStatus(MutableObjectPtr obj)
{
    if (!obj)
        return R::failure(apiserver::ApiError::badRequest(QStringLiteral("no object")));
    const ResourceType rt = apiserver::resources::byKind(obj->kind());
    const QString ns = obj->metadata.namespace_;
    return captured(QStringLiteral("updateStatus"), rt, ns, std::move(obj));
}

R DryRunClient::patch(const ResourceType &rt, const QString &ns, const QString &name, PatchType, const QByteArray &body,
                      const WriteOptions &)
{
    R current = m_reads.get(rt, ns, name);
    m_capture(CapturedWrite{QStringLiteral("patch"), rt.resource, ns, name, nullptr, body});
    return current;
}

R DryRunClient::remove(const ResourceType &rt, const QString &ns, const QString &name, const DeleteOptions &)
{
    R current = m_reads.get(rt, ns, name);
    m_capture(CapturedWrite{QStringLiteral("delete"), rt.resource, ns, name, current.ok() ? current.value : nullptr, {}});
    return current;
}

client::Interface::Result<QJsonObject> DryRunClient::getScale(const ResourceType &rt, const QString &ns,
                                                              const QString &name) const
{
    return m_reads.getScale(rt, ns, name);
}

client::Interface::Result<QJsonObject> DryRunClient::updateScale(const ResourceType &rt, const QString &ns,
                                                                 const QString &name, const QJsonObject &scale,
                                                                 const WriteOptions &)
{
    m_capture(CapturedWrite{QStringLiteral("updateScale"), rt.resource, ns, name, nullptr,
                            QJsonDocument(scale).toJson(QJsonDocument::Compact)});
    return {scale, {}};
}

client::Interface::Result<QJsonObject> DryRunClient::patchScale(const ResourceType &rt, const QString &ns,
                                                                const QString &name, PatchType, const QByteArray &body,
                                                                const WriteOptions &)
{
    m_capture(CapturedWrite{QStringLiteral("patchScale"), rt.resource, ns, name, nullptr, body});
    return m_reads.getScale(rt, ns, name);
}

R DryRunClient::bind(const QString &ns, const QString &podName, const QString &nodeName)
{
    m_capture(CapturedWrite{QStringLiteral("bind"), QStringLiteral("pods"), ns, podName, nullptr, nodeName.toUtf8()});
    return m_reads.get(apiserver::resources::byKind(api::Kind::Pod), ns, podName);
}

} // namespace rlab::live
