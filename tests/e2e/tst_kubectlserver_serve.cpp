// SPDX-License-Identifier: Apache-2.0
// Serving the HTTP API: bearer tokens, requests traced with the client's User-Agent, and
// `rlab serve` itself (arguments, starting from a scenario, serving and writing a kubeconfig,
// local and remote with TLS).
#include "core/apiserver/apiserver.h"
#include "core/server/servecommand.h"
#include "tests/e2e/servertestclient.h"

#include <QJsonArray>
#include <QTest>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;
#include <QFile>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTimer>
namespace {

// One request to the server a kubeconfig written by `rlab serve` names: HTTPS (the certificate is
// not checked here), the raw request as given; the response's status (0: no answer).
Response requestTo(const QByteArray &config, const QByteArray &request)
{
    const qsizetype at = config.indexOf("    server: ");
    const QByteArray url = config.mid(at + 12, config.indexOf('\n', at) - at - 12);
    const quint16 port = url.mid(url.lastIndexOf(':') + 1).toUShort();
    QSslSocket s;
    Response r;
    if (url.startsWith("https://")) {
        s.setPeerVerifyMode(QSslSocket::VerifyNone);
        s.connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
        if (!s.waitForEncrypted(5000))
            return r;
    } else {
        s.connectToHost(QHostAddress::LocalHost, port);
        if (!s.waitForConnected(5000))
            return r;
    }
    s.write(request);
    readResponse(s, &r);
    return r;
}

QByteArray tokenOf(const QByteArray &config)
{
    const qsizetype t = config.indexOf("token: ");
    return t < 0 ? QByteArray() : config.mid(t + 7, config.indexOf('\n', t) - t - 7);
}

} // namespace

class TestKubectlServerServe : public QObject, public ServerFixture
{
    Q_OBJECT

private slots:
    void init()
    {
        QString error;
        QVERIFY2(start(&error), qPrintable(error));
        QVERIFY(m_server->port() != 0);
    }

    void cleanup() { stop(); }

