// SPDX-License-Identifier: Apache-2.0
// The classroom server's Authenticator and Authorizer over HTTPS: client certificates signed by
// the server's CA (and not by another CA), a token per user, 403 Forbidden in kube-apiserver's
// words for everything outside a student's namespace, the users file's errors (file:line), and
// no non-loopback listening without TLS and authentication.
#include "core/server/authorizer.h"
#include "core/server/servecommand.h"
#include "core/server/usersfile.h"
#include "tests/e2e/classroomfixture.h"

#include <QTemporaryDir>
#include <QTest>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;

class TestKubectlServerAuth : public QObject, public ClassroomFixture
{
    Q_OBJECT

private slots:
    void init()
    {
        QString error;
        QVERIFY2(startClassroom(&error), qPrintable(error));
    }

    void cleanup() { stopClassroom(); }

    void clientCertificateAuthenticates()
    {
        QString error;
        const auto carol = classroom->ca().issueClient(QStringLiteral("carol"), {QStringLiteral("students")}, &error);
        QVERIFY2(carol, qPrintable(error));
        const ClientIdentity id = ClientIdentity::from(*carol);
        QCOMPARE(request("GET", "/api/v1/namespaces/carol/pods", {}, id).status, 200);
        const Response other = request("GET", "/api/v1/namespaces/alice/pods", {}, id);
        QCOMPARE(other.status, 403);
        QCOMPARE(other.json()[QLatin1String("message")].toString(),
                 QStringLiteral("pods is forbidden: User \"carol\" cannot list resource \"pods\" in API group \"\" in the namespace \"alice\""));
        // CN = user, O = groups: a certificate in system:masters is an admin.
        const auto master = classroom->ca().issueClient(QStringLiteral("teacher"), {QStringLiteral("system:masters")}, &error);
        QVERIFY2(master, qPrintable(error));
        QCOMPARE(request("GET", "/api/v1/pods", {}, ClientIdentity::from(*master)).status, 200);
    }

