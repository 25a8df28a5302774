// /openapi/v2 as kube-apiserver serves it (issue #18 item 8), and every kubectl the machine has
// (1.27 … 1.33, the Cloud SDK's versioned binaries next to the dispatcher) through the lesson's
// commands: apply, rollout status, apply again, set image, undo, get, describe, diff,
// server-side apply, annotate (generation and observedGeneration follow, item 3), and a
// misspelt kind refused in kubectl's words (item 7). kubectl 1.27 and 1.28 read the v2 document
// before every apply; without it they failed with "the server could not find the requested
// resource". The protocol rows decode the protobuf as kubectl's field-validation check does
// (cli-runtime supportsQueryParam: a PATCH operation whose x-kubernetes-group-version-kind
// matches and that has a fieldValidation query parameter).
#include "core/server/openapiv2.h"
#include "tests/e2e/kubectlharness.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTest>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;

namespace {
// A protobuf message as (field number, bytes) pairs for its length-delimited fields.
QList<QPair<int, QByteArray>> fields(const QByteArray &msg)
{
    QList<QPair<int, QByteArray>> out;
    qsizetype i = 0;
    const auto varint = [&]() {
        quint64 v = 0;
        int shift = 0;
        while (i < msg.size()) {
            const quint8 b = quint8(msg[i++]);
            v |= quint64(b & 0x7f) << shift;
            shift += 7;
            if (!(b & 0x80))
                break;
        }
        return v;
    };
    while (i < msg.size()) {
        const quint64 key = varint();
        const int wire = int(key & 7);
        if (wire == 0) {
            varint();
        } else if (wire == 2) {
            const qsizetype len = qsizetype(varint());
            out.append({int(key >> 3), msg.mid(i, len)});
            i += len;
        } else {
            break;   // not used by the document
        }
    }
    return out;
}

QByteArray field(const QByteArray &msg, int number)
{
    for (const auto &f : fields(msg))
        if (f.first == number)
            return f.second;
    return {};
}

// cli-runtime's supportsQueryParam over the gnostic Document.
bool supportsFieldValidation(const QByteArray &doc, const QByteArray &gvkYaml)
{
    for (const auto &p : fields(field(doc, 8))) {          // Document.paths
        if (p.first != 2)                                  // Paths.path
            continue;
        const QByteArray op = field(field(p.second, 2), 8);   // NamedPathItem.value.patch
        bool kind = false, param = false;
        for (const auto &f : fields(op)) {
            if (f.first == 13 && field(f.second, 1) == "x-kubernetes-group-version-kind")
                kind = field(field(f.second, 2), 2) == gvkYaml;   // NamedAny.value.yaml
            if (f.first == 8)   // ParametersItem.parameter.non_body_parameter.query_parameter_sub_schema.name
                param = param || field(field(field(field(f.second, 1), 2), 3), 4) == "fieldValidation";
        }
        if (kind)
            return param;
    }
    return false;
}

struct Reply
{
    int status = 0;
    QByteArray contentType, body;
};

Reply get(quint16 port, const QByteArray &path, const QByteArray &accept)
{
    Reply r;
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHost, port);
    if (!s.waitForConnected(5000))
        return r;
    s.write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (accept.isNull() ? QByteArray() : "Accept: " + accept + "\r\n") + "\r\n");
    QByteArray data;
    while (s.waitForReadyRead(2000)) {
        data += s.readAll();
        const qsizetype end = data.indexOf("\r\n\r\n");
        if (end < 0)
            continue;
        const QByteArray head = data.left(end).toLower();
        const qsizetype cl = head.indexOf("content-length: ");
        const qint64 len = head.mid(cl + 16, head.indexOf('\r', cl) - cl - 16).toLongLong();
        if (data.size() - end - 4 < len)
            continue;
        r.status = head.split(' ').value(1).toInt();
        const qsizetype ct = head.indexOf("content-type: ");
        r.contentType = data.mid(ct + 14, data.indexOf('\r', ct) - ct - 14);
        r.body = data.mid(end + 4, len);
        break;
    }
    return r;
}
} // namespace

