// SPDX-License-Identifier: Apache-2.0
// RestClient: construction, the blocking call path, reads, lists (paged) and watches. The
// writes are in restclientwrite.cpp.
#include "core/http/restclient.h"

#include "core/http/backoffgate.h"
#include "core/http/httpwatch.h"
#include "core/http/networkthread.h"
#include "core/http/objectdecoder.h"
#include "core/http/replywaiter.h"
#include "core/http/resourcepath.h"
#include "core/http/resourceversions.h"
#include "core/http/statuserror.h"
#include "core/http/systemclock.h"
#include "core/http/transport.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::http {

using apiserver::ApiError;
using apiserver::ObjectList;
using apiserver::WatchInterface;

namespace {
// "https://host:port/prefix" + "/api/v1/pods?limit=500", for messages.
QString urlOf(const QUrl &server, const QString &pathAndQuery)
{
    QString prefix = server.path();
    while (prefix.endsWith(QLatin1Char('/')))
        prefix.chop(1);
    return server.toString(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveUserInfo | QUrl::StripTrailingSlash) + prefix
           + pathAndQuery;
}
} // namespace

RestClient::RestClient(RestConfig config, ConnectOptions options, const QSslConfiguration &tls, const QNetworkProxy &proxy)
    : m_config(std::move(config)), m_options(options), m_counters(std::make_unique<ClientCounters>()),
      m_backoff(std::make_unique<BackoffGate>(options.backoffInitialMs, options.backoffMaxMs)),
      m_resourceVersions(std::make_unique<ResourceVersions>())
{
    if (m_options.clock) {
        m_clock = m_options.clock;
    } else {
        m_ownClock = std::make_unique<SystemClock>();
        m_clock = m_ownClock.get();
    }
    TransportContext ctx;
    ctx.config = m_config;
    ctx.options = m_options;
    ctx.tls = tls;
    ctx.proxy = proxy;
    ctx.counters = m_counters.get();
    ctx.resourceVersions = m_resourceVersions.get();
    m_net = std::make_unique<NetworkThread>(std::move(ctx));
}

RestClient::~RestClient()
{
    m_net.reset();   // before the counters and the clock it refers to
}

Clock &RestClient::clock()
{
    return *m_clock;
}

TraceLog *RestClient::trace() const
{
    return m_options.trace;
}

client::Interface::Result<QJsonObject> RestClient::call(const QByteArray &method, const QString &pathAndQuery, const QByteArray &body,
                                                const QByteArray &contentType) const
{
    if (m_net->isNetworkThread())
        return Result<QJsonObject>::failure(ApiError::internal(QStringLiteral("RestClient: a verb was called on the client's own network thread")));
    auto waiter = std::make_shared<ReplyWaiter>();
    HttpRequest req{method, pathAndQuery, body, contentType};
    m_net->post([req, waiter](Transport &t) { t.send(req, waiter); });
    // The transfer timeout runs on the network thread; this margin covers credential plugins.
    const std::optional<HttpResponse> r = waiter->wait(std::chrono::milliseconds(2 * m_options.requestTimeoutMs + 5000));
    const QString url = urlOf(m_config.server, pathAndQuery);
    if (!r)
        return Result<QJsonObject>::failure(StatusError::fromResponse(HttpResponse{0, {}, QStringLiteral("context deadline exceeded"), 0}, method, url));
    if (r->status < 200 || r->status >= 300)
        return Result<QJsonObject>::failure(StatusError::fromResponse(*r, method, url));
    Result<QJsonObject> out;
    QJsonParseError pe;
    out.value = QJsonDocument::fromJson(r->body, &pe).object();
    if (pe.error != QJsonParseError::NoError && !r->body.isEmpty())
        return Result<QJsonObject>::failure(ApiError::internal(QStringLiteral("unable to decode the server's answer to %1 %2: %3")
                                                                       .arg(QString::fromLatin1(method), url, pe.errorString())));
    return out;
}

