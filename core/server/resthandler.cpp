// RestHandler: authentication, limits, routing and discovery (reads: resthandlerread.cpp, writes: resthandlerwrite.cpp).
#include "core/server/resthandler.h"

#include "core/apiserver/apiserver.h"
#include "core/server/authenticator.h"
#include "core/apiserver/callerscope.h"
#include "core/apiserver/featuregate.h"
#include "core/apiserver/listoptionsvalidation.h"
#include "core/server/discovery.h"
#include "core/server/openapiv2.h"
#include "core/server/readonlygate.h"
#include "core/server/replyqueue.h"
#include "core/server/encodedobjectcache.h"
#include "core/server/servercounters.h"
#include "core/kubectl/tableprinter.h"
#include "core/server/watchstream.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

#include <QCryptographicHash>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>

namespace rlab::server {

using namespace rlab::apiserver;
using rlab::kubectl::TablePrinter;
using Method = QHttpServerRequest::Method;

namespace {

QByteArray header(const QHttpServerRequest &request, const char *name)
{
    for (const auto &h : request.headers())
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return QByteArray();
}

QString methodName(Method m)
{
    switch (m) {
    case Method::Get: return QStringLiteral("GET");
    case Method::Put: return QStringLiteral("PUT");
    case Method::Delete: return QStringLiteral("DELETE");
    case Method::Post: return QStringLiteral("POST");
    case Method::Head: return QStringLiteral("HEAD");
    case Method::Options: return QStringLiteral("OPTIONS");
    case Method::Patch: return QStringLiteral("PATCH");
    default: return QStringLiteral("UNKNOWN");
    }
}

// "kubectl/v1.31.9 (linux/amd64) kubernetes/8f38003" -> "kubectl/v1.31.9 (linux/amd64)"
QString callerName(const QByteArray &userAgent)
{
    QString ua = QString::fromUtf8(userAgent).trimmed();
    const qsizetype close = ua.indexOf(QLatin1Char(')'));
    if (close > 0)
        ua.truncate(close + 1);
    return ua.isEmpty() ? QStringLiteral("http client") : ua;
}

// The token of an Authorization header as kube-apiserver's bearertoken authenticator reads it:
// trimmed, "<scheme> <token>[ ...]" with the scheme "bearer" in any case; empty when none.
QByteArray bearerToken(const QByteArray &authorization)
{
    const QList<QByteArray> parts = authorization.trimmed().split(' ');
    if (parts.size() < 2 || parts[0].toLower() != "bearer")
        return {};
    return parts[1];
}

// Whether a Host header names this machine's loopback: localhost, 127.0.0.1 or [::1], with or
// without a port. A DNS-rebinding page reaches a loopback server under its own name.
bool isLoopbackHost(const QByteArray &hostHeader)
{
    QByteArray host = hostHeader.trimmed().toLower();
    if (host.startsWith('[')) {
        const qsizetype close = host.indexOf(']');
        if (close < 0 || (close + 1 < host.size() && host[close + 1] != ':'))
            return false;
        host = host.mid(1, close - 1);
    } else if (const qsizetype colon = host.indexOf(':'); colon >= 0) {
        if (host.indexOf(':', colon + 1) >= 0)
            return false;
        host.truncate(colon);
    }
    return host == "localhost" || host == "127.0.0.1" || host == "::1";
}

ApiError methodNotAllowed(const QString &method, const QString &path)
{
    return ApiError{405, QStringLiteral("MethodNotAllowed"),
                    QStringLiteral("the server does not allow this method on the requested resource (%1 %2)").arg(method, path),
                    {}, {}, {}, {}, 0};
}

} // namespace

QString RestHandler::Call::param(const char *name) const
{
    return params.value(QLatin1String(name));
}

RestHandler::RestHandler(ApiServer &api, Clock &clock, ServerCounters &counters, QObject *parent)
    : QObject(parent), m_api(api), m_clock(clock), m_counters(counters), m_encoded(std::make_shared<EncodedObjectCache>()),
      m_limiter(HttpLimits().maxRequestsInflight, HttpLimits().maxMutatingRequestsInflight, counters),
      m_replies(new ReplyQueue(this))
{
    m_pool.setMaxThreadCount(HttpLimits().requestWorkers);
}

RestHandler::~RestHandler()
{
    m_pool.waitForDone();   // their queued answers die with this object
}

void RestHandler::setLimits(const HttpLimits &limits)
{
    m_limiter.setLimits(limits.maxRequestsInflight, limits.maxMutatingRequestsInflight);
    m_pool.setMaxThreadCount(qMax(1, limits.requestWorkers));
}

// One row per request, after the answer: "kubectl/v1.31.9 (apply) PATCH
// /apis/apps/v1/namespaces/default/deployments/nginx → 200". kubectl names its command in the
// Kubectl-Command header ("kubectl apply"); other clients show their User-Agent up to ')'. On a
// classroom server the user comes first: "alice: kubectl/v1.31.9 (get) GET … → 403".
void RestHandler::trace(const Call &call, int status) const
{
    TraceLog *log = m_api.trace();
    if (!log)
        return;
    const QString &query = call.query;
    const QString target = call.path + (query.isEmpty() ? QString() : QLatin1Char('?') + query);
    const QString command = QString::fromUtf8(call.kubectlCommand).trimmed();
    QString agent = callerName(call.userAgent);
    if (!command.isEmpty()) {
        const QString verb = command.startsWith(QLatin1String("kubectl ")) ? command.mid(8) : command;
        agent = agent.section(QLatin1Char(' '), 0, 0) + QStringLiteral(" (%1)").arg(verb);
    }
    TraceEvent ev;
    ev.component = QStringLiteral("apiserver");
    ev.type = QStringLiteral("HttpRequest");
    ev.key = call.path;
    ev.detail = QJsonObject{{QStringLiteral("method"), methodName(call.method)},
                            {QStringLiteral("path"), call.path},
                            {QStringLiteral("query"), query},
                            {QStringLiteral("userAgent"), QString::fromUtf8(call.userAgent)},
                            {QStringLiteral("command"), command},
                            {QStringLiteral("status"), status}};
    if (!call.user.isEmpty()) {
        ev.detail.insert(QStringLiteral("user"), call.user);
        agent = call.user + QStringLiteral(": ") + agent;
    }
    ev.text = QStringLiteral("%1 %2 %3 \u2192 %4").arg(agent, methodName(call.method), target).arg(status);
    log->append(std::move(ev));
}

void RestHandler::handle(const QHttpServerRequest &request, QHttpServerResponder &&responder)
{
    ++m_counters.requests;
    auto call = std::make_shared<Call>();
    call->method = request.method();
    call->path = request.url().path();
    call->params = QueryParameters::parse(request.url().query(QUrl::FullyEncoded));
    call->query = request.url().query(QUrl::FullyDecoded);
    call->accept = header(request, "Accept");
    call->contentType = header(request, "Content-Type");
    call->userAgent = header(request, "User-Agent");
    call->kubectlCommand = header(request, "Kubectl-Command");
    call->body = request.body();

    const QTcpSocket *socket = responder.socket();
    const quint64 ticket = m_replies->enqueue(std::move(responder));
    if (std::optional<HttpReply> refusal = admit(*call, request, socket))
        return answer(ticket, call, std::move(*refusal));
    if (isLongRunning(*call)) {
        // On this thread when the connection's earlier answers are out: a watch takes the
        // responder over and streams from here.
        m_replies->complete(ticket, [this, call](QHttpServerResponder &r) {
            CallerScope scope(callerName(call->userAgent));
            const std::optional<HttpReply> reply = route(*call, &r);
            trace(*call, reply ? reply->status : 200);
            if (reply)
                reply->sendTo(r);
        });
        return;
    }
    // kube-apiserver checks the seats after authentication and before authorization; here a
    // request that is not allowed is refused (403) before it could take one.
    std::optional<InflightLimiter::Kind> seat = seatKind(*call);
    if (!m_limiter.tryAcquire(*seat)) {
        // maxinflight.go: "A system:master is so powerful that they should always get an answer."
        if (!call->privileged) {
            ++m_counters.tooManyRequests;
            HttpReply r = HttpReply::text(QByteArray(InflightLimiter::kMessage) + '\n', 429);
            r.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray(InflightLimiter::kRetryAfter)));
            r.headers.append(qMakePair(QByteArray("X-Content-Type-Options"), QByteArray("nosniff")));
            return answer(ticket, call, std::move(r));
        }
        seat.reset();
    }
    m_pool.start([this, call, ticket, seat] {
        HttpReply reply;
        {
            CallerScope scope(callerName(call->userAgent));
            reply = route(*call, nullptr).value_or(HttpReply::error(ApiError::internal(QStringLiteral("no responder for a long-running request"))));
        }
        QMetaObject::invokeMethod(
            this,
            [this, call, ticket, seat, reply = std::move(reply)]() mutable {
                if (seat)
                    m_limiter.release(*seat);
                answer(ticket, call, std::move(reply));
            },
            Qt::QueuedConnection);
    });
}

