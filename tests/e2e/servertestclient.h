// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_kubectlserver*.cpp suites: raw HTTP/1.1 over QTcpSocket (requests as kubectl
// sends them, responses with Content-Length or chunked bodies, watch events one per chunk), and
// ServerFixture: an HttpApiServer on a free loopback port in front of a Cluster with no
// controllers (nothing moves unless the test writes). Main thread only.
#include "core/server/httpapiserver.h"
#include "core/sim/cluster.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>

#include <memory>

namespace rlab::test {

struct Response
{
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    bool chunked = false;
    QByteArray header(const QByteArray &name) const
    {
        for (const auto &h : headers)
            if (h.first.compare(name, Qt::CaseInsensitive) == 0)
                return h.second;
        return {};
    }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

using Headers = QList<QPair<QByteArray, QByteArray>>;

inline QByteArray requestBytes(const QByteArray &method, const QByteArray &path, const QByteArray &body, const Headers &headers)
{
    QByteArray req = method + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: kubectl/v1.31.9 (linux/amd64) kubernetes/8f38003\r\n";
    for (const auto &h : headers)
        req += h.first + ": " + h.second + "\r\n";
    if (!body.isEmpty() || method == "POST" || method == "PUT" || method == "PATCH")
        req += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    return req + "\r\n" + body;
}

// Decodes one chunked body from `data`; false while incomplete.
inline bool dechunk(const QByteArray &data, QByteArray *body, QList<QByteArray> *chunks = nullptr)
{
    qsizetype pos = 0;
    body->clear();
    for (;;) {
        const qsizetype eol = data.indexOf("\r\n", pos);
        if (eol < 0)
            return false;
        bool ok = false;
        const qsizetype size = data.mid(pos, eol - pos).toLongLong(&ok, 16);
        if (!ok)
            return false;
        if (size == 0)
            return data.size() >= eol + 4;
        if (data.size() < eol + 2 + size + 2)
            return false;
        const QByteArray chunk = data.mid(eol + 2, size);
        *body += chunk;
        if (chunks)
            chunks->append(chunk);
        pos = eol + 2 + size + 2;
    }
}

// Reads one response from the socket: headers, then Content-Length bytes or a whole chunked body.
inline bool readResponse(QTcpSocket &s, Response *r, int timeoutMs = 10000)
{
    QByteArray data;
    QElapsedTimer t;
    t.start();
    qsizetype headerEnd = -1;
    while (t.elapsed() < timeoutMs) {
        if (headerEnd < 0) {
            headerEnd = data.indexOf("\r\n\r\n");
            if (headerEnd >= 0) {
                const QList<QByteArray> lines = data.left(headerEnd).split('\n');
                r->status = lines.value(0).split(' ').value(1).toInt();
                for (qsizetype i = 1; i < lines.size(); ++i) {
                    const QByteArray line = lines[i].trimmed();
                    const qsizetype colon = line.indexOf(':');
                    if (colon > 0)
                        r->headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
                }
                r->chunked = r->header("Transfer-Encoding") == "chunked";
            }
        }
        if (headerEnd >= 0) {
            const QByteArray rest = data.mid(headerEnd + 4);
            if (r->chunked) {
                if (dechunk(rest, &r->body))
                    return true;
            } else if (rest.size() >= r->header("Content-Length").toLongLong()) {
                r->body = rest.left(r->header("Content-Length").toLongLong());
                return true;
            }
        }
        if (!s.waitForReadyRead(qMax(1, int(timeoutMs - t.elapsed()))))
            return false;
        data += s.readAll();
    }
    return false;
}

inline const char *const kPodJson = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1","labels":{"app":"%2"}},"spec":{"containers":[{"name":"c","image":"nginx"}]}})";

// Inherit it after QObject: init() calls start(), cleanup() stop(); the helpers talk to the server.
class ServerFixture
{
public:
    Response http(const QByteArray &method, const QByteArray &path, const QByteArray &body = {}, const Headers &headers = {})
    {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        Response r;
        if (!s.waitForConnected(5000))
            return r;
        s.write(requestBytes(method, path, body, headers));
        readResponse(s, &r);
        return r;
    }

    QByteArray pod(const QString &name, const QString &app = QStringLiteral("web"))
    {
        return QString::fromLatin1(kPodJson).arg(name, app).toUtf8();
    }

    // Reads watch events (one JSON object per chunk) until `count` arrived or the stream ended.
    QList<QJsonObject> readEvents(QTcpSocket &s, QByteArray &buffer, int count, bool *ended = nullptr, int timeoutMs = 5000)
    {
        QElapsedTimer t;
        t.start();
        for (;;) {
            const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
            QList<QJsonObject> events;
            bool done = false;
            if (headerEnd >= 0) {
                QByteArray body;
                QList<QByteArray> chunks;
                done = dechunk(buffer.mid(headerEnd + 4), &body, &chunks);
                for (const QByteArray &c : chunks) {
                    if (!c.endsWith('\n'))
                        qWarning("watch chunk without its newline");
                    events.append(QJsonDocument::fromJson(c).object());
                }
            }
            if (ended)
                *ended = done;
            if (events.size() >= count || done || t.elapsed() > timeoutMs)
                return events;
            if (s.waitForReadyRead(100))
                buffer += s.readAll();
        }
    }


    bool start(QString *error)
    {
        m_cluster = std::make_unique<Cluster>();
        m_server = std::make_unique<server::HttpApiServer>(m_cluster->api(), m_cluster->clock());
        return m_server->listen(QHostAddress(QHostAddress::LocalHost), 0, error);
    }

    // A server with its own limits (HttpLimits must be set before it listens).
    bool startWith(const server::HttpLimits &limits)
    {
        m_cluster = std::make_unique<Cluster>();
        m_server = std::make_unique<server::HttpApiServer>(m_cluster->api(), m_cluster->clock());
        m_server->setLimits(limits);
        return m_server->listen(QHostAddress(QHostAddress::LocalHost), 0);
    }

    bool connectTo(QTcpSocket &s)
    {
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        return s.waitForConnected(5000);
    }

    void stop()
    {
        m_server.reset();
        m_cluster.reset();
    }

protected:
    std::unique_ptr<Cluster> m_cluster;
    std::unique_ptr<server::HttpApiServer> m_server;
};

} // namespace rlab::test
