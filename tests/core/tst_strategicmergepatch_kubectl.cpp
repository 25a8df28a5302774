// SPDX-License-Identifier: Apache-2.0
// Strategic merge patch as kubectl uses it: the bodies kubectl sent (logged), kubectl apply's
// three-way patch against those logs, and apply semantics on a small Deployment.
#include "core/apiserver/jsonmergepatch.h"
#include "core/apiserver/strategicmergepatch.h"
#include "tests/testutil/testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::apiserver;
using rlab::test::compact;
using rlab::test::jsonObject;
class TestStrategicMergePatchKubectl : public QObject
{
    Q_OBJECT

private slots:
    void testKubectlBodies_data();
    void testKubectlBodies();
    void testKubectlApplyLogged_data();
    void testKubectlApplyLogged();
    void testKubectlApplyScenarios_data();
    void testKubectlApplyScenarios();
};
// Fixtures stay below the class: Qt 6.4's moc loses its place in raw strings holding \" and
// would then miss the class.
namespace {
const QString kLastApplied = QStringLiteral("kubectl.kubernetes.io/last-applied-configuration");

QJsonObject metadataOf(const QJsonObject &o)
{
    return o.value(QLatin1String("metadata")).toObject();
}

QJsonObject withAnnotation(QJsonObject o, const QString &key, const QString &value)
{
    QJsonObject metadata = metadataOf(o);
    QJsonObject annotations = metadata.value(QLatin1String("annotations")).toObject();
    annotations.insert(key, value);
    metadata.insert(QLatin1String("annotations"), annotations);
    o.insert(QLatin1String("metadata"), metadata);
    return o;
}

QJsonObject withoutLastApplied(QJsonObject o)
{
    QJsonObject metadata = metadataOf(o);
    QJsonObject annotations = metadata.value(QLatin1String("annotations")).toObject();
    annotations.remove(kLastApplied);
    metadata.insert(QLatin1String("annotations"), annotations);
    o.insert(QLatin1String("metadata"), metadata);
    return o;
}

// What kubectl apply stores as last-applied for a file: the object with metadata.annotations
// (at least {}) and the namespace filled in, as compact JSON plus "\n" (log 04).
QString lastAppliedOf(QJsonObject file)
{
    QJsonObject metadata = metadataOf(file);
    if (!metadata.contains(QLatin1String("annotations")))
        metadata.insert(QLatin1String("annotations"), QJsonObject());
    if (!metadata.contains(QLatin1String("namespace")))
        metadata.insert(QLatin1String("namespace"), QStringLiteral("default"));
    file.insert(QLatin1String("metadata"), metadata);
    return QString::fromUtf8(QJsonDocument(file).toJson(QJsonDocument::Compact)) + u'\n';
}

// kubectl's "modified": the file plus the new last-applied annotation.
QJsonObject kubectlModified(const QJsonObject &file)
{
    QJsonObject modified = file;
    QJsonObject metadata = metadataOf(modified);
    if (!metadata.contains(QLatin1String("namespace")))
        metadata.insert(QLatin1String("namespace"), QStringLiteral("default"));
    modified.insert(QLatin1String("metadata"), metadata);
    return withAnnotation(modified, kLastApplied, lastAppliedOf(file));
}

// kubectl's "original": the last-applied annotation of the live object, parsed.
QJsonObject kubectlOriginal(const QJsonObject &live)
{
    const QString text = metadataOf(live).value(QLatin1String("annotations")).toObject().value(kLastApplied).toString();
    return text.isEmpty() ? QJsonObject() : jsonObject(text);
}

// The nginx Deployment as the API server returned it after `kubectl apply` of
// nginx-deployment.yaml (log 04 response), with the status and revision the controller adds.
const char *const kNginxLive = R"({"apiVersion":"apps/v1","kind":"Deployment",
 "metadata":{"annotations":{"deployment.kubernetes.io/revision":"1",
   "kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"labels\":{\"app\":\"nginx\"},\"name\":\"nginx\",\"namespace\":\"default\"},\"spec\":{\"replicas\":3,\"selector\":{\"matchLabels\":{\"app\":\"nginx\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"nginx\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.14.2\",\"name\":\"nginx\",\"ports\":[{\"containerPort\":80}]}]}}}}\n"},
  "labels":{"app":"nginx"},"name":"nginx","namespace":"default","generation":1,
  "uid":"737accdd-4a9b-431c-be14-3cfe50702733","creationTimestamp":"2026-11-29T23:55:32Z","resourceVersion":"1044"},
 "spec":{"replicas":3,"selector":{"matchLabels":{"app":"nginx"}},
  "template":{"metadata":{"labels":{"app":"nginx"},"creationTimestamp":null},
   "spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80,"protocol":"TCP"}],
     "imagePullPolicy":"IfNotPresent","resources":{},"terminationMessagePath":"/dev/termination-log",
     "terminationMessagePolicy":"File"}],
    "restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},
    "schedulerName":"default-scheduler"}},
  "revisionHistoryLimit":10,"progressDeadlineSeconds":600,
  "strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}}},
 "status":{"observedGeneration":1,"replicas":3,"updatedReplicas":3,"readyReplicas":3,"availableReplicas":3,
  "conditions":[{"type":"Available","status":"True","reason":"MinimumReplicasAvailable"},
   {"type":"Progressing","status":"True","reason":"NewReplicaSetAvailable"}]}})";