class TestKubectlOpenApiV2 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_k.start(&error), qPrintable(error));
    }
    void cleanupTestCase() { m_k.stop(); }

    void negotiation_data()
    {
        QTest::addColumn<QByteArray>("accept");
        QTest::addColumn<QByteArray>("answer");
        QTest::newRow("kubectl's (deprecated name)") << QByteArray(OpenApiV2::kProtobufDeprecated) << QByteArray(OpenApiV2::kProtobufDeprecated);
        QTest::newRow("protobuf") << QByteArray(OpenApiV2::kProtobuf) << QByteArray(OpenApiV2::kProtobuf);
        QTest::newRow("json") << QByteArray("application/json") << QByteArray("application/json");
        QTest::newRow("none: json") << QByteArray() << QByteArray("application/json");
        QTest::newRow("*/*: json") << QByteArray("*/*") << QByteArray("application/json");
        QTest::newRow("q prefers protobuf") << QByteArray("application/json;q=0.5, application/com.github.proto-openapi.spec.v2.v1.0+protobuf")
                                            << QByteArray(OpenApiV2::kProtobuf);
        QTest::newRow("html: none") << QByteArray("text/html") << QByteArray();
    }
    void negotiation()
    {
        QFETCH(QByteArray, accept);
        QFETCH(QByteArray, answer);
        QCOMPARE(OpenApiV2::negotiate(accept), answer);
    }

    void servedDocument()
    {
        const quint16 port = m_k.server->port();
        Reply r = get(port, "/openapi/v2?timeout=32s", OpenApiV2::kProtobufDeprecated);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.contentType, QByteArray(OpenApiV2::kProtobuf));   // Go's mime parser refuses the '@'
        QCOMPARE(field(r.body, 1), QByteArray("2.0"));
        QCOMPARE(field(field(r.body, 2), 2), QByteArray("v1.31.0"));
        QVERIFY(supportsFieldValidation(r.body, "group: apps\nkind: Deployment\nversion: v1\n"));
        QVERIFY(supportsFieldValidation(r.body, "group: \"\"\nkind: Pod\nversion: v1\n"));
        QVERIFY(!supportsFieldValidation(r.body, "group: apps\nkind: Deploymnt\nversion: v1\n"));
        r = get(port, "/openapi/v2", "application/json");
        QCOMPARE(r.status, 200);
        const QJsonObject doc = QJsonDocument::fromJson(r.body).object();
        QCOMPARE(doc[QLatin1String("swagger")].toString(), QStringLiteral("2.0"));
        const QJsonObject patch = doc[QLatin1String("paths")][QLatin1String("/apis/apps/v1/namespaces/{namespace}/deployments/{name}")]
                                     [QLatin1String("patch")].toObject();
        QCOMPARE(patch[QLatin1String("x-kubernetes-group-version-kind")][QLatin1String("kind")].toString(), QStringLiteral("Deployment"));
        QCOMPARE(get(port, "/openapi/v2", "text/html").status, 406);
        // kubectl's validator lists CRDs for a kind the document lacks: there are none.
        r = get(port, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", "application/json");
        QCOMPARE(r.status, 200);
        QCOMPARE(QJsonDocument::fromJson(r.body)[QLatin1String("items")].toArray().size(), 0);
    }

    void everyKubectl_data()
    {
        QTest::addColumn<QString>("binary");
        const QString dispatcher = QFileInfo(QStandardPaths::findExecutable(QStringLiteral("kubectl"))).canonicalFilePath();
        int found = 0;
        for (int minor = 27; minor <= 33; ++minor) {
            const QString path = QFileInfo(dispatcher).dir().filePath(QStringLiteral("kubectl.1.%1").arg(minor));
            if (!dispatcher.isEmpty() && QFileInfo(path).isExecutable()) {
                QTest::addRow("kubectl 1.%d", minor) << path;
                ++found;
            }
        }
        if (!found)
            QTest::newRow("kubectl on PATH") << QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    }
    void everyKubectl()
    {
        QFETCH(QString, binary);
        if (binary.isEmpty())
            QSKIP("kubectl is not installed");
        m_k.kubectlPath = binary;
        const QString name = QStringLiteral("web") + QFileInfo(binary).suffix();   // web31 for kubectl.1.31
        QString text = QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.25"));
        text.replace(QStringLiteral("name: nginx\n  labels"), QStringLiteral("name: %1\n  labels").arg(name));
        text.replace(QStringLiteral("app: nginx"), QStringLiteral("app: ") + name);   // selectors of their own
        const QString file = m_k.writeManifest(name + QStringLiteral(".yaml"), text);
        const auto ok = [](const KubectlRun &r) { return r.finished && r.exitCode == 0; };
        const QString deploy = QStringLiteral("deployment/") + name;

        KubectlRun r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
        QVERIFY2(ok(r) && r.out.contains(QStringLiteral("deployment.apps/%1 created").arg(name)), qPrintable(r.show()));
        QString out;
        QVERIFY2(m_k.rolledOut(name, &out), qPrintable(out));
        m_k.writeManifest(name + QStringLiteral(".yaml"), QString(text).replace(QStringLiteral("nginx:1.25"), QStringLiteral("nginx:1.26")));
        r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
        QVERIFY2(ok(r) && r.out.contains(QStringLiteral("deployment.apps/%1 configured").arg(name)), qPrintable(r.show()));
        QVERIFY2(m_k.rolledOut(name, &out), qPrintable(out));
        r = m_k.kubectl({QStringLiteral("set"), QStringLiteral("image"), deploy, QStringLiteral("nginx=nginx:1.27")});
        QVERIFY2(ok(r), qPrintable(r.show()));
        QVERIFY2(m_k.rolledOut(name, &out), qPrintable(out));
        r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("undo"), deploy});
        QVERIFY2(ok(r) && r.out.contains(QLatin1String("rolled back")), qPrintable(r.show()));
        QVERIFY2(m_k.rolledOut(name, &out), qPrintable(out));
        QCOMPARE(m_k.jsonpath(deploy, QStringLiteral("{.spec.template.spec.containers[0].image}")), QStringLiteral("nginx:1.26"));
        r = m_k.kubectl({QStringLiteral("get"), deploy});
        QVERIFY2(ok(r) && r.out.contains(QLatin1String("3/3")), qPrintable(r.show()));
        r = m_k.kubectl({QStringLiteral("describe"), deploy});
        QVERIFY2(ok(r) && r.out.contains(QLatin1String("RollingUpdateStrategy:")), qPrintable(r.show()));
        r = m_k.kubectl({QStringLiteral("diff"), QStringLiteral("-f"), file});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.show()));   // the file says 1.26, as live after the undo
        r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("--server-side"), QStringLiteral("--force-conflicts"), QStringLiteral("-f"), file});
        QVERIFY2(ok(r) && r.out.contains(QLatin1String("serverside-applied")), qPrintable(r.show()));
        const QString before = m_k.jsonpath(deploy, QStringLiteral("{.metadata.generation}"));
        r = m_k.kubectl({QStringLiteral("annotate"), deploy, QStringLiteral("kubernetes.io/change-cause=v2")});
        QVERIFY2(ok(r), qPrintable(r.show()));
        QVERIFY2(m_k.rolledOut(name, &out), qPrintable(out));   // waits for observedGeneration
        const QString generation = QString::number(before.toInt() + 1);
        QCOMPARE(m_k.jsonpath(deploy, QStringLiteral("{.metadata.generation}/{.status.observedGeneration}")), generation + QLatin1Char('/') + generation);

        // Item 4 of #18: the server says v1.31.0 and serves 1.31's fields — no
        // status.terminatingReplicas on the Deployment or its ReplicaSets (it came in 1.33).
        r = m_k.kubectl({QStringLiteral("version"), QStringLiteral("-o"), QStringLiteral("json")});
        QVERIFY2(ok(r) && r.out.contains(QLatin1String("\"gitVersion\": \"v1.31.0\"")), qPrintable(r.show()));
        r = m_k.kubectl({QStringLiteral("get"), deploy, QStringLiteral("-o"), QStringLiteral("json")});
        QVERIFY2(ok(r) && r.out.contains(QLatin1String("\"availableReplicas\"")) && !r.out.contains(QLatin1String("terminatingReplicas")),
                 qPrintable(r.show()));
        r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("rs"), QStringLiteral("-l"), QStringLiteral("app=") + name,
                         QStringLiteral("-o"), QStringLiteral("json")});
        QVERIFY2(ok(r) && r.out.contains(QLatin1String("\"observedGeneration\"")) && !r.out.contains(QLatin1String("terminatingReplicas")),
                 qPrintable(r.show()));

        const QString typo = m_k.writeManifest(QStringLiteral("typo.yaml"), QStringLiteral("apiVersion: apps/v1\nkind: Deploymnt\nmetadata:\n  name: web\n"));
        r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), typo});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("error: resource mapping not found for name: \"web\" namespace: \"\" from \"%1\": "
                                               "no matches for kind \"Deploymnt\" in version \"apps/v1\"\nensure CRDs are installed first").arg(typo)),
                 qPrintable(r.show()));
    }

private:
    KubectlHarness m_k;
};

QTEST_GUILESS_MAIN(TestKubectlOpenApiV2)
#include "tst_kubectlopenapiv2.moc"