    void certificateFromAnotherCaIsRejected()
    {
        QString error;
        const std::optional<CertificateAuthority> other = CertificateAuthority::open(QString(), &error);
        QVERIFY2(other, qPrintable(error));
        const auto forged = other->issueClient(QStringLiteral("carol"), {QStringLiteral("system:masters")}, &error);
        QVERIFY2(forged, qPrintable(error));
        const Response r = request("GET", "/api/v1/namespaces/carol/pods", {}, ClientIdentity::from(*forged));
        QCOMPARE(r.status, 401);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("Unauthorized"));
        // The CA's own serving certificate is no client certificate (extendedKeyUsage serverAuth).
        const auto serving = classroom->ca().issueServing({QStringLiteral("127.0.0.1")}, {}, &error);
        QVERIFY2(serving, qPrintable(error));
        QCOMPARE(request("GET", "/api/v1/nodes", {}, ClientIdentity::from(*serving)).status, 401);
        // Without credentials: 401, except the public paths.
        QCOMPARE(request("GET", "/api/v1/nodes").status, 401);
        QCOMPARE(request("GET", "/version").status, 200);
    }

    void tokenPerUser()
    {
        QCOMPARE(request("GET", "/api/v1/namespaces/alice/pods", bearer("alice-token-0001")).status, 200);
        QCOMPARE(request("GET", "/api/v1/namespaces/bob/pods", bearer("bob-token-0002")).status, 200);
        QCOMPARE(request("GET", "/api/v1/namespaces/bob/pods", bearer("alice-token-0001")).status, 403);
        QCOMPARE(request("GET", "/api/v1/namespaces/alice/pods", bearer("bob-token-0002")).status, 403);
        QCOMPARE(request("GET", "/api/v1/namespaces/team-1/pods", bearer("dave-token-0004")).status, 200);
        QCOMPARE(request("GET", "/api/v1/namespaces/alice/pods", bearer("alice-token-0002")).status, 401);
        QCOMPARE(request("GET", "/api/v1/namespaces/alice/pods", {{"Authorization", "bearer alice-token-0001"}}).status, 200);
        QCOMPARE(request("GET", "/api/v1/pods", bearer(adminToken)).status, 200);
        QCOMPARE(request("GET", "/api/v1/pods", bearer("ta-token-00005")).status, 200);
        // A student's write lands in their namespace and is theirs to read.
        QCOMPARE(request("POST", "/api/v1/namespaces/alice/pods", bearer("alice-token-0001") + Headers{{"Content-Type", "application/json"}}, {},
                         QString::fromLatin1(kPodJson).arg(QStringLiteral("p"), QStringLiteral("web")).toUtf8())
                     .status,
                 201);
        QCOMPARE(request("GET", "/api/v1/namespaces/alice/pods/p", bearer("alice-token-0001")).status, 200);
        QCOMPARE(request("GET", "/api/v1/namespaces/alice/pods/p", bearer("bob-token-0002")).status, 403);
        // The trace names the user (the teacher's window shows who did what).
        bool traced = false;
        for (const TraceEvent &e : cluster->trace().since(0))
            if (e.type == QLatin1String("HttpRequest") && e.detail[QLatin1String("user")] == QLatin1String("bob")
                && e.text == QStringLiteral("bob: kubectl/v1.31.9 (linux/amd64) GET /api/v1/namespaces/alice/pods/p \u2192 403"))
                traced = true;
        QVERIFY(traced);
    }

    void studentNamespacesExist()
    {
        for (const char *ns : {"alice", "bob", "carol", "team-1"})
            QVERIFY2(request("GET", QByteArray("/api/v1/namespaces/") + ns, bearer(adminToken)).status == 200, ns);
        QCOMPARE(request("GET", "/api/v1/namespaces/dave", bearer(adminToken)).status, 404);
        QCOMPARE(request("GET", "/api/v1/namespaces/ta", bearer(adminToken)).status, 404);   // masters get none
    }

    void forbiddenAsUpstream_data()
    {
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");   // for 403s
        const QByteArray alice = "alice-token-0001";
        const auto row = [&](const char *name, const QByteArray &method, const QByteArray &path, int status, const QString &message = {}) {
            QTest::newRow(name) << alice << method << path << status << message;
        };
        row("list own pods", "GET", "/api/v1/namespaces/alice/pods?limit=500", 200);
        row("list other's pods", "GET", "/api/v1/namespaces/bob/pods?limit=500", 403,
            R"(pods is forbidden: User "alice" cannot list resource "pods" in API group "" in the namespace "bob")");
        row("get pods -A", "GET", "/api/v1/pods?limit=500", 403,
            R"(pods is forbidden: User "alice" cannot list resource "pods" in API group "" at the cluster scope)");
        row("get other's deployment", "GET", "/apis/apps/v1/namespaces/bob/deployments/web", 403,
            R"(deployments.apps "web" is forbidden: User "alice" cannot get resource "deployments" in API group "apps" in the namespace "bob")");
        row("watch other's replicasets", "GET", "/apis/apps/v1/namespaces/bob/replicasets?watch=true", 403,
            R"(replicasets.apps is forbidden: User "alice" cannot watch resource "replicasets" in API group "apps" in the namespace "bob")");
        row("watch one pod by name", "GET", "/api/v1/namespaces/bob/pods?watch=1&fieldSelector=metadata.name%3Dx", 403,
            R"(pods "x" is forbidden: User "alice" cannot watch resource "pods" in API group "" in the namespace "bob")");
        row("scale other's deployment", "PATCH", "/apis/apps/v1/namespaces/bob/deployments/web/scale", 403,
            R"(deployments.apps "web" is forbidden: User "alice" cannot patch resource "deployments/scale" in API group "apps" in the namespace "bob")");
        row("create in other's namespace", "POST", "/api/v1/namespaces/bob/pods", 403,
            R"(pods is forbidden: User "alice" cannot create resource "pods" in API group "" in the namespace "bob")");
        row("update in default", "PUT", "/apis/apps/v1/namespaces/default/deployments/web", 403,
            R"(deployments.apps "web" is forbidden: User "alice" cannot update resource "deployments" in API group "apps" in the namespace "default")");
        row("delete collection elsewhere", "DELETE", "/api/v1/namespaces/bob/pods", 403,
            R"(pods is forbidden: User "alice" cannot deletecollection resource "pods" in API group "" in the namespace "bob")");
        row("events of kube-system", "GET", "/api/v1/namespaces/kube-system/events", 403,
            R"(events is forbidden: User "alice" cannot list resource "events" in API group "" in the namespace "kube-system")");
        row("own events", "GET", "/api/v1/namespaces/alice/events", 200);
        row("own events.k8s.io (allowed; the lab serves core/v1 events only)", "GET", "/apis/events.k8s.io/v1/namespaces/alice/events", 404);
        row("nodes readable", "GET", "/api/v1/nodes", 200);
        row("node readable", "GET", "/api/v1/nodes/node-1", 200);
        row("node not deletable", "DELETE", "/api/v1/nodes/node-1", 403,
            R"(nodes "node-1" is forbidden: User "alice" cannot delete resource "nodes" in API group "" at the cluster scope)");
        row("node status not writable", "PATCH", "/api/v1/nodes/node-1/status", 403,
            R"(nodes "node-1" is forbidden: User "alice" cannot patch resource "nodes/status" in API group "" at the cluster scope)");
        row("namespace list", "GET", "/api/v1/namespaces", 403,
            R"(namespaces is forbidden: User "alice" cannot list resource "namespaces" in API group "" at the cluster scope)");
        row("own namespace readable", "GET", "/api/v1/namespaces/alice", 200);
        row("other namespace", "GET", "/api/v1/namespaces/bob", 403,
            R"(namespaces "bob" is forbidden: User "alice" cannot get resource "namespaces" in API group "" in the namespace "bob")");
        row("own namespace not deletable", "DELETE", "/api/v1/namespaces/alice", 403,
            R"(namespaces "alice" is forbidden: User "alice" cannot delete resource "namespaces" in API group "" in the namespace "alice")");
        row("create a namespace", "POST", "/api/v1/namespaces", 403,
            R"(namespaces is forbidden: User "alice" cannot create resource "namespaces" in API group "" at the cluster scope)");
        row("discovery", "GET", "/apis", 200);
        row("discovery group", "GET", "/apis/apps/v1", 200);
        row("openapi", "GET", "/openapi/v3", 200);
        row("unknown path", "GET", "/logs", 403, R"(forbidden: User "alice" cannot get path "/logs")");
        row("own pod log (no such pod)", "GET", "/api/v1/namespaces/alice/pods/x/log", 404);
        QTest::newRow("admin everywhere") << adminToken << QByteArray("GET") << QByteArray("/api/v1/namespaces/bob/pods") << 200 << QString();
        QTest::newRow("admin lists namespaces") << adminToken << QByteArray("GET") << QByteArray("/api/v1/namespaces") << 200 << QString();
        QTest::newRow("bob, two groups") << QByteArray("bob-token-0002") << QByteArray("GET") << QByteArray("/api/v1/namespaces/alice/pods") << 403
                                         << QStringLiteral(R"(pods is forbidden: User "bob" cannot list resource "pods" in API group "" in the namespace "alice")");
    }
    void forbiddenAsUpstream()
    {
        QFETCH(QByteArray, token);
        QFETCH(QByteArray, method);
        QFETCH(QByteArray, path);
        QFETCH(int, status);
        QFETCH(QString, message);
        const QByteArray body = method == "GET" || method == "DELETE" ? QByteArray() : QByteArray("{}");
        const Response r = request(method, path, bearer(token) + Headers{{"Content-Type", "application/merge-patch+json"}}, {}, body);
        QVERIFY2(r.status == status, qPrintable(QStringLiteral("%1 %2 -> %3 %4").arg(QString::fromLatin1(method), QString::fromLatin1(path)).arg(r.status).arg(QString::fromUtf8(r.body))));
        if (status == 403) {
            const QJsonObject s = r.json();
            QCOMPARE(s[QLatin1String("kind")].toString(), QStringLiteral("Status"));
            QCOMPARE(s[QLatin1String("reason")].toString(), QStringLiteral("Forbidden"));
            QCOMPARE(s[QLatin1String("code")].toInt(), 403);
            QCOMPARE(s[QLatin1String("message")].toString(), message);
        }
    }

    void nonLoopbackNeedsTlsAndAuthentication()
    {
        QString error;
        {
            HttpApiServer plain(cluster->api(), cluster->clock());
            plain.setBearerToken("0123456789abcdef");
            QVERIFY(!plain.listen(QHostAddress(QHostAddress::AnyIPv4), 0, &error));
            QVERIFY2(error.contains(QLatin1String("without TLS")), qPrintable(error));
        }
        const std::optional<QSslConfiguration> tls = classroom->ca().serverConfiguration({QStringLiteral("127.0.0.1")}, {}, &error);
        QVERIFY2(tls, qPrintable(error));
        {
            HttpApiServer open(cluster->api(), cluster->clock());
            open.setTlsConfiguration(*tls);
            QVERIFY(!open.listen(QHostAddress(QHostAddress::AnyIPv4), 0, &error));
            QVERIFY2(error.contains(QLatin1String("without authentication")), qPrintable(error));
            QVERIFY(open.listen(QHostAddress(QHostAddress::LocalHost), 0, &error));   // loopback: the caller's choice
        }
        {
            HttpApiServer secured(cluster->api(), cluster->clock());
            secured.setTlsConfiguration(*tls);
            secured.setAuthenticator(classroom->authenticator());
            QVERIFY2(secured.listen(QHostAddress(QHostAddress::AnyIPv4), 0, &error), qPrintable(error));
        }
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(serveCommand({QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0")}, out, err), 2);
        QVERIFY2(errText.contains(QLatin1String("refusing to listen on 0.0.0.0")), qPrintable(errText));
    }

    void usersFileErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("one column") << QByteArray("# students\nalice-token-0001\n")
                                    << QStringLiteral("users.csv:2: expected token,user[,uid[,\"group1,group2\"[,namespace]]] (2 to 5 columns), found 1 column");
        QTest::newRow("six columns") << QByteArray("t0000001,alice,1,g,alice,extra\n")
                                     << QStringLiteral("users.csv:1: expected token,user[,uid[,\"group1,group2\"[,namespace]]] (2 to 5 columns), found 6 columns");
        QTest::newRow("open quote") << QByteArray("t0000001,alice,1,\"students\n")
                                    << QStringLiteral("users.csv:1: a quoted field is not closed (column 4)");
        QTest::newRow("empty user") << QByteArray("\n\nt0000001,,1\n") << QStringLiteral("users.csv:3: the user name (column 2) is empty");
        QTest::newRow("duplicate user") << QByteArray("t0000001,alice\nt0000002,alice\n")
                                        << QStringLiteral("users.csv:2: user \"alice\" is already defined on line 1");
        QTest::newRow("duplicate token") << QByteArray("t0000001,alice\nt0000001,bob\n")
                                         << QStringLiteral("users.csv:2: this token is already used by another user");
        QTest::newRow("short token") << QByteArray("abc,alice\n")
                                     << QStringLiteral("users.csv:1: the token (column 1) is shorter than 8 characters; leave it empty for client-certificate-only users");
        QTest::newRow("user not a namespace") << QByteArray("t0000001,Alice.Smith\n")
                                              << QStringLiteral("users.csv:1: user name \"Alice.Smith\" is not a valid namespace name (lower-case letters, digits and '-', at most 63); name the user's namespace in column 5");
        QTest::newRow("bad namespace") << QByteArray("t0000001,alice,1,students,Team_1\n")
                                       << QStringLiteral("users.csv:1: namespace \"Team_1\" (column 5) is not a valid namespace name (lower-case letters, digits and '-', at most 63)");
        QTest::newRow("file name unsafe") << QByteArray("t0000001,../x\n")
                                          << QStringLiteral("users.csv:1: user name \"../x\": use letters, digits, '.', '_', '@' and '-' (it names the user's kubeconfig file)");
        QTest::newRow("reserved") << QByteArray("t0000001,admin\n") << QStringLiteral("users.csv:1: user name \"admin\" is reserved");
        QTest::newRow("empty") << QByteArray("# nobody yet\n") << QStringLiteral("users.csv: no users (lines are token,user,uid,\"group1,group2\",namespace)");
    }
    void usersFileErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        QStringList errors;
        QVERIFY(!UsersFile::parse(text, QStringLiteral("users.csv"), &errors));
        QCOMPARE(errors.value(0), error);
    }

    void usersFileAsKubeApiserverReadsIt()
    {
        QStringList errors;
        const std::optional<UsersFile> f = UsersFile::parse(kUsers, QStringLiteral("users.csv"), &errors);
        QVERIFY2(f, qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(f->entries.size(), 5);
        QCOMPARE(f->entries[1].groups, (QStringList{QStringLiteral("students"), QStringLiteral("late")}));
        QCOMPARE(f->entries[1].line, 3);
        QCOMPARE(f->entries[2].token, QByteArray());
        QCOMPARE(f->entries[3].namespace_, QStringLiteral("team-1"));
        QCOMPARE(f->entries[4].namespace_, QString());
        QCOMPARE(UsersFile::parse("t0000001,alice\n", QStringLiteral("u"), &errors)->entries[0].uid, QStringLiteral("alice"));
    }

    void serveRejectsABadUsersFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("users.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("alice-token-0001,alice\n\nbob-token-0002\n");
        f.close();
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(serveCommand({QStringLiteral("--users"), path}, out, err), 2);
        QVERIFY2(errText.startsWith(path + QStringLiteral(":3: expected token,user")), qPrintable(errText));
        errText.clear();
        QCOMPARE(serveCommand({QStringLiteral("--users"), dir.filePath(QStringLiteral("missing.csv"))}, out, err), 2);
        QVERIFY2(errText.contains(QLatin1String("cannot read the users file")), qPrintable(errText));
        QCOMPARE(serveCommand({QStringLiteral("--kubeconfig-dir"), dir.path()}, out, err), 2);
        QCOMPARE(serveCommand({QStringLiteral("--trace-memory"), QStringLiteral("0")}, out, err), 2);
    }
};

QTEST_GUILESS_MAIN(TestKubectlServerAuth)
#include "tst_kubectlserver_auth.moc"
