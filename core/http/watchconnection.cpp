// SPDX-License-Identifier: Apache-2.0
#include "core/http/watchconnection.h"

#include "core/http/credentialsource.h"
#include "core/http/httpwatch.h"
#include "core/http/resourcepath.h"
#include "core/http/resourceversions.h"
#include "core/http/statuserror.h"
#include "core/http/transportcontext.h"
#include "core/http/transporterror.h"
#include "core/http/watchevents.h"

#include <QJsonDocument>
#include <QRandomGenerator>

namespace rlab::http {

using apiserver::ApiWatchEvent;

WatchConnection::WatchConnection(const TransportContext &ctx, apiserver::ResourceType rt, QString collectionPath,
                                 apiserver::ListOptions opts, std::shared_ptr<HttpWatch> sink, HeadCallback onHead,
                                 QObject *parent)
    : QObject(parent), m_ctx(ctx), m_rt(std::move(rt)), m_path(std::move(collectionPath)), m_opts(std::move(opts)),
      m_sink(std::move(sink)), m_onHead(std::move(onHead)), m_rv(m_opts.resourceVersion),
      m_backoff(ctx.options.backoffInitialMs, ctx.options.backoffMaxMs)
{
    m_watchdog.setSingleShot(true);
    m_watchdog.setInterval(int(std::min<qint64>(ctx.options.watchIdleTimeoutMs, std::numeric_limits<int>::max())));
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        ++m_ctx.counters->watchdogFired;
        m_ctx.trace("Watchdog", QStringLiteral("watch %1 sent nothing for %2 ms (not even a bookmark): reconnecting from "
                                               "resourceVersion %3").arg(m_path).arg(m_watchdog.interval()).arg(m_rv));
        dropSocket();
        if (!m_opened)
            attemptFailed(HttpResponse{0, {}, QStringLiteral("context deadline exceeded (Client.Timeout exceeded while awaiting headers)"), 0});
        else
            reconnectLater(0);
    });
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &WatchConnection::open);
}

WatchConnection::~WatchConnection()
{
    if (m_sink)
        m_sink->finish();
}

int WatchConnection::timeoutSeconds() const
{
    if (m_opts.timeoutSeconds)
        return int(*m_opts.timeoutSeconds);
    if (m_ctx.options.watchTimeoutSeconds > 0)
        return m_ctx.options.watchTimeoutSeconds;
    return 300 + int(QRandomGenerator::global()->bounded(300));   // the Reflector's minWatchTimeout × [1, 2)
}

void WatchConnection::open()
{
    if (m_closed)
        return;
    QPointer<WatchConnection> self(this);
    m_ctx.credentials->acquire([self](const Credential &c, const QString &error) {
        if (!self || self->m_closed)
            return;
        if (!error.isEmpty()) {
            self->attemptFailed(HttpResponse{0, {}, error, 0});
            return;
        }
        self->connectSocket(c);
    });
}

