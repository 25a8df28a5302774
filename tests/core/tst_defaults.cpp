// setDefaults: apps/v1 and core/v1 defaulting, table rows after pkg/apis/apps/v1/defaults_test.go
// and pkg/apis/core/v1/defaults_test.go, checked on the JSON the API server would store.
#include "core/api/codec.h"
#include "core/api/defaults.h"
#include "core/api/pod.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace rlab::api;

namespace {

MutableObjectPtr decode(const QByteArray &json)
{
    const DecodeResult r = decodeObject(QJsonDocument::fromJson(json).object());
    if (!r.object)
        qFatal("test manifest does not decode: %s", qPrintable(r.error));
    return r.object;
}

// "spec.template.spec.containers[0].imagePullPolicy" -> the value there (Undefined if absent).
QJsonValue at(const QJsonObject &root, const QString &path)
{
    QJsonValue cur = root;
    static const QRegularExpression part(QStringLiteral(R"(^([^\[]+)((?:\[\d+\])*)$)"));
    for (const QString &segment : path.split(QLatin1Char('.'))) {
        const QRegularExpressionMatch m = part.match(segment);
        cur = cur.toObject().value(m.captured(1));
        const QString indexes = m.captured(2);
        for (const QString &i : indexes.split(QLatin1Char('['), Qt::SkipEmptyParts))
            cur = cur.toArray().at(i.chopped(1).toInt());
    }
    return cur;
}

QString render(const QJsonValue &v)
{
    if (v.isUndefined())
        return QStringLiteral("<absent>");
    const QByteArray doc = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(doc.mid(1, doc.size() - 2));
}

const QByteArray kBareDeployment = R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},
    "spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx"}]}}}})";

QByteArray deploymentWithSpec(const QByteArray &specFields)
{
    return R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{)" + specFields
           + R"(,"template":{"spec":{"containers":[{"name":"nginx","image":"nginx"}]}}}})";
}

QByteArray podWith(const QByteArray &containerFields)
{
    return R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx:1.25")"
           + (containerFields.isEmpty() ? QByteArray() : "," + containerFields) + "}]}}";
}

} // namespace

class TestDefaults : public QObject
{
    Q_OBJECT

private slots:
    void fields_data();
    void fields();
    void imagePullPolicy_data();
    void imagePullPolicy();
    void qosClass_data();
    void qosClass();
    void idempotent_data();
    void idempotent();
    void templateKeepsRequestsEmpty();
    void defaultedPodKeepsSharingItsContainers();
};

