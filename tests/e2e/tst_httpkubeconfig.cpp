// SPDX-License-Identifier: Apache-2.0
// Kubeconfig loading as kubectl does it (client-go clientcmd): files (explicit, $KUBECONFIG
// merged, ~/.kube/config), contexts, namespaces, credentials and the errors in kubectl's words,
// as one table; plus the ExecCredential parser.
#include "core/http/connect.h"
#include "core/http/execplugin.h"
#include "core/http/proxysettings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace rlab;
using namespace rlab::http;

namespace {

// context|cluster|server|user|namespace|auth — what a resolved config means for a test row.
QString summary(const RestConfig &c)
{
    QString auth = QStringLiteral("none");
    if (!c.token.isEmpty())
        auth = QStringLiteral("token:") + QString::fromUtf8(c.token);
    else if (!c.username.isEmpty())
        auth = QStringLiteral("basic:") + c.username;
    else if (c.exec)
        auth = QStringLiteral("exec:") + QFileInfo(c.exec->command).fileName();
    if (!c.clientCertificatePem.isEmpty())
        auth += QStringLiteral("+cert");
    if (!c.caPem.isEmpty())
        auth += QStringLiteral("+ca");
    if (c.insecureSkipTlsVerify)
        auth += QStringLiteral("+insecure");
    if (!c.proxyUrl.isEmpty())
        auth += QStringLiteral("+proxy:") + c.proxyUrl.toString();
    return QStringList{c.contextName, c.clusterName, c.server.toString(), c.userName, c.namespace_, auth}.join(QLatin1Char('|'));
}

const char *const kTwoContexts = "apiVersion: v1\n"
"kind: Config\n"
"current-context: ctx-a\n"
"clusters:\n"
"- {name: a, cluster: {server: \"https://a.example:6443\"}}\n"
"- {name: b, cluster: {server: \"https://b.example\"}}\n"
"contexts:\n"
"- {name: ctx-a, context: {cluster: a, user: ua, namespace: team-a}}\n"
"- {name: ctx-b, context: {cluster: b, user: ub}}\n"
"users:\n"
"- {name: ua, user: {token: ta}}\n"
"- {name: ub, user: {token: tb}}\n";

const char *const kSecond = "current-context: ctx-c\n"
"clusters:\n"
"- {name: a, cluster: {server: \"https://second.example\"}}\n"
"- {name: c, cluster: {server: \"https://c.example\", insecure-skip-tls-verify: true}}\n"
"contexts:\n"
"- {name: ctx-c, context: {cluster: c, user: uc, namespace: team-c}}\n"
"users:\n"
"- {name: ua, user: {token: second-ta}}\n"
"- {name: uc, user: {username: carol, password: pw}}\n";

QString one(const char *users, const char *cluster = "{server: \"https://x.example\"}")
{
    return QStringLiteral("current-context: x\nclusters:\n- {name: x, cluster: %1}\ncontexts:\n- {name: x, context: {cluster: x, user: u}}\n"
                          "users:\n- {name: u, user: %2}\n").arg(QLatin1String(cluster), QLatin1String(users));
}

} // namespace

