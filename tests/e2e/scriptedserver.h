// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_http* suites that script a misbehaving or unusual API server: plain HTTP
// on its own thread that answers each request from a function of its request line, and
// records every request line. Main thread only (the answers run on the server's thread).
#include "core/http/connect.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>

#include <functional>
#include <memory>
#include <mutex>

namespace rlab::test {

inline QByteArray reply(int status, const QByteArray &reason, const QJsonObject &body)
{
    const QByteArray json = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: application/json\r\nContent-Length: "
           + QByteArray::number(json.size()) + "\r\n\r\n" + json;
}

// Plain HTTP on its own thread; `answer` maps "METHOD target" to the whole response.
class ScriptedServer
{
public:
    explicit ScriptedServer(std::function<QByteArray(const QByteArray &)> answer) : m_answer(std::move(answer))
    {
        m_thread.start();
        m_server = new QTcpServer;
        m_server->moveToThread(&m_thread);
        QMetaObject::invokeMethod(m_server, [this] {
            QObject::connect(m_server, &QTcpServer::newConnection, m_server, [this] {
                while (QTcpSocket *s = m_server->nextPendingConnection()) {
                    auto buffer = std::make_shared<QByteArray>();
                    QObject::connect(s, &QTcpSocket::readyRead, s, [this, s, buffer] {
                        *buffer += s->readAll();
                        qsizetype end;
                        while ((end = buffer->indexOf("\r\n\r\n")) >= 0) {
                            const QByteArray line = buffer->left(buffer->indexOf("\r\n"));
                            buffer->remove(0, end + 4);   // the client sends no bodies here but DELETE's small one
                            const QByteArray request = line.left(line.lastIndexOf(' '));
                            {
                                std::lock_guard lock(m_mutex);
                                m_requests << QString::fromUtf8(request);
                            }
                            s->write(m_answer(request));
                        }
                    });
                }
            });
            m_server->listen(QHostAddress::LocalHost, 0);
            m_port = m_server->serverPort();
        }, Qt::BlockingQueuedConnection);
    }
    ~ScriptedServer()
    {
        QMetaObject::invokeMethod(m_server, [this] { delete m_server; }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    QStringList requests()
    {
        std::lock_guard lock(m_mutex);
        return m_requests;
    }
    std::unique_ptr<http::RestClient> client(QString *error, qint64 requestTimeoutMs = 30'000)
    {
        const QString path = m_dir.filePath(QStringLiteral("config"));
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write("current-context: s\nclusters:\n- {name: s, cluster: {server: \"http://127.0.0.1:" + QByteArray::number(m_port)
                    + "\"}}\ncontexts:\n- {name: s, context: {cluster: s, user: u}}\nusers:\n- {name: u, user: {}}\n");
        f.close();
        http::KubeconfigSelection sel;
        sel.files = {path};
        http::ConnectOptions o;
        o.listPageSize = 2;
        o.requestTimeoutMs = requestTimeoutMs;
        return http::connect(sel, error, o);
    }

private:
    std::function<QByteArray(const QByteArray &)> m_answer;
    QThread m_thread;
    QTcpServer *m_server = nullptr;
    quint16 m_port = 0;
    std::mutex m_mutex;
    QStringList m_requests;
    QTemporaryDir m_dir;
};

} // namespace rlab::test