void RestHandler::answer(quint64 ticket, const std::shared_ptr<const Call> &call, HttpReply reply)
{
    m_replies->complete(ticket, [this, call, reply = std::move(reply)](QHttpServerResponder &r) {
        trace(*call, reply.status);
        reply.sendTo(r);
    });
}

std::optional<HttpReply> RestHandler::admit(Call &call, const QHttpServerRequest &request, const QTcpSocket *socket) const
{
    // Like kube-apiserver's RBAC defaults, /version and health checks need no credentials.
    const bool publicPath = call.path == QLatin1String("/version") || call.path == QLatin1String("/healthz")
                            || call.path == QLatin1String("/livez") || call.path == QLatin1String("/readyz");
    const QByteArray origin = header(request, "Origin");
    const QByteArray host = header(request, "Host");
    if (!origin.isEmpty()) {
        // Only browsers send Origin: no web page may drive the lab (a no-cors POST still runs).
        return HttpReply::error(ApiError{403, QStringLiteral("Forbidden"),
                                         QStringLiteral("forbidden: requests from web pages are not served (Origin: %1)")
                                             .arg(QString::fromUtf8(origin)),
                                         {}, {}, {}, {}, 0});
    }
    if (!m_allowRemoteHosts && !isLoopbackHost(host)) {
        return HttpReply::error(ApiError{403, QStringLiteral("Forbidden"),
                                         QStringLiteral("forbidden: Host \"%1\" is not a loopback name (localhost, 127.0.0.1, [::1]); "
                                                        "serve with --allow-remote to answer other names")
                                             .arg(QString::fromUtf8(host)),
                                         {}, {}, {}, {}, 0});
    }
    if (!m_token.isEmpty() && !publicPath && !sameSecret(bearerToken(header(request, "Authorization")), m_token))
        return HttpReply::error(ApiError::unauthorized());
    if (std::optional<ApiError> denied = authenticateAndAuthorize(call, header(request, "Authorization"), socket, publicPath))
        return HttpReply::error(*denied);
    if (const QString why = readOnlyReason(call); !why.isEmpty())   // the window views the past
        return HttpReply::error(ApiError{403, QStringLiteral("Forbidden"), QStringLiteral("forbidden: ") + why, {}, {}, {}, {}, 0});
    if (call.body.size() > ApiServer::kMaxRequestBytes)
        return HttpReply::error(ApiError::requestEntityTooLarge(
            QStringLiteral("Request entity too large: limit is %1").arg(ApiServer::kMaxRequestBytes)));
    return std::nullopt;
}

