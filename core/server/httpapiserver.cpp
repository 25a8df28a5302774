#include "core/server/httpapiserver.h"

#include "core/server/guardedtcpserver.h"
#include "core/server/readonlygate.h"
#include "core/server/resthandler.h"

#include <QHttpServer>
#include <QSslServer>
#include <QTcpServer>

namespace rlab::server {

HttpApiServer::HttpApiServer(apiserver::ApiServer &api, Clock &clock, QObject *parent)
    : QObject(parent), m_api(api), m_clock(clock), m_readOnly(std::make_shared<ReadOnlyGate>())
{
    m_thread.setObjectName(QStringLiteral("rlab-http"));
}

void HttpApiServer::setReadOnly(const QString &reason)
{
    m_readOnly->setReason(reason);
}

HttpApiServer::~HttpApiServer()
{
    close();
}

QString HttpApiServer::url() const
{
    const QString host = m_address.protocol() == QAbstractSocket::IPv6Protocol ? QLatin1Char('[') + m_address.toString() + QLatin1Char(']')
                                                                                : m_address.toString();
    return QStringLiteral("%1://%2:%3").arg(m_tls ? QStringLiteral("https") : QStringLiteral("http"), host).arg(m_port);
}

bool HttpApiServer::listen(const QHostAddress &address, quint16 port, QString *error)
{
    if (m_http) {
        if (error)
            *error = QStringLiteral("already listening on %1").arg(url());
        return false;
    }
    if (!address.isLoopback() && (!m_tls || (m_token.isEmpty() && !m_authenticator))) {
        if (error)
            *error = QStringLiteral("refusing to listen on %1, which other machines can reach, without %2: serve with TLS and "
                                    "authentication (a bearer token or users) there")
                         .arg(address.toString(), !m_tls ? QStringLiteral("TLS") : QStringLiteral("authentication"));
        return false;
    }
    m_thread.start();
    m_http = new QHttpServer;
    m_handler = new RestHandler(m_api, m_clock, m_counters);
    m_handler->setBearerToken(m_token);
    m_handler->setAuthenticator(m_authenticator);
    m_handler->setAuthorizer(m_authorizer);
    m_handler->setAllowRemoteHosts(m_allowRemoteHosts);
    m_handler->setReadOnlyGate(m_readOnly);
    m_handler->setLimits(m_limits);
    m_http->moveToThread(&m_thread);
    m_handler->moveToThread(&m_thread);

    QString failure;
    quint16 bound = 0;
    QMetaObject::invokeMethod(
        m_http,
        [&] {
            RestHandler *handler = m_handler;
            m_http->setMissingHandler([handler](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
                handler->handle(request, std::move(responder));
            });
            QTcpServer *tcp = nullptr;
            if (m_tls) {
                auto *ssl = new GuardedTcpServer<QSslServer>(m_limits, m_counters);
                ssl->setSslConfiguration(*m_tls);
                tcp = ssl;
            } else {
                tcp = new GuardedTcpServer<QTcpServer>(m_limits, m_counters);
            }
            tcp->setParent(m_http);
            tcp->setListenBacklogSize(m_limits.listenBacklog);
            // Qt stops accepting at 30 pending connections, and QSslServer counts those still in
            // their TLS handshake: 30 silent clients would lock everyone out. The guards' cap and
            // timeouts bound them instead — and at the cap a new connection evicts a silent one,
            // so Qt must go on accepting there: an evicted handshake stays QSslServer's (and
            // counted by it) until its handshake timeout deletes it, up to 5 s later.
            tcp->setMaxPendingConnections(4 * m_limits.maxConnections);
            if (!tcp->listen(address, port)) {
                failure = tcp->errorString();
                return;
            }
            bound = tcp->serverPort();
            m_http->bind(tcp);
            const QString host = address.protocol() == QAbstractSocket::IPv6Protocol ? QLatin1Char('[') + address.toString() + QLatin1Char(']')
                                                                                      : address.toString();
            handler->setServerAddress(QStringLiteral("%1:%2").arg(host).arg(bound));
        },
        Qt::BlockingQueuedConnection);
    if (bound == 0) {
        if (error)
            *error = QStringLiteral("cannot listen on %1:%2: %3").arg(address.toString()).arg(port).arg(failure);
        close();
        return false;
    }
    m_address = address;
    m_port = bound;
    return true;
}

void HttpApiServer::close()
{
    if (!m_http)
        return;
    // On the server's thread: the HTTP server with its sockets, then (deferred, when the thread's
    // loop ends) the handler and its watch streams, which stop their ApiWatches. The functor's
    // context must outlive the call, so it is the handler that deletes the server.
    QMetaObject::invokeMethod(
        m_handler,
        [http = m_http, handler = m_handler] {
            delete http;
            handler->deleteLater();
        },
        Qt::BlockingQueuedConnection);
    m_handler = nullptr;
    m_http = nullptr;
    m_thread.quit();
    m_thread.wait();
    m_port = 0;
}

} // namespace rlab::server
