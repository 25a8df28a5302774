// SPDX-License-Identifier: Apache-2.0
#include "core/http/transport.h"

#include "core/http/credentialsource.h"
#include "core/http/replywaiter.h"
#include "core/http/transporterror.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace rlab::http {

Transport::Transport(TransportContext ctx) : m_ctx(std::move(ctx)) { }

Transport::~Transport()
{
    shutdown();
}

void Transport::init()
{
    m_nam = new QNetworkAccessManager(this);
    m_nam->setProxy(m_ctx.proxy);
    m_nam->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);   // never resend credentials elsewhere
    m_ctx.credentials = new CredentialSource(m_ctx.config, m_ctx.options.requestTimeoutMs, *m_ctx.counters, this);
}

void Transport::shutdown()
{
    if (m_shutdown)
        return;
    m_shutdown = true;
    for (const QPointer<WatchConnection> &w : std::as_const(m_watches))
        if (w)
            w->close();
    m_watches.clear();
    const auto inFlight = m_inFlight;
    m_inFlight.clear();
    for (auto it = inFlight.begin(); it != inFlight.end(); ++it) {
        it.key()->disconnect(this);
        it.key()->abort();
        it.value()->set(HttpResponse{0, {}, QStringLiteral("the client was closed"), 0});
    }
}

void Transport::send(const HttpRequest &request, const std::shared_ptr<ReplyWaiter> &waiter)
{
    if (m_shutdown) {
        waiter->set(HttpResponse{0, {}, QStringLiteral("the client was closed"), 0});
        return;
    }
    QPointer<Transport> self(this);
    m_ctx.credentials->acquire([self, request, waiter](const Credential &c, const QString &error) {
        if (!self)
            return;
        if (!error.isEmpty()) {
            waiter->set(HttpResponse{0, {}, error, 0});
            return;
        }
        self->sendWith(request, waiter, c, false);
    });
}

void Transport::sendWith(const HttpRequest &request, const std::shared_ptr<ReplyWaiter> &waiter, const Credential &credential,
                         bool retried)
{
    QNetworkRequest req{QUrl(m_ctx.url(request.pathAndQuery), QUrl::StrictMode)};
    req.setTransferTimeout(int(m_ctx.options.requestTimeoutMs));
    req.setRawHeader("Accept", "application/json");
    req.setRawHeader("User-Agent", m_ctx.config.userAgent.toUtf8());
    if (!credential.authorization.isEmpty())
        req.setRawHeader("Authorization", credential.authorization);
    if (!request.contentType.isEmpty())
        req.setRawHeader("Content-Type", request.contentType);
    if (m_ctx.https()) {
        QSslConfiguration tls = m_ctx.tls;
        if (!credential.certificate.isNull()) {
            tls.setLocalCertificate(credential.certificate);
            tls.setPrivateKey(credential.key);
        }
        req.setSslConfiguration(tls);
        if (!m_ctx.config.tlsServerName.isEmpty())
            req.setPeerVerifyName(m_ctx.config.tlsServerName);
    }
    ++m_ctx.counters->requests;
    QNetworkReply *reply = request.body.isEmpty() && request.method != "POST" && request.method != "PUT" && request.method != "PATCH"
                                   ? m_nam->sendCustomRequest(req, request.method)
                                   : m_nam->sendCustomRequest(req, request.method, request.body);
    m_inFlight.insert(reply, waiter);
    auto sslErrors = std::make_shared<QList<QSslError>>();
    connect(reply, &QNetworkReply::sslErrors, this, [sslErrors](const QList<QSslError> &e) { *sslErrors = e; });
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    connect(reply, &QNetworkReply::finished, this, [this, reply, request, waiter, credential, retried, sslErrors, timer] {
        reply->deleteLater();
        if (!m_inFlight.remove(reply))
            return;   // shut down meanwhile
        HttpResponse r;
        const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (status.isValid()) {
            r.status = status.toInt();
            r.body = reply->readAll();
            r.retryAfterSeconds = reply->rawHeader("Retry-After").toInt();
        } else {
            QAbstractSocket::SocketError socketError = QAbstractSocket::UnknownSocketError;
            switch (reply->error()) {
            case QNetworkReply::ConnectionRefusedError: socketError = QAbstractSocket::ConnectionRefusedError; break;
            case QNetworkReply::HostNotFoundError: socketError = QAbstractSocket::HostNotFoundError; break;
            case QNetworkReply::TimeoutError:
            case QNetworkReply::OperationCanceledError: socketError = QAbstractSocket::SocketTimeoutError; break;
            case QNetworkReply::RemoteHostClosedError: socketError = QAbstractSocket::RemoteHostClosedError; break;
            case QNetworkReply::SslHandshakeFailedError: socketError = QAbstractSocket::SslHandshakeFailedError; break;
            case QNetworkReply::ProxyConnectionRefusedError: socketError = QAbstractSocket::ProxyConnectionRefusedError; break;
            case QNetworkReply::ProxyNotFoundError: socketError = QAbstractSocket::ProxyNotFoundError; break;
            default: break;
            }
            r.transportError = TransportError::describe(socketError, *sslErrors, m_ctx.config.server, reply->errorString());
        }
        m_ctx.trace("HttpRequest", QStringLiteral("%1 %2 \u2192 %3 (%4 ms)")
                                           .arg(QString::fromLatin1(request.method), request.pathAndQuery,
                                                r.status ? QString::number(r.status) : r.transportError)
                                           .arg(timer->elapsed()));
        if (r.status == 401 && !retried && m_ctx.credentials->invalidate(credential)) {
            ++m_ctx.counters->unauthorizedRetries;
            QPointer<Transport> self(this);
            m_ctx.credentials->acquire([self, request, waiter](const Credential &c, const QString &error) {
                if (!self)
                    return;
                if (!error.isEmpty())
                    waiter->set(HttpResponse{0, {}, error, 0});
                else
                    self->sendWith(request, waiter, c, true);
            });
            return;
        }
        waiter->set(std::move(r));
    });
}

void Transport::openWatch(quint64 id, const apiserver::ResourceType &rt, const QString &collectionPath,
                          const apiserver::ListOptions &opts, const std::shared_ptr<HttpWatch> &sink,
                          WatchConnection::HeadCallback onHead)
{
    if (m_shutdown) {
        onHead(HttpResponse{0, {}, QStringLiteral("the client was closed"), 0});
        return;
    }
    auto *w = new WatchConnection(m_ctx, rt, collectionPath, opts, sink, std::move(onHead), this);
    m_watches.insert(id, w);
    connect(w, &QObject::destroyed, this, [this, id] { m_watches.remove(id); });
    w->open();
}

void Transport::closeWatch(quint64 id)
{
    if (const QPointer<WatchConnection> w = m_watches.take(id))
        w->close();
}

} // namespace rlab::http