QString RestHandler::readOnlyReason(const Call &call) const
{
    const bool write = call.method == Method::Post || call.method == Method::Put || call.method == Method::Patch
                       || call.method == Method::Delete;
    return write && m_readOnly ? m_readOnly->reason() : QString();
}

bool RestHandler::isLongRunning(const Call &call)
{
    RestPath p;
    if (!RestPath::parse(call.path, &p))
        return false;
    static const QStringList longRunningSubresources{QStringLiteral("attach"), QStringLiteral("exec"), QStringLiteral("proxy"),
                                                     QStringLiteral("log"), QStringLiteral("portforward")};
    if (longRunningSubresources.contains(p.subresource))
        return true;
    const bool isGet = call.method == Method::Get || call.method == Method::Head;
    return isGet && p.name.isEmpty() && p.subresource.isEmpty() && call.params.flag(QStringLiteral("watch"));
}

InflightLimiter::Kind RestHandler::seatKind(const Call &call)
{
    // RequestInfoFactory: a resource request's GET or HEAD is get/list/watch; a non-resource
    // request's verb is its lower-case method, so only its GET is read-only.
    RestPath p;
    const bool resource = RestPath::parse(call.path, &p);
    const bool readOnly = call.method == Method::Get || (resource && call.method == Method::Head);
    return readOnly ? InflightLimiter::Kind::ReadOnly : InflightLimiter::Kind::Mutating;
}