class TestHttpKubeconfig : public QObject
{
    Q_OBJECT

private slots:
    void loading_data()
    {
        QTest::addColumn<QStringList>("files");   // written as f0, f1, …; "-" is a file that does not exist
        QTest::addColumn<QString>("how");         // explicit (one file or a list) | env ($KUBECONFIG) | home (~/.kube/config)
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("namespace_");
        QTest::addColumn<QString>("expected");    // summary() or the error; %DIR% is the files' directory

        const QString two = QLatin1String(kTwoContexts);
        const QString second = QLatin1String(kSecond);
        QTest::newRow("current-context") << QStringList{two} << "explicit" << "" << ""
                                         << "ctx-a|a|https://a.example:6443|ua|team-a|token:ta";
        QTest::newRow("--context") << QStringList{two} << "explicit" << "ctx-b" << ""
                                   << "ctx-b|b|https://b.example|ub|default|token:tb";
        QTest::newRow("--namespace") << QStringList{two} << "explicit" << "" << "mine"
                                     << "ctx-a|a|https://a.example:6443|ua|mine|token:ta";
        QTest::newRow("~/.kube/config") << QStringList{two} << "home" << "" << ""
                                        << "ctx-a|a|https://a.example:6443|ua|team-a|token:ta";
        QTest::newRow("--context that does not exist") << QStringList{two} << "explicit" << "nope" << ""
                                                       << "Error in configuration: context was not found for specified context: nope";
        QTest::newRow("KUBECONFIG: first file wins a name") << QStringList{two, second} << "env" << "" << ""
                                                            << "ctx-a|a|https://a.example:6443|ua|team-a|token:ta";
        QTest::newRow("KUBECONFIG: a context of the second file") << QStringList{two, second} << "env" << "ctx-c" << ""
                                                                  << "ctx-c|c|https://c.example|uc|team-c|basic:carol+insecure";
        QTest::newRow("KUBECONFIG: current-context from the first file setting it")
                << QStringList{QString(two).remove(QStringLiteral("current-context: ctx-a\n")), second} << "env" << "" << ""
                << "ctx-c|c|https://c.example|uc|team-c|basic:carol+insecure";
        QTest::newRow("KUBECONFIG: names in both files come from the first, also for a context of the second")
                << QStringList{second, two} << "env" << "ctx-a" << ""
                << "ctx-a|a|https://second.example|ua|team-a|token:second-ta";
        QTest::newRow("KUBECONFIG: a missing file is skipped") << QStringList{QStringLiteral("-"), two} << "env" << "" << ""
                                                               << "ctx-a|a|https://a.example:6443|ua|team-a|token:ta";
        QTest::newRow("--kubeconfig that does not exist") << QStringList{QStringLiteral("-")} << "explicit" << "" << ""
                                                          << "error: stat %DIR%/f0: no such file or directory";
        QTest::newRow("no context at all") << QStringList{QStringLiteral("clusters: []\n")} << "explicit" << "" << ""
                                           << "error: invalid configuration: no configuration has been provided, try setting "
                                              "KUBERNETES_MASTER environment variable";
        QTest::newRow("a context without its cluster")
                << QStringList{QStringLiteral("current-context: x\ncontexts:\n- {name: x, context: {cluster: gone, user: u}}\n")} << "explicit"
                << "" << "" << "Error in configuration: no server found for cluster \"gone\"";
        QTest::newRow("server without a scheme") << QStringList{one("{token: t}", "{server: \"10.0.0.1:6443\"}")} << "explicit" << "" << ""
                                                 << "x|x|https://10.0.0.1:6443|u|default|token:t";
        QTest::newRow("gcp auth-provider removed")
                << QStringList{one("{auth-provider: {name: gcp, config: {cmd-path: gcloud}}}")} << "explicit" << "" << ""
                << "error: The gcp auth plugin has been removed.\nPlease use the \"gke-gcloud-auth-plugin\" kubectl/client-go credential "
                   "plugin instead.\nSee https://cloud.google.com/blog/products/containers-kubernetes/kubectl-auth-changes-in-gke for further details";
        QTest::newRow("azure auth-provider removed")
                << QStringList{one("{auth-provider: {name: azure}}")} << "explicit" << "" << ""
                << "error: The azure auth plugin has been removed.\nPlease use the https://github.com/Azure/kubelogin kubectl/client-go "
                   "credential plugin instead.\nSee https://kubernetes.io/docs/reference/access-authn-authz/authentication/"
                   "#client-go-credential-plugins for further details";
        QTest::newRow("oidc id-token") << QStringList{one("{auth-provider: {name: oidc, config: {id-token: eyJ}}}")} << "explicit" << "" << ""
                                       << "x|x|https://x.example|u|default|token:eyJ";
        QTest::newRow("unknown auth-provider") << QStringList{one("{auth-provider: {name: keystone}}")} << "explicit" << "" << ""
                                               << "error: no Auth Provider found for name \"keystone\"";
        QTest::newRow("token and basic auth") << QStringList{one("{token: t, username: u, password: p}")} << "explicit" << "" << ""
                                              << "Error in configuration: more than one authentication method found for u; found "
                                                 "[token basicAuth], only one is allowed";
        QTest::newRow("client certificate without key") << QStringList{one("{client-certificate-data: Y2VydA==}")} << "explicit" << "" << ""
                                                        << "Error in configuration: client-key-data or client-key must be specified for u "
                                                           "to use the clientCert authentication method.";
        QTest::newRow("insecure with a CA")
                << QStringList{one("{token: t}", "{server: \"https://x.example\", insecure-skip-tls-verify: true, certificate-authority-data: Y2E=}")}
                << "explicit" << "" << "" << "Error in configuration: specifying a root certificates file with the insecure flag is not allowed";
        QTest::newRow("relative certificate-authority and tokenFile")
                << QStringList{one("{tokenFile: token.txt}", "{server: \"https://x.example\", certificate-authority: ca.pem, proxy-url: \"socks5://127.0.0.1:1080\"}")}
                << "explicit" << "" << "" << "x|x|https://x.example|u|default|token:from-file+ca+proxy:socks5://127.0.0.1:1080";
        QTest::newRow("missing certificate-authority file")
                << QStringList{one("{token: t}", "{server: \"https://x.example\", certificate-authority: nope.pem}")} << "explicit" << "" << ""
                << "Error in configuration: unable to read certificate-authority %DIR%/nope.pem for x due to open %DIR%/nope.pem: "
                   "no such file or directory";
        QTest::newRow("exec plugin") << QStringList{one("{exec: {apiVersion: client.authentication.k8s.io/v1, command: ./bin/plugin}}")}
                                     << "explicit" << "" << "" << "x|x|https://x.example|u|default|exec:plugin";
        QTest::newRow("exec without apiVersion") << QStringList{one("{exec: {command: plugin}}")} << "explicit" << "" << ""
                                                 << "Error in configuration: apiVersion must be specified for u to use exec authentication plugin";
        QTest::newRow("YAML error") << QStringList{QStringLiteral("clusters: [\n")} << "explicit" << "" << ""
                                    << "error: error loading config file \"%DIR%/f0\": %DIR%/f0:";
    }

