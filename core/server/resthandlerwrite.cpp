// RestHandler: request bodies and the write verbs (create, update, patch, delete, binding, scale).
#include "core/server/resthandler.h"

#include "core/api/codec.h"
#include "core/api/yamlreader.h"
#include "core/apiserver/apiserver.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::server {

using namespace rlab::apiserver;
using Method = QHttpServerRequest::Method;

namespace {

// "application/json; charset=utf-8" -> "application/json"
QByteArray mediaType(const QByteArray &contentType)
{
    const qsizetype semi = contentType.indexOf(';');
    return (semi < 0 ? contentType : contentType.left(semi)).trimmed().toLower();
}

// A Warning header as kube-apiserver writes it: 299 - "unknown field \"spec.foo\"" (Go's %q).
QByteArray warningHeader(const QString &text)
{
    QByteArray quoted = text.toUtf8();
    quoted.replace('\\', "\\\\").replace('"', "\\\"");
    return "299 - \"" + quoted + '"';
}

HttpReply success(const ResourceType &rt, const QString &name, const QString &uid)
{
    QJsonObject details{{QStringLiteral("name"), name}, {QStringLiteral("kind"), rt.resource}};
    if (!rt.group.isEmpty())
        details.insert(QStringLiteral("group"), rt.group);
    if (!uid.isEmpty())
        details.insert(QStringLiteral("uid"), uid);
    return HttpReply::json(QJsonObject{{QStringLiteral("kind"), QStringLiteral("Status")},
                                       {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                       {QStringLiteral("metadata"), QJsonObject{}},
                                       {QStringLiteral("status"), QStringLiteral("Success")},
                                       {QStringLiteral("details"), details}});
}

} // namespace

std::optional<QJsonObject> RestHandler::decodeBody(const Call &call, HttpReply *error) const
{
    const QByteArray type = mediaType(call.contentType);
    if (type.contains("protobuf")) {
        *error = HttpReply::error(ApiError::unsupportedMediaType(QString::fromUtf8(call.contentType)));
        return std::nullopt;
    }
    if (call.body.trimmed().isEmpty()) {
        *error = HttpReply::error(ApiError::badRequest(QStringLiteral("the request body is empty; an object was expected")));
        return std::nullopt;
    }
    const bool yaml = type == "application/yaml" || type == "application/x-yaml" || type == "text/yaml"
                      || type == "application/apply-patch+yaml";
    // kubectl's `scale --current-replicas` PUT sends no Content-Type at all: JSON.
    if (!yaml && !type.isEmpty() && type != "application/json" && !type.endsWith("+json")) {
        *error = HttpReply::error(ApiError::unsupportedMediaType(QString::fromUtf8(call.contentType)));
        return std::nullopt;
    }
    QJsonValue value;
    if (yaml) {
        const api::ReadResult r = api::YamlReader::read(call.body, QStringLiteral("request body"));
        if (!r.ok()) {
            *error = HttpReply::error(ApiError::badRequest(QStringLiteral("error decoding YAML: %1").arg(r.errors.first().toString())));
            return std::nullopt;
        }
        if (r.documents.size() != 1) {
            *error = HttpReply::error(ApiError::badRequest(QStringLiteral("the request body must hold exactly one object, not %1").arg(r.documents.size())));
            return std::nullopt;
        }
        value = r.documents.first().value;
    } else {
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(call.body, &perr);
        if (perr.error != QJsonParseError::NoError) {
            *error = HttpReply::error(ApiError::badRequest(
                QStringLiteral("couldn't get version/kind; json parse error: %1 at offset %2").arg(perr.errorString()).arg(perr.offset)));
            return std::nullopt;
        }
        value = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
    }
    if (!value.isObject()) {
        *error = HttpReply::error(ApiError::badRequest(QStringLiteral("the request body must be a JSON or YAML object")));
        return std::nullopt;
    }
    return value.toObject();
}

WriteOptions RestHandler::writeOptions(const Call &call) const
{
    WriteOptions o;
    o.dryRun = call.params.values(QStringLiteral("dryRun")).contains(QStringLiteral("All"));
    o.strict = call.param("fieldValidation") == QLatin1String("Strict");
    o.fieldManager = call.param("fieldManager");
    o.subresource = call.rest.subresource;
    return o;
}

// DeleteOptions in the query (kubectl sends them in the body; curl and client libraries may use
// either), converted as the parameter codec does: gracePeriodSeconds an int64 (400 if not),
// orphanDependents a boolean. Used when the request has no body (handlers/delete.go).
bool RestHandler::deleteOptionsFromQuery(const Call &call, DeleteOptions *opts, HttpReply *error) const
{
    QString bad;
    const std::optional<qint64> grace = call.params.integer(QStringLiteral("gracePeriodSeconds"), &bad);
    if (!bad.isEmpty()) {
        *error = HttpReply::error(ApiError::badRequest(bad));
        return false;
    }
    if (grace)
        opts->gracePeriodSeconds = grace;
    if (const std::optional<bool> orphan = call.params.optionalFlag(QStringLiteral("orphanDependents")))
        opts->propagationPolicy = *orphan ? QStringLiteral("Orphan") : QStringLiteral("Background");
    if (call.params.has(QStringLiteral("propagationPolicy")))
        opts->propagationPolicy = call.param("propagationPolicy");
    if (call.params.values(QStringLiteral("dryRun")).contains(QStringLiteral("All")))
        opts->dryRun = true;
    return true;
}

namespace {
// Decodes a create/update body into an object of the URL's kind. fieldValidation: Strict
// refuses unknown fields (400), Warn (the default) reports them in Warning headers, Ignore drops
// them silently.
api::MutableObjectPtr decodeFor(const ResourceType &rt, QJsonObject json, const QString &validation, QStringList *warnings,
                                HttpReply *error)
{
    if (!json.contains(QLatin1String("apiVersion")))
        json.insert(QStringLiteral("apiVersion"), rt.apiVersion());
    if (!json.contains(QLatin1String("kind")))
        json.insert(QStringLiteral("kind"), rt.kind);
    const QString apiVersion = json.value(QLatin1String("apiVersion")).toString();
    const QString kind = json.value(QLatin1String("kind")).toString();
    if (apiVersion != rt.apiVersion() || kind != rt.kind) {
        *error = HttpReply::error(ApiError::badRequest(
            QStringLiteral("the object provided is unrecognized (must be of type %1 in version \"%2\"): %3 in version \"%4\"")
                .arg(rt.kind, rt.apiVersion(), kind, apiVersion)));
        return nullptr;
    }
    api::DecodeResult dr = api::decodeObject(json, validation == QLatin1String("Strict"));
    if (!dr.object) {
        *error = HttpReply::error(ApiError::badRequest(dr.error));
        return nullptr;
    }
    if (validation != QLatin1String("Ignore"))
        *warnings = dr.warnings;
    return dr.object;
}
} // namespace

HttpReply RestHandler::create(const Call &call)
{
    HttpReply error;
    const std::optional<QJsonObject> json = decodeBody(call, &error);
    if (!json)
        return error;
    QStringList warnings;
    api::MutableObjectPtr obj = decodeFor(call.rt, *json, call.param("fieldValidation"), &warnings, &error);
    if (!obj)
        return error;
    const Result<api::ObjectPtr> r = m_api.create(call.rt, call.rest.namespace_, std::move(obj), writeOptions(call));
    if (!r.ok())
        return HttpReply::error(*r.error);
    HttpReply reply = objectReply(call, *r.value, 201);
    for (const QString &w : std::as_const(warnings))
        reply.headers.append({"Warning", warningHeader(w)});
    return reply;
}

HttpReply RestHandler::update(const Call &call)
{
    HttpReply error;
    const std::optional<QJsonObject> json = decodeBody(call, &error);
    if (!json)
        return error;
    QStringList warnings;
    api::MutableObjectPtr obj = decodeFor(call.rt, *json, call.param("fieldValidation"), &warnings, &error);
    if (!obj)
        return error;
    if (obj->metadata.name != call.rest.name)
        return HttpReply::error(ApiError::badRequest(QStringLiteral("the name of the object (%1) does not match the name on the URL (%2)")
                                                         .arg(obj->metadata.name, call.rest.name)));
    if (call.rt.namespaced) {
        if (obj->metadata.namespace_.isEmpty())
            obj->metadata.namespace_ = call.rest.namespace_;
        else if (obj->metadata.namespace_ != call.rest.namespace_)
            return HttpReply::error(ApiError::badRequest(
                QStringLiteral("the namespace of the provided object does not match the namespace sent on the request")));
    }
    const Result<api::ObjectPtr> r = call.rest.subresource == QLatin1String("status")
                                         ? m_api.updateStatus(std::move(obj))
                                         : m_api.update(call.rt, call.rest.namespace_, std::move(obj), writeOptions(call));
    if (!r.ok())
        return HttpReply::error(*r.error);
    HttpReply reply = objectReply(call, *r.value);
    for (const QString &w : std::as_const(warnings))
        reply.headers.append({"Warning", warningHeader(w)});
    return reply;
}

namespace {
std::optional<PatchType> patchType(const QByteArray &type)
{
    if (type == "application/merge-patch+json")
        return PatchType::Merge;
    if (type == "application/json-patch+json")
        return PatchType::Json;
    if (type == "application/strategic-merge-patch+json")
        return PatchType::Strategic;
    if (type == "application/apply-patch+yaml")
        return PatchType::Apply;
    return std::nullopt;
}
} // namespace

HttpReply RestHandler::patch(const Call &call)
{
    const std::optional<PatchType> type = patchType(mediaType(call.contentType));
    if (!type)
        return HttpReply::error(ApiError::unsupportedMediaType(QString::fromUtf8(call.contentType)));
    // handlers/patch.go: ValidatePatchOptions, as Invalid PatchOptions.meta.k8s.io.
    api::FieldErrors optionErrors;
    if (*type != PatchType::Apply && call.params.has(QStringLiteral("force")))
        optionErrors << api::FieldError::forbidden(QStringLiteral("force"), QStringLiteral("may not be specified for non-apply patch"));
    if (*type == PatchType::Apply && call.param("fieldManager").isEmpty())
        optionErrors << api::FieldError::required(QStringLiteral("fieldManager"), QStringLiteral("is required for apply patch"));
    if (!optionErrors.isEmpty())
        return HttpReply::error(ApiError::invalid(QStringLiteral("PatchOptions"), QStringLiteral("meta.k8s.io"), QString(), optionErrors));
    QByteArray body = call.body;
    if (*type == PatchType::Apply) {
        // Server-side apply, the cheap way (kubectl-protocol.md §9.2 a): create when missing,
        // otherwise a merge of the applied configuration. No managedFields, so no conflicts and
        // fields dropped from the manifest are not removed; kubectl prints "serverside-applied".
        HttpReply error;
        const std::optional<QJsonObject> json = decodeBody(call, &error);
        if (!json)
            return error;
        const Result<api::ObjectPtr> existing = m_api.get(call.rt, call.rest.namespace_, call.rest.name);
        if (!existing.ok()) {
            if (existing.error->code != 404 || !call.rest.subresource.isEmpty())
                return HttpReply::error(*existing.error);
            QStringList warnings;
            api::MutableObjectPtr obj = decodeFor(call.rt, *json, call.param("fieldValidation"), &warnings, &error);
            if (!obj)
                return error;
            if (obj->metadata.name != call.rest.name)
                return HttpReply::error(ApiError::badRequest(QStringLiteral("the name of the object (%1) does not match the name on the URL (%2)")
                                                                 .arg(obj->metadata.name, call.rest.name)));
            const Result<api::ObjectPtr> r = m_api.create(call.rt, call.rest.namespace_, std::move(obj), writeOptions(call));
            if (!r.ok())
                return HttpReply::error(*r.error);
            return objectReply(call, *r.value, 201);
        }
        body = QJsonDocument(*json).toJson(QJsonDocument::Compact);
    }
    const Result<api::ObjectPtr> r = m_api.patch(call.rt, call.rest.namespace_, call.rest.name, *type, body, writeOptions(call));
    if (!r.ok())
        return HttpReply::error(*r.error);
    return objectReply(call, *r.value);
}

HttpReply RestHandler::remove(const Call &call)
{
    DeleteOptions opts;
    if (!call.body.trimmed().isEmpty()) {
        HttpReply error;
        const std::optional<QJsonObject> json = decodeBody(call, &error);
        if (!json)
            return error;
        if (json->contains(QLatin1String("gracePeriodSeconds")))
            opts.gracePeriodSeconds = qint64(json->value(QLatin1String("gracePeriodSeconds")).toDouble());
        opts.propagationPolicy = json->value(QLatin1String("propagationPolicy")).toString();
        if (json->contains(QLatin1String("orphanDependents")) && opts.propagationPolicy.isEmpty())
            opts.propagationPolicy = json->value(QLatin1String("orphanDependents")).toBool() ? QStringLiteral("Orphan")
                                                                                             : QStringLiteral("Background");
        const QJsonObject pre = json->value(QLatin1String("preconditions")).toObject();
        opts.preconditionUid = pre.value(QLatin1String("uid")).toString();
        opts.preconditionResourceVersion = pre.value(QLatin1String("resourceVersion")).toString();
        opts.dryRun = json->value(QLatin1String("dryRun")).toArray().contains(QStringLiteral("All"));
    } else {
        HttpReply bad;   // handlers/delete.go: the query is read only when there is no body
        if (!deleteOptionsFromQuery(call, &opts, &bad))
            return bad;
    }

    const Result<api::ObjectPtr> r = m_api.remove(call.rt, call.rest.namespace_, call.rest.name, opts);
    if (!r.ok())
        return HttpReply::error(*r.error);
    // Still there (graceful pod deletion, finalizers): the object, with its deletionTimestamp.
    const Result<api::ObjectPtr> after = m_api.get(call.rt, call.rest.namespace_, call.rest.name);
    if (opts.dryRun || (after.ok() && after.value->metadata.uid == r.value->metadata.uid))
        return objectReply(call, opts.dryRun ? *r.value : *after.value);
    return success(call.rt, call.rest.name, r.value->metadata.uid);
}

HttpReply RestHandler::removeCollection(const Call &call)
{
    HttpReply bad;
    const std::optional<ListOptions> listOpts = listOptions(call, false, &bad);
    if (!listOpts)
        return bad;
    DeleteOptions opts;
    if (!deleteOptionsFromQuery(call, &opts, &bad))
        return bad;
    const Result<ObjectList> l = m_api.list(call.rt, call.rest.namespace_, *listOpts);
    if (!l.ok())
        return HttpReply::error(*l.error);
    QJsonArray items;
    for (const api::ObjectPtr &o : l.value.items) {
        const Result<api::ObjectPtr> r = m_api.remove(call.rt, o->metadata.namespace_, o->metadata.name, opts);
        if (r.ok())
            items.append(r.value->toJson());
        else if (r.error->code != 404)
            return HttpReply::error(*r.error);
    }
    return HttpReply::json(QJsonObject{{QStringLiteral("kind"), call.rt.kind + QStringLiteral("List")},
                                       {QStringLiteral("apiVersion"), call.rt.apiVersion()},
                                       {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("resourceVersion"),
                                                                                 QString::number(m_api.currentRevision())}}},
                                       {QStringLiteral("items"), items}});
}

