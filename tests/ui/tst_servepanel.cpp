// "Serve the API" in the window (issue 7): the ServePanel's toggle starts an HttpApiServer on
// 127.0.0.1 over the session's cluster and writes a kubeconfig; HTTP clients and the real
// kubectl (skipped when absent) are answered while the session's frames run; each request is a
// trace row with its user agent; toggling off refuses connections; a cluster reset serves the new
// cluster on the same port. Offscreen; waits on conditions (QTRY_), never sleeps.
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/serve/servecontroller.h"
#include "ui/theme.h"
#include "ui/widgets/servepanel.h"

#include "core/api/deployment.h"
#include "core/apiserver/apiserver.h"
#include "core/server/labapiendpoint.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace rlab;
using namespace rlab::ui;

namespace {

struct HttpResult
{
    int status = 0;
    QJsonObject json;
};

// One GET on the GUI thread's event loop (the server answers from its own thread).
// A request as kubectl with the served lab's kubeconfig sends it: the bearer token it holds
// (required on loopback too), over HTTPS (the self-signed certificate is not checked here).
QNetworkRequest labRequest(const QString &url, const QString &kubeconfig)
{
    QFile file(kubeconfig);
    const QByteArray config = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    const qsizetype t = config.indexOf("token: ");
    const QByteArray token = t < 0 ? QByteArray() : config.mid(t + 7, config.indexOf('\n', t) - t - 7);
    QNetworkRequest request{QUrl(url)};
    request.setRawHeader("Authorization", "Bearer " + token);
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    request.setSslConfiguration(tls);
    return request;
}

HttpResult httpGet(const QString &url, const QByteArray &userAgent, const QString &kubeconfig)
{
    QNetworkAccessManager nam;
    QNetworkRequest request = labRequest(url, kubeconfig);
    request.setHeader(QNetworkRequest::UserAgentHeader, userAgent);
    QNetworkReply *reply = nam.get(request);
    QSignalSpy finished(reply, &QNetworkReply::finished);
    HttpResult r;
    if (!finished.wait(10000))
        return r;
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.json = QJsonDocument::fromJson(reply->readAll()).object();
    reply->deleteLater();
    return r;
}

} // namespace