    void loading()
    {
        QFETCH(QStringList, files);
        QFETCH(QString, how);
        QFETCH(QString, context);
        QFETCH(QString, namespace_);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QStringList paths;
        for (qsizetype i = 0; i < files.size(); ++i) {
            const QString path = dir.filePath(QStringLiteral("f%1").arg(i));
            paths << path;
            if (files[i] == QLatin1String("-"))
                continue;
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(files[i].toUtf8());
        }
        QFile token(dir.filePath(QStringLiteral("token.txt")));
        QVERIFY(token.open(QIODevice::WriteOnly));
        token.write("from-file\n");
        token.close();
        QFile ca(dir.filePath(QStringLiteral("ca.pem")));
        QVERIFY(ca.open(QIODevice::WriteOnly));
        ca.write("-----BEGIN CERTIFICATE-----\n");
        ca.close();

        const QByteArray home = qgetenv("HOME"), kubeconfig = qgetenv("KUBECONFIG");
        KubeconfigSelection sel;
        sel.context = context;
        sel.namespace_ = namespace_;
        qunsetenv("KUBECONFIG");
        if (how == QLatin1String("explicit")) {
            sel.files = paths;
        } else if (how == QLatin1String("env")) {
            qputenv("KUBECONFIG", paths.join(QLatin1Char(':')).toUtf8());
        } else {
            QDir(dir.path()).mkpath(QStringLiteral(".kube"));
            QFile::copy(paths.first(), dir.filePath(QStringLiteral(".kube/config")));
            qputenv("HOME", dir.path().toUtf8());
        }
        QString error;
        const std::optional<RestConfig> c = loadKubeconfig(sel, &error);
        qputenv("HOME", home);
        if (kubeconfig.isEmpty())
            qunsetenv("KUBECONFIG");
        else
            qputenv("KUBECONFIG", kubeconfig);
        expected.replace(QStringLiteral("%DIR%"), dir.path());
        if (c)
            QCOMPARE(summary(*c), expected);
        else if (expected.endsWith(QLatin1Char(':')))
            QVERIFY2(error.startsWith(expected), qPrintable(error));   // then the reader's line:column
        else
            QCOMPARE(error, expected);
    }

