// JSON codec of the typed kinds: round trips, unknown fields, type errors, kinds and versions.
#include "core/api/codec.h"
#include "core/api/deployment.h"
#include "core/api/genericobject.h"
#include "core/api/pod.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::api;

namespace {
QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}
} // namespace

class TestCodec : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("deployment with opaque fields") << QByteArray(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"a":"b"},"creationTimestamp":"2026-01-01T00:00:05Z","generation":2,"labels":{"app":"web"},"name":"web","namespace":"default","resourceVersion":"7","uid":"u1"},"spec":{"minReadySeconds":5,"paused":true,"progressDeadlineSeconds":600,"replicas":0,"revisionHistoryLimit":10,"selector":{"matchExpressions":[{"key":"tier","operator":"In","values":["a","b"]}],"matchLabels":{"app":"web"}},"strategy":{"rollingUpdate":{"maxSurge":1,"maxUnavailable":"25%"},"type":"RollingUpdate"},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"env":[{"name":"A","value":"1"}],"image":"nginx:1.25","imagePullPolicy":"IfNotPresent","name":"web","ports":[{"containerPort":80,"protocol":"TCP"}],"readinessProbe":{"httpGet":{"path":"/","port":80},"initialDelaySeconds":3,"periodSeconds":10},"resources":{"requests":{"cpu":"100m"}}}],"volumes":[{"emptyDir":{},"name":"v"}]}}},"status":{"collisionCount":1,"conditions":[{"lastTransitionTime":"2026-01-01T00:00:09Z","lastUpdateTime":"2026-01-01T00:00:09Z","message":"Deployment has minimum availability.","reason":"MinimumReplicasAvailable","status":"True","type":"Available"}],"observedGeneration":2,"replicas":3}})");
        QTest::newRow("pod with status") << QByteArray(R"({"apiVersion":"v1","kind":"Pod","metadata":{"creationTimestamp":"2026-01-01T00:00:00Z","name":"p","namespace":"default","ownerReferences":[{"apiVersion":"apps/v1","blockOwnerDeletion":true,"controller":true,"kind":"ReplicaSet","name":"web-1","uid":"u2"}]},"spec":{"containers":[{"image":"nginx","name":"c","resources":{}}],"nodeName":"node-1","tolerations":[{"effect":"NoExecute","key":"node.kubernetes.io/not-ready","operator":"Exists","tolerationSeconds":300}]},"status":{"containerStatuses":[{"image":"nginx","imageID":"","lastState":{},"name":"c","ready":false,"restartCount":0,"state":{"waiting":{"reason":"ContainerCreating"}}}],"phase":"Pending","qosClass":"BestEffort"}})");
        QTest::newRow("generic service") << QByteArray(R"({"apiVersion":"v1","kind":"Service","metadata":{"creationTimestamp":null,"name":"s","namespace":"default"},"spec":{"ports":[{"port":80}],"selector":{"app":"web"}}})");
    }
    void roundTrip()
    {
        QFETCH(QByteArray, json);
        const QJsonObject in = QJsonDocument::fromJson(json).object();
        const DecodeResult r = decodeObject(in, true);
        QVERIFY2(r.object, qPrintable(r.error));
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char(';'))));
        const QJsonObject out = r.object->toJson();
        QCOMPARE(QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Compact)),
                 QString::fromUtf8(QJsonDocument(in).toJson(QJsonDocument::Compact)));
        // a clone encodes the same
        QCOMPARE(r.object->clone()->toJson(), out);
    }

    void decodeErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("strict");
        QTest::addColumn<QString>("error");
        QTest::addColumn<QString>("warning");
        QTest::newRow("unknown field warns") << QByteArray(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"w"},"spec":{"replica":3}})")
            << false << QString() << "unknown field \"spec.replica\"";
        QTest::newRow("unknown field in a list item") << QByteArray(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","imagee":"x"}]}})")
            << false << QString() << "unknown field \"spec.containers[0].imagee\"";
        QTest::newRow("strict unknown field") << QByteArray(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"w"},"spec":{"replica":3}})")
            << true << "Deployment in version \"apps/v1\" cannot be handled as a Deployment: strict decoding error: unknown field \"spec.replica\"" << QString();
        QTest::newRow("string for int32") << QByteArray(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"w"},"spec":{"replicas":"3"}})")
            << false << "Deployment in version \"apps/v1\" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32" << QString();
        QTest::newRow("fraction for int32") << QByteArray(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"w"},"spec":{"replicas":1.5}})")
            << false << "Deployment in version \"apps/v1\" cannot be handled as a Deployment: json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32" << QString();
        QTest::newRow("int32 overflow") << QByteArray(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"w"},"spec":{"replicas":3000000000}})")
            << false << "Deployment in version \"apps/v1\" cannot be handled as a Deployment: json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32" << QString();
        QTest::newRow("labels not a map") << QByteArray(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":["a"]}})")
            << false << "Pod in version \"v1\" cannot be handled as a Pod: json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string" << QString();
        QTest::newRow("wrong version of a simulated kind") << QByteArray(R"({"apiVersion":"extensions/v1beta1","kind":"Deployment","metadata":{"name":"w"}})")
            << false << "no matches for kind \"Deployment\" in version \"extensions/v1beta1\"" << QString();
        QTest::newRow("no kind") << QByteArray(R"({"apiVersion":"v1","metadata":{"name":"w"}})")
            << false << "kind not set" << QString();
        QTest::newRow("nothing") << QByteArray(R"({"metadata":{"name":"w"}})")
            << false << "[apiVersion not set, kind not set]" << QString();
    }
    void decodeErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, strict);
        QFETCH(QString, error);
        QFETCH(QString, warning);
        const DecodeResult r = decodeObject(QJsonDocument::fromJson(json).object(), strict);
        QCOMPARE(r.error, error);
        QCOMPARE(bool(r.object), error.isEmpty());
        if (!warning.isEmpty())
            QCOMPARE(r.warnings, QStringList{warning});
    }

    void genericKindsAreKept()
    {
        const DecodeResult r = decodeObject(parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","labels":{"a":"b"}},"spec":{"size":3},"extra":[1,2]})"));
        QVERIFY(r.object);
        QCOMPARE(r.object->kind(), Kind::Generic);
        QCOMPARE(r.object->metadata.labels.value(QStringLiteral("a")), QStringLiteral("b"));
        QCOMPARE(r.object->toJson().value(QLatin1String("extra")).toArray().size(), 2);
    }

    void intOrStringScaling_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("total");
        QTest::addColumn<int>("up");
        QTest::addColumn<int>("down");
        QTest::newRow("25% of 10") << "25%" << 10 << 3 << 2;
        QTest::newRow("25% of 4") << "25%" << 4 << 1 << 1;
        QTest::newRow("25% of 1") << "25%" << 1 << 1 << 0;
        QTest::newRow("0%") << "0%" << 10 << 0 << 0;
        QTest::newRow("100% of 7") << "100%" << 7 << 7 << 7;
        QTest::newRow("33% of 10") << "33%" << 10 << 4 << 3;
        QTest::newRow("int 2") << "2" << 10 << 2 << 2;
    }
    void intOrStringScaling()
    {
        QFETCH(QString, value);
        QFETCH(int, total);
        QFETCH(int, up);
        QFETCH(int, down);
        bool isInt = false;
        const int n = value.toInt(&isInt);
        const IntOrString v = isInt ? IntOrString::fromInt(n) : IntOrString::fromString(value);
        QCOMPARE(v.scaledValue(total, true).value_or(-1), up);
        QCOMPARE(v.scaledValue(total, false).value_or(-1), down);
    }

    void intOrStringRejectsNonPercent()
    {
        QString error;
        QVERIFY(!IntOrString::fromString(QStringLiteral("25")).scaledValue(10, true, &error));
        QCOMPARE(error, QStringLiteral("invalid type: string is not a percentage"));
    }
};

QTEST_GUILESS_MAIN(TestCodec)
#include "tst_codec.moc"
