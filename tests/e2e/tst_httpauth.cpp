// SPDX-License-Identifier: Apache-2.0
// How http::RestClient proves who it is: an exec credential plugin (a shell script written at
// test time) whose first token is rejected (401 → re-run → retried once), cached until its
// expirationTimestamp, KUBERNETES_EXEC_INFO and env passed, failures in client-go's words; and
// client certificates with RSA and EC keys in every PEM form, against a minimal QSslServer that
// requires a peer certificate (the served lab takes tokens only).
#include "core/api/node.h"
#include "tests/e2e/httplab.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSslKey>
#include <QSslServer>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

using namespace rlab;
using namespace rlab::test;
using apiserver::resources::byKind;

namespace {

// The plugin: counts its runs in $DIR/count, keeps each run's KUBERNETES_EXEC_INFO, and answers
// $FIRST_TOKEN on the first run, $TOKEN afterwards, expiring at $EXPIRY; exit code $FAIL.
const char *const kPlugin = R"(#!/bin/sh
n=$(cat "$DIR/count" 2>/dev/null || echo 0)
n=$((n + 1))
echo "$n" > "$DIR/count"
printf '%s' "$KUBERNETES_EXEC_INFO" > "$DIR/info-$n"
[ -n "$FAIL" ] && exit "$FAIL"
tok="$TOKEN"
[ "$n" = 1 ] && tok="$FIRST_TOKEN"
printf '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"%s","expirationTimestamp":"%s"}}\n' "$tok" "$EXPIRY"
)";

bool openssl(const QStringList &args, const QString &dir)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start(QStringLiteral("openssl"), args);
    return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// An HTTPS server on its own thread that requires a client certificate signed by the test CA
// and answers every request with {"cn": <the client certificate's CommonName>}.
class WhoAmIServer
{
public:
    WhoAmIServer(const QSslConfiguration &tls)
    {
        m_thread.start();
        m_server = new QSslServer;
        m_server->moveToThread(&m_thread);
        QMetaObject::invokeMethod(m_server, [this, tls] {
            m_server->setSslConfiguration(tls);
            QObject::connect(m_server, &QSslServer::pendingConnectionAvailable, m_server, [this] {
                while (auto *s = qobject_cast<QSslSocket *>(m_server->nextPendingConnection())) {
                    s->setParent(m_server);
                    auto buffer = std::make_shared<QByteArray>();
                    QObject::connect(s, &QSslSocket::readyRead, s, [s, buffer] {
                        *buffer += s->readAll();
                        if (!buffer->contains("\r\n\r\n"))
                            return;
                        const QByteArray body = QJsonDocument(QJsonObject{
                                {QStringLiteral("cn"), s->peerCertificate().subjectInfo(QSslCertificate::CommonName).value(0)}})
                                                        .toJson(QJsonDocument::Compact);
                        s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                                 + QByteArray::number(body.size()) + "\r\n\r\n" + body);
                        s->disconnectFromHost();
                    });
                }
            });
            m_server->listen(QHostAddress::LocalHost, 0);
            m_port = m_server->serverPort();
        }, Qt::BlockingQueuedConnection);
    }
    ~WhoAmIServer()
    {
        QMetaObject::invokeMethod(m_server, [this] { delete m_server; }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    quint16 port() const { return m_port; }

private:
    QThread m_thread;
    QSslServer *m_server = nullptr;
    quint16 m_port = 0;
};

} // namespace

class TestHttpAuth : public QObject
{
    Q_OBJECT

    HttpLab lab;
    QString pluginPath;