// manifests/nginx-deployment-v2.yaml as JSON (log 09's annotation).
const char *const kNginxV2File = R"({"apiVersion":"apps/v1","kind":"Deployment",
 "metadata":{"labels":{"app":"nginx"},"name":"nginx"},
 "spec":{"replicas":3,"selector":{"matchLabels":{"app":"nginx"}},
  "template":{"metadata":{"labels":{"app":"nginx"}},
   "spec":{"containers":[{"image":"nginx:1.16.1","name":"nginx","ports":[{"containerPort":80}]}]}}}})";

// Log 09, verbatim.
const char *const kBody09 = R"({"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"labels\":{\"app\":\"nginx\"},\"name\":\"nginx\",\"namespace\":\"default\"},\"spec\":{\"replicas\":3,\"selector\":{\"matchLabels\":{\"app\":\"nginx\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"nginx\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.16.1\",\"name\":\"nginx\",\"ports\":[{\"containerPort\":80}]}]}}}}\n"}},"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"}],"containers":[{"image":"nginx:1.16.1","name":"nginx"}]}}}})";

// The smp Deployment after `kubectl apply -f manifests/smp-v1.json` (log 11e), with defaults.
const char *const kSmpLive = R"({"apiVersion":"apps/v1","kind":"Deployment",
 "metadata":{"annotations":{"deployment.kubernetes.io/revision":"1",
   "kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"labels\":{\"app\":\"smp\",\"tier\":\"web\"},\"name\":\"smp\",\"namespace\":\"default\"},\"spec\":{\"replicas\":2,\"selector\":{\"matchLabels\":{\"app\":\"smp\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"smp\"}},\"spec\":{\"containers\":[{\"env\":[{\"name\":\"A\",\"value\":\"1\"},{\"name\":\"B\",\"value\":\"2\"}],\"image\":\"nginx:1.25\",\"name\":\"main\",\"ports\":[{\"containerPort\":80},{\"containerPort\":443}]},{\"args\":[\"sleep\",\"3600\"],\"image\":\"busybox\",\"name\":\"sidecar\"}]}}}}\n"},
  "labels":{"app":"smp","tier":"web"},"name":"smp","namespace":"default","generation":1,
  "uid":"5f0f6c1e-9d7c-4a51-9d0e-2b8f2f0c6a11","resourceVersion":"1181"},
 "spec":{"replicas":2,"selector":{"matchLabels":{"app":"smp"}},
  "template":{"metadata":{"creationTimestamp":null,"labels":{"app":"smp"}},
   "spec":{"containers":[
     {"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx:1.25","imagePullPolicy":"IfNotPresent",
      "name":"main","ports":[{"containerPort":80,"protocol":"TCP"},{"containerPort":443,"protocol":"TCP"}],
      "resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"},
     {"args":["sleep","3600"],"image":"busybox","imagePullPolicy":"Always","name":"sidecar","resources":{},
      "terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],
    "dnsPolicy":"ClusterFirst","restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},
    "terminationGracePeriodSeconds":30}},
  "strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}},
  "revisionHistoryLimit":10,"progressDeadlineSeconds":600},
 "status":{"observedGeneration":1,"replicas":2,"updatedReplicas":2,"readyReplicas":2,"availableReplicas":2}})";