class TestServePanel : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString kubeconfigPath() const { return m_dir.filePath(QStringLiteral("kubeconfig")); }

    // A panel whose kubeconfig goes to the test's directory.
    std::unique_ptr<ServePanel> makePanel(ClusterSession &session)
    {
        auto panel = std::make_unique<ServePanel>(session, server::LabApiEndpoint::factory());
        panel->controller()->setKubeconfigPath(kubeconfigPath());
        return panel;
    }

    // Runs kubectl while the session's frames (and the HTTP server) keep running.
    QString runKubectl(const QString &kubectl, const QStringList &args, int *exitCode)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
        env.remove(QStringLiteral("KUBECONFIG"));
        p.setProcessEnvironment(env);
        p.start(kubectl, QStringList{QStringLiteral("--kubeconfig"), kubeconfigPath()} + args);
        p.closeWriteChannel();
        // The event loop runs meanwhile: frames, and the queued calls of the HTTP server.
        if (!QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 90000))
            qWarning("kubectl %s did not finish in 90 s", qPrintable(args.join(QLatin1Char(' '))));
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(5000);
        }
        *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        return QString::fromUtf8(p.readAllStandardOutput()) + QString::fromUtf8(p.readAllStandardError());
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(QStringLiteral("serve/port"));
        theme::applyTo(*qApp);
        Language::setLanguage(QStringLiteral("en"));   // as the app does at start: English plurals
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).mkpath(QStringLiteral("home"));
    }

    // rlab_ui has no HTTP server of its own: without an injected endpoint the dock says so.
    void withoutAnEndpointTheDockCannotServe()
    {
        ClusterSession session;
        ServePanel panel(session, {});
        QVERIFY(!panel.controller()->isAvailable());
        QVERIFY(!panel.toggleButton()->isEnabled());
        QVERIFY(!panel.controller()->start());
        QVERIFY(!panel.controller()->errorString().isEmpty());
        QVERIFY(!panel.controller()->isServing());
        QCOMPARE(panel.addressText(), QStringLiteral("Not serving"));
    }

    void toggleOnServesAndWritesTheKubeconfig()
    {
        ClusterSession session;
        auto panel = makePanel(session);
        QCOMPARE(panel->addressText(), QStringLiteral("Not serving"));
        QVERIFY(!panel->copyButton()->isEnabled());
        panel->toggleButton()->click();
        ServeController *serve = panel->controller();
        QVERIFY2(serve->isServing(), qPrintable(serve->errorString()));
        QVERIFY(panel->toggleButton()->isChecked());
        QVERIFY(serve->port() > 0);
        const QString url = QStringLiteral("https://127.0.0.1:%1").arg(serve->port());   // a token, so TLS
        QCOMPARE(panel->addressText(), url);
        QCOMPARE(panel->exportText(), QStringLiteral("export KUBECONFIG=") + kubeconfigPath());
        QCOMPARE(QSettings().value(QStringLiteral("serve/port")).toUInt(), uint(serve->port()));

        QFile file(kubeconfigPath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray kubeconfig = file.readAll();
        QVERIFY(kubeconfig.contains("kind: Config"));
        QVERIFY(kubeconfig.contains("server: " + url.toUtf8() + "\n"));
        QVERIFY(kubeconfig.contains("current-context: reconcile-lab"));
        QVERIFY(kubeconfig.contains("namespace: default"));
        QVERIFY(kubeconfig.contains("    token: "));
        QVERIFY(kubeconfig.contains("certificate-authority-data: "));
        QCOMPARE(QFile::permissions(kubeconfigPath()) & (QFileDevice::ReadGroup | QFileDevice::ReadOther), QFileDevice::Permissions());
        // Without the token: 401, on loopback too (issue #17 item 6).
        QNetworkAccessManager nam;
        QNetworkRequest anonymous = labRequest(url + QStringLiteral("/api/v1/nodes"), kubeconfigPath());
        anonymous.setRawHeader("Authorization", QByteArray());
        QNetworkReply *reply = nam.get(anonymous);
        QSignalSpy done(reply, &QNetworkReply::finished);
        QVERIFY(done.wait(10000));
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 401);
        reply->deleteLater();

        QVERIFY(panel->copyButton()->isEnabled());
        panel->copyButton()->click();
        QCOMPARE(QApplication::clipboard()->text(), panel->exportText());
    }

    void exportLineQuotesPathsWithSpaces()
    {
        ClusterSession session;
        ServeController serve(session, server::LabApiEndpoint::factory());
        serve.setKubeconfigPath(QStringLiteral("/home/t/.local/share/Reconcile Lab/kubeconfig"));
        QCOMPARE(serve.exportLine(), QStringLiteral("export KUBECONFIG='/home/t/.local/share/Reconcile Lab/kubeconfig'"));
    }

    void podListOverHttpIsTracedWithTheUserAgent()
    {
        ClusterSession session;
        auto panel = makePanel(session);
        panel->toggleButton()->click();
        QVERIFY(panel->controller()->isServing());
        ManifestSource nginx = ManifestSource::fromFile(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(session.apply({nginx}).ok());
        session.advance(1000);   // the controllers create the pods
        session.frame();

        std::vector<TraceEvent> seen;
        connect(&session, &ClusterSession::traceEvents, this,
                [&](const std::vector<TraceEvent> &events) { seen.insert(seen.end(), events.begin(), events.end()); });
        const HttpResult r = httpGet(panel->controller()->url() + QStringLiteral("/api/v1/namespaces/default/pods"),
                                     "rlab-test/1.0 (servepanel)", kubeconfigPath());
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json[QLatin1String("kind")].toString(), QStringLiteral("PodList"));
        QCOMPARE(r.json[QLatin1String("items")].toArray().size(), 3);
        session.frame();
        const auto row = std::find_if(seen.begin(), seen.end(), [](const TraceEvent &e) { return e.type == QLatin1String("HttpRequest"); });
        QVERIFY(row != seen.end());
        QCOMPARE(row->component, QStringLiteral("apiserver"));
        QCOMPARE(row->detail[QLatin1String("userAgent")].toString(), QStringLiteral("rlab-test/1.0 (servepanel)"));
        QCOMPARE(row->detail[QLatin1String("method")].toString(), QStringLiteral("GET"));
        QCOMPARE(row->detail[QLatin1String("status")].toInt(), 200);
        QCOMPARE(row->text, QStringLiteral("rlab-test/1.0 (servepanel) GET /api/v1/namespaces/default/pods \u2192 200"));
    }

    void realKubectlConvergesWhileTheWindowRuns()
    {
        const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (kubectl.isEmpty())
            QSKIP("kubectl is not installed");
        ClusterSession session;
        auto panel = makePanel(session);
        panel->toggleButton()->click();
        QVERIFY(panel->controller()->isServing());
        session.setSpeed(20);   // kubelet stages take seconds of virtual time
        session.start();

        int rc = -1;
        const QString nodes = runKubectl(kubectl, {QStringLiteral("get"), QStringLiteral("nodes")}, &rc);
        QVERIFY2(rc == 0, qPrintable(nodes));
        for (const char *node : {"node-1", "node-2", "node-3"})
            QVERIFY2(nodes.contains(QLatin1String(node)), qPrintable(nodes));
        QVERIFY2(nodes.contains(QLatin1String("Ready")), qPrintable(nodes));

        QFile manifest(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const QString file = m_dir.filePath(QStringLiteral("nginx.yaml"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(manifest.readAll());
        out.close();
        const QString applied = runKubectl(kubectl, {QStringLiteral("apply"), QStringLiteral("-f"), file}, &rc);
        QVERIFY2(rc == 0 && applied.contains(QLatin1String("deployment.apps/nginx created")), qPrintable(applied));
        // kubectl's own requests are traced with its version and command.
        const std::vector<TraceEvent> trace = session.view().trace(0);
        const bool tracedApply = std::any_of(trace.begin(), trace.end(), [](const TraceEvent &e) {
            return e.type == QLatin1String("HttpRequest") && e.detail[QLatin1String("command")] == QLatin1String("kubectl apply")
                   && e.text.startsWith(QLatin1String("kubectl/v1.")) && e.text.contains(QLatin1String(" (apply) POST /apis/apps/v1/namespaces/default/deployments"))
                   && e.text.endsWith(QStringLiteral("\u2192 201"));
        });
        QVERIFY(tracedApply);
        const auto available = [&] {
            auto d = session.client().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("nginx"));
            return d && d->status.availableReplicas == 3;
        };
        QTRY_VERIFY_WITH_TIMEOUT(available(), 60000);   // the session's frames reconcile what kubectl wrote
        const QString deploy = runKubectl(kubectl, {QStringLiteral("get"), QStringLiteral("deployment"), QStringLiteral("nginx")}, &rc);
        QVERIFY2(rc == 0 && deploy.contains(QLatin1String("3/3")), qPrintable(deploy));
        session.stop();
    }

    void toggleOffRefusesConnections()
    {
        ClusterSession session;
        auto panel = makePanel(session);
        panel->toggleButton()->click();
        const quint16 port = panel->controller()->port();
        QVERIFY(port > 0);
        QCOMPARE(httpGet(panel->controller()->url() + QStringLiteral("/version"), "t", kubeconfigPath()).status, 200);
        panel->toggleButton()->click();
        QVERIFY(!panel->controller()->isServing());
        QVERIFY(!panel->toggleButton()->isChecked());
        QCOMPARE(panel->addressText(), QStringLiteral("Not serving"));
        QTcpSocket socket;
        QSignalSpy errors(&socket, &QTcpSocket::errorOccurred);
        socket.connectToHost(QHostAddress(QHostAddress::LocalHost), port);
        QTRY_COMPARE(errors.count(), 1);
        QCOMPARE(socket.error(), QAbstractSocket::ConnectionRefusedError);
    }

    void toggleOffEndsOpenWatches()
    {
        ClusterSession session;
        auto panel = makePanel(session);
        panel->toggleButton()->click();
        QNetworkAccessManager nam;
        QNetworkReply *watch = nam.get(labRequest(panel->controller()->url() + QStringLiteral("/api/v1/namespaces/default/pods?watch=true"), kubeconfigPath()));
        QSignalSpy finished(watch, &QNetworkReply::finished);
        QTRY_COMPARE(panel->controller()->status().openWatches, qint64(1));
        QVERIFY(finished.isEmpty());
        panel->toggleButton()->click();
        QTRY_COMPARE(finished.count(), 1);   // the stream ended with the server, nothing hangs
        watch->deleteLater();
    }

    void resetServesTheNewClusterOnTheSamePort()
    {
        ClusterSession session;
        auto panel = makePanel(session);
        panel->toggleButton()->click();
        const quint16 port = panel->controller()->port();
        QVERIFY(session.apply({ManifestSource::fromFile(QStringLiteral(":/manifests/nginx-deployment.yaml"))}).ok());
        const QString deployments = QStringLiteral("/apis/apps/v1/namespaces/default/deployments");
        QCOMPARE(httpGet(panel->controller()->url() + deployments, "t", kubeconfigPath()).json[QLatin1String("items")].toArray().size(), 1);
        // The controller stops serving on aboutToReset(), before the old ApiServer is destroyed.
        bool stoppedBeforeDestroy = false;
        connect(&session, &ClusterSession::aboutToReset, this,
                [&] { stoppedBeforeDestroy = !panel->controller()->isServing(); });
        session.reset();
        QVERIFY(stoppedBeforeDestroy);
        QVERIFY(panel->controller()->isServing());
        QCOMPARE(panel->controller()->port(), port);
        QVERIFY(panel->toggleButton()->isChecked());
        QCOMPARE(httpGet(panel->controller()->url() + deployments, "t", kubeconfigPath()).json[QLatin1String("items")].toArray().size(), 0);
        session.stop();
    }

    void screenshot()
    {
        ClusterSession session;
        auto panel = makePanel(session);
        panel->toggleButton()->click();
        httpGet(panel->controller()->url() + QStringLiteral("/api/v1/nodes"), "kubectl/v1.31.9 (linux/amd64)", kubeconfigPath());
        session.frame();   // frameDone: the counters follow the server's
        QCOMPARE(panel->counterText(), QStringLiteral("1 request served  \u00b7  0 open watches"));
        for (const QSize size : {QSize(640, 220), QSize(960, 300)}) {
            panel->resize(size);
            const QString path = QDir(qEnvironmentVariable("RLAB_BINARY_DIR", QDir::tempPath()))
                                     .filePath(QStringLiteral("servepanel-%1.png").arg(size.width()));
            QVERIFY(panel->grab().save(path));
        }
        Language::setLanguage(QStringLiteral("ko"));
        QTRY_COMPARE(panel->toggleButton()->text(), QStringLiteral("● API 제공 중"));
        QVERIFY(panel->grab().save(QDir(qEnvironmentVariable("RLAB_BINARY_DIR", QDir::tempPath())).filePath(QStringLiteral("servepanel-ko.png"))));
        Language::setLanguage(QStringLiteral("en"));
        panel->toggleButton()->click();
        QVERIFY(panel->counterText().isEmpty());
        panel->resize(640, 220);
        QVERIFY(panel->minimumSizeHint().width() <= 640);   // fits a side dock
        QVERIFY(panel->grab().save(QDir(qEnvironmentVariable("RLAB_BINARY_DIR", QDir::tempPath())).filePath(QStringLiteral("servepanel-off.png"))));
    }
};

QTEST_MAIN(TestServePanel)
#include "tst_servepanel.moc"
