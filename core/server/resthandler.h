#pragma once
#include "core/apiserver/apitypes.h"
#include "core/apiserver/resourcetype.h"
#include "core/server/httplimits.h"
#include "core/server/httpreply.h"
#include "core/server/inflightlimiter.h"
#include "core/server/queryparameters.h"
#include "core/server/restpath.h"

#include <QByteArray>
#include <QHttpServerRequest>
#include <QObject>
#include <QHash>
#include <QThreadPool>

#include <memory>
#include <optional>

class QHttpServerResponder;
class QTcpSocket;

namespace rlab {
class Clock;
namespace apiserver {
class ApiServer;
}
} // namespace rlab

namespace rlab::server {

class Authenticator;
class Authorizer;
class EncodedObjectCache;
class ReadOnlyGate;
class ReplyQueue;
struct ServerCounters;

// Turns HTTP requests into ApiServer calls the way kube-apiserver's handlers do: authentication
// (optional bearer token, "bearer" in any case), Host and Origin checks (no browser page, no
// DNS-rebinding name: only loopback Host names unless remote hosts are allowed), the 3 MiB body limit, discovery / version / OpenAPI documents, and for
// resource paths get / list (JSON or meta.k8s.io Table) / watch (chunked, see WatchStream) /
// create / update / patch / delete and the scale, status and binding subresources, with errors
// as metav1.Status. Each request is traced once, when answered (type HttpRequest: method, path,
// user agent, kubectl command, status), and the ApiServer calls run inside a CallerScope named
// after the User-Agent (kubectl/v1.31.9 …).
// Requests in flight (HttpLimits): a request that is not long-running takes a seat of the
// InflightLimiter (429 when none is free) and is served on one of requestWorkers pool threads;
// watches and logs are served on the HTTP server's thread and take no seat, as upstream.
// Answers leave each connection in request order (ReplyQueue).
// Thread rules: lives on the HTTP server's thread; handle() there only; the pool threads run
// only route() without a responder (ApiServer calls, encoding). It is the parent of the open
// WatchStreams, so destroying it closes them all; it waits for its pool threads first.
class RestHandler : public QObject
{
    Q_OBJECT
public:
    RestHandler(apiserver::ApiServer &api, Clock &clock, ServerCounters &counters, QObject *parent = nullptr);
    ~RestHandler() override;

    void setBearerToken(const QByteArray &token) { m_token = token; }
    // Classroom serving: with an Authenticator every request but /version and health checks
    // must authenticate (401), and with an Authorizer it must then be allowed (403 Forbidden).
    void setAuthenticator(std::shared_ptr<const Authenticator> authenticator) { m_authenticator = std::move(authenticator); }
    void setAuthorizer(std::shared_ptr<const Authorizer> authorizer) { m_authorizer = std::move(authorizer); }
    // Off (the default): only Host headers naming the loopback are served (403 otherwise).
    void setAllowRemoteHosts(bool allow) { m_allowRemoteHosts = allow; }
    void setServerAddress(const QString &hostPort) { m_serverAddress = hostPort; }
    // Writes refused (403) while the gate has a reason; reads and watches still served.
    void setReadOnlyGate(std::shared_ptr<const ReadOnlyGate> gate) { m_readOnly = std::move(gate); }
    // Call before the first request: the in-flight limits and the worker count.
    void setLimits(const HttpLimits &limits);

    void handle(const QHttpServerRequest &request, QHttpServerResponder &&responder);

private:
    // One request, parsed.
    struct Call
    {
        QHttpServerRequest::Method method = QHttpServerRequest::Method::Unknown;
        QString path;
        QueryParameters params;
        QString query;   // decoded, for the trace
        QByteArray accept, contentType, userAgent, kubectlCommand, body;
        RestPath rest;
        apiserver::ResourceType rt;
        QString user;   // the authenticated user's name, with an Authenticator
        bool privileged = false;   // in system:masters: never refused for lack of a seat
        QString param(const char *name) const;
    };

    // Sets call.user; an error for no user (401) or a request not allowed (403).
    std::optional<apiserver::ApiError> authenticateAndAuthorize(Call &call, const QByteArray &authorization,
                                                                const QTcpSocket *socket, bool publicPath) const;
    // The gate's reason for a write (POST, PUT, PATCH, DELETE) while it is closed, else empty.
    QString readOnlyReason(const Call &call) const;
    // Origin, Host, token, user and body size: the answer refusing the request, if any.
    std::optional<HttpReply> admit(Call &call, const QHttpServerRequest &request, const QTcpSocket *socket) const;
    // upstream's BasicLongRunningRequestCheck: a watch, or the log/exec/attach/proxy/portforward
    // subresources; and which pool of seats the others take (get and list are read-only).
    static bool isLongRunning(const Call &call);
    static InflightLimiter::Kind seatKind(const Call &call);
    // Sends `reply` when it is the connection's turn, and traces the request.
    void answer(quint64 ticket, const std::shared_ptr<const Call> &call, HttpReply reply);
    // nullopt: the responder was taken over by a watch stream (never without a responder).
    std::optional<HttpReply> route(Call &call, QHttpServerResponder *responder);
    std::optional<HttpReply> resource(Call &call, QHttpServerResponder *responder);
    HttpReply get(const Call &call);
    HttpReply list(const Call &call);
    std::optional<HttpReply> watch(const Call &call, QHttpServerResponder *responder);
    HttpReply create(const Call &call);
    HttpReply update(const Call &call);
    HttpReply patch(const Call &call);
    HttpReply remove(const Call &call);
    HttpReply removeCollection(const Call &call);
    HttpReply bind(const Call &call);
    HttpReply scale(const Call &call);
    HttpReply podLog(const Call &call);

    // Body -> JSON object (JSON or YAML by Content-Type); protobuf -> 415; bad syntax -> 400.
    std::optional<QJsonObject> decodeBody(const Call &call, HttpReply *error) const;
    apiserver::WriteOptions writeOptions(const Call &call) const;
    bool deleteOptionsFromQuery(const Call &call, apiserver::DeleteOptions *opts, HttpReply *error) const;
    // The list/watch options of the query, parsed and validated as kube-apiserver's ListResource
    // does: a malformed integer is a 400, ValidateListOptions' complaints a 422.
    std::optional<apiserver::ListOptions> listOptions(const Call &call, bool watch, HttpReply *error) const;
    bool wantsTable(const Call &call) const;
    HttpReply openApiV2(const Call &call) const;
    HttpReply objectReply(const Call &call, const api::Object &obj, int status = 200) const;
    void trace(const Call &call, int status) const;

    apiserver::ApiServer &m_api;
    Clock &m_clock;
    ServerCounters &m_counters;
    QByteArray m_token;
    std::shared_ptr<const Authenticator> m_authenticator;
    std::shared_ptr<const Authorizer> m_authorizer;
    bool m_allowRemoteHosts = false;
    QString m_serverAddress;
    std::shared_ptr<const ReadOnlyGate> m_readOnly;
    std::shared_ptr<EncodedObjectCache> m_encoded;   // shared with the watch streams' encoders
    InflightLimiter m_limiter;
    ReplyQueue *m_replies;   // a child
    QThreadPool m_pool;
};

} // namespace rlab::server
