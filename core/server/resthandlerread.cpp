// RestHandler's reads: /openapi/v2, get and list (objects or kubectl's Tables), watches, pod logs.
#include "core/server/resthandler.h"

#include "core/apiserver/apiserver.h"
#include "core/apiserver/callerscope.h"
#include "core/apiserver/featuregate.h"
#include "core/apiserver/listoptionsvalidation.h"
#include "core/server/encodedobjectcache.h"
#include "core/server/openapiv2.h"
#include "core/server/servercounters.h"
#include "core/kubectl/tableprinter.h"
#include "core/server/watchstream.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

#include <QCryptographicHash>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::server {

using namespace rlab::apiserver;
using rlab::kubectl::TablePrinter;
using Method = QHttpServerRequest::Method;

// kube-openapi's /openapi/v2 handler: JSON or the gnostic protobuf by Accept (406 for neither),
// with its ETag so clients may cache it.
HttpReply RestHandler::openApiV2(const Call &call) const
{
    const QByteArray type = OpenApiV2::negotiate(call.accept);
    if (type.isEmpty())
        return HttpReply::error(ApiError{406, QStringLiteral("NotAcceptable"),
                                         QStringLiteral("only the following media types are accepted: application/json, %1, %2")
                                             .arg(QLatin1String(OpenApiV2::kProtobufDeprecated), QLatin1String(OpenApiV2::kProtobuf)),
                                         {}, {}, {}, {}, 0});
    HttpReply r;
    if (type == OpenApiV2::kJson) {
        r = HttpReply::json(OpenApiV2::document());
    } else {
        // Answered under the new name whichever was asked: Go's mime parser (client-go reads
        // the Content-Type) rejects the '@' of the deprecated one.
        r.contentType = OpenApiV2::kProtobuf;
        r.body = OpenApiV2::protobuf();
    }
    r.headers.append(qMakePair(QByteArray("Vary"), QByteArray("Accept")));
    r.headers.append(qMakePair(QByteArray("Etag"), '"' + QCryptographicHash::hash(r.body, QCryptographicHash::Sha512).toHex().toUpper() + '"'));
    return r;
}

bool RestHandler::wantsTable(const Call &call) const
{
    // kubectl get: "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;…"
    for (const QByteArray &range : call.accept.split(',')) {
        const QByteArray r = range.trimmed();
        if (r.contains("as=Table") && r.contains("g=meta.k8s.io"))
            return true;
        if (r.startsWith("application/json") || r.startsWith("*/*"))
            return false;   // plain JSON preferred before any Table
    }
    return false;
}

std::optional<ListOptions> RestHandler::listOptions(const Call &call, bool watch, HttpReply *error) const
{
    ListOptions o;
    o.labelSelector = call.param("labelSelector");
    o.fieldSelector = call.param("fieldSelector");
    o.resourceVersion = call.param("resourceVersion");
    o.resourceVersionMatch = call.param("resourceVersionMatch");
    o.continueToken = call.param("continue");
    o.allowWatchBookmarks = call.params.flag(QStringLiteral("allowWatchBookmarks"));
    o.sendInitialEvents = call.params.optionalFlag(QStringLiteral("sendInitialEvents"));
    QString bad;
    for (const char *key : {"limit", "timeoutSeconds"}) {
        const std::optional<qint64> v = call.params.integer(QLatin1String(key), &bad);
        if (!bad.isEmpty()) {
            *error = HttpReply::error(ApiError::badRequest(bad));
            return std::nullopt;
        }
        if (qstrcmp(key, "limit") == 0)
            o.limit = v.value_or(0);
        else
            o.timeoutSeconds = v;
    }
    const api::FieldErrors errors = validateListOptions(o, watch, FeatureGate::enabled(FeatureGate::WatchList));
    if (!errors.isEmpty()) {
        *error = HttpReply::error(ApiError::invalid(QStringLiteral("ListOptions"), QStringLiteral("meta.k8s.io"), QString(), errors));
        return std::nullopt;
    }
    return o;
}

HttpReply RestHandler::objectReply(const Call &call, const api::Object &obj, int status) const
{
    if (wantsTable(call)) {
        const TablePrinter printer(call.rt, m_clock.now(), TablePrinter::parseIncludeObject(call.param("includeObject")));
        const QJsonObject table{{QStringLiteral("kind"), QStringLiteral("Table")},
                                {QStringLiteral("apiVersion"), QStringLiteral("meta.k8s.io/v1")},
                                {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("resourceVersion"), obj.metadata.resourceVersion}}},
                                {QStringLiteral("columnDefinitions"), printer.columnDefinitions()},
                                {QStringLiteral("rows"), QJsonArray{printer.row(obj)}}};
        return HttpReply::json(table, status);
    }
    return HttpReply::json(obj.toJson(), status);
}