void TestDefaults::fields_data()
{
    QTest::addColumn<QByteArray>("manifest");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expected");   // compact JSON of the value, or <absent>

    // TestSetDefaultDeployment: an empty spec gets every apps/v1 default.
    QTest::newRow("deployment replicas") << kBareDeployment << "spec.replicas" << "1";
    QTest::newRow("deployment strategy type") << kBareDeployment << "spec.strategy.type" << "\"RollingUpdate\"";
    QTest::newRow("deployment maxUnavailable") << kBareDeployment << "spec.strategy.rollingUpdate.maxUnavailable" << "\"25%\"";
    QTest::newRow("deployment maxSurge") << kBareDeployment << "spec.strategy.rollingUpdate.maxSurge" << "\"25%\"";
    QTest::newRow("deployment revisionHistoryLimit") << kBareDeployment << "spec.revisionHistoryLimit" << "10";
    QTest::newRow("deployment progressDeadlineSeconds") << kBareDeployment << "spec.progressDeadlineSeconds" << "600";
    QTest::newRow("deployment template restartPolicy") << kBareDeployment << "spec.template.spec.restartPolicy" << "\"Always\"";
    QTest::newRow("deployment template dnsPolicy") << kBareDeployment << "spec.template.spec.dnsPolicy" << "\"ClusterFirst\"";
    QTest::newRow("deployment template securityContext") << kBareDeployment << "spec.template.spec.securityContext" << "{}";
    QTest::newRow("deployment template grace period") << kBareDeployment << "spec.template.spec.terminationGracePeriodSeconds" << "30";
    QTest::newRow("deployment template schedulerName") << kBareDeployment << "spec.template.spec.schedulerName" << "\"default-scheduler\"";
    QTest::newRow("deployment container terminationMessagePath")
        << kBareDeployment << "spec.template.spec.containers[0].terminationMessagePath" << "\"/dev/termination-log\"";
    QTest::newRow("deployment container terminationMessagePolicy")
        << kBareDeployment << "spec.template.spec.containers[0].terminationMessagePolicy" << "\"File\"";
    QTest::newRow("deployment container imagePullPolicy")
        << kBareDeployment << "spec.template.spec.containers[0].imagePullPolicy" << "\"Always\"";
    QTest::newRow("deployment template is not a pod: no service links")
        << kBareDeployment << "spec.template.spec.enableServiceLinks" << "<absent>";

    // Explicit values are kept; missing rollingUpdate halves are filled in.
    const QByteArray partial = deploymentWithSpec(
        R"("replicas":5,"strategy":{"rollingUpdate":{"maxSurge":1}},"revisionHistoryLimit":0,"progressDeadlineSeconds":30)");
    QTest::newRow("explicit replicas kept") << partial << "spec.replicas" << "5";
    QTest::newRow("explicit maxSurge kept") << partial << "spec.strategy.rollingUpdate.maxSurge" << "1";
    QTest::newRow("missing maxUnavailable filled") << partial << "spec.strategy.rollingUpdate.maxUnavailable" << "\"25%\"";
    QTest::newRow("revisionHistoryLimit 0 kept") << partial << "spec.revisionHistoryLimit" << "0";
    QTest::newRow("progressDeadlineSeconds kept") << partial << "spec.progressDeadlineSeconds" << "30";
    const QByteArray zero = deploymentWithSpec(R"("replicas":0)");
    QTest::newRow("replicas 0 kept") << zero << "spec.replicas" << "0";

    // Recreate: no rollingUpdate block is invented.
    const QByteArray recreate = deploymentWithSpec(R"("strategy":{"type":"Recreate"})");
    QTest::newRow("recreate has no rollingUpdate") << recreate << "spec.strategy.rollingUpdate" << "<absent>";
    QTest::newRow("recreate type kept") << recreate << "spec.strategy.type" << "\"Recreate\"";
    const QByteArray unknown = deploymentWithSpec(R"("strategy":{"type":"Blue"})");
    QTest::newRow("unknown strategy gets no rollingUpdate") << unknown << "spec.strategy.rollingUpdate" << "<absent>";

    const QByteArray rs = R"({"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"r"},
        "spec":{"template":{"spec":{"containers":[{"name":"c","image":"nginx:1.25","ports":[{"containerPort":80}]}]}}}})";
    QTest::newRow("replicaset replicas") << rs << "spec.replicas" << "1";
    QTest::newRow("replicaset port protocol") << rs << "spec.template.spec.containers[0].ports[0].protocol" << "\"TCP\"";
    QTest::newRow("replicaset imagePullPolicy tagged") << rs << "spec.template.spec.containers[0].imagePullPolicy" << "\"IfNotPresent\"";

    // Pods: PodSpec defaults + SetDefaults_Pod + the registry's status facts.
    const QByteArray pod = podWith(R"("ports":[{"containerPort":8080,"protocol":"UDP"},{"containerPort":80}])");
    QTest::newRow("pod phase") << pod << "status.phase" << "\"Pending\"";
    QTest::newRow("pod qosClass") << pod << "status.qosClass" << "\"BestEffort\"";
    QTest::newRow("pod restartPolicy") << pod << "spec.restartPolicy" << "\"Always\"";
    QTest::newRow("pod enableServiceLinks") << pod << "spec.enableServiceLinks" << "true";
    const QByteArray hostNetworkPod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"hostNetwork":true,
        "containers":[{"name":"c","image":"busybox"}]}})";
    QTest::newRow("pod enableServiceLinks beside hostNetwork") << hostNetworkPod << "spec.enableServiceLinks" << "true";
    QTest::newRow("pod hostNetwork kept beside enableServiceLinks") << hostNetworkPod << "spec.hostNetwork" << "true";
    QTest::newRow("pod explicit enableServiceLinks kept")
        << QByteArray(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"enableServiceLinks":false,
                         "containers":[{"name":"c","image":"busybox"}]}})")
        << "spec.enableServiceLinks" << "false";
    QTest::newRow("pod explicit protocol kept") << pod << "spec.containers[0].ports[0].protocol" << "\"UDP\"";
    QTest::newRow("pod port protocol") << pod << "spec.containers[0].ports[1].protocol" << "\"TCP\"";
    QTest::newRow("pod explicit restartPolicy kept")
        << QByteArray(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"restartPolicy":"Never",
                         "containers":[{"name":"c","image":"busybox"}]}})")
        << "spec.restartPolicy" << "\"Never\"";
    QTest::newRow("pod requests default to limits")
        << podWith(R"("resources":{"limits":{"cpu":"500m","memory":"128Mi"},"requests":{"cpu":"250m"}})")
        << "spec.containers[0].resources.requests" << R"({"cpu":"250m","memory":"128Mi"})";
    QTest::newRow("pod host network mirrors ports")
        << QByteArray(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"hostNetwork":true,
                         "containers":[{"name":"c","image":"nginx","ports":[{"containerPort":8080}]}]}})")
        << "spec.containers[0].ports[0].hostPort" << "8080";
    const QByteArray probe = podWith(R"("livenessProbe":{"httpGet":{"port":80}},"readinessProbe":{"tcpSocket":{"port":80},"periodSeconds":3})");
    QTest::newRow("probe timeoutSeconds") << probe << "spec.containers[0].livenessProbe.timeoutSeconds" << "1";
    QTest::newRow("probe periodSeconds") << probe << "spec.containers[0].livenessProbe.periodSeconds" << "10";
    QTest::newRow("probe explicit periodSeconds kept") << probe << "spec.containers[0].readinessProbe.periodSeconds" << "3";
    QTest::newRow("probe successThreshold") << probe << "spec.containers[0].livenessProbe.successThreshold" << "1";
    QTest::newRow("probe failureThreshold") << probe << "spec.containers[0].readinessProbe.failureThreshold" << "3";
    QTest::newRow("probe httpGet path") << probe << "spec.containers[0].livenessProbe.httpGet.path" << "\"/\"";
    QTest::newRow("probe httpGet scheme") << probe << "spec.containers[0].livenessProbe.httpGet.scheme" << "\"HTTP\"";
    QTest::newRow("env fieldRef apiVersion")
        << podWith(R"("env":[{"name":"NODE","valueFrom":{"fieldRef":{"fieldPath":"spec.nodeName"}}}])")
        << "spec.containers[0].env[0].valueFrom.fieldRef.apiVersion" << "\"v1\"";

    const QByteArray ns = R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"team-a"}})";
    QTest::newRow("namespace phase") << ns << "status.phase" << "\"Active\"";
    QTest::newRow("namespace name label") << ns << "metadata.labels" << R"({"kubernetes.io/metadata.name":"team-a"})";

    const QByteArray node = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"n1"},
        "status":{"capacity":{"cpu":"4","memory":"8Gi","pods":"110"}}})";
    QTest::newRow("node allocatable from capacity") << node << "status.allocatable" << R"({"cpu":"4","memory":"8Gi","pods":"110"})";
}

