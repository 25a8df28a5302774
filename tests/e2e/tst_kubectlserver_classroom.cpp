// SPDX-License-Identifier: Apache-2.0
// The classroom server end to end: the real kubectl as a student (token, or client certificate)
// is Forbidden outside their namespace in kube-apiserver's words and allowed in it, and
// `rlab serve --users --kubeconfig-dir --tls-dir` creates the namespaces, writes one kubeconfig
// per student and keeps its CA, so kubeconfigs handed out work after a restart.
#include "core/server/servecommand.h"
#include "tests/e2e/classroomfixture.h"
#include "tests/e2e/kubectlharness.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QTest>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The value of "key: value" in a kubeconfig written by rlab serve.
QByteArray field(const QByteArray &config, const QByteArray &key)
{
    const qsizetype at = config.indexOf(key + ": ");
    if (at < 0)
        return {};
    const qsizetype start = at + key.size() + 2;
    return config.mid(start, config.indexOf('\n', start) - start).trimmed();
}

} // namespace

class TestKubectlServerClassroom : public QObject, public ClassroomFixture
{
    Q_OBJECT

private slots:
    void kubectlAsAStudent()
    {
        KubectlHarness k;
        if (!k.findKubectl())
            QSKIP("kubectl is not on PATH");
        QString error;
        QVERIFY2(startClassroom(&error), qPrintable(error));
        const QString students = k.dir.filePath(QStringLiteral("students"));
        QVERIFY2(classroom->writeKubeconfigs(students, server->url(), &error), qPrintable(error));
        QDir(k.dir.path()).mkpath(QStringLiteral("home"));
        k.env = QProcessEnvironment::systemEnvironment();
        k.env.insert(QStringLiteral("HOME"), k.dir.filePath(QStringLiteral("home")));
        k.env.remove(QStringLiteral("KUBECONFIG"));
        const auto as = [&](const char *user, const QStringList &args) {
            k.kubeconfig = QDir(students).filePath(QLatin1String(user) + QStringLiteral(".kubeconfig"));
            return k.kubectl(args);
        };

        KubectlRun r = as("alice", {QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-n"), QStringLiteral("bob")});
        QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String(R"(Error from server (Forbidden): pods is forbidden: User "alice" cannot list resource "pods" in API group "" in the namespace "bob")")),
                 qPrintable(r.show()));

        r = as("alice", {QStringLiteral("get"), QStringLiteral("pods")});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String("No resources found in alice namespace.")), qPrintable(r.show()));

        r = as("alice", {QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A")});
        QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String(R"(pods is forbidden: User "alice" cannot list resource "pods" in API group "" at the cluster scope)")),
                 qPrintable(r.show()));

        r = as("alice", {QStringLiteral("create"), QStringLiteral("deployment"), QStringLiteral("web"), QStringLiteral("--image=nginx:1.25")});
        QVERIFY2(r.finished && r.exitCode == 0 && r.out.contains(QLatin1String("deployment.apps/web created")), qPrintable(r.show()));
        // (kubectl scale drops the 403 of its GET and says "no objects passed to scale", on a real
        // cluster too: delete shows the server's words.)
        r = as("alice", {QStringLiteral("delete"), QStringLiteral("pod"), QStringLiteral("x"), QStringLiteral("-n"), QStringLiteral("bob")});
        QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String(R"(Error from server (Forbidden): pods "x" is forbidden: User "alice" cannot delete resource "pods" in API group "" in the namespace "bob")")),
                 qPrintable(r.show()));
        r = as("alice", {QStringLiteral("get"), QStringLiteral("nodes")});
        QVERIFY2(r.finished && r.exitCode == 0 && r.out.contains(QLatin1String("node-1")), qPrintable(r.show()));

        // carol has no token: her kubeconfig carries a client certificate (CN carol, O students).
        QVERIFY(readAll(k.kubeconfig.replace(QLatin1String("alice"), QLatin1String("carol"))).contains("client-certificate-data: "));
        r = as("carol", {QStringLiteral("get"), QStringLiteral("deployments")});
        QVERIFY2(r.finished && r.exitCode == 0 && r.err.contains(QLatin1String("No resources found in carol namespace.")), qPrintable(r.show()));
        r = as("carol", {QStringLiteral("get"), QStringLiteral("deployment"), QStringLiteral("web"), QStringLiteral("-n"), QStringLiteral("alice")});
        QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String(R"(Error from server (Forbidden): deployments.apps "web" is forbidden: User "carol" cannot get resource "deployments" in API group "apps" in the namespace "alice")")),
                 qPrintable(r.show()));
        stopClassroom();
    }

    void serveWritesKubeconfigsThatSurviveARestart()
    {
        QTemporaryDir dir;
        const QString users = dir.filePath(QStringLiteral("users.csv"));
        {
            QFile f(users);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(kUsers);
        }
        const QString students = dir.filePath(QStringLiteral("students"));
        const QString tls = dir.filePath(QStringLiteral("tls"));
        const QStringList args{QStringLiteral("--users"), users, QStringLiteral("--kubeconfig-dir"), students, QStringLiteral("--tls-dir"), tls,
                               QStringLiteral("--kubeconfig"), dir.filePath(QStringLiteral("admin.kubeconfig")), QStringLiteral("--exit-after"),
                               QStringLiteral("0.2")};
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(serveCommand(args, out, err), 0);
        QVERIFY2(outText.contains(QLatin1String("5 users from")) && outText.contains(QLatin1String("4 created: alice, bob, carol, team-1")),
                 qPrintable(outText));
        const QByteArray caPem = readAll(tls + QStringLiteral("/ca.crt"));
        QVERIFY(caPem.startsWith("-----BEGIN CERTIFICATE-----"));
        QCOMPARE(QFile::permissions(tls + QStringLiteral("/ca.key")) & (QFileDevice::ReadGroup | QFileDevice::ReadOther), QFileDevice::Permissions());
        const QByteArray alice = readAll(students + QStringLiteral("/alice.kubeconfig"));
        const QByteArray carol = readAll(students + QStringLiteral("/carol.kubeconfig"));
        QCOMPARE(field(alice, "token"), QByteArray("alice-token-0001"));
        QCOMPARE(field(alice, "namespace"), QByteArray("alice"));
        QCOMPARE(field(readAll(students + QStringLiteral("/dave.kubeconfig")), "namespace"), QByteArray("team-1"));
        QCOMPARE(QByteArray::fromBase64(field(alice, "certificate-authority-data")), caPem);
        QVERIFY(field(carol, "token").isEmpty());
        const ClientIdentity carolId{QSslCertificate::fromData(QByteArray::fromBase64(field(carol, "client-certificate-data")), QSsl::Pem).value(0),
                                     QSslKey(QByteArray::fromBase64(field(carol, "client-key-data")), QSsl::Ec, QSsl::Pem)};
        QCOMPARE(carolId.certificate.subjectInfo(QSslCertificate::CommonName), QStringList{QStringLiteral("carol")});
        QCOMPARE(carolId.certificate.subjectInfo(QSslCertificate::Organization), QStringList{QStringLiteral("students")});

        // A restart with the same --tls-dir: the kubeconfigs handed out before still work. The
        // timer fires once serveCommand's loop runs, i.e. with the server listening.
        int carolOwn = 0, carolOther = 0, aliceOwn = 0;
        QTimer::singleShot(0, [&] {
            const QByteArray admin = readAll(dir.filePath(QStringLiteral("admin.kubeconfig")));
            const QByteArray server = field(admin, "server");
            const quint16 port = server.mid(server.lastIndexOf(':') + 1).toUShort();
            const auto get = [&](const QByteArray &path, const Headers &h, const ClientIdentity &id) {
                QSslSocket s;
                QSslConfiguration c = s.sslConfiguration();
                c.setCaCertificates(QSslCertificate::fromData(QByteArray::fromBase64(field(alice, "certificate-authority-data")), QSsl::Pem));
                c.setLocalCertificate(id.certificate);
                c.setPrivateKey(id.key);
                s.setSslConfiguration(c);
                s.connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
                Response r;
                if (s.waitForEncrypted(10000)) {
                    s.write(requestBytes("GET", path, {}, h));
                    readResponse(s, &r);
                }
                return r.status;
            };
            carolOwn = get("/api/v1/namespaces/carol/pods", {}, carolId);
            carolOther = get("/api/v1/namespaces/bob/pods", {}, carolId);
            aliceOwn = get("/api/v1/namespaces/alice/pods", {{"Authorization", "Bearer " + field(alice, "token")}}, {});
        });
        outText.clear();
        QCOMPARE(serveCommand(args, out, err), 0);
        QVERIFY2(outText.contains(QLatin1String("4 created")), qPrintable(outText));   // a new lab, new namespaces
        QCOMPARE(readAll(tls + QStringLiteral("/ca.crt")), caPem);
        QCOMPARE(carolOwn, 200);
        QCOMPARE(carolOther, 403);
        QCOMPARE(aliceOwn, 200);
    }

    // `rlab bench serve` runs end to end (its figures are printed, never asserted): students
    // get their requests and watch events through, none fails.
    void benchServeRuns()
    {
        const QString rlab = qEnvironmentVariable("RLAB_BINARY_DIR") + QStringLiteral("/app/rlab");
        if (qEnvironmentVariableIsEmpty("RLAB_BINARY_DIR") || !QFileInfo(rlab).isExecutable())
            QSKIP("app/rlab is not built (RLAB_BINARY_DIR)");
        QProcess p;
        QEventLoop loop;
        connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
        connect(&p, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
        QTimer::singleShot(120000, &loop, &QEventLoop::quit);
        p.start(rlab, {QStringLiteral("bench"), QStringLiteral("serve"), QStringLiteral("--students"), QStringLiteral("3"), QStringLiteral("--seconds"),
                       QStringLiteral("1"), QStringLiteral("--warmup"), QStringLiteral("1"), QStringLiteral("--think-ms"), QStringLiteral("50"),
                       QStringLiteral("--json")});
        loop.exec();
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY2(p.state() == QProcess::NotRunning && p.exitCode() == 0, out + p.readAllStandardError());
        const QJsonObject figures = QJsonDocument::fromJson(out).object();
        qInfo("%s", out.trimmed().constData());
        QCOMPARE(figures[QLatin1String("students")].toInt(), 3);
        QVERIFY2(figures[QLatin1String("requests")].toInteger() > 0, out.constData());
        QCOMPARE(figures[QLatin1String("errors")].toInteger(), 0);
        QCOMPARE(figures[QLatin1String("watchesOpened")].toInteger(), 12);
        QVERIFY2(figures[QLatin1String("serverRequests")].toInteger() > 0, out.constData());   // it stopped cleanly on SIGTERM
    }
};

QTEST_GUILESS_MAIN(TestKubectlServerClassroom)
#include "tst_kubectlserver_classroom.moc"