HttpReply RestHandler::get(const Call &call)
{
    const Result<api::ObjectPtr> r = m_api.get(call.rt, call.rest.namespace_, call.rest.name);
    if (!r.ok())
        return HttpReply::error(*r.error);
    return objectReply(call, *r.value);
}

HttpReply RestHandler::list(const Call &call)
{
    HttpReply bad;
    const std::optional<ListOptions> opts = listOptions(call, false, &bad);
    if (!opts)
        return bad;
    const Result<ObjectList> r = m_api.list(call.rt, call.rest.namespace_, *opts);
    if (!r.ok())
        return HttpReply::error(*r.error);
    const ObjectList &l = r.value;
    if (wantsTable(call)) {
        const TablePrinter printer(call.rt, m_clock.now(), TablePrinter::parseIncludeObject(call.param("includeObject")));
        return HttpReply::json(printer.table(l.items, l.resourceVersion, l.continueToken));
    }
    QJsonObject meta{{QStringLiteral("resourceVersion"), QString::number(l.resourceVersion)}};
    if (!l.continueToken.isEmpty())
        meta.insert(QStringLiteral("continue"), l.continueToken);
    QJsonArray items;
    for (const api::ObjectPtr &o : l.items)
        items.append(o->toJson());
    return HttpReply::json(QJsonObject{{QStringLiteral("kind"), call.rt.kind + QStringLiteral("List")},
                                       {QStringLiteral("apiVersion"), call.rt.apiVersion()},
                                       {QStringLiteral("metadata"), meta},
                                       {QStringLiteral("items"), items}});
}

std::optional<HttpReply> RestHandler::watch(const Call &call, QHttpServerResponder *responder)
{
    if (!responder)
        return HttpReply::error(ApiError::internal(QStringLiteral("a watch is served on the server's thread")));
    HttpReply bad;
    const std::optional<ListOptions> opts = listOptions(call, true, &bad);
    if (!opts)
        return bad;
    auto hub = std::make_shared<WatchStream::Hub>();
    Result<std::shared_ptr<ApiWatch>> w = m_api.watch(call.rt, call.rest.namespace_, *opts, WatchStream::notifier(hub));
    if (!w.ok())
        return HttpReply::error(*w.error);
    const bool table = wantsTable(call);
    const TablePrinter::IncludeObject include = TablePrinter::parseIncludeObject(call.param("includeObject"));
    const ResourceType rt = call.rt;
    Clock *clock = &m_clock;
    std::shared_ptr<EncodedObjectCache> cache = m_encoded;
    WatchStream::Encoder encoder = [table, include, rt, clock, cache](const ApiWatchEvent &ev, bool first) {
        QByteArray object;
        if (ev.type == ApiWatchEvent::Error) {
            object = QJsonDocument(ev.error.toStatus()).toJson(QJsonDocument::Compact);
        } else if (ev.type == ApiWatchEvent::Bookmark || !ev.object) {
            object = QJsonDocument(QJsonObject{{QStringLiteral("kind"), rt.kind},
                                               {QStringLiteral("apiVersion"), rt.apiVersion()},
                                               {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("resourceVersion"), QString::number(ev.revision)}}}})
                         .toJson(QJsonDocument::Compact);
        } else if (table) {
            object = QJsonDocument(TablePrinter(rt, clock->now(), include)
                                       .table({ev.object}, ev.object->metadata.resourceVersion.toLongLong(), {}, first))
                         .toJson(QJsonDocument::Compact);
        } else {
            object = cache->json(ev.object);   // one encoding per change, however many watchers
        }
        return "{\"type\":\"" + QByteArray(ApiWatchEvent::typeName(ev.type)) + "\",\"object\":" + object + '}';
    };
    // Reflector-style watches ask for a timeout (kubectl re-watches); `get -w` never does and
    // exits when the stream ends, so those stay open.
    const int timeoutSeconds = int(std::clamp<qint64>(opts->timeoutSeconds.value_or(0), 0, 365 * 24 * 3600));
    auto *stream = new WatchStream(std::move(*responder), w.value, hub, std::move(encoder), timeoutSeconds, m_counters, this);
    if (opts->allowWatchBookmarks) {
        const ApiServer *api = &m_api;
        stream->startBookmarks([api] { return api->watchProgressRevision(); });
    }
    return std::nullopt;
}

HttpReply RestHandler::podLog(const Call &call)
{
    const Result<api::ObjectPtr> r = m_api.get(call.rt, call.rest.namespace_, call.rest.name);
    if (!r.ok())
        return HttpReply::error(*r.error);
    return HttpReply::text(QStringLiteral("Reconcile Lab simulates pods without processes: pod \"%1\" has no log output.\n")
                               .arg(call.rest.name)
                               .toUtf8());
}

} // namespace rlab::server