std::optional<HttpReply> RestHandler::route(Call &call, QHttpServerResponder *responder)
{
    const QString &path = call.path;
    const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    const bool isGet = call.method == Method::Get || call.method == Method::Head;

    if (RestPath::parse(path, &call.rest))
        return resource(call, responder);
    if (!isGet) {
        if (path == QLatin1String("/version") || path.startsWith(QLatin1String("/api")) || path.startsWith(QLatin1String("/openapi")))
            return HttpReply::error(methodNotAllowed(methodName(call.method), path));
        return HttpReply::notFound();
    }
    if (path == QLatin1String("/version"))
        return HttpReply::json(Discovery::version());
    if (path == QLatin1String("/healthz") || path == QLatin1String("/livez") || path == QLatin1String("/readyz"))
        return HttpReply::text("ok");
    if (path == QLatin1String("/api"))
        return HttpReply::json(Discovery::apiVersions(m_serverAddress));
    if (path == QLatin1String("/apis"))
        return HttpReply::json(Discovery::apiGroupList());
    if (parts.size() == 2 && parts[0] == QLatin1String("api")) {
        if (const std::optional<QJsonObject> doc = Discovery::resourceList(QString(), parts[1]))
            return HttpReply::json(*doc);
    }
    if (parts.size() == 3 && parts[0] == QLatin1String("apis")) {
        if (const std::optional<QJsonObject> doc = Discovery::resourceList(parts[1], parts[2]))
            return HttpReply::json(*doc);
    }
    if (path == QLatin1String("/openapi/v3"))
        return HttpReply::json(Discovery::openApiRoot());
    if (parts.size() == 4 && parts[0] == QLatin1String("openapi") && parts[2] == QLatin1String("api")) {
        if (const std::optional<QJsonObject> doc = Discovery::openApiDocument(QString(), parts[3]))
            return HttpReply::json(*doc);
    }
    if (parts.size() == 5 && parts[0] == QLatin1String("openapi") && parts[2] == QLatin1String("apis")) {
        if (const std::optional<QJsonObject> doc = Discovery::openApiDocument(parts[3], parts[4]))
            return HttpReply::json(*doc);
    }
    if (path == QLatin1String("/openapi/v2"))
        return openApiV2(call);
    return HttpReply::notFound();
}

std::optional<HttpReply> RestHandler::resource(Call &call, QHttpServerResponder *responder)
{
    const RestPath &p = call.rest;
    call.rt = resources::byResource(p.group, p.resource);
    // kubectl's validator lists CRDs when a manifest's kind is not in /openapi/v2 (cli-runtime's
    // CRDFinder), before it reports "no matches for kind": the lab has none, and says so.
    if (!call.rt.isValid() && p.group == QLatin1String("apiextensions.k8s.io") && p.version == QLatin1String("v1")
        && p.resource == QLatin1String("customresourcedefinitions") && p.name.isEmpty() && call.method == Method::Get
        && !call.params.flag(QStringLiteral("watch")))
        return HttpReply::json(QJsonObject{{QStringLiteral("kind"), QStringLiteral("CustomResourceDefinitionList")},
                                           {QStringLiteral("apiVersion"), QStringLiteral("apiextensions.k8s.io/v1")},
                                           {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("resourceVersion"),
                                                                                     QString::number(m_api.currentRevision())}}},
                                           {QStringLiteral("items"), QJsonArray()}});
    if (!call.rt.isValid() || call.rt.version != p.version)
        return HttpReply::notFound();
    const ResourceType &rt = call.rt;
    if (!rt.namespaced && !p.namespace_.isEmpty() && p.resource != QLatin1String("namespaces"))
        return HttpReply::notFound();
    if (rt.namespaced && p.namespace_.isEmpty() && (!p.name.isEmpty() || call.method != Method::Get))
        return HttpReply::notFound();
    if (!p.subresource.isEmpty() && !rt.subresources.contains(p.subresource))
        return HttpReply::notFound();

    const QString method = methodName(call.method);
    const auto notAllowed = [&](const char *verb) {
        return HttpReply::error(ApiError::methodNotSupported(rt.resource, rt.group, QLatin1String(verb)));
    };
    if (p.subresource == QLatin1String("scale"))
        return scale(call);
    if (p.subresource == QLatin1String("binding"))
        return call.method == Method::Post ? bind(call) : notAllowed("get");
    if (p.subresource == QLatin1String("log"))
        return call.method == Method::Get ? podLog(call) : notAllowed("create");
    // FinalizeREST is an Updater only: no get, patch or delete of namespaces/finalize.
    if (p.subresource == QLatin1String("finalize") && call.method != Method::Put)
        return notAllowed(call.method == Method::Patch ? "patch" : call.method == Method::Delete ? "delete" : "get");
    // Plain resource or its status subresource.
    switch (call.method) {
    case Method::Get:
    case Method::Head:
        if (!p.name.isEmpty())
            return get(call);
        if (p.subresource.isEmpty()) {
            // metav1.ListOptions.Watch, converted like every boolean parameter: ?watch=True is a watch.
            if (call.params.flag(QStringLiteral("watch")))
                return watch(call, responder);
            return list(call);
        }
        break;
    case Method::Post:
        if (p.name.isEmpty() && p.subresource.isEmpty())
            return create(call);
        return notAllowed("create");
    case Method::Put:
        if (!p.name.isEmpty())
            return update(call);
        return notAllowed("update");
    case Method::Patch:
        if (!p.name.isEmpty())
            return patch(call);
        return notAllowed("patch");
    case Method::Delete:
        if (!p.subresource.isEmpty())
            return notAllowed("delete");
        return p.name.isEmpty() ? removeCollection(call) : remove(call);
    default:
        break;
    }
    return HttpReply::error(methodNotAllowed(method, call.path));
}

} // namespace rlab::server
