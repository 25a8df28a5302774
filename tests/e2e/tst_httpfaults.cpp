// SPDX-License-Identifier: Apache-2.0
// http::RestClient against a scripted server that misbehaves the way real API servers and
// proxies do: 410 Gone as the watch's HTTP status, 5xx Status errors (verbatim, then backoff),
// bodies that are not a Status, and a list whose continue token expires mid-way.
#include "core/api/pod.h"
#include "core/http/connect.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <functional>
#include <mutex>

using namespace rlab;
using apiserver::resources::byKind;

namespace {

QByteArray reply(int status, const QByteArray &reason, const QJsonObject &body)
{
    const QByteArray json = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: application/json\r\nContent-Length: "
           + QByteArray::number(json.size()) + "\r\n\r\n" + json;
}

QJsonObject status(int code, const QString &reason, const QString &message)
{
    return {{QStringLiteral("kind"), QStringLiteral("Status")}, {QStringLiteral("apiVersion"), QStringLiteral("v1")},
            {QStringLiteral("status"), QStringLiteral("Failure")}, {QStringLiteral("code"), code},
            {QStringLiteral("reason"), reason}, {QStringLiteral("message"), message}};
}

QJsonObject podList(const QStringList &names, const QString &cont)
{
    QJsonArray items;
    for (const QString &n : names)   // as kube-apiserver: items without apiVersion/kind
        items.append(QJsonObject{{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), n}, {QStringLiteral("namespace"), QStringLiteral("default")},
                                                                         {QStringLiteral("resourceVersion"), QStringLiteral("7")}}},
                                 {QStringLiteral("spec"), QJsonObject{{QStringLiteral("containers"), QJsonArray{QJsonObject{
                                         {QStringLiteral("name"), QStringLiteral("c")}, {QStringLiteral("image"), QStringLiteral("nginx")}}}}}}});
    QJsonObject meta{{QStringLiteral("resourceVersion"), QStringLiteral("7")}};
    if (!cont.isEmpty())
        meta.insert(QStringLiteral("continue"), cont);
    return {{QStringLiteral("kind"), QStringLiteral("PodList")}, {QStringLiteral("apiVersion"), QStringLiteral("v1")},
            {QStringLiteral("metadata"), meta}, {QStringLiteral("items"), items}};
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
    std::unique_ptr<http::RestClient> client(QString *error)
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

} // namespace

class TestHttpFaults : public QObject
{
    Q_OBJECT

private slots:
    void aWatchAnswered410IsAnExpiredEvent()
    {
        ScriptedServer server([](const QByteArray &) {
            return reply(410, "Gone", status(410, QStringLiteral("Expired"), QStringLiteral("too old resource version: 5 (90)")));
        });
        QString error;
        auto client = server.client(&error);
        QVERIFY2(client, qPrintable(error));
        apiserver::ListOptions lo;
        lo.resourceVersion = QStringLiteral("5");
        auto w = client->watch(byKind(api::Kind::Pod), QStringLiteral("default"), lo);
        QVERIFY(w.ok());   // a Reflector relists on the event; a failed watch() it would only retry
        const auto events = w.value->take();
        QCOMPARE(events.size(), std::size_t(1));
        QCOMPARE(events.front().type, apiserver::ApiWatchEvent::Error);
        QCOMPARE(events.front().error.code, 410);
        QCOMPARE(events.front().error.message, QStringLiteral("too old resource version: 5 (90)"));
        QVERIFY(w.value->isStopped());
        QCOMPARE(client->counters().watchExpired.load(), 1);
        QCOMPARE(server.requests(), QStringList{QStringLiteral("GET /api/v1/namespaces/default/pods?resourceVersion=5&watch=true&timeoutSeconds=")
                                                + server.requests().value(0).section(QLatin1Char('='), -1)});
    }

    void serverErrorsAreVerbatimAndBackedOff()
    {
        ScriptedServer server([](const QByteArray &) {
            return reply(500, "Internal Server Error", status(500, QStringLiteral("InternalError"), QStringLiteral("etcdserver: request timed out")));
        });
        QString error;
        auto client = server.client(&error);
        auto r = client->list(byKind(api::Kind::Pod), QStringLiteral("default"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error->code, 500);
        QCOMPARE(r.error->reason, QStringLiteral("InternalError"));
        QCOMPARE(r.error->message, QStringLiteral("etcdserver: request timed out"));
        QCOMPARE(server.requests().size(), 1);
        // A Reflector retrying at once is refused locally until the backoff (0.8–1.6 s) passed.
        auto again = client->list(byKind(api::Kind::Pod), QStringLiteral("default"));
        QCOMPARE(again.error->message, r.error->message);
        QCOMPARE(server.requests().size(), 1);
        QCOMPARE(client->counters().backoffRefusals.load(), 1);
        QTRY_VERIFY_WITH_TIMEOUT((client->list(byKind(api::Kind::Pod), QStringLiteral("default")), server.requests().size() == 2), 5000);
        // Other calls are not held back.
        QVERIFY(!client->get(byKind(api::Kind::Pod), QStringLiteral("default"), QStringLiteral("x")).ok());
        QCOMPARE(server.requests().size(), 3);
    }

    void aBodyThatIsNotAStatus()
    {
        ScriptedServer server([](const QByteArray &) {
            return QByteArray("HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nContent-Length: 24\r\n\r\n<html>bad gateway</html>");
        });
        QString error;
        auto client = server.client(&error);
        auto r = client->get(byKind(api::Kind::Pod), QStringLiteral("default"), QStringLiteral("x"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error->code, 502);
        QVERIFY2(r.error->message.startsWith(QStringLiteral("an error on the server (\"<html>bad gateway</html>\") has prevented the request from succeeding")), qPrintable(r.error->message));
    }

    void anExpiredContinueTokenFallsBackToAFullList()
    {
        ScriptedServer server([](const QByteArray &request) {
            if (request.contains("continue=c1"))
                return reply(410, "Gone", status(410, QStringLiteral("Expired"),
                                                 QStringLiteral("The provided continue parameter is too old to display a consistent list result.")));
            if (request.contains("limit=2"))
                return reply(200, "OK", podList({QStringLiteral("a"), QStringLiteral("b")}, QStringLiteral("c1")));
            return reply(200, "OK", podList({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, {}));
        });
        QString error;
        auto client = server.client(&error);
        auto r = client->list(byKind(api::Kind::Pod), QStringLiteral("default"));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        QCOMPARE(r.value.items.size(), 3);
        QCOMPARE(r.value.resourceVersion, 7);
        QCOMPARE(api::objectCast<api::Pod>(r.value.items.at(2))->metadata.name, QStringLiteral("c"));
        QCOMPARE(server.requests(), (QStringList{QStringLiteral("GET /api/v1/namespaces/default/pods?limit=2"),
                                                 QStringLiteral("GET /api/v1/namespaces/default/pods?limit=2&continue=c1"),
                                                 QStringLiteral("GET /api/v1/namespaces/default/pods")}));
    }
};

QTEST_GUILESS_MAIN(TestHttpFaults)
#include "tst_httpfaults.moc"