void WatchConnection::connectSocket(const Credential &credential)
{
    dropSocket();
    m_credential = credential;
    m_parser = ResponseParser();
    m_sslErrors.clear();
    m_headHandled = false;
    m_streamGotData = false;
    auto *s = new QSslSocket(this);
    m_socket = s;
    s->setProxy(m_ctx.proxy);
    connect(s, &QSslSocket::readyRead, this, &WatchConnection::onReadyRead);
    connect(s, &QSslSocket::sslErrors, this, [this](const QList<QSslError> &errors) { m_sslErrors = errors; });
    connect(s, &QAbstractSocket::errorOccurred, this, [this, s](QAbstractSocket::SocketError e) {
        if (s != m_socket)
            return;
        if (e == QAbstractSocket::RemoteHostClosedError && m_parser.headComplete())
            return;   // handled by disconnected
        const QString why = TransportError::describe(e, m_sslErrors, m_ctx.config.server, s->errorString(), m_ctx.config.tlsServerName);
        dropSocket();
        onEnded(why);
    });
    connect(s, &QAbstractSocket::disconnected, this, [this, s] {
        if (s != m_socket)
            return;
        onReadyRead();
        m_parser.closed();
        if (m_socket != s)
            return;
        dropSocket();
        onEnded(m_parser.state() == ResponseParser::State::Done ? QString() : QStringLiteral("unexpected EOF"));
    });
    const QUrl &server = m_ctx.config.server;
    const quint16 port = quint16(server.port(m_ctx.https() ? 443 : 80));
    // Until the first answer the watchdog bounds connecting, the TLS handshake and the head like
    // any request (requestTimeoutMs); on an open stream it is the idle limit.
    m_watchdog.start(int(std::min<qint64>(m_opened ? m_ctx.options.watchIdleTimeoutMs : m_ctx.options.requestTimeoutMs,
                                          std::numeric_limits<int>::max())));
    if (m_ctx.https()) {
        QSslConfiguration tls = m_ctx.tls;
        if (!credential.certificate.isNull()) {
            tls.setLocalCertificate(credential.certificate);
            tls.setPrivateKey(credential.key);
        }
        s->setSslConfiguration(tls);
        connect(s, &QSslSocket::encrypted, this, &WatchConnection::sendRequest);
        const QString peer = m_ctx.config.tlsServerName.isEmpty() ? server.host() : m_ctx.config.tlsServerName;
        s->connectToHostEncrypted(server.host(), port, peer);
    } else {
        connect(s, &QAbstractSocket::connected, this, &WatchConnection::sendRequest);
        s->connectToHost(server.host(), port);
    }
}

void WatchConnection::sendRequest()
{
    apiserver::ListOptions o = m_opts;
    o.resourceVersion = m_rv;
    o.timeoutSeconds = timeoutSeconds();
    const QString target = m_ctx.basePath() + ResourcePath::withQuery(m_path, ResourcePath::listQuery(o, true));
    const QUrl &server = m_ctx.config.server;
    QByteArray req = "GET " + target.toUtf8() + " HTTP/1.1\r\nHost: " + server.host().toUtf8();
    if (server.port() > 0)
        req += ':' + QByteArray::number(server.port());
    req += "\r\nUser-Agent: " + m_ctx.config.userAgent.toUtf8() + "\r\nAccept: application/json\r\n";
    if (!m_credential.authorization.isEmpty())
        req += "Authorization: " + m_credential.authorization + "\r\n";
    req += "\r\n";
    ++m_ctx.counters->requests;
    m_socket->write(req);
}

void WatchConnection::onReadyRead()
{
    if (!m_socket)
        return;
    const QByteArray bytes = m_socket->readAll();
    if (bytes.isEmpty())
        return;
    if (m_parser.headComplete() || m_opened)   // any byte counts: events, bookmarks, chunk framing
        m_watchdog.start(int(std::min<qint64>(m_ctx.options.watchIdleTimeoutMs, std::numeric_limits<int>::max())));
    if (!m_parser.feed(bytes)) {
        dropSocket();
        onEnded(QStringLiteral("malformed HTTP response from the server"));
        return;
    }
    if (m_parser.headComplete() && !m_headHandled) {
        if (m_parser.status() != 200) {
            if (m_parser.state() != ResponseParser::State::Done)
                return;   // wait for the whole error body
            m_headHandled = true;
            const HttpResponse r{m_parser.status(), m_parser.takeRest(), {}, m_parser.header("Retry-After").toInt()};
            dropSocket();
            attemptFailed(r);
            return;
        }
        m_headHandled = true;
        onHead();
    }
    if (m_headHandled && m_socket)
        onEvents();
    if (m_parser.state() == ResponseParser::State::Done && m_socket) {
        dropSocket();
        onEnded({});
    }
}

void WatchConnection::onHead()
{
    m_watchdog.start(int(std::min<qint64>(m_ctx.options.watchIdleTimeoutMs, std::numeric_limits<int>::max())));
    ++m_ctx.counters->watchesOpened;
    m_retried401 = false;
    if (m_opened) {
        ++m_ctx.counters->watchReconnects;
        m_ctx.trace("WatchReconnect", QStringLiteral("re-watching %1 from resourceVersion %2").arg(m_path, m_rv));
    }
    m_opened = true;
    if (m_onHead) {
        HeadCallback cb;
        cb.swap(m_onHead);
        cb(HttpResponse{200, {}, {}, 0});
    }
}