HttpReply RestHandler::bind(const Call &call)
{
    HttpReply error;
    const std::optional<QJsonObject> json = decodeBody(call, &error);
    if (!json)
        return error;
    const QString node = json->value(QLatin1String("target")).toObject().value(QLatin1String("name")).toString();
    if (node.isEmpty())
        return HttpReply::error(ApiError::badRequest(QStringLiteral("target.name: Required value")));
    const Result<api::ObjectPtr> r = m_api.bind(call.rest.namespace_, call.rest.name, node);
    if (!r.ok())
        return HttpReply::error(*r.error);
    HttpReply reply = success(call.rt, call.rest.name, QString());
    reply.status = 201;
    return reply;
}

HttpReply RestHandler::scale(const Call &call)
{
    const QString &ns = call.rest.namespace_;
    const QString &name = call.rest.name;
    Result<QJsonObject> r;
    switch (call.method) {
    case Method::Get:
        r = m_api.getScale(call.rt, ns, name);
        break;
    case Method::Put: {
        HttpReply error;
        const std::optional<QJsonObject> json = decodeBody(call, &error);
        if (!json)
            return error;
        r = m_api.updateScale(call.rt, ns, name, *json, writeOptions(call));
        break;
    }
    case Method::Patch: {
        const std::optional<PatchType> type = patchType(mediaType(call.contentType));
        if (!type || *type == PatchType::Apply)
            return HttpReply::error(ApiError::unsupportedMediaType(QString::fromUtf8(call.contentType)));
        r = m_api.patchScale(call.rt, ns, name, *type, call.body, writeOptions(call));
        break;
    }
    default:
        return HttpReply::error(ApiError::methodNotSupported(call.rt.resource + QStringLiteral("/scale"), call.rt.group,
                                                             QStringLiteral("this method")));
    }
    if (!r.ok())
        return HttpReply::error(*r.error);
    return HttpReply::json(r.value);
}

} // namespace rlab::server