    void connectRefusesWhatItCannotUse()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("config")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(one("{token: t}", "{server: \"https://x.example\", certificate-authority-data: bm90IGEgY2VydA==}").toUtf8());
        f.close();
        KubeconfigSelection sel;
        sel.files = {f.fileName()};
        QString error;
        QVERIFY(loadKubeconfig(sel, &error));
        QVERIFY(!http::connect(sel, &error));
        QCOMPARE(error, QStringLiteral("error: unable to load root certificates: unable to parse bytes as PEM block"));
        sel.context = QStringLiteral("other");
        QVERIFY(!http::connect(sel, &error));
        QCOMPARE(error, QStringLiteral("Error in configuration: context was not found for specified context: other"));
    }

    void proxies_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("proxyUrl");
        QTest::addColumn<QStringList>("env");      // NAME=value
        QTest::addColumn<QString>("expected");     // none | http host:port | socks5 host:port | the error
        QTest::newRow("nothing set") << "https://k8s.example" << "" << QStringList{} << "none";
        QTest::newRow("proxy-url http") << "https://k8s.example" << "http://proxy:3128" << QStringList{} << "http proxy:3128";
        QTest::newRow("proxy-url socks5") << "https://k8s.example" << "socks5://proxy" << QStringList{} << "socks5 proxy:1080";
        QTest::newRow("proxy-url even for loopback") << "https://127.0.0.1:6443" << "http://proxy:3128" << QStringList{} << "http proxy:3128";
        QTest::newRow("HTTPS_PROXY") << "https://k8s.example" << "" << QStringList{QStringLiteral("HTTPS_PROXY=proxy:8080")} << "http proxy:8080";
        QTest::newRow("https_proxy, lower case") << "https://k8s.example" << "" << QStringList{QStringLiteral("https_proxy=http://p:1")} << "http p:1";
        QTest::newRow("HTTP_PROXY is for http servers") << "https://k8s.example" << "" << QStringList{QStringLiteral("HTTP_PROXY=p:1")} << "none";
        QTest::newRow("NO_PROXY domain") << "https://api.k8s.example" << "" << QStringList{QStringLiteral("HTTPS_PROXY=p:1"), QStringLiteral("NO_PROXY=other,.k8s.example")} << "none";
        QTest::newRow("NO_PROXY *") << "https://k8s.example" << "" << QStringList{QStringLiteral("HTTPS_PROXY=p:1"), QStringLiteral("NO_PROXY=*")} << "none";
        QTest::newRow("never for localhost") << "https://localhost:6443" << "" << QStringList{QStringLiteral("HTTPS_PROXY=p:1")} << "none";
        QTest::newRow("never for loopback") << "https://127.0.0.1:6443" << "" << QStringList{QStringLiteral("HTTPS_PROXY=p:1")} << "none";
        QTest::newRow("https proxy") << "https://k8s.example" << "https://proxy:443" << QStringList{}
                                     << "error: proxy https://proxy:443: https:// proxies are not supported by this client; use http:// or socks5://";
    }
    void proxies()
    {
        QFETCH(QString, server);
        QFETCH(QString, proxyUrl);
        QFETCH(QStringList, env);
        QFETCH(QString, expected);
        RestConfig c;
        c.server = QUrl(server);
        c.proxyUrl = QUrl(proxyUrl);
        QProcessEnvironment e;
        for (const QString &kv : env)
            e.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        QString error;
        const std::optional<QNetworkProxy> p = ProxySettings::proxyFor(c, e, &error);
        if (!p)
            QCOMPARE(error, expected);
        else if (p->type() == QNetworkProxy::NoProxy)
            QCOMPARE(QStringLiteral("none"), expected);
        else
            QCOMPARE(QStringLiteral("%1 %2:%3").arg(p->type() == QNetworkProxy::Socks5Proxy ? QStringLiteral("socks5") : QStringLiteral("http"),
                                                    p->hostName()).arg(p->port()),
                     expected);
    }

    void execCredentials_data()
    {
        QTest::addColumn<QByteArray>("output");
        QTest::addColumn<QString>("expected");   // "token Bearer …, expires MS" or the error
        QTest::newRow("token") << QByteArray("{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"abc\"}}")
                               << "Bearer abc, expires 0";
        QTest::newRow("expiry") << QByteArray("{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\n"
"                                     \"status\":{\"token\":\"abc\",\"expirationTimestamp\":\"2030-01-01T00:00:00Z\"}}")
                                << "Bearer abc, expires 1893456000000";
        QTest::newRow("other version") << QByteArray("{\"apiVersion\":\"client.authentication.k8s.io/v1beta1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"abc\"}}")
                                       << "exec plugin is configured to use API version client.authentication.k8s.io/v1, plugin returned "
                                          "version client.authentication.k8s.io/v1beta1";
        QTest::newRow("nothing") << QByteArray("{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{}}")
                                 << "exec plugin didn't return a token or cert/key pair";
        QTest::newRow("cert without key")
                << QByteArray("{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{\"clientCertificateData\":\"x\"}}")
                << "exec plugin: invalid output: client cert and key must both be specified";
        QTest::newRow("not JSON") << QByteArray("Please log in at https://login.example\n")
                                  << "decoding stdout: couldn't get version/kind; json parse error";
    }
    void execCredentials()
    {
        QFETCH(QByteArray, output);
        QFETCH(QString, expected);
        Credential c;
        QString error;
        if (ExecPlugin::parse(output, QStringLiteral("client.authentication.k8s.io/v1"), &c, &error))
            QCOMPARE(QStringLiteral("%1, expires %2").arg(QString::fromUtf8(c.authorization)).arg(c.expiresAtMs), expected);
        else
            QCOMPARE(error, expected);
    }
};

QTEST_GUILESS_MAIN(TestHttpKubeconfig)
#include "tst_httpkubeconfig.moc"