    QString execKubeconfig(const QString &name, const QByteArray &firstToken, const QByteArray &expiry, const QByteArray &fail = {})
    {
        QByteArray user = "    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: " + pluginPath.toUtf8()
                          + "\n      installHint: install the lab plugin\n      provideClusterInfo: true\n      env:\n"
                            "      - name: DIR\n        value: " + lab.dir.path().toUtf8() + "\n"
                            "      - name: TOKEN\n        value: " + lab.token + "\n"
                            "      - name: FIRST_TOKEN\n        value: " + firstToken + "\n"
                            "      - name: EXPIRY\n        value: \"" + expiry + "\"\n";
        if (!fail.isEmpty())
            user += "      - name: FAIL\n        value: \"" + fail + "\"\n";
        QFile::remove(lab.dir.filePath(QStringLiteral("count")));
        return lab.kubeconfigWith(name, {}, {}, user);
    }

private slots:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("openssl")).isEmpty())
            QSKIP("openssl is needed for the TLS identities");
        QString error;
        QVERIFY2(lab.start(false, &error), qPrintable(error));
        pluginPath = lab.writeFile(QStringLiteral("plugin.sh"), kPlugin);
        QFile::setPermissions(pluginPath, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }

    void cleanupTestCase() { lab.stop(); }

    void execPluginIsRerunAfter401()
    {
        QString error;
        auto client = lab.connect(execKubeconfig(QStringLiteral("exec"), "stale-token", "2099-01-01T00:00:00Z"), &error);
        QVERIFY2(client, qPrintable(error));
        auto r = client->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1"));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        QCOMPARE(client->counters().execRuns.load(), 2);            // stale token → 401 → re-run
        QCOMPARE(client->counters().unauthorizedRetries.load(), 1);
        QVERIFY(client->list(byKind(api::Kind::Pod), QStringLiteral("default")).ok());
        auto w = client->watch(byKind(api::Kind::Node), {}, {});
        QVERIFY(w.ok());
        QCOMPARE(client->counters().execRuns.load(), 2);            // cached until 2099
        const QJsonObject info = QJsonDocument::fromJson(readAll(lab.dir.filePath(QStringLiteral("info-1")))).object();
        QCOMPARE(info[QLatin1String("apiVersion")].toString(), QStringLiteral("client.authentication.k8s.io/v1"));
        QCOMPARE(info[QLatin1String("kind")].toString(), QStringLiteral("ExecCredential"));
        const QJsonObject spec = info[QLatin1String("spec")].toObject();
        QCOMPARE(spec[QLatin1String("interactive")].toBool(true), false);
        QCOMPARE(spec[QLatin1String("cluster")].toObject()[QLatin1String("server")].toString(), lab.url());
        QVERIFY(!spec[QLatin1String("cluster")].toObject()[QLatin1String("certificate-authority-data")].toString().isEmpty());
    }

    void anExpiredCredentialIsNotReused()
    {
        QString error;
        auto client = lab.connect(execKubeconfig(QStringLiteral("expiring"), lab.token, "2020-01-01T00:00:00Z"), &error);
        QVERIFY2(client, qPrintable(error));
        QVERIFY(client->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1")).ok());
        QVERIFY(client->get(byKind(api::Kind::Node), {}, QStringLiteral("node-2")).ok());
        QCOMPARE(client->counters().execRuns.load(), 2);   // expired at once: one run per request
        QCOMPARE(client->counters().unauthorizedRetries.load(), 0);
    }

    void pluginFailuresInClientGosWords()
    {
        QString error;
        auto failing = lab.connect(execKubeconfig(QStringLiteral("failing"), lab.token, "2099-01-01T00:00:00Z", "3"), &error);
        auto r = failing->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error->message.endsWith(QStringLiteral("getting credentials: exec: executable %1 failed with exit code 3").arg(pluginPath)),
                 qPrintable(r.error->message));
        const QString missing = lab.kubeconfigWith(QStringLiteral("missing"), {}, {},
                                                   "    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                                                   "      command: /nonexistent/kubectl-oidc\n      installHint: see the course page\n");
        auto absent = lab.connect(missing, &error);
        r = absent->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error->message.contains(QStringLiteral("exec: executable /nonexistent/kubectl-oidc not found\n\nsee the course page")),
                 qPrintable(r.error->message));
        QVERIFY(!r.error->message.contains(QString::fromLatin1(lab.token)));
    }

    // tokenFile is re-read after a 401 (the token was rotated) and the request retried once.
    void aRotatedTokenFileIsReread()
    {
        const QString file = lab.writeFile(QStringLiteral("token"), "old-token\n");
        QString error;
        auto client = lab.connect(lab.kubeconfigWith(QStringLiteral("tokenfile"), {}, {}, "    tokenFile: " + file.toUtf8() + "\n"), &error);
        QVERIFY2(client, qPrintable(error));
        QCOMPARE(client->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1")).error->code, 401);
        QCOMPARE(client->counters().unauthorizedRetries.load(), 0);   // the file still says the same
        lab.writeFile(QStringLiteral("token"), lab.token + "\n");
        auto r = client->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1"));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        QCOMPARE(client->counters().unauthorizedRetries.load(), 1);
    }

    void clientCertificates_data()
    {
        QTest::addColumn<QStringList>("makeKey");   // openssl arguments writing client.key
        QTest::addColumn<QByteArray>("pemLabel");
        QTest::newRow("RSA, PKCS#1") << QStringList{QStringLiteral("genrsa"), QStringLiteral("-traditional"), QStringLiteral("-out"),
                                                    QStringLiteral("client.key"), QStringLiteral("2048")}
                                     << QByteArray("BEGIN RSA PRIVATE KEY");
        QTest::newRow("RSA, PKCS#8") << QStringList{QStringLiteral("genpkey"), QStringLiteral("-algorithm"), QStringLiteral("RSA"),
                                                    QStringLiteral("-out"), QStringLiteral("client.key")}
                                     << QByteArray("BEGIN PRIVATE KEY");
        QTest::newRow("EC, SEC1 with parameters") << QStringList{QStringLiteral("ecparam"), QStringLiteral("-name"), QStringLiteral("prime256v1"),
                                                                 QStringLiteral("-genkey"), QStringLiteral("-out"), QStringLiteral("client.key")}
                                                  << QByteArray("BEGIN EC PRIVATE KEY");
        QTest::newRow("EC, PKCS#8") << QStringList{QStringLiteral("genpkey"), QStringLiteral("-algorithm"), QStringLiteral("EC"),
                                                   QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:P-256"), QStringLiteral("-out"),
                                                   QStringLiteral("client.key")}
                                    << QByteArray("BEGIN PRIVATE KEY");
    }
    void clientCertificates()
    {
        QFETCH(QStringList, makeKey);
        QFETCH(QByteArray, pemLabel);
        QTemporaryDir dir;
        const QString d = dir.path();
        QVERIFY(openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                         QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"), QStringLiteral("-keyout"), QStringLiteral("ca.key"),
                         QStringLiteral("-out"), QStringLiteral("ca.crt"), QStringLiteral("-subj"), QStringLiteral("/CN=test-ca"),
                         QStringLiteral("-days"), QStringLiteral("1")}, d));
        QFile ext(dir.filePath(QStringLiteral("san.ext")));
        QVERIFY(ext.open(QIODevice::WriteOnly));
        ext.write("subjectAltName=IP:127.0.0.1\n");
        ext.close();
        const auto sign = [&](const QString &key, const QString &cn, const QString &cert, bool server) {
            QStringList x509{QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), cn + QStringLiteral(".csr"), QStringLiteral("-CA"),
                             QStringLiteral("ca.crt"), QStringLiteral("-CAkey"), QStringLiteral("ca.key"), QStringLiteral("-CAcreateserial"),
                             QStringLiteral("-out"), cert, QStringLiteral("-days"), QStringLiteral("1")};
            if (server)
                x509 << QStringLiteral("-extfile") << QStringLiteral("san.ext");
            return openssl({QStringLiteral("req"), QStringLiteral("-new"), QStringLiteral("-key"), key, QStringLiteral("-subj"),
                            QStringLiteral("/CN=") + cn, QStringLiteral("-out"), cn + QStringLiteral(".csr")}, d)
                   && openssl(x509, d);
        };
        QVERIFY(openssl({QStringLiteral("ecparam"), QStringLiteral("-name"), QStringLiteral("prime256v1"), QStringLiteral("-genkey"),
                         QStringLiteral("-noout"), QStringLiteral("-out"), QStringLiteral("server.key")}, d));
        QVERIFY(sign(QStringLiteral("server.key"), QStringLiteral("server"), QStringLiteral("server.crt"), true));
        QVERIFY(openssl(makeKey, d));
        QVERIFY(sign(QStringLiteral("client.key"), QStringLiteral("alice"), QStringLiteral("client.crt"), false));
        const QByteArray keyPem = readAll(dir.filePath(QStringLiteral("client.key")));
        QVERIFY2(keyPem.contains(pemLabel), keyPem.left(40).constData());

        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setLocalCertificate(QSslCertificate::fromData(readAll(dir.filePath(QStringLiteral("server.crt")))).value(0));
        tls.setPrivateKey(QSslKey(readAll(dir.filePath(QStringLiteral("server.key"))), QSsl::Ec));
        tls.setCaCertificates(QSslCertificate::fromData(readAll(dir.filePath(QStringLiteral("ca.crt")))));
        tls.setPeerVerifyMode(QSslSocket::VerifyPeer);   // no client certificate, no handshake
        WhoAmIServer server(tls);

        const QByteArray ca = readAll(dir.filePath(QStringLiteral("ca.crt")));
        const auto config = [&](const QByteArray &user) {
            return lab.writeFile(QStringLiteral("cert-kubeconfig"),
                                 "apiVersion: v1\nkind: Config\ncurrent-context: c\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:"
                                         + QByteArray::number(server.port()) + "\n    certificate-authority-data: " + ca.toBase64()
                                         + "\ncontexts:\n- name: c\n  context: {cluster: c, user: u}\nusers:\n- name: u\n  user:\n" + user);
        };
        QString error;
        auto client = lab.connect(config("    client-certificate-data: " + readAll(dir.filePath(QStringLiteral("client.crt"))).toBase64()
                                         + "\n    client-key-data: " + keyPem.toBase64() + "\n"),
                                  &error);
        QVERIFY2(client, qPrintable(error));
        auto who = client->getJson(QStringLiteral("/whoami"));
        QVERIFY2(who.ok(), who.ok() ? "" : qPrintable(who.error->message));
        QCOMPARE(who.value[QLatin1String("cn")].toString(), QStringLiteral("alice"));

        // The same through files named relative to the kubeconfig.
        auto byFile = lab.connect(config("    client-certificate: " + dir.filePath(QStringLiteral("client.crt")).toUtf8()
                                         + "\n    client-key: " + dir.filePath(QStringLiteral("client.key")).toUtf8() + "\n"),
                                  &error);
        QVERIFY2(byFile, qPrintable(error));
        QCOMPARE(byFile->getJson(QStringLiteral("/whoami")).value[QLatin1String("cn")].toString(), QStringLiteral("alice"));

        auto anonymous = lab.connect(config("    {}\n"), &error);
        QVERIFY2(anonymous, qPrintable(error));
        auto refused = anonymous->getJson(QStringLiteral("/whoami"));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error->code, 503);
        QVERIFY(!refused.error->message.contains(QLatin1String("PRIVATE")));

        auto badKey = lab.connect(config("    client-certificate-data: " + readAll(dir.filePath(QStringLiteral("client.crt"))).toBase64()
                                         + "\n    client-key-data: " + QByteArray("not a key").toBase64() + "\n"),
                                  &error);
        QVERIFY(!badKey);
        QVERIFY2(error.startsWith(QStringLiteral("error: tls: failed to find any PEM data in key input")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestHttpAuth)
#include "tst_httpauth.moc"
