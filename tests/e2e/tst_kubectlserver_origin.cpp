// SPDX-License-Identifier: Apache-2.0
// Issue #17 items 6 and 7: no web page can drive the lab. Requests with an Origin header (only
// browsers send one) get 403; Host must name the loopback (localhost, 127.0.0.1, [::1], with or
// without a port) unless remote hosts are allowed, so a DNS-rebinding page is refused too; the
// token is read as kube-apiserver's bearertoken authenticator reads it ("bearer" in any case);
// files with secrets are 0600 before they are linked in place.
#include "core/server/secretfile.h"
#include "tests/e2e/servertestclient.h"

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;

class TestKubectlServerOrigin : public QObject, public ServerFixture
{
    Q_OBJECT

    Response raw(const QByteArray &request)
    {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        Response r;
        if (s.waitForConnected(5000)) {
            s.write(request);
            readResponse(s, &r);
        }
        return r;
    }

    bool startWith(bool allowRemoteHosts, const QByteArray &token = {})
    {
        m_cluster = std::make_unique<Cluster>();
        m_server = std::make_unique<HttpApiServer>(m_cluster->api(), m_cluster->clock());
        m_server->setAllowRemoteHosts(allowRemoteHosts);
        m_server->setBearerToken(token);
        return m_server->listen(QHostAddress(QHostAddress::LocalHost), 0);
    }

private slots:
    void cleanup() { stop(); }

    void originIsRefused_data()
    {
        QTest::addColumn<QByteArray>("request");
        const QByteArray pod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx"}]}})";
        // What a no-cors fetch() sends: a simple request with a text/plain or empty Content-Type.
        QTest::newRow("no-cors POST") << QByteArray("POST /api/v1/namespaces/default/pods HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                    "Origin: https://evil.example\r\nContent-Type: text/plain\r\nContent-Length: "
                                                    + QByteArray::number(pod.size()) + "\r\n\r\n" + pod);
        QTest::newRow("GET /version") << QByteArray("GET /version HTTP/1.1\r\nHost: localhost\r\nOrigin: null\r\n\r\n");
    }
    void originIsRefused()
    {
        QFETCH(QByteArray, request);
        QVERIFY(startWith(true));   // even with remote hosts allowed
        const Response r = raw(request);
        QCOMPARE(r.status, 403);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("Forbidden"));
        QVERIFY(r.json()[QLatin1String("message")].toString().contains(QLatin1String("requests from web pages are not served")));
        QCOMPARE(http("GET", "/api/v1/namespaces/default/pods").json()[QLatin1String("items")].toArray().size(), 0);
    }

    void hostMustBeLoopback_data()
    {
        QTest::addColumn<QByteArray>("host");
        QTest::addColumn<int>("loopbackOnly");
        QTest::addColumn<int>("allowRemote");
        QTest::newRow("127.0.0.1") << QByteArray("127.0.0.1") << 200 << 200;
        QTest::newRow("127.0.0.1:port") << QByteArray("127.0.0.1:6443") << 200 << 200;
        QTest::newRow("localhost:port") << QByteArray("LocalHost:6443") << 200 << 200;
        QTest::newRow("[::1]:port") << QByteArray("[::1]:6443") << 200 << 200;
        QTest::newRow("[::1]") << QByteArray("[::1]") << 200 << 200;
        QTest::newRow("rebinding name") << QByteArray("evil.example:6443") << 403 << 200;
        QTest::newRow("localhost suffix") << QByteArray("localhost.evil.example") << 403 << 200;
        QTest::newRow("lan address") << QByteArray("192.168.1.5:6443") << 403 << 200;
        QTest::newRow("no Host") << QByteArray() << 403 << 200;
    }
    void hostMustBeLoopback()
    {
        QFETCH(QByteArray, host);
        QFETCH(int, loopbackOnly);
        QFETCH(int, allowRemote);
        const QByteArray request = "GET /api/v1/nodes HTTP/1.1\r\n" + (host.isEmpty() ? QByteArray() : "Host: " + host + "\r\n") + "\r\n";
        QVERIFY(startWith(false));
        const Response r = raw(request);
        QCOMPARE(r.status, loopbackOnly);
        if (r.status == 403)
            QVERIFY(r.json()[QLatin1String("message")].toString().contains(QLatin1String("is not a loopback name")));
        stop();
        QVERIFY(startWith(true));
        QCOMPARE(raw(request).status, allowRemote);
    }

    void bearerSchemeInAnyCase_data()
    {
        QTest::addColumn<QByteArray>("authorization");
        QTest::addColumn<int>("status");
        QTest::newRow("Bearer") << QByteArray("Bearer s3cret") << 200;
        QTest::newRow("bearer") << QByteArray("bearer s3cret") << 200;
        QTest::newRow("BEARER, spaces") << QByteArray("  BEARER s3cret  ") << 200;
        QTest::newRow("wrong token") << QByteArray("Bearer s3cre") << 401;
        QTest::newRow("Basic") << QByteArray("Basic s3cret") << 401;
        QTest::newRow("no token") << QByteArray("Bearer ") << 401;
    }
    void bearerSchemeInAnyCase()
    {
        QFETCH(QByteArray, authorization);
        QFETCH(int, status);
        QVERIFY(startWith(false, "s3cret"));
        QCOMPARE(http("GET", "/api/v1/nodes", {}, {{"Authorization", authorization}}).status, status);
    }

    void secretFilesAre0600BeforeTheyAppear()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kube/config"));
        const mode_t old = ::umask(0);   // the worst case: files would be created 0666
        int tempMode = -1;
        bool tempComplete = false, targetAbsent = false;
        QString error;
        const bool ok = SecretFile::write(path, "token: abc\n", &error, [&](const QString &temp) {
            struct stat st {};
            if (::stat(QFile::encodeName(temp).constData(), &st) == 0)
                tempMode = int(st.st_mode & 0777);
            QFile f(temp);
            tempComplete = f.open(QIODevice::ReadOnly) && f.readAll() == "token: abc\n";
            targetAbsent = !QFile::exists(path);
        });
        ::umask(old);
        QVERIFY2(ok, qPrintable(error));
        QCOMPARE(tempMode, 0600);
        QVERIFY(tempComplete);
        QVERIFY(targetAbsent);
        QCOMPARE(QFile::permissions(path), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser);
        QCOMPARE(QDir(dir.filePath(QStringLiteral("kube"))).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("config")});
        // Replacing keeps 0600; a failure leaves the old file.
        QVERIFY(SecretFile::write(path, "token: def\n", &error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("token: def\n"));
        QVERIFY(!SecretFile::write(dir.filePath(QStringLiteral("kube/config/inside")), "x", &error));
        QVERIFY(error.startsWith(QLatin1String("cannot")));
    }
};

QTEST_GUILESS_MAIN(TestKubectlServerOrigin)
#include "tst_kubectlserver_origin.moc"