// manifests/smp-v2.json (log 11f's annotation): label tier, container sidecar, env A and port
// 443 removed, env B changed, env C added, image bumped.
const char *const kSmpV2File = R"({"apiVersion":"apps/v1","kind":"Deployment",
 "metadata":{"labels":{"app":"smp"},"name":"smp"},
 "spec":{"replicas":2,"selector":{"matchLabels":{"app":"smp"}},
  "template":{"metadata":{"labels":{"app":"smp"}},
   "spec":{"containers":[{"env":[{"name":"B","value":"3"},{"name":"C","value":"4"}],"image":"nginx:1.26",
     "name":"main","ports":[{"containerPort":80}]}]}}}})";

// Log 11f, verbatim.
const char *const kBody11f = R"({"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"labels\":{\"app\":\"smp\"},\"name\":\"smp\",\"namespace\":\"default\"},\"spec\":{\"replicas\":2,\"selector\":{\"matchLabels\":{\"app\":\"smp\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"smp\"}},\"spec\":{\"containers\":[{\"env\":[{\"name\":\"B\",\"value\":\"3\"},{\"name\":\"C\",\"value\":\"4\"}],\"image\":\"nginx:1.26\",\"name\":\"main\",\"ports\":[{\"containerPort\":80}]}]}}}}\n"},"labels":{"tier":null}},"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"main"}],"containers":[{"$setElementOrder/env":[{"name":"B"},{"name":"C"}],"$setElementOrder/ports":[{"containerPort":80}],"env":[{"name":"B","value":"3"},{"name":"C","value":"4"},{"$patch":"delete","name":"A"}],"image":"nginx:1.26","name":"main","ports":[{"$patch":"delete","containerPort":443}]},{"$patch":"delete","name":"sidecar"}]}}}})";

// A small Deployment for the apply scenarios: the file as last applied, and the live object
// (server defaults filled in, no last-applied annotation: the test adds it).
const char *const kWebFile = R"({"apiVersion":"apps/v1","kind":"Deployment",
 "metadata":{"name":"web","labels":{"app":"web","tier":"frontend"}},
 "spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},
  "template":{"metadata":{"labels":{"app":"web"}},
   "spec":{"containers":[{"name":"web","image":"nginx:1.25","ports":[{"containerPort":80},{"containerPort":443}],
     "env":[{"name":"MODE","value":"prod"}]}]}}}})";

const char *const kWebLive = R"({"apiVersion":"apps/v1","kind":"Deployment",
 "metadata":{"name":"web","namespace":"default","uid":"8d1d","resourceVersion":"10","generation":1,
  "labels":{"app":"web","tier":"frontend"},"annotations":{"deployment.kubernetes.io/revision":"1"}},
 "spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},
  "template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},
   "spec":{"containers":[{"name":"web","image":"nginx:1.25",
     "ports":[{"containerPort":80,"protocol":"TCP"},{"containerPort":443,"protocol":"TCP"}],
     "env":[{"name":"MODE","value":"prod"}],"imagePullPolicy":"IfNotPresent","resources":{}}],
    "restartPolicy":"Always","dnsPolicy":"ClusterFirst"}},
  "strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}},
  "revisionHistoryLimit":10},
 "status":{"observedGeneration":1,"replicas":2,"readyReplicas":2}})";
} // namespace
// ---- the bodies kubectl sent (logs 16, 22, 23, 24) on a realistic Deployment ----