client::Interface::Result<api::ObjectPtr> RestClient::objectCall(const QByteArray &method, const QString &pathAndQuery, const ResourceType &rt,
                                                         const QByteArray &body, const QByteArray &contentType) const
{
    const Result<QJsonObject> r = call(method, pathAndQuery, body, contentType);
    if (!r.ok())
        return Result<ObjectPtr>::failure(*r.error);
    Result<ObjectPtr> out;
    if (StatusError::isStatus(r.value))
        return out;   // e.g. DELETE answered with Status Success: no object
    QString error;
    out.value = ObjectDecoder::decode(r.value, rt, &error);
    if (!out.value)
        return Result<ObjectPtr>::failure(ApiError::internal(error));
    return out;
}

client::Interface::Result<QJsonObject> RestClient::getJson(const QString &path) const
{
    return call("GET", path);
}

client::Interface::Result<api::ObjectPtr> RestClient::get(const ResourceType &rt, const QString &ns, const QString &name) const
{
    return objectCall("GET", ResourcePath::path(rt, ns, name), rt);
}

QString RestClient::gateKey(const char *verb, const ResourceType &rt, const QString &ns, const ListOptions &opts)
{
    return QStringList{QLatin1String(verb), rt.qualified(), ns, opts.labelSelector, opts.fieldSelector}.join(QLatin1Char('|'));
}

std::optional<apiserver::ListOptions> RestClient::toServer(const ListOptions &opts) const
{
    const std::optional<QString> rv = m_resourceVersions->toServer(opts.resourceVersion);
    if (!rv)
        return std::nullopt;
    ListOptions out = opts;
    out.resourceVersion = *rv;
    return out;
}

client::Interface::Result<ObjectList> RestClient::listPage(const ResourceType &rt, const QString &ns, const ListOptions &opts) const
{
    ++m_counters->listPages;
    const Result<QJsonObject> r = call("GET", ResourcePath::withQuery(ResourcePath::path(rt, ns), ResourcePath::listQuery(opts, false)));
    if (!r.ok())
        return Result<ObjectList>::failure(*r.error);
    Result<ObjectList> out;
    const QJsonObject meta = r.value.value(QLatin1String("metadata")).toObject();
    out.value.resourceVersion = m_resourceVersions->toLocal(meta.value(QLatin1String("resourceVersion")).toString());
    out.value.continueToken = meta.value(QLatin1String("continue")).toString();
    out.value.remainingItemCount = qint64(meta.value(QLatin1String("remainingItemCount")).toDouble(-1));
    const QJsonArray items = r.value.value(QLatin1String("items")).toArray();
    out.value.items.reserve(items.size());
    for (const QJsonValue &v : items) {
        QString error;
        api::MutableObjectPtr obj = ObjectDecoder::decode(v.toObject(), rt, &error);
        if (!obj)
            return Result<ObjectList>::failure(ApiError::internal(error));
        out.value.items.append(std::move(obj));
    }
    return out;
}

// client-go's ListPager: pages of listPageSize chained by `continue` (one consistent snapshot at
// the first page's resourceVersion); an expired continue token falls back to one full list.
client::Interface::Result<ObjectList> RestClient::listAll(const ResourceType &rt, const QString &ns, const ListOptions &opts) const
{
    ListOptions page = opts;
    page.limit = m_options.listPageSize;
    Result<ObjectList> all = listPage(rt, ns, page);
    if (!all.ok())
        return all;
    while (!all.value.continueToken.isEmpty()) {
        page.continueToken = all.value.continueToken;
        page.resourceVersion.clear();
        page.resourceVersionMatch.clear();
        Result<ObjectList> next = listPage(rt, ns, page);
        if (!next.ok()) {
            if (next.error->code == 410)
                return listPage(rt, ns, opts);   // "continue" expired: one full list, no limit
            return next;
        }
        all.value.items.append(next.value.items);
        all.value.continueToken = next.value.continueToken;
    }
    all.value.remainingItemCount = -1;
    return all;
}

