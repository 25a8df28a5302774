// SPDX-License-Identifier: Apache-2.0
#pragma once
// A TCP proxy for the tst_http* suites, on its own thread (the HTTP client's verbs block the
// test's thread): Forward mode relays every connection to a fixed loopback port (TLS passes
// through untouched); HttpConnect mode is an HTTP proxy that only does CONNECT (what a
// kubeconfig's proxy-url gets). Faults on demand: stallAll() stops relaying server→client bytes
// on the open connections (a hung watch), cutAll() aborts them, setHold(true) accepts new
// connections but relays nothing until released. Thread rules: the public methods from the
// test's thread; everything else runs on the proxy's thread.
#include <QHostAddress>
#include <QMetaObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

#include <atomic>
#include <memory>
#include <vector>

namespace rlab::test {

class TcpProxy
{
public:
    enum Mode { Forward, HttpConnect };

    TcpProxy(quint16 targetPort, Mode mode) : m_targetPort(targetPort), m_mode(mode)
    {
        m_thread.start();
        m_server = new QTcpServer;
        m_server->moveToThread(&m_thread);
        run([this] {
            QObject::connect(m_server, &QTcpServer::newConnection, m_server, [this] {
                while (QTcpSocket *c = m_server->nextPendingConnection())
                    accept(c);
            });
            m_server->listen(QHostAddress::LocalHost, 0);
            m_port = m_server->serverPort();
        });
    }
    ~TcpProxy()
    {
        run([this] {
            for (auto &p : m_pairs)
                close(*p);
            m_pairs.clear();
            delete m_server;
        });
        m_thread.quit();
        m_thread.wait();
    }

    quint16 port() const { return m_port; }
    int accepted() const { return m_accepted.load(); }
    int connectRequests() const { return m_connects.load(); }
    void stallAll()
    {
        run([this] {
            for (auto &p : m_pairs)
                p->stalled = true;
        });
    }
    void cutAll()
    {
        run([this] {
            for (auto &p : m_pairs)
                close(*p);
        });
    }
    void setHold(bool hold)
    {
        run([this, hold] {
            m_hold = hold;
            if (!hold)
                for (auto &p : m_pairs)
                    if (p->held) {
                        p->held = false;
                        startUpstream(*p);
                    }
        });
    }

private:
    struct Pair
    {
        QTcpSocket *client = nullptr;
        QTcpSocket *upstream = nullptr;
        QByteArray toUpstream;   // client bytes before the upstream is connected
        QByteArray head;         // HttpConnect: the CONNECT request so far
        bool tunnel = false;     // HttpConnect: CONNECT answered
        bool connected = false;
        bool stalled = false;
        bool held = false;
        bool closed = false;
    };

    template<class F> void run(F f) { QMetaObject::invokeMethod(m_server, f, Qt::BlockingQueuedConnection); }

    void accept(QTcpSocket *c)
    {
        ++m_accepted;
        auto p = std::make_shared<Pair>();
        p->client = c;
        c->setParent(m_server);
        p->upstream = new QTcpSocket(m_server);
        m_pairs.push_back(p);
        Pair *raw = p.get();
        QObject::connect(c, &QTcpSocket::readyRead, m_server, [this, raw] { fromClient(*raw); });
        QObject::connect(c, &QTcpSocket::disconnected, m_server, [this, raw] { close(*raw); });
        QObject::connect(raw->upstream, &QTcpSocket::connected, m_server, [this, raw] {
            raw->connected = true;
            if (m_mode == HttpConnect) {
                raw->tunnel = true;
                raw->client->write("HTTP/1.1 200 Connection established\r\n\r\n");
            }
            raw->upstream->write(raw->toUpstream);
            raw->toUpstream.clear();
        });
        QObject::connect(raw->upstream, &QTcpSocket::readyRead, m_server, [raw] {
            if (!raw->stalled)
                raw->client->write(raw->upstream->readAll());
            // stalled: the bytes wait in the upstream socket; the client hears nothing
        });
        QObject::connect(raw->upstream, &QTcpSocket::disconnected, m_server, [this, raw] { close(*raw); });
        if (m_hold)
            raw->held = true;
        else if (m_mode == Forward)
            startUpstream(*raw);
    }

    void startUpstream(Pair &p)
    {
        if (m_mode == Forward)
            p.upstream->connectToHost(QHostAddress::LocalHost, m_targetPort);
        else
            fromClient(p);
    }

    void fromClient(Pair &p)
    {
        if (p.closed)
            return;
        const QByteArray bytes = p.client->readAll();
        if (m_mode == HttpConnect && !p.tunnel && !p.connected) {
            p.head += bytes;
            const qsizetype end = p.head.indexOf("\r\n\r\n");
            if (end < 0 || p.held || p.upstream->state() != QAbstractSocket::UnconnectedState)
                return;
            const QList<QByteArray> line = p.head.left(p.head.indexOf("\r\n")).split(' ');
            if (line.value(0) != "CONNECT") {
                p.client->write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n");
                return;
            }
            ++m_connects;
            const QByteArray hostPort = line.value(1);
            p.toUpstream = p.head.mid(end + 4);
            p.upstream->connectToHost(QString::fromLatin1(hostPort.left(hostPort.lastIndexOf(':'))),
                                      hostPort.mid(hostPort.lastIndexOf(':') + 1).toUShort());
            return;
        }
        if (p.connected)
            p.upstream->write(bytes);
        else
            p.toUpstream += bytes;
    }

    void close(Pair &p)
    {
        if (p.closed)
            return;
        p.closed = true;
        p.client->abort();
        p.upstream->abort();
    }

    const quint16 m_targetPort;
    const Mode m_mode;
    QThread m_thread;
    QTcpServer *m_server = nullptr;   // lives on m_thread; parent of every socket
    std::vector<std::shared_ptr<Pair>> m_pairs;
    quint16 m_port = 0;
    bool m_hold = false;
    std::atomic<int> m_accepted{0};
    std::atomic<int> m_connects{0};
};

} // namespace rlab::test