void TestStrategicMergePatchKubectl::testKubectlBodies_data()
{
    QTest::addColumn<QString>("liveEdit");  // JSON merge patch turning kNginxLive into the "before"
    QTest::addColumn<QString>("body");      // the logged request body
    QTest::addColumn<QString>("afterEdit"); // JSON merge patch turning "before" into the expected result

    QTest::newRow("set image nginx=nginx:1.25 (log 16)")
        << R"({})"
        << R"({"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"}],"containers":[{"image":"nginx:1.25","name":"nginx"}]}}}})"
        << R"({"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.25","name":"nginx",
               "ports":[{"containerPort":80,"protocol":"TCP"}],"imagePullPolicy":"IfNotPresent","resources":{},
               "terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}]}}}})";
    QTest::newRow("rollout pause (log 22)") << R"({})" << R"({"spec":{"paused":true}})"
                                           << R"({"spec":{"paused":true}})";
    QTest::newRow("rollout resume (log 23)") << R"({"spec":{"paused":true}})" << R"({"spec":{"paused":null}})"
                                            << R"({"spec":{"paused":null}})";
    QTest::newRow("rollout restart (log 24)")
        << R"({})"
        << R"({"spec":{"template":{"metadata":{"annotations":{"kubectl.kubernetes.io/restartedAt":"2026-11-29T23:56:09Z"}}}}})"
        << R"({"spec":{"template":{"metadata":{"annotations":{"kubectl.kubernetes.io/restartedAt":"2026-11-29T23:56:09Z"}}}}})";
    QTest::newRow("set image on a two-container pod keeps the other container")
        << R"({"spec":{"template":{"spec":{"containers":[
               {"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80,"protocol":"TCP"}]},
               {"image":"busybox","name":"sidecar","args":["sleep","3600"]}]}}}})"
        << R"({"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"},{"name":"sidecar"}],"containers":[{"image":"nginx:1.25","name":"nginx"}]}}}})"
        << R"({"spec":{"template":{"spec":{"containers":[
               {"image":"nginx:1.25","name":"nginx","ports":[{"containerPort":80,"protocol":"TCP"}]},
               {"image":"busybox","name":"sidecar","args":["sleep","3600"]}]}}}})";
}

void TestStrategicMergePatchKubectl::testKubectlBodies()
{
    QFETCH(QString, liveEdit);
    QFETCH(QString, body);
    QFETCH(QString, afterEdit);
    const QJsonObject before = applyMergePatch(jsonObject(kNginxLive), jsonObject(liveEdit)).toObject();
    const QJsonObject after = applyMergePatch(before, jsonObject(afterEdit)).toObject();
    QString error;

    // The server applying the logged body.
    const std::optional<QJsonObject> applied = applyStrategicMergePatch(before, jsonObject(body), &error, "Deployment");
    QVERIFY2(applied, qPrintable(error));
    QCOMPARE(compact(*applied), compact(after));

    // kubectl computing it: a two-way patch from the object before and after its edit.
    const std::optional<QJsonObject> created = createTwoWayMergePatch(before, after, &error, "Deployment");
    QVERIFY2(created, qPrintable(error));
    QCOMPARE(compact(*created), compact(jsonObject(body)));
}

// ---- kubectl apply: the three-way patch, checked against the logged bodies ----

