// SPDX-License-Identifier: Apache-2.0
// Live mode's HTTP client against the classroom server (issue #15, "Done when": client
// certificate and token over TLS against a served lab): the kubeconfigs the server writes for
// its students (carol: a client certificate its CA signed; alice: a token) are all
// http::connect needs; each student works in their namespace and gets kube-apiserver's 403 in
// another one, through the same client::Interface the window's informers use.
#include "core/api/codec.h"
#include "core/http/connect.h"
#include "tests/e2e/classroomfixture.h"

#include <QDir>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace rlab;
using namespace rlab::test;

namespace {

apiserver::ResourceType configMaps() { return apiserver::resources::byResource(QString(), QStringLiteral("configmaps")); }

api::MutableObjectPtr configMap(const QString &name)
{
    return api::decodeObject(QJsonDocument::fromJson(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":")" + name.toUtf8()
                                                     + R"("},"data":{"k":"v"}})")
                                 .object())
        .object;
}

} // namespace

class TestHttpClassroom : public QObject, public ClassroomFixture
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startClassroom(&error), qPrintable(error));
        QVERIFY2(classroom->writeKubeconfigs(m_dir.path(), server->url(), &error), qPrintable(error));
    }

    void cleanupTestCase() { stopClassroom(); }

    void studentsConnect_data()
    {
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("credential");   // what the kubeconfig carries
        QTest::newRow("client certificate") << QStringLiteral("carol") << QStringLiteral("client-certificate-data");
        QTest::newRow("token") << QStringLiteral("alice") << QStringLiteral("token");
    }

    void studentsConnect()
    {
        QFETCH(QString, user);
        QFETCH(QString, credential);
        const QString path = QDir(m_dir.path()).filePath(user + QStringLiteral(".kubeconfig"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains(credential.toUtf8() + ':'));
        QString error;
        http::KubeconfigSelection sel;
        sel.files = {path};
        std::unique_ptr<http::RestClient> client = http::connect(sel, &error);
        QVERIFY2(client, qPrintable(error));
        // The kubeconfig puts the student in their namespace.
        QCOMPARE(client->config().namespace_, user);

        // Their own namespace: create, get, list, and a watch that sees the next write.
        QVERIFY(client->create(configMaps(), user, configMap(QStringLiteral("first"))).ok());
        auto list = client->list(configMaps(), user);
        QVERIFY2(list.ok(), list.ok() ? "" : qPrintable(list.error->message));
        QCOMPARE(list.value.items.size(), 1);
        apiserver::ListOptions from;
        from.resourceVersion = QString::number(list.value.resourceVersion);
        auto watch = client->watch(configMaps(), user, from);
        QVERIFY(watch.ok());
        QVERIFY(client->create(configMaps(), user, configMap(QStringLiteral("second"))).ok());
        std::vector<apiserver::ApiWatchEvent> seen;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                     for (auto &e : watch.value->take())
                                         seen.push_back(std::move(e));
                                     return !seen.empty();
                                 }()),
                                 10000);
        QCOMPARE(seen.front().type, apiserver::ApiWatchEvent::Added);
        QCOMPARE(seen.front().object->metadata.name, QStringLiteral("second"));
        watch.value->stop();

        // Another student's namespace and the cluster scope: kube-apiserver's 403, verbatim.
        auto other = client->list(configMaps(), QStringLiteral("bob"));
        QVERIFY(!other.ok());
        QCOMPARE(other.error->code, 403);
        QCOMPARE(other.error->message, QStringLiteral("configmaps is forbidden: User \"%1\" cannot list resource \"configmaps\" in API group \"\" "
                                                      "in the namespace \"bob\"").arg(user));
        auto everywhere = client->list(configMaps(), QString());
        QVERIFY(!everywhere.ok());
        QCOMPARE(everywhere.error->message, QStringLiteral("configmaps is forbidden: User \"%1\" cannot list resource \"configmaps\" in API group \"\" "
                                                           "at the cluster scope").arg(user));
        // Nodes are readable to every student (the window's node lanes).
        QVERIFY(client->list(apiserver::resources::byKind(api::Kind::Node), QString()).ok());
    }

    // A certificate the classroom's CA did not sign is refused (401), like a wrong token.
    void aForeignCertificateIsRefused()
    {
        QString error;
        std::optional<server::CertificateAuthority> other = server::CertificateAuthority::open(QString(), &error);
        QVERIFY2(other, qPrintable(error));
        const std::optional<server::CertificateAuthority::Issued> id = other->issueClient(QStringLiteral("carol"), {QStringLiteral("students")}, &error);
        QVERIFY2(id, qPrintable(error));
        const QString path = QDir(m_dir.path()).filePath(QStringLiteral("forged.kubeconfig"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("apiVersion: v1\nkind: Config\nclusters:\n- name: lab\n  cluster:\n    server: " + server->url().toUtf8()
                + "\n    certificate-authority-data: " + classroom->ca().certificatePem().toBase64()
                + "\nusers:\n- name: carol\n  user:\n    client-certificate-data: " + id->certificatePem.toBase64()
                + "\n    client-key-data: " + id->keyPem.toBase64()
                + "\ncontexts:\n- name: lab\n  context: {cluster: lab, user: carol, namespace: carol}\ncurrent-context: lab\n");
        f.close();
        http::KubeconfigSelection sel;
        sel.files = {path};
        std::unique_ptr<http::RestClient> client = http::connect(sel, &error);
        QVERIFY2(client, qPrintable(error));
        auto r = client->list(configMaps(), QStringLiteral("carol"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error->code, 401);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestHttpClassroom)
#include "tst_httpclassroom.moc"