void TestDefaults::fields()
{
    QFETCH(QByteArray, manifest);
    QFETCH(QString, path);
    QFETCH(QString, expected);
    MutableObjectPtr obj = decode(manifest);
    setDefaults(*obj);
    QCOMPARE(render(at(obj->toJson(), path)), expected);
}

void TestDefaults::imagePullPolicy_data()
{
    QTest::addColumn<QString>("image");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no tag") << "nginx" << "Always";
    QTest::newRow("latest") << "nginx:latest" << "Always";
    QTest::newRow("versioned") << "nginx:1.25" << "IfNotPresent";
    QTest::newRow("digest") << "nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
                            << "IfNotPresent";
    QTest::newRow("latest with digest") << "nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
                                        << "Always";
    QTest::newRow("registry port, no tag") << "localhost:5000/nginx" << "Always";
    QTest::newRow("registry port, tag") << "localhost:5000/team/nginx:v2" << "IfNotPresent";
    QTest::newRow("registry, latest") << "registry.k8s.io/pause:latest" << "Always";
    QTest::newRow("invalid reference") << "NGINX" << "IfNotPresent";
    QTest::newRow("empty") << "" << "IfNotPresent";
}

void TestDefaults::imagePullPolicy()
{
    QFETCH(QString, image);
    QFETCH(QString, expected);
    QCOMPARE(defaultImagePullPolicy(image), expected);
}

void TestDefaults::qosClass_data()
{
    QTest::addColumn<QByteArray>("containers");   // the JSON array of containers
    QTest::addColumn<QString>("expected");
    QTest::newRow("no resources") << QByteArray(R"([{"name":"a","image":"x"}])") << "BestEffort";
    QTest::newRow("zero requests only") << QByteArray(R"([{"name":"a","image":"x","resources":{"requests":{"cpu":"0"}}}])")
                                        << "BestEffort";
    QTest::newRow("other resources only")
        << QByteArray(R"([{"name":"a","image":"x","resources":{"limits":{"ephemeral-storage":"1Gi"}}}])") << "BestEffort";
    QTest::newRow("requests only") << QByteArray(R"([{"name":"a","image":"x","resources":{"requests":{"cpu":"100m"}}}])")
                                   << "Burstable";
    QTest::newRow("limits only, both resources")
        << QByteArray(R"([{"name":"a","image":"x","resources":{"limits":{"cpu":"1","memory":"1Gi"}}}])") << "Guaranteed";
    QTest::newRow("equal requests and limits")
        << QByteArray(R"([{"name":"a","image":"x","resources":{"limits":{"cpu":"1","memory":"1Gi"},
                          "requests":{"cpu":"1000m","memory":"1024Mi"}}}])")
        << "Guaranteed";
    QTest::newRow("cpu limit only") << QByteArray(R"([{"name":"a","image":"x","resources":{"limits":{"cpu":"1"}}}])")
                                    << "Burstable";
    QTest::newRow("requests below limits")
        << QByteArray(R"([{"name":"a","image":"x","resources":{"limits":{"cpu":"1","memory":"1Gi"},"requests":{"cpu":"500m"}}}])")
        << "Burstable";
    QTest::newRow("one guaranteed, one best effort")
        << QByteArray(R"([{"name":"a","image":"x","resources":{"limits":{"cpu":"1","memory":"1Gi"}}},{"name":"b","image":"x"}])")
        << "Burstable";
}