client::Interface::Result<ObjectList> RestClient::list(const ResourceType &rt, const QString &ns, const ListOptions &opts) const
{
    const QString key = gateKey("list", rt, ns, opts);
    if (std::optional<ApiError> refused = m_backoff->check(key)) {
        ++m_counters->backoffRefusals;
        return Result<ObjectList>::failure(*refused);
    }
    // A synthetic resourceVersion no longer remembered: list the most recent state instead (""
    // is never older than what the caller saw; resourceVersionMatch needs a resourceVersion).
    ListOptions wire = toServer(opts).value_or([&opts] {
        ListOptions o = opts;
        o.resourceVersion.clear();
        o.resourceVersionMatch.clear();
        return o;
    }());
    const bool paged = wire.limit <= 0 && wire.continueToken.isEmpty() && m_options.listPageSize > 0;
    Result<ObjectList> r = paged ? listAll(rt, ns, wire) : listPage(rt, ns, wire);
    m_backoff->record(key, r.error);
    return r;
}

// A watch that is over before it started: one ERROR event with `error` (410 Gone).
static client::Interface::Result<std::shared_ptr<WatchInterface>> expiredWatch(const ApiError &error)
{
    auto expired = std::make_shared<HttpWatch>(std::function<void()>(), std::function<void()>());
    apiserver::ApiWatchEvent ev;
    ev.type = apiserver::ApiWatchEvent::Error;
    ev.error = error;
    std::vector<apiserver::ApiWatchEvent> one;
    one.push_back(std::move(ev));
    expired->push(std::move(one));
    expired->finish();
    client::Interface::Result<std::shared_ptr<WatchInterface>> out;
    out.value = expired;
    return out;
}

client::Interface::Result<std::shared_ptr<WatchInterface>> RestClient::watch(const ResourceType &rt, const QString &ns,
                                                                     const ListOptions &opts, std::function<void()> notify)
{
    using WatchResult = Result<std::shared_ptr<WatchInterface>>;
    if (m_net->isNetworkThread())
        return WatchResult::failure(ApiError::internal(QStringLiteral("RestClient: watch was called on the client's own network thread")));
    const QString key = gateKey("watch", rt, ns, opts);
    if (std::optional<ApiError> refused = m_backoff->check(key)) {
        ++m_counters->backoffRefusals;
        return WatchResult::failure(*refused);
    }
    const std::optional<ListOptions> wire = toServer(opts);
    if (!wire) {
        // A synthetic resourceVersion no longer remembered: its string is unknown, so the watch
        // cannot resume from it. As kube-apiserver for a too old one: 410 Gone, so the Reflector
        // relists (a watch from "" or "0" would silently skip or replay events).
        const ApiError gone = ApiError::gone(QStringLiteral("too old resource version: %1 (the client no longer knows the "
                                                            "server's resourceVersion it stands for)").arg(opts.resourceVersion));
        ++m_counters->watchExpired;
        return expiredWatch(gone);
    }
    const quint64 id = m_nextWatchId.fetch_add(1);
    auto post = m_net->poster();
    auto sink = std::make_shared<HttpWatch>(std::move(notify), [post, id] { post([id](Transport &t) { t.closeWatch(id); }); });
    auto waiter = std::make_shared<ReplyWaiter>();
    const QString path = ResourcePath::path(rt, ns);
    m_net->post([id, rt, path, opts = *wire, sink, waiter](Transport &t) {
        t.openWatch(id, rt, path, opts, sink, [waiter](const HttpResponse &r) { waiter->set(r); });
    });
    const std::optional<HttpResponse> head = waiter->wait(std::chrono::milliseconds(2 * m_options.requestTimeoutMs + 5000));
    const QString url = urlOf(m_config.server, ResourcePath::withQuery(path, ResourcePath::listQuery(*wire, true)));
    WatchResult out;
    if (head && head->status == 200) {
        m_backoff->record(key, std::nullopt);
        out.value = sink;
        return out;
    }
    sink->stop();
    const ApiError e = StatusError::fromResponse(head ? *head : HttpResponse{0, {}, QStringLiteral("context deadline exceeded"), 0},
                                                 "GET", url);
    if (e.code == 410) {
        // Too old a resourceVersion: as kube-apiserver's watch cache, one ERROR event, so that a
        // Reflector relists (a failed watch() would only be retried).
        ++m_counters->watchExpired;
        return expiredWatch(e);
    }
    m_backoff->record(key, e);
    return WatchResult::failure(e);
}

} // namespace rlab::http