    void bearerToken()
    {
        HttpApiServer secured(m_cluster->api(), m_cluster->clock());
        secured.setBearerToken("s3cret");
        QVERIFY(secured.listen(QHostAddress(QHostAddress::LocalHost), 0));
        const auto get = [&](const QByteArray &path, const Headers &h) {
            QTcpSocket s;
            s.connectToHost(QHostAddress::LocalHost, secured.port());
            Response r;
            if (s.waitForConnected(5000)) {
                s.write(requestBytes("GET", path, {}, h));
                readResponse(s, &r);
            }
            return r;
        };
        Response r = get("/api/v1/nodes", {});
        QCOMPARE(r.status, 401);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("Unauthorized"));
        QCOMPARE(get("/api/v1/nodes", {{"Authorization", "Bearer wrong"}}).status, 401);
        QCOMPARE(get("/api/v1/nodes", {{"Authorization", "Bearer s3cret"}}).status, 200);
        QCOMPARE(get("/version", {}).status, 200);   // public, as on a real cluster
    }

    void requestsAreTracedWithTheUserAgent()
    {
        const qint64 before = m_cluster->trace().lastSeq();
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("a")), {{"Content-Type", "application/json"}}).status, 201);
        QCOMPARE(http("GET", "/api/v1/namespaces/default/pods?limit=500").status, 200);
        bool sawHttp = false, sawCreate = false, sawList = false;
        for (const TraceEvent &e : m_cluster->trace().since(before)) {
            if (e.type == QLatin1String("HttpRequest") && e.text == QStringLiteral("kubectl/v1.31.9 (linux/amd64) POST /api/v1/namespaces/default/pods \u2192 201"))
                sawHttp = true;
            if (e.type == QLatin1String("HttpRequest") && e.text.endsWith(QStringLiteral("GET /api/v1/namespaces/default/pods?limit=500 \u2192 200")))
                sawList = true;
            if (e.type == QLatin1String("Request") && e.detail[QLatin1String("verb")] == QLatin1String("create")
                && e.detail[QLatin1String("userAgent")] == QLatin1String("kubectl/v1.31.9 (linux/amd64)"))
                sawCreate = true;
        }
        QVERIFY(sawHttp);
        QVERIFY(sawList);
        QVERIFY(sawCreate);
    }

    void serveCommandArguments()
    {
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(serveCommand({QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0")}, out, err), 2);
        QVERIFY2(errText.contains(QLatin1String("--allow-remote")), qPrintable(errText));
        QCOMPARE(serveCommand({QStringLiteral("--speed"), QStringLiteral("0")}, out, err), 2);
        QCOMPARE(serveCommand({QStringLiteral("--listen"), QStringLiteral("nonsense")}, out, err), 2);
        QCOMPARE(serveCommand({QStringLiteral("--bogus")}, out, err), 2);
        QCOMPARE(serveCommand({QStringLiteral("--help")}, out, err), 0);
        QVERIFY(outText.contains(QLatin1String("usage: rlab serve")));
    }

    void serveCommandStartsFromAScenario()
    {
        QTemporaryDir dir;
        const QString scenario = qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(".")) + QStringLiteral("/resources/scenarios/first-apply.yaml");
        if (!QFile::exists(scenario))
            QSKIP("resources/scenarios/first-apply.yaml not found (RLAB_SOURCE_DIR)");
        int deployments = -1;
        QTimer::singleShot(800, [&] {
            QFile f(dir.filePath(QStringLiteral("config")));
            if (!f.open(QIODevice::ReadOnly))
                return;
            const QByteArray config = f.readAll();
            const Response r = requestTo(config, requestBytes("GET", "/apis/apps/v1/namespaces/default/deployments", {},
                                                              {{"Authorization", "Bearer " + tokenOf(config)}}));
            if (r.status == 200)
                deployments = int(r.json()[QLatin1String("items")].toArray().size());
        });
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(serveCommand({QStringLiteral("--scenario"), scenario, QStringLiteral("--kubeconfig"), dir.filePath(QStringLiteral("config")),
                               QStringLiteral("--exit-after"), QStringLiteral("1.5")},
                              out, err),
                 0);
        QVERIFY2(deployments >= 1, qPrintable(outText + errText));   // the scenario's state is served
        QVERIFY2(outText.contains(QLatin1String("is serving the Kubernetes API")), qPrintable(outText));
        QCOMPARE(serveCommand({QStringLiteral("--scenario"), dir.filePath(QStringLiteral("missing.yaml"))}, out, err), 2);
    }

    // --state FILE (issue #17, saved labs): the lab is saved when serve stops, the next serve
    // resumes it (the scenario is not run again), a damaged file is refused and left alone.
    void serveCommandKeepsItsState()
    {
        QTemporaryDir dir;
        const QString scenario = qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(".")) + QStringLiteral("/resources/scenarios/first-apply.yaml");
        if (!QFile::exists(scenario))
            QSKIP("resources/scenarios/first-apply.yaml not found (RLAB_SOURCE_DIR)");
        const QString state = dir.filePath(QStringLiteral("lab.rlab"));
        const QString config = dir.filePath(QStringLiteral("config"));
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(serveCommand({QStringLiteral("--scenario"), scenario, QStringLiteral("--state"), state, QStringLiteral("--kubeconfig"), config,
                               QStringLiteral("--exit-after"), QStringLiteral("0.5")},
                              out, err),
                 0);
        out.flush();
        QVERIFY2(outText.contains(QLatin1String("Saved the lab to ") + state), qPrintable(outText + errText));
        QVERIFY(QFile::exists(state));

        int deployments = -1;
        QTimer::singleShot(800, [&] {
            QFile f(config);
            if (!f.open(QIODevice::ReadOnly))
                return;
            const QByteArray c = f.readAll();
            const Response r = requestTo(c, requestBytes("GET", "/apis/apps/v1/namespaces/default/deployments", {},
                                                         {{"Authorization", "Bearer " + tokenOf(c)}}));
            if (r.status == 200)
                deployments = int(r.json()[QLatin1String("items")].toArray().size());
        });
        outText.clear();
        QCOMPARE(serveCommand({QStringLiteral("--state"), state, QStringLiteral("--kubeconfig"), config, QStringLiteral("--exit-after"), QStringLiteral("1.5")},
                              out, err),
                 0);
        out.flush();
        QVERIFY2(outText.contains(QLatin1String("resumed the lab saved in ") + state), qPrintable(outText + errText));
        QVERIFY2(deployments >= 1, qPrintable(outText + errText));   // the saved lab is served, without its scenario

        QFile f(state);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("not a lab");
        f.close();
        errText.clear();
        QCOMPARE(serveCommand({QStringLiteral("--state"), state, QStringLiteral("--kubeconfig"), config}, out, err), 2);
        err.flush();
        QVERIFY2(errText.contains(state + QStringLiteral(": not a saved Reconcile Lab")), qPrintable(errText));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("not a lab"));
    }

    void serveCommandServesAndWritesAKubeconfig_data()
    {
        QTest::addColumn<QString>("listen");
        QTest::addColumn<bool>("remote");
        QTest::newRow("loopback") << QStringLiteral("127.0.0.1:0") << false;
        QTest::newRow("all interfaces, token") << QStringLiteral("0.0.0.0:0") << true;
    }
    void serveCommandServesAndWritesAKubeconfig()
    {
        QFETCH(QString, listen);
        QFETCH(bool, remote);
        QTemporaryDir dir;
        const QString kubeconfig = dir.filePath(QStringLiteral("kube/config"));
        int withoutToken = 0, withToken = 0, lowercaseBearer = 0, fromAPage = 0, otherHost = 0;
        QByteArray config;
        // Runs inside serveCommand's event loop; the server answers on its own thread.
        QTimer::singleShot(1000, [&] {
            QFile f(kubeconfig);
            if (!f.open(QIODevice::ReadOnly))
                return;
            config = f.readAll();
            const QByteArray token = tokenOf(config);
            const auto get = [&](const Headers &h) { return requestTo(config, requestBytes("GET", "/api/v1/nodes", {}, h)).status; };
            withoutToken = get({});
            withToken = get({{"Authorization", "Bearer " + token}});
            lowercaseBearer = get({{"Authorization", "bearer " + token}});
            fromAPage = get({{"Authorization", "Bearer " + token}, {"Origin", "https://evil.example"}});
            // A DNS-rebinding page reaches the loopback under its own name.
            otherHost = requestTo(config, "GET /api/v1/nodes HTTP/1.1\r\nHost: evil.example:" + config.mid(config.indexOf("    server: ")).split('\n')[0].split(':').last()
                                              + "\r\nAuthorization: Bearer " + token + "\r\n\r\n").status;
        });
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QStringList args{QStringLiteral("--listen"), listen, QStringLiteral("--kubeconfig"), kubeconfig, QStringLiteral("--speed"),
                         QStringLiteral("10"), QStringLiteral("--exit-after"), QStringLiteral("1.5")};
        if (remote)
            args << QStringLiteral("--allow-remote");
        QCOMPARE(serveCommand(args, out, err), 0);
        QVERIFY2(outText.contains(QStringLiteral("export KUBECONFIG=") + kubeconfig), qPrintable(outText));
        QVERIFY2(config.contains("current-context: reconcile-lab"), config.constData());
        QCOMPARE(QFile::permissions(kubeconfig) & (QFileDevice::ReadGroup | QFileDevice::ReadOther), QFileDevice::Permissions());
        // Loopback included: a token, so HTTPS (kubectl sends tokens only over TLS).
        QVERIFY(config.contains("token: "));
        QVERIFY(config.contains("server: https://"));
        QVERIFY(config.contains("certificate-authority-data: "));
        QCOMPARE(withoutToken, 401);
        QCOMPARE(lowercaseBearer, 200);   // kube-apiserver's bearertoken authenticator: any case
        QCOMPARE(fromAPage, 403);
        QCOMPARE(otherHost, remote ? 200 : 403);
        QCOMPARE(withToken, 200);
    }

};

QTEST_GUILESS_MAIN(TestKubectlServerServe)
#include "tst_kubectlserver_serve.moc"
