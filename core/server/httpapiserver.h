#pragma once
#include "core/server/httplimits.h"
#include "core/server/servercounters.h"

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QSslConfiguration>
#include <QThread>

#include <memory>
#include <optional>

class QHttpServer;

namespace rlab {
class Clock;
namespace apiserver {
class ApiServer;
}
} // namespace rlab

namespace rlab::server {

class Authenticator;
class Authorizer;
class RestHandler;
class ReadOnlyGate;

// The Kubernetes-compatible HTTP API of one simulated cluster, for the real kubectl: a Qt
// HttpServer on its own QThread (so a busy GUI or controller thread never delays a request),
// loopback by default, port 0 = a free port. Requests go to a RestHandler on that thread, which
// runs the ApiServer calls of the short ones on its request workers, at most HttpLimits'
// in-flight limits at once (429 beyond, as kube-apiserver's maxinflight filter); watch
// streams are fed from the ApiServer's writer threads by queued calls, so many open watches
// cost nothing while idle and never block other requests. With a bearer token set, every
// request but /version and health checks must carry it (401 otherwise); kubectl sends tokens
// only over TLS, so a server with a token normally also gets a TLS configuration (HTTPS).
// Thread rules: construct, listen, close and destroy on one (owner) thread, never the server's
// own; counters() and the accessors from any thread. Every connection gets a ConnectionGuard
// (HttpLimits: body and header sizes, timeouts, a connection cap).
class HttpApiServer : public QObject
{
    Q_OBJECT
public:
    HttpApiServer(apiserver::ApiServer &api, Clock &clock, QObject *parent = nullptr);
    ~HttpApiServer() override;   // close()

    // Call before listen().
    void setBearerToken(const QByteArray &token) { m_token = token; }
    void setTlsConfiguration(const QSslConfiguration &tls) { m_tls = tls; }
    void setLimits(const HttpLimits &limits) { m_limits = limits; }
    // Classroom serving (see RestHandler): users from tokens or client certificates, and what
    // each may do. Shared, immutable; replaces the single bearer token's check when set.
    void setAuthenticator(std::shared_ptr<const Authenticator> a) { m_authenticator = std::move(a); }
    void setAuthorizer(std::shared_ptr<const Authorizer> a) { m_authorizer = std::move(a); }
    // Off (the default): requests must name a loopback Host and no request may carry an Origin
    // (403): no web page, not even through DNS rebinding, can drive the lab.
    void setAllowRemoteHosts(bool allow) { m_allowRemoteHosts = allow; }
    // Any time, from the owner thread: a non-empty reason refuses every write with 403
    // Forbidden and that reason (ReadOnlyGate); empty takes writes again.
    void setReadOnly(const QString &reason);
    // Starts the thread and listens; false (and *error) if the address cannot be bound, or if
    // it is not a loopback address and the server has no TLS configuration or no
    // authentication (a bearer token or an Authenticator): other machines get neither a
    // plain-text API nor an open one.
    bool listen(const QHostAddress &address = QHostAddress(QHostAddress::LocalHost), quint16 port = 0,
                QString *error = nullptr);
    // Closes every watch stream and connection, then stops the thread. Idempotent.
    void close();

    bool isListening() const { return m_http != nullptr; }
    QHostAddress address() const { return m_address; }
    quint16 port() const { return m_port; }
    QString url() const;   // "http://127.0.0.1:PORT" ("https://…" with TLS)
    const ServerCounters &counters() const { return m_counters; }

private:
    apiserver::ApiServer &m_api;
    Clock &m_clock;
    QByteArray m_token;
    std::shared_ptr<const Authenticator> m_authenticator;
    std::shared_ptr<const Authorizer> m_authorizer;
    std::optional<QSslConfiguration> m_tls;
    HttpLimits m_limits;
    bool m_allowRemoteHosts = false;
    std::shared_ptr<ReadOnlyGate> m_readOnly;
    ServerCounters m_counters;
    QThread m_thread;
    QHttpServer *m_http = nullptr;       // lives on m_thread
    RestHandler *m_handler = nullptr;    // lives on m_thread
    QHostAddress m_address;
    quint16 m_port = 0;
};

} // namespace rlab::server
