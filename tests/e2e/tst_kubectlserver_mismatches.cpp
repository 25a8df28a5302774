// SPDX-License-Identifier: Apache-2.0
// Issue #17 item 8: small mismatches with kube-apiserver, each answered as upstream answers it.
// Continue tokens in storage/continue.go's format (a bad one is a 400 "invalid continue token",
// a continued list reads the first chunk's revision); resourceVersionMatch outside the enum is
// ValidateListOptions' 422; server-side apply without fieldManager is ValidatePatchOptions' 422;
// the NamespaceLifecycle plugin's immortal namespaces cannot be deleted (403).
#include "tests/e2e/servertestclient.h"

#include <QJsonArray>
#include <QTest>
#include <QUrl>

using namespace rlab;
using namespace rlab::test;

class TestKubectlServerMismatches : public QObject, public ServerFixture
{
    Q_OBJECT

private slots:
    void init()
    {
        QString error;
        QVERIFY2(start(&error), qPrintable(error));
    }
    void cleanup() { stop(); }

    void badContinueTokens_data()
    {
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<QString>("message");
        QTest::newRow("garbage") << QByteArray("garbage") << "invalid continue token: invalid continue key: invalid character";
        QTest::newRow("not base64url") << QByteArray("a%2Bb") << "invalid continue token: invalid continue key: illegal base64 data at input byte 1";
        QTest::newRow("other version") << QByteArray("{\"v\":\"meta.k8s.io/v2\",\"rv\":5,\"start\":\"a\"}").toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)
                                       << "invalid continue token: server does not recognize this encoded version meta.k8s.io/v2";
        QTest::newRow("no rv") << QByteArray("{\"v\":\"meta.k8s.io/v1\",\"start\":\"a\"}").toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)
                               << "invalid continue token: continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)";
        QTest::newRow("no start") << QByteArray("{\"v\":\"meta.k8s.io/v1\",\"rv\":1}").toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)
                                  << "invalid continue token: continue key is not valid: encoded start key empty (version meta.k8s.io/v1)";
    }
    void badContinueTokens()
    {
        QFETCH(QByteArray, token);
        QFETCH(QString, message);
        const Response r = http("GET", "/api/v1/namespaces/default/pods?limit=1&continue=" + token);
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("BadRequest"));
        QVERIFY2(r.json()[QLatin1String("message")].toString().startsWith(message), r.body.constData());
    }

    void continuedListsReadTheFirstChunksRevision()
    {
        for (const char *name : {"a", "b", "c"})
            QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QString::fromLatin1(name)), {{"Content-Type", "application/json"}}).status, 201);
        Response r = http("GET", "/api/v1/namespaces/default/pods?limit=1");
        QCOMPARE(r.status, 200);
        const QString rv = r.json()[QLatin1String("metadata")][QLatin1String("resourceVersion")].toString();
        const QByteArray token = r.json()[QLatin1String("metadata")][QLatin1String("continue")].toString().toLatin1();
        const QJsonObject decoded = QJsonDocument::fromJson(QByteArray::fromBase64(token, QByteArray::Base64UrlEncoding)).object();
        QCOMPARE(decoded[QLatin1String("v")].toString(), QStringLiteral("meta.k8s.io/v1"));
        QCOMPARE(QString::number(qint64(decoded[QLatin1String("rv")].toDouble())), rv);
        QCOMPARE(decoded[QLatin1String("start")].toString(), QStringLiteral("a") + QChar(0));
        // A pod created between the chunks is not in the continued list (a consistent snapshot).
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("b2")), {{"Content-Type", "application/json"}}).status, 201);
        r = http("GET", "/api/v1/namespaces/default/pods?continue=" + QUrl::toPercentEncoding(QString::fromLatin1(token)));
        QCOMPARE(r.status, 200);
        QStringList names;
        for (const QJsonValue &item : r.json()[QLatin1String("items")].toArray())
            names << item[QLatin1String("metadata")][QLatin1String("name")].toString();
        QCOMPARE(names, (QStringList{QStringLiteral("b"), QStringLiteral("c")}));
        QCOMPARE(r.json()[QLatin1String("metadata")][QLatin1String("resourceVersion")].toString(), rv);
        // Continue with a resourceVersion: refused as upstream does.
        r = http("GET", "/api/v1/namespaces/default/pods?resourceVersion=" + rv.toLatin1() + "&continue=" + QUrl::toPercentEncoding(QString::fromLatin1(token)));
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()[QLatin1String("message")].toString(), QStringLiteral("specifying resource version is not allowed when using continue"));
    }

    void bogusResourceVersionMatch()
    {
        const Response r = http("GET", "/api/v1/namespaces/default/pods?resourceVersion=1&resourceVersionMatch=Bogus");
        QCOMPARE(r.status, 422);
        QCOMPARE(r.json()[QLatin1String("message")].toString(),
                 QStringLiteral("ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Unsupported value: \"Bogus\": supported values: \"Exact\", \"NotOlderThan\", \"\""));
    }

    void serverSideApplyNeedsAFieldManager()
    {
        const QByteArray cm = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\"},\"data\":{\"a\":\"b\"}}";
        Response r = http("PATCH", "/api/v1/namespaces/default/configmaps/c", cm, {{"Content-Type", "application/apply-patch+yaml"}});
        QCOMPARE(r.status, 422);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("Invalid"));
        QCOMPARE(r.json()[QLatin1String("message")].toString(),
                 QStringLiteral("PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch"));
        r = http("PATCH", "/api/v1/namespaces/default/configmaps/c?fieldManager=kubectl", cm, {{"Content-Type", "application/apply-patch+yaml"}});
        QCOMPARE(r.status, 201);
        r = http("PATCH", "/api/v1/namespaces/default/configmaps/c?force=true", "{\"data\":{\"a\":\"c\"}}", {{"Content-Type", "application/merge-patch+json"}});
        QCOMPARE(r.status, 422);
        QCOMPARE(r.json()[QLatin1String("message")].toString(),
                 QStringLiteral("PatchOptions.meta.k8s.io \"\" is invalid: force: Forbidden: may not be specified for non-apply patch"));
    }

    void immortalNamespaces_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::newRow("default") << QByteArray("default");
        QTest::newRow("kube-system") << QByteArray("kube-system");
        QTest::newRow("kube-public") << QByteArray("kube-public");
    }
    void immortalNamespaces()
    {
        QFETCH(QByteArray, name);
        if (http("GET", "/api/v1/namespaces/" + name).status == 404)
            QCOMPARE(http("POST", "/api/v1/namespaces", "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}",
                          {{"Content-Type", "application/json"}}).status, 201);
        const Response r = http("DELETE", "/api/v1/namespaces/" + name);
        QCOMPARE(r.status, 403);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("Forbidden"));
        QCOMPARE(r.json()[QLatin1String("message")].toString(),
                 QStringLiteral("namespaces \"%1\" is forbidden: this namespace may not be deleted").arg(QString::fromLatin1(name)));
        QCOMPARE(http("GET", "/api/v1/namespaces/" + name).json()[QLatin1String("status")][QLatin1String("phase")].toString(), QStringLiteral("Active"));
        // Any other namespace can go.
        QCOMPARE(http("POST", "/api/v1/namespaces", "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"scratch\"}}",
                      {{"Content-Type", "application/json"}}).status, 201);
        QCOMPARE(http("DELETE", "/api/v1/namespaces/scratch").status, 200);
    }
};

QTEST_GUILESS_MAIN(TestKubectlServerMismatches)
#include "tst_kubectlserver_mismatches.moc"