void WatchConnection::onEvents()
{
    std::vector<ApiWatchEvent> events;
    for (const QByteArray &line : m_parser.takeLines()) {
        ApiWatchEvent ev;
        QString rv, error;
        if (!WatchEvents::decode(line, m_rt, &ev, &rv, &error)) {
            m_ctx.trace("WatchDecodeError", error);
            continue;
        }
        m_streamGotData = true;
        if (ev.type == ApiWatchEvent::Error) {
            if (ev.error.code == 410)
                ++m_ctx.counters->watchExpired;
            m_sink->push(std::move(events));
            endWith(ev.error);
            return;
        }
        if (ev.type == ApiWatchEvent::Bookmark)
            ++m_ctx.counters->bookmarks;
        if (!rv.isEmpty())
            m_rv = rv;
        if (m_ctx.resourceVersions)   // opaque strings too ("abc:17"), numbered in order of arrival
            ev.revision = m_ctx.resourceVersions->toLocal(rv);
        events.push_back(std::move(ev));
    }
    if (m_streamGotData)
        m_backoff.reset();
    m_sink->push(std::move(events));
}

void WatchConnection::onEnded(const QString &transportError)
{
    if (m_closed)
        return;
    if (!m_opened) {
        attemptFailed(HttpResponse{0, {}, transportError.isEmpty() ? QStringLiteral("EOF") : transportError, 0});
        return;
    }
    if (transportError.isEmpty()) {
        reconnectLater(0);   // the server's timeoutSeconds: re-watch at once
        return;
    }
    m_ctx.trace("WatchError", QStringLiteral("watch %1 failed: %2").arg(m_path, transportError));
    reconnectLater(m_backoff.next());
}

void WatchConnection::attemptFailed(const HttpResponse &r)
{
    if (m_closed)
        return;
    if (r.status == 401 && !m_retried401 && m_ctx.credentials->invalidate(m_credential)) {
        m_retried401 = true;
        ++m_ctx.counters->unauthorizedRetries;
        open();
        return;
    }
    if (m_onHead) {   // the first attempt: RestClient::watch answers with it
        HeadCallback cb;
        cb.swap(m_onHead);
        cb(r);
        close();
        return;
    }
    const apiserver::ApiError e = StatusError::fromResponse(r, "GET", m_ctx.url(m_path));
    if (r.status == 0 || r.status == 429 || r.status >= 500) {
        m_ctx.trace("WatchError", QStringLiteral("watch %1 failed: %2").arg(m_path, e.message));
        reconnectLater(std::max<qint64>(m_backoff.next(), qint64(r.retryAfterSeconds) * 1000));
        return;
    }
    if (r.status == 410)
        ++m_ctx.counters->watchExpired;
    endWith(e);
}

void WatchConnection::endWith(const apiserver::ApiError &error)
{
    ApiWatchEvent ev;
    ev.type = ApiWatchEvent::Error;
    ev.error = error;
    std::vector<ApiWatchEvent> one;
    one.push_back(std::move(ev));
    m_sink->push(std::move(one));
    m_ctx.trace(error.code == 410 ? "WatchExpired" : "WatchError",
                QStringLiteral("watch %1 ended: %2 %3").arg(m_path).arg(error.code).arg(error.message));
    close();
}

void WatchConnection::reconnectLater(qint64 delayMs)
{
    m_watchdog.stop();
    m_retry.start(int(std::min<qint64>(delayMs, std::numeric_limits<int>::max())));
}

void WatchConnection::dropSocket()
{
    m_watchdog.stop();
    if (QSslSocket *s = m_socket) {
        m_socket = nullptr;
        s->disconnect(this);
        s->abort();
        s->deleteLater();
    }
}

void WatchConnection::close()
{
    if (m_closed)
        return;
    m_closed = true;
    m_retry.stop();
    dropSocket();
    if (m_sink)
        m_sink->finish();
    deleteLater();
}

} // namespace rlab::http