void TestStrategicMergePatchKubectl::testKubectlApplyLogged_data()
{
    QTest::addColumn<QString>("live");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("resultEdit"); // JSON merge patch on live, new last-applied aside

    QTest::newRow("apply again with a changed image (log 09)")
        << kNginxLive << kNginxV2File << kBody09
        << R"({"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.16.1","name":"nginx",
               "ports":[{"containerPort":80,"protocol":"TCP"}],"imagePullPolicy":"IfNotPresent","resources":{},
               "terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}]}}}})";
    QTest::newRow("three-way with delete directives (log 11f)")
        << kSmpLive << kSmpV2File << kBody11f
        << R"({"metadata":{"labels":{"tier":null}},
               "spec":{"template":{"spec":{"containers":[{"env":[{"name":"B","value":"3"},{"name":"C","value":"4"}],
                 "image":"nginx:1.26","imagePullPolicy":"IfNotPresent","name":"main",
                 "ports":[{"containerPort":80,"protocol":"TCP"}],"resources":{},
                 "terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}]}}}})";
}

void TestStrategicMergePatchKubectl::testKubectlApplyLogged()
{
    QFETCH(QString, live);
    QFETCH(QString, file);
    QFETCH(QString, body);
    QFETCH(QString, resultEdit);
    const QJsonObject liveObject = jsonObject(live);
    const QJsonObject modified = kubectlModified(jsonObject(file));
    QString error;

    const std::optional<QJsonObject> patch =
        createThreeWayMergePatch(kubectlOriginal(liveObject), modified, liveObject, &error, "Deployment");
    QVERIFY2(patch, qPrintable(error));
    QCOMPARE(compact(*patch), compact(jsonObject(body)));

    const std::optional<QJsonObject> result =
        applyStrategicMergePatch(liveObject, jsonObject(body), &error, "Deployment");
    QVERIFY2(result, qPrintable(error));
    const QJsonObject expected =
        withAnnotation(applyMergePatch(liveObject, jsonObject(resultEdit)).toObject(), kLastApplied,
                       lastAppliedOf(jsonObject(file)));
    QCOMPARE(compact(*result), compact(expected));

    // Applying the same file once more sends no patch: kubectl prints "unchanged" (log 35c).
    const std::optional<QJsonObject> again =
        createThreeWayMergePatch(kubectlOriginal(*result), modified, *result, &error, "Deployment");
    QVERIFY2(again, qPrintable(error));
    QCOMPARE(compact(*again), QStringLiteral("{}"));
}

// ---- kubectl apply semantics on the small "web" Deployment ----

void TestStrategicMergePatchKubectl::testKubectlApplyScenarios_data()
{
    QTest::addColumn<QString>("previousEdit"); // JSON merge patch on kWebFile: the last applied file
    QTest::addColumn<QString>("fileEdit");     // JSON merge patch on kWebFile: the file applied now
    QTest::addColumn<QString>("liveEdit");     // JSON merge patch on kWebLive: others' changes
    QTest::addColumn<QString>("patch");        // expected, without the last-applied annotation
    QTest::addColumn<QString>("resultEdit");   // JSON merge patch on the live object

    const QString webContainer = QStringLiteral(
        R"({"name":"web","image":"nginx:1.25","ports":[{"containerPort":80},{"containerPort":443}],
            "env":[{"name":"MODE","value":"prod"}]})");
    const QString liveContainer = QStringLiteral(
        R"({"name":"web","image":"nginx:1.25",
            "ports":[{"containerPort":80,"protocol":"TCP"},{"containerPort":443,"protocol":"TCP"}],
            "env":[{"name":"MODE","value":"prod"}],"imagePullPolicy":"IfNotPresent","resources":{}})");
    auto containers = [](const QString &container) {
        return QStringLiteral(R"({"spec":{"template":{"spec":{"containers":[%1]}}}})").arg(container);
    };
    auto edit = [](QString container, const QString &from, const QString &to) {
        return container.replace(from, to);
    };

    QTest::newRow("change the image")
        << "{}" << containers(edit(webContainer, "nginx:1.25", "nginx:1.26")) << "{}"
        << R"({"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"web"}],
               "containers":[{"image":"nginx:1.26","name":"web"}]}}}})"
        << containers(edit(liveContainer, "nginx:1.25", "nginx:1.26"));
    QTest::newRow("a label removed from the file since last-applied is deleted")
        << "{}" << R"({"metadata":{"labels":{"tier":null}}})" << "{}"
        << R"({"metadata":{"labels":{"tier":null}}})" << R"({"metadata":{"labels":{"tier":null}}})";
    QTest::newRow("a label added by someone else is kept")
        << "{}" << R"({"metadata":{"labels":{"version":"v2"}}})" << R"({"metadata":{"labels":{"team":"payments"}}})"
        << R"({"metadata":{"labels":{"version":"v2"}}})" << R"({"metadata":{"labels":{"version":"v2"}}})";
    QTest::newRow("a container port removed from the file is deleted")
        << "{}" << containers(edit(webContainer, R"(,{"containerPort":443})", "")) << "{}"
        << R"({"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"web"}],
               "containers":[{"$setElementOrder/ports":[{"containerPort":80}],"name":"web",
                              "ports":[{"$patch":"delete","containerPort":443}]}]}}}})"
        << containers(edit(liveContainer, R"(,{"containerPort":443,"protocol":"TCP"})", ""));
    QTest::newRow("replicas scaled by someone else stay when the file has none")
        << R"({"spec":{"replicas":null}})" << R"({"spec":{"replicas":null}})" << R"({"spec":{"replicas":5}})"
        << R"({})" << R"({})";
    QTest::newRow("replicas in the file undo a kubectl scale")
        << "{}" << "{}" << R"({"spec":{"replicas":5}})" << R"({"spec":{"replicas":2}})"
        << R"({"spec":{"replicas":2}})";
    QTest::newRow("strategy Recreate clears rollingUpdate through $retainKeys")
        << "{}" << R"({"spec":{"strategy":{"type":"Recreate"}}})" << "{}"
        << R"({"spec":{"strategy":{"$retainKeys":["type"],"type":"Recreate"}}})"
        << R"({"spec":{"strategy":{"rollingUpdate":null,"type":"Recreate"}}})";
    QTest::newRow("env: dropped var deleted, changed var updated, others' var kept")
        << containers(edit(webContainer, R"({"name":"MODE","value":"prod"})",
                           R"({"name":"MODE","value":"prod"},{"name":"LEVEL","value":"info"})"))
        << containers(edit(webContainer, "prod", "canary"))
        << containers(edit(liveContainer, R"({"name":"MODE","value":"prod"})",
                           R"({"name":"MODE","value":"prod"},{"name":"LEVEL","value":"info"},{"name":"DEBUG","value":"1"})"))
        << R"({"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"web"}],
               "containers":[{"$setElementOrder/env":[{"name":"MODE"}],"name":"web",
                 "env":[{"name":"MODE","value":"canary"},{"$patch":"delete","name":"LEVEL"}]}]}}}})"
        << containers(edit(liveContainer, R"({"name":"MODE","value":"prod"})",
                           R"({"name":"MODE","value":"canary"},{"name":"DEBUG","value":"1"})"));
    QTest::newRow("a sidecar added to the file is appended after the existing container")
        << "{}"
        << containers(webContainer + R"(,{"name":"log","image":"busybox","args":["tail","-f","/var/log/x"]})")
        << "{}"
        << R"({"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"web"},{"name":"log"}],
               "containers":[{"name":"log","image":"busybox","args":["tail","-f","/var/log/x"]}]}}}})"
        << containers(liveContainer + R"(,{"name":"log","image":"busybox","args":["tail","-f","/var/log/x"]})");
}

