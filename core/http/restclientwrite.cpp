// SPDX-License-Identifier: Apache-2.0
// RestClient's writes: create, update, updateStatus, patch, delete, the scale subresource and
// pods/binding, as client-go's typed clients send them.
#include "core/http/restclient.h"

#include "core/http/resourcepath.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::http {

using apiserver::ApiError;

namespace {

QByteArray jsonBytes(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray patchContentType(apiserver::PatchType type)
{
    switch (type) {
    case apiserver::PatchType::Merge: return "application/merge-patch+json";
    case apiserver::PatchType::Json: return "application/json-patch+json";
    case apiserver::PatchType::Strategic: return "application/strategic-merge-patch+json";
    case apiserver::PatchType::Apply: return "application/apply-patch+yaml";
    }
    return "application/merge-patch+json";
}

// Resource and namespace of an object given without them (Interface::create(obj)).
apiserver::ResourceType resourceOf(const api::Object &obj)
{
    return apiserver::resources::byKind(obj.apiVersion, obj.kindName);
}

QString namespaceOf(const apiserver::ResourceType &rt, const api::Object &obj)
{
    if (!rt.namespaced)
        return {};
    return obj.metadata.namespace_.isEmpty() ? QStringLiteral("default") : obj.metadata.namespace_;
}

} // namespace

client::Interface::Result<api::ObjectPtr> RestClient::create(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                                                     const WriteOptions &opts)
{
    const QString path = ResourcePath::withQuery(ResourcePath::path(rt, ns), ResourcePath::writeQuery(opts));
    return objectCall("POST", path, rt, obj->toJsonBytes(), "application/json");
}

client::Interface::Result<api::ObjectPtr> RestClient::create(MutableObjectPtr obj, const WriteOptions &opts)
{
    const ResourceType rt = resourceOf(*obj);
    const QString ns = namespaceOf(rt, *obj);
    return create(rt, ns, std::move(obj), opts);
}

client::Interface::Result<api::ObjectPtr> RestClient::update(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                                                     const WriteOptions &opts)
{
    const QString path = ResourcePath::withQuery(ResourcePath::path(rt, ns, obj->metadata.name, opts.subresource),
                                                 ResourcePath::writeQuery(opts));
    return objectCall("PUT", path, rt, obj->toJsonBytes(), "application/json");
}

client::Interface::Result<api::ObjectPtr> RestClient::update(MutableObjectPtr obj, const WriteOptions &opts)
{
    const ResourceType rt = resourceOf(*obj);
    const QString ns = namespaceOf(rt, *obj);
    return update(rt, ns, std::move(obj), opts);
}

client::Interface::Result<api::ObjectPtr> RestClient::updateStatus(MutableObjectPtr obj)
{
    WriteOptions opts;
    opts.subresource = QStringLiteral("status");
    return update(std::move(obj), opts);
}

client::Interface::Result<api::ObjectPtr> RestClient::patch(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                                                    const QByteArray &body, const WriteOptions &opts)
{
    const QString path = ResourcePath::withQuery(ResourcePath::path(rt, ns, name, opts.subresource), ResourcePath::writeQuery(opts));
    return objectCall("PATCH", path, rt, body, patchContentType(type));
}

client::Interface::Result<api::ObjectPtr> RestClient::remove(const ResourceType &rt, const QString &ns, const QString &name,
                                                     const DeleteOptions &opts)
{
    QJsonObject body{{QStringLiteral("kind"), QStringLiteral("DeleteOptions")}, {QStringLiteral("apiVersion"), QStringLiteral("v1")}};
    if (opts.gracePeriodSeconds)
        body.insert(QStringLiteral("gracePeriodSeconds"), double(*opts.gracePeriodSeconds));
    if (!opts.propagationPolicy.isEmpty())
        body.insert(QStringLiteral("propagationPolicy"), opts.propagationPolicy);
    QJsonObject pre;
    if (!opts.preconditionUid.isEmpty())
        pre.insert(QStringLiteral("uid"), opts.preconditionUid);
    if (!opts.preconditionResourceVersion.isEmpty())
        pre.insert(QStringLiteral("resourceVersion"), opts.preconditionResourceVersion);
    if (!pre.isEmpty())
        body.insert(QStringLiteral("preconditions"), pre);
    if (opts.dryRun)
        body.insert(QStringLiteral("dryRun"), QJsonArray{QStringLiteral("All")});
    return objectCall("DELETE", ResourcePath::path(rt, ns, name), rt, jsonBytes(body), "application/json");
}

client::Interface::Result<QJsonObject> RestClient::getScale(const ResourceType &rt, const QString &ns, const QString &name) const
{
    return call("GET", ResourcePath::path(rt, ns, name, QStringLiteral("scale")));
}

client::Interface::Result<QJsonObject> RestClient::updateScale(const ResourceType &rt, const QString &ns, const QString &name,
                                                       const QJsonObject &scale, const WriteOptions &opts)
{
    const QString path = ResourcePath::withQuery(ResourcePath::path(rt, ns, name, QStringLiteral("scale")), ResourcePath::writeQuery(opts));
    return call("PUT", path, jsonBytes(scale), "application/json");
}

client::Interface::Result<QJsonObject> RestClient::patchScale(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                                                      const QByteArray &body, const WriteOptions &opts)
{
    const QString path = ResourcePath::withQuery(ResourcePath::path(rt, ns, name, QStringLiteral("scale")), ResourcePath::writeQuery(opts));
    return call("PATCH", path, body, patchContentType(type));
}

client::Interface::Result<api::ObjectPtr> RestClient::bind(const QString &ns, const QString &podName, const QString &nodeName)
{
    const ResourceType pods = apiserver::resources::byKind(api::Kind::Pod);
    const QJsonObject binding{
            {QStringLiteral("apiVersion"), QStringLiteral("v1")},
            {QStringLiteral("kind"), QStringLiteral("Binding")},
            {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), podName}, {QStringLiteral("namespace"), ns}}},
            {QStringLiteral("target"), QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                                   {QStringLiteral("kind"), QStringLiteral("Node")},
                                                   {QStringLiteral("name"), nodeName}}}};
    const Result<QJsonObject> r = call("POST", ResourcePath::path(pods, ns, podName, QStringLiteral("binding")), jsonBytes(binding),
                                       "application/json");
    if (!r.ok())
        return Result<ObjectPtr>::failure(*r.error);
    return get(pods, ns, podName);   // the server answers a Status; callers want the bound pod
}

} // namespace rlab::http