void TestDefaults::qosClass()
{
    QFETCH(QByteArray, containers);
    QFETCH(QString, expected);
    MutableObjectPtr obj = decode(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":)"
                                  + containers + "}}");
    setDefaults(*obj);   // requests are defaulted from limits before the class is computed
    QCOMPARE(objectCast<Pod>(obj)->status.qosClass, expected);
}

void TestDefaults::idempotent_data()
{
    QTest::addColumn<QByteArray>("manifest");
    QTest::newRow("deployment") << deploymentWithSpec(R"("replicas":2,"strategy":{"rollingUpdate":{"maxSurge":"50%"}})");
    QTest::newRow("pod") << podWith(R"("resources":{"limits":{"cpu":"1"}},"livenessProbe":{"exec":{"command":["true"]}})");
    QTest::newRow("namespace") << QByteArray(R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"a"}})");
}

void TestDefaults::idempotent()
{
    QFETCH(QByteArray, manifest);
    MutableObjectPtr obj = decode(manifest);
    setDefaults(*obj);
    const QJsonObject once = obj->toJson();
    setDefaults(*obj);
    QCOMPARE(obj->toJson(), once);
}

void TestDefaults::templateKeepsRequestsEmpty()
{
    // SetDefaults_Pod (requests := limits) applies to pods only, not to pod templates.
    MutableObjectPtr obj = decode(deploymentWithSpec(R"("replicas":1)").replace(
        R"("image":"nginx"})", R"("image":"nginx","resources":{"limits":{"cpu":"1"}}})"));
    setDefaults(*obj);
    QCOMPARE(render(at(obj->toJson(), QStringLiteral("spec.template.spec.containers[0].resources"))),
             QStringLiteral(R"({"limits":{"cpu":"1"}})"));
}

// An update of a pod that is defaulted already (every status update) sets nothing, so its
// containers stay shared with the previous version (not a copy per stored version); one that
// lacks a default still gets it.
void TestDefaults::defaultedPodKeepsSharingItsContainers()
{
    MutableObjectPtr obj = decode(podWith(R"("resources":{"limits":{"cpu":"1"}},"ports":[{"containerPort":80}])"));
    setDefaults(*obj);
    const Pod &defaulted = static_cast<const Pod &>(*obj);
    Pod update = defaulted;   // a copy, as a status update's clone
    QVERIFY(update.spec.containers.isSharedWith(defaulted.spec.containers));
    setDefaults(update);
    QVERIFY(update.spec.containers.isSharedWith(defaulted.spec.containers));
    QCOMPARE(update.toJson(), defaulted.toJson());

    Pod missing = defaulted;
    missing.spec.containers[0].terminationMessagePolicy.clear();
    missing.spec.containers[0].resources.requests.clear();
    setDefaults(missing);
    QCOMPARE(missing.spec.containers[0].terminationMessagePolicy, QStringLiteral("File"));
    QCOMPARE(missing.spec.containers[0].resources.requests, defaulted.spec.containers[0].resources.requests);
    QCOMPARE(missing.toJson(), defaulted.toJson());

    // A list remembered as defaulted (defaultContainers keeps the last few) that is then
    // changed in place: the change makes its own copy, which is defaulted again.
    Pod again = defaulted;
    setDefaults(again);
    again.spec.containers[0].imagePullPolicy.clear();
    QVERIFY(!again.spec.containers.isSharedWith(defaulted.spec.containers));
    setDefaults(again);
    QCOMPARE(again.spec.containers[0].imagePullPolicy, defaulted.spec.containers[0].imagePullPolicy);
    QVERIFY(!again.spec.containers[0].imagePullPolicy.isEmpty());
}

QTEST_GUILESS_MAIN(TestDefaults)
#include "tst_defaults.moc"