void TestStrategicMergePatchKubectl::testKubectlApplyScenarios()
{
    QFETCH(QString, previousEdit);
    QFETCH(QString, fileEdit);
    QFETCH(QString, liveEdit);
    QFETCH(QString, patch);
    QFETCH(QString, resultEdit);
    const QJsonObject previousFile = applyMergePatch(jsonObject(kWebFile), jsonObject(previousEdit)).toObject();
    const QJsonObject file = applyMergePatch(jsonObject(kWebFile), jsonObject(fileEdit)).toObject();
    const QJsonObject live = withAnnotation(applyMergePatch(jsonObject(kWebLive), jsonObject(liveEdit)).toObject(),
                                            kLastApplied, lastAppliedOf(previousFile));
    const QJsonObject modified = kubectlModified(file);
    QString error;

    const std::optional<QJsonObject> created =
        createThreeWayMergePatch(kubectlOriginal(live), modified, live, &error, "Deployment");
    QVERIFY2(created, qPrintable(error));
    const bool fileChanged = lastAppliedOf(previousFile) != lastAppliedOf(file);
    QJsonObject withoutAnnotation = *created;
    if (fileChanged) {
        // The new last-applied always rides along; compare the rest on its own.
        QCOMPARE(metadataOf(*created)["annotations"][kLastApplied].toString(), lastAppliedOf(file));
        withoutAnnotation = withoutLastApplied(withoutAnnotation);
        QJsonObject metadata = metadataOf(withoutAnnotation);
        if (metadata.value(QLatin1String("annotations")).toObject().isEmpty())
            metadata.remove(QLatin1String("annotations"));
        if (metadata.isEmpty())
            withoutAnnotation.remove(QLatin1String("metadata"));
        else
            withoutAnnotation.insert(QLatin1String("metadata"), metadata);
    }
    QCOMPARE(compact(withoutAnnotation), compact(jsonObject(patch)));

    const std::optional<QJsonObject> result = applyStrategicMergePatch(live, *created, &error, "Deployment");
    QVERIFY2(result, qPrintable(error));
    const QJsonObject expected = applyMergePatch(live, jsonObject(resultEdit)).toObject();
    QCOMPARE(compact(withoutLastApplied(*result)), compact(withoutLastApplied(expected)));
}
QTEST_GUILESS_MAIN(TestStrategicMergePatchKubectl)
#include "tst_strategicmergepatch_kubectl.moc"
