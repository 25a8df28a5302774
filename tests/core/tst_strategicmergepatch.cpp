// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/jsonmergepatch.h"
#include "core/apiserver/strategicmergepatch.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::apiserver;

class TestStrategicMergePatch : public QObject
{
    Q_OBJECT

private slots:
    void testApplyUpstream_data();
    void testApplyUpstream();
    void testCreateAndApplyUpstream_data();
    void testCreateAndApplyUpstream();
    void testKubectlBodies_data();
    void testKubectlBodies();
    void testKubectlApplyLogged_data();
    void testKubectlApplyLogged();
    void testKubectlApplyScenarios_data();
    void testKubectlApplyScenarios();
    void testKubernetesFields_data();
    void testKubernetesFields();
    void testPatchMeta_data();
    void testPatchMeta();
    void testKindHook();
    void testErrors_data();
    void testErrors();
};

// Fixtures stay below the class: Qt 6.4's moc loses its place in raw strings holding \" and
// would then miss the class.
namespace {

QJsonObject object(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("bad test JSON %s: %s", qPrintable(text), qPrintable(error.errorString()));
    return doc.object();
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// The schema of upstream's test type MergeItem (patch_test.go): mergingList and mergeItemPtr
// merge on name, mergingIntList merges as a set, retainKeysMap/retainKeysMergingList carry
// retainKeys, replacingItem has patchStrategy replace; everything else is plain.
PatchMeta mergeItemMeta(const QStringList &path)
{
    const QString &field = path.last();
    if (field == u"mergingList" || field == u"mergeItemPtr")
        return PatchMeta{true, QStringLiteral("name"), false, false};
    if (field == u"retainKeysMergingList")
        return PatchMeta{true, QStringLiteral("name"), true, false};
    if (field == u"mergingIntList")
        return PatchMeta{true, QString(), false, false};
    if (field == u"retainKeysMap")
        return PatchMeta{false, QString(), true, false};
    if (field == u"replacingItem")
        return PatchMeta{false, QString(), false, true};
    return {};
}

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
    return text.isEmpty() ? QJsonObject() : object(text);
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

// ---- upstream rows (k8s.io/apimachinery pkg/util/strategicpatch/patch_test.go) ----

void TestStrategicMergePatch::testApplyUpstream_data()
{
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("expected"); // empty when error is set
    QTest::addColumn<QString>("error");    // a substring, as upstream checks it

    // customStrategicMergePatchTestCaseData
    QTest::newRow("unique scalars when merging lists")
        << R"({"mergingIntList":[1,2]})" << R"({"mergingIntList":[2,3]})" << R"({"mergingIntList":[1,2,3]})" << "";
    QTest::newRow("delete map from nested map")
        << R"({"simpleMap":{"key1":1,"key2":1}})" << R"({"simpleMap":{"$patch":"delete"}})" << R"({"simpleMap":{}})"
        << "";
    QTest::newRow("delete all items from merging list")
        << R"({"mergingList":[{"name":1},{"name":2}]})" << R"({"mergingList":[{"$patch":"replace"}]})"
        << R"({"mergingList":[]})" << "";
    QTest::newRow("merge empty merging lists") << R"({"mergingList":[]})" << R"({"mergingList":[]})"
                                               << R"({"mergingList":[]})" << "";
    QTest::newRow("delete all keys from map") << R"({"name":1,"value":1})" << R"({"$patch":"replace"})" << R"({})"
                                              << "";
    QTest::newRow("add key and delete all keys from map")
        << R"({"name":1,"value":1})" << R"({"other":"a","$patch":"replace"})" << R"({"other":"a"})" << "";
    QTest::newRow("delete all duplicate entries in a merging list")
        << R"({"mergingList":[{"name":1},{"name":1},{"name":2,"value":"a"},{"name":3},{"name":3}]})"
        << R"({"mergingList":[{"name":1,"$patch":"delete"},{"name":3,"$patch":"delete"}]})"
        << R"({"mergingList":[{"name":2,"value":"a"}]})" << "";
    QTest::newRow("retainKeys map can add a field when no retainKeys directive present")
        << R"({"retainKeysMap":{"name":"foo"}})" << R"({"retainKeysMap":{"value":"bar"}})"
        << R"({"retainKeysMap":{"name":"foo","value":"bar"}})" << "";
    QTest::newRow("retainKeys map can delete a field when no retainKeys directive present")
        << R"({"retainKeysMap":{"name":"foo","value":"a"}})" << R"({"retainKeysMap":{"value":null}})"
        << R"({"retainKeysMap":{"name":"foo"}})" << "";
    QTest::newRow("retainKeys map merge an empty map")
        << R"({"retainKeysMap":{"name":"foo","value":"a"}})" << R"({"retainKeysMap":{}})"
        << R"({"retainKeysMap":{"name":"foo","value":"a"}})" << "";
    QTest::newRow("retainKeys list can change a field when no retainKeys directive present")
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"a"}]})"
        << R"({"retainKeysMergingList":[{"name":"foo","value":"b"}]})"
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"b"}]})" << "";
    QTest::newRow("preserve the order from the patch in a merging list")
        << R"({"mergingList":[{"name":1},{"name":2,"value":"b"},{"name":3}]})"
        << R"({"mergingList":[{"name":3,"value":"c"},{"name":1,"value":"a"},{"name":2,"other":"x"}]})"
        << R"({"mergingList":[{"name":3,"value":"c"},{"name":1,"value":"a"},{"name":2,"value":"b","other":"x"}]})"
        << "";
    QTest::newRow("preserve the order from the patch in a merging list 2")
        << R"({"mergingList":[{"name":1},{"name":2,"value":"b"},{"name":3}]})"
        << R"({"mergingList":[{"name":3,"value":"c"},{"name":1,"value":"a"}]})"
        << R"({"mergingList":[{"name":2,"value":"b"},{"name":3,"value":"c"},{"name":1,"value":"a"}]})" << "";
    QTest::newRow("preserve the order from the patch in a merging int list")
        << R"({"mergingIntList":[1,2,3]})" << R"({"mergingIntList":[3,1,2]})" << R"({"mergingIntList":[3,1,2]})"
        << "";
    QTest::newRow("preserve the order from the patch in a merging int list 2")
        << R"({"mergingIntList":[1,2,3]})" << R"({"mergingIntList":[3,1]})" << R"({"mergingIntList":[2,3,1]})"
        << "";

    // customStrategicMergePatchRawTestCases
    QTest::newRow("$setElementOrder contains item that is not present in the list to be merged")
        << R"({"mergingList":[{"name":1},{"name":3}]})"
        << R"({"$setElementOrder/mergingList":[{"name":3},{"name":2},{"name":1}],
               "mergingList":[{"name":3,"value":3},{"name":1,"value":1}]})"
        << R"({"mergingList":[{"name":3,"value":3},{"name":1,"value":1}]})" << "";
    QTest::newRow("$setElementOrder contains item that is not present in the int list to be merged")
        << R"({"mergingIntList":[1,3]})" << R"({"$setElementOrder/mergingIntList":[3,2,1]})"
        << R"({"mergingIntList":[3,1]})" << "";
    QTest::newRow("should check if order in $setElementOrder and patch list match")
        << R"({"mergingList":[{"name":1},{"name":3},{"name":2}]})"
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2},{"name":3}],
               "mergingList":[{"name":3,"value":3},{"name":1,"value":1}]})"
        << "" << "doesn't match";
    QTest::newRow("should check if order in $setElementOrder and patch int list match")
        << R"({"mergingIntList":[1,3,2]})"
        << R"({"$setElementOrder/mergingIntList":[1,2,3],"mergingIntList":[3,1]})" << "" << "doesn't match";
    QTest::newRow("missing merge key should error out")
        << R"({"mergingList":[{"name":1,"value":"a"}]})" << R"({"mergingList":[{"value":"b"}]})" << ""
        << "does not contain declared merge key";
    QTest::newRow("$deleteFromPrimitiveList of nonexistent item in primitive list should not add the item to the list")
        << R"({"mergingIntList":[1,2]})" << R"({"$deleteFromPrimitiveList/mergingIntList":[3]})"
        << R"({"mergingIntList":[1,2]})" << "";
    QTest::newRow("$deleteFromPrimitiveList on empty primitive list should not add the item to the list")
        << R"({"mergingIntList":null})" << R"({"$deleteFromPrimitiveList/mergingIntList":[3]})"
        << R"({"mergingIntList":null})" << "";
    QTest::newRow("$deleteFromPrimitiveList on nonexistent primitive list should not add the primitive list")
        << R"({"foo":["bar"]})" << R"({"$deleteFromPrimitiveList/mergingIntList":[3]})" << R"({"foo":["bar"]})"
        << "";
    QTest::newRow("$deleteFromPrimitiveList should delete item from a list with merge patch strategy")
        << R"({"mergingIntList":[1,2,3]})" << R"({"$deleteFromPrimitiveList/mergingIntList":[2]})"
        << R"({"mergingIntList":[1,3]})" << "";
    QTest::newRow("$deleteFromPrimitiveList should delete item from a list without merge patch strategy")
        << R"({"nonMergingIntList":[1,2,3]})" << R"({"$deleteFromPrimitiveList/nonMergingIntList":[2]})"
        << R"({"nonMergingIntList":[1,3]})" << "";
    // MergeItem.replacingItem has patchStrategy "replace".
    QTest::newRow("replace strategy takes the patch map as is")
        << R"({"replacingItem":{"a":1,"b":{"c":2}}})" << R"({"replacingItem":{"b":{"d":3}}})"
        << R"({"replacingItem":{"b":{"d":3}}})" << "";
}

void TestStrategicMergePatch::testApplyUpstream()
{
    QFETCH(QString, original);
    QFETCH(QString, patch);
    QFETCH(QString, expected);
    QFETCH(QString, error);
    QString actualError;
    const std::optional<QJsonObject> result =
        applyStrategicMergePatch(object(original), object(patch), &actualError, PatchMetaLookup(mergeItemMeta));
    if (!error.isEmpty()) {
        QVERIFY(!result);
        QVERIFY2(actualError.contains(error), qPrintable(actualError));
        return;
    }
    QVERIFY2(result, qPrintable(actualError));
    QCOMPARE(compact(*result), compact(object(expected)));
}

void TestStrategicMergePatch::testCreateAndApplyUpstream_data()
{
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("modified");
    QTest::addColumn<QString>("current");
    QTest::addColumn<QString>("twoWay");
    QTest::addColumn<QString>("twoWayResult"); // empty: modified
    QTest::addColumn<QString>("threeWay");
    QTest::addColumn<QString>("result");

    // createStrategicMergePatchTestCaseData (inputs already in upstream's sorted order).
    QTest::newRow("nil original") << R"({})" << R"({"name":1,"value":1})" << R"({"name":1,"other":"a"})"
                                  << R"({"name":1,"value":1})" << "" << R"({"value":1})"
                                  << R"({"name":1,"value":1,"other":"a"})";
    QTest::newRow("add field and delete field from map with conflict")
        << R"({"name":1})" << R"({"value":1})" << R"({"name":"a","other":"a"})" << R"({"name":null,"value":1})" << ""
        << R"({"name":null,"value":1})" << R"({"value":1,"other":"a"})";
    QTest::newRow("delete field from nested map with conflict")
        << R"({"simpleMap":{"key1":1,"key2":1}})" << R"({"simpleMap":{"key1":1}})"
        << R"({"simpleMap":{"key1":"a","key2":1,"other":"a"}})" << R"({"simpleMap":{"key2":null}})" << ""
        << R"({"simpleMap":{"key1":1,"key2":null}})" << R"({"simpleMap":{"key1":1,"other":"a"}})";
    QTest::newRow("add field and delete all fields from map with conflict")
        << R"({"name":1,"value":1})" << R"({"other":"a"})" << R"({"name":1,"value":1,"other":"b"})"
        << R"({"name":null,"value":null,"other":"a"})" << "" << R"({"name":null,"value":null,"other":"a"})"
        << R"({"other":"a"})";
    QTest::newRow("replace list of scalars with conflict")
        << R"({"nonMergingIntList":[1,2]})" << R"({"nonMergingIntList":[2,3]})" << R"({"nonMergingIntList":[1,4]})"
        << R"({"nonMergingIntList":[2,3]})" << "" << R"({"nonMergingIntList":[2,3]})"
        << R"({"nonMergingIntList":[2,3]})";
    QTest::newRow("delete all maps from merging list with conflict")
        << R"({"mergingList":[{"name":1},{"name":2}]})" << R"({"mergingList":[]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":2,"other":"b"}]})"
        << R"({"mergingList":[{"name":1,"$patch":"delete"},{"name":2,"$patch":"delete"}]})" << ""
        << R"({"mergingList":[{"name":1,"$patch":"delete"},{"name":2,"$patch":"delete"}]})"
        << R"({"mergingList":[]})";
    QTest::newRow("defined null values should propagate overwrite current fields (with conflict)")
        << R"({"name":2})" << R"({"name":1,"value":1,"other":null})" << R"({"name":"a","other":"a"})"
        << R"({"name":1,"value":1,"other":null})" << R"({"name":1,"value":1})"
        << R"({"name":1,"value":1,"other":null})" << R"({"name":1,"value":1})";
    QTest::newRow("defined null values should propagate removing original fields")
        << R"({"name":"original-name","value":"original-value"})" << R"({"name":"modified-name","value":null})"
        << R"({"name":"original-name","value":"original-value","other":"current-other"})"
        << R"({"name":"modified-name","value":null})" << R"({"name":"modified-name"})"
        << R"({"name":"modified-name","value":null})" << R"({"name":"modified-name","other":"current-other"})";
    QTest::newRow("retainKeys map with no change should not be present")
        << R"({"name":"a","retainKeysMap":{"name":"foo"}})" << R"({"name":"a","value":"b","retainKeysMap":{"name":"foo"}})"
        << R"({"name":"a","other":"c","retainKeysMap":{"name":"foo"}})" << R"({"value":"b"})" << ""
        << R"({"value":"b"})" << R"({"name":"a","value":"b","other":"c","retainKeysMap":{"name":"foo"}})";

    // strategicMergePatchRawTestCases (compared exactly, order included).
    QTest::newRow("nested patch merge with empty list")
        << R"({"name":"hi"})" << R"({"name":"hi","mergingList":[{"name":"hello"},{"$patch":"delete","name":"doesntexist"}]})"
        << R"({"name":"hi","mergingList":[{"name":"hello2"}]})"
        << R"({"mergingList":[{"name":"hello"},{"$patch":"delete","name":"doesntexist"}]})"
        << R"({"name":"hi","mergingList":[{"name":"hello"}]})"
        << R"({"$setElementOrder/mergingList":[{"name":"hello"},{"name":"doesntexist"}],
               "mergingList":[{"name":"hello"},{"$patch":"delete","name":"doesntexist"}]})"
        << R"({"name":"hi","mergingList":[{"name":"hello"},{"name":"hello2"}]})";
    QTest::newRow("delete items in lists of scalars")
        << R"({"mergingIntList":[1,2,3]})" << R"({"mergingIntList":[1,2]})" << R"({"mergingIntList":[1,2,3,4]})"
        << R"({"$setElementOrder/mergingIntList":[1,2],"$deleteFromPrimitiveList/mergingIntList":[3]})" << ""
        << R"({"$setElementOrder/mergingIntList":[1,2],"$deleteFromPrimitiveList/mergingIntList":[3]})"
        << R"({"mergingIntList":[1,2,4]})";
    QTest::newRow("delete all duplicate items in lists of scalars")
        << R"({"mergingIntList":[1,2,3,3]})" << R"({"mergingIntList":[1,2]})" << R"({"mergingIntList":[1,2,3,3,4]})"
        << R"({"$setElementOrder/mergingIntList":[1,2],"$deleteFromPrimitiveList/mergingIntList":[3]})" << ""
        << R"({"$setElementOrder/mergingIntList":[1,2],"$deleteFromPrimitiveList/mergingIntList":[3]})"
        << R"({"mergingIntList":[1,2,4]})";
    QTest::newRow("add and delete items in lists of scalars")
        << R"({"mergingIntList":[1,2,3]})" << R"({"mergingIntList":[1,2,4]})" << R"({"mergingIntList":[1,2,3,4]})"
        << R"({"$setElementOrder/mergingIntList":[1,2,4],"$deleteFromPrimitiveList/mergingIntList":[3],"mergingIntList":[4]})"
        << "" << R"({"$setElementOrder/mergingIntList":[1,2,4],"$deleteFromPrimitiveList/mergingIntList":[3]})"
        << R"({"mergingIntList":[1,2,4]})";
    QTest::newRow("merge lists of maps")
        << R"({"mergingList":[{"name":1},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":4,"value":4},{"name":1},{"name":2,"value":2},{"name":3,"value":3}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":2,"value":2,"other":"b"}]})"
        << R"({"$setElementOrder/mergingList":[{"name":4},{"name":1},{"name":2},{"name":3}],
               "mergingList":[{"name":4,"value":4},{"name":3,"value":3}]})"
        << ""
        << R"({"$setElementOrder/mergingList":[{"name":4},{"name":1},{"name":2},{"name":3}],
               "mergingList":[{"name":4,"value":4},{"name":3,"value":3}]})"
        << R"({"mergingList":[{"name":4,"value":4},{"name":1,"other":"a"},{"name":2,"value":2,"other":"b"},
               {"name":3,"value":3}]})";
    QTest::newRow("merge lists of maps with conflict")
        << R"({"mergingList":[{"name":1},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":1},{"name":2,"value":2},{"name":3,"value":3}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":2,"value":3,"other":"b"}]})"
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2},{"name":3}],"mergingList":[{"name":3,"value":3}]})"
        << ""
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2},{"name":3}],
               "mergingList":[{"name":2,"value":2},{"name":3,"value":3}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":2,"value":2,"other":"b"},{"name":3,"value":3}]})";
    QTest::newRow("add field to map in merging list with conflict")
        << R"({"mergingList":[{"name":1},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":1,"value":1},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":3,"value":2,"other":"b"}]})"
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2}],"mergingList":[{"name":1,"value":1}]})" << ""
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2}],
               "mergingList":[{"name":1,"value":1},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":1,"value":1,"other":"a"},{"name":2,"value":2},{"name":3,"value":2,"other":"b"}]})";
    QTest::newRow("add an item that already exists in current object in merging list")
        << R"({"mergingList":[{"name":1,"value":"a"},{"name":2}]})"
        << R"({"mergingList":[{"name":1,"value":"a"},{"name":2},{"name":3}]})"
        << R"({"mergingList":[{"name":1,"value":"a","other":"x"},{"name":2},{"name":3}]})"
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2},{"name":3}],"mergingList":[{"name":3}]})" << ""
        << R"({})" << R"({"mergingList":[{"name":1,"value":"a","other":"x"},{"name":2},{"name":3}]})";
    QTest::newRow("delete missing map from merging list with conflict")
        << R"({"mergingList":[{"name":1},{"name":2}]})" << R"({"mergingList":[{"name":2}]})"
        << R"({"mergingList":[{"name":3,"other":"a"}]})"
        << R"({"$setElementOrder/mergingList":[{"name":2}],"mergingList":[{"name":1,"$patch":"delete"}]})" << ""
        << R"({"$setElementOrder/mergingList":[{"name":2}],"mergingList":[{"name":2},{"name":1,"$patch":"delete"}]})"
        << R"({"mergingList":[{"name":2},{"name":3,"other":"a"}]})";
    QTest::newRow("add map and delete map from merging list")
        << R"({"mergingList":[{"name":1},{"name":2}]})" << R"({"mergingList":[{"name":2},{"name":3}]})"
        << R"({"mergingList":[{"name":1},{"name":2,"other":"b"},{"name":4,"other":"c"}]})"
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":3}],
               "mergingList":[{"name":3},{"name":1,"$patch":"delete"}]})"
        << ""
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":3}],
               "mergingList":[{"name":3},{"name":1,"$patch":"delete"}]})"
        << R"({"mergingList":[{"name":2,"other":"b"},{"name":4,"other":"c"},{"name":3}]})";
    QTest::newRow("add map and delete map from merging list with conflict")
        << R"({"mergingList":[{"name":1},{"name":2}]})" << R"({"mergingList":[{"name":2},{"name":3}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":4,"other":"c"}]})"
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":3}],
               "mergingList":[{"name":3},{"name":1,"$patch":"delete"}]})"
        << ""
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":3}],
               "mergingList":[{"name":2},{"name":3},{"name":1,"$patch":"delete"}]})"
        << R"({"mergingList":[{"name":4,"other":"c"},{"name":2},{"name":3}]})";
    QTest::newRow("delete missing field from map in merging list with conflict")
        << R"({"mergingList":[{"name":1,"value":1},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":1},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":2,"other":"b"}]})"
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2}],"mergingList":[{"name":1,"value":null}]})" << ""
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2}],
               "mergingList":[{"name":1,"value":null},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":2,"value":2,"other":"b"}]})";
    QTest::newRow("add field to map in merging list nested in merging list with deletion conflict")
        << R"({"mergingList":[{"name":1,"mergingList":[{"name":1},{"name":2,"value":2}]},{"name":2}]})"
        << R"({"mergingList":[{"name":1,"mergingList":[{"name":2,"value":2},{"name":1,"value":1}]},{"name":2}]})"
        << R"({"mergingList":[{"name":1,"other":"a","mergingList":[{"name":2,"value":2,"other":"d"}]},
               {"name":2,"other":"b"}]})"
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2}],
               "mergingList":[{"$setElementOrder/mergingList":[{"name":2},{"name":1}],"name":1,
                               "mergingList":[{"name":1,"value":1}]}]})"
        << ""
        << R"({"$setElementOrder/mergingList":[{"name":1},{"name":2}],
               "mergingList":[{"$setElementOrder/mergingList":[{"name":2},{"name":1}],"name":1,
                               "mergingList":[{"name":1,"value":1}]}]})"
        << R"({"mergingList":[{"name":1,"other":"a","mergingList":[{"name":2,"value":2,"other":"d"},
               {"name":1,"value":1}]},{"name":2,"other":"b"}]})";
    QTest::newRow("add map to merging list by pointer")
        << R"({"mergeItemPtr":[{"name":1}]})" << R"({"mergeItemPtr":[{"name":1},{"name":2}]})"
        << R"({"mergeItemPtr":[{"name":1,"other":"a"},{"name":3}]})"
        << R"({"$setElementOrder/mergeItemPtr":[{"name":1},{"name":2}],"mergeItemPtr":[{"name":2}]})" << ""
        << R"({"$setElementOrder/mergeItemPtr":[{"name":1},{"name":2}],"mergeItemPtr":[{"name":2}]})"
        << R"({"mergeItemPtr":[{"name":1,"other":"a"},{"name":2},{"name":3}]})";
    QTest::newRow("merge lists of scalars")
        << R"({"mergingIntList":[1,2]})" << R"({"mergingIntList":[1,2,3]})" << R"({"mergingIntList":[1,2,4]})"
        << R"({"$setElementOrder/mergingIntList":[1,2,3],"mergingIntList":[3]})" << ""
        << R"({"$setElementOrder/mergingIntList":[1,2,3],"mergingIntList":[3]})"
        << R"({"mergingIntList":[1,2,3,4]})";
    QTest::newRow("add an item in a list of primitives and preserve order")
        << R"({"mergingIntList":[1,2]})" << R"({"mergingIntList":[3,1,2]})" << R"({"mergingIntList":[1,4,2]})"
        << R"({"$setElementOrder/mergingIntList":[3,1,2],"mergingIntList":[3]})" << ""
        << R"({"$setElementOrder/mergingIntList":[3,1,2],"mergingIntList":[3]})"
        << R"({"mergingIntList":[3,1,4,2]})";
    QTest::newRow("delete an item in a list and preserve order")
        << R"({"mergingList":[{"name":1},{"name":3,"value":3},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":2,"value":2},{"name":1}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":2,"value":2,"other":"b"},{"name":3,"value":3}]})"
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":1}],"mergingList":[{"name":3,"$patch":"delete"}]})"
        << ""
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":1}],"mergingList":[{"name":3,"$patch":"delete"}]})"
        << R"({"mergingList":[{"name":2,"value":2,"other":"b"},{"name":1,"other":"a"}]})";
    QTest::newRow("add and delete an item in a list and preserve order")
        << R"({"mergingList":[{"name":1},{"name":3,"value":3},{"name":2,"value":2}]})"
        << R"({"mergingList":[{"name":4,"value":4},{"name":2,"value":2},{"name":1}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":2,"value":2,"other":"b"},{"name":3,"value":3}]})"
        << R"({"$setElementOrder/mergingList":[{"name":4},{"name":2},{"name":1}],
               "mergingList":[{"name":4,"value":4},{"name":3,"$patch":"delete"}]})"
        << ""
        << R"({"$setElementOrder/mergingList":[{"name":4},{"name":2},{"name":1}],
               "mergingList":[{"name":4,"value":4},{"name":3,"$patch":"delete"}]})"
        << R"({"mergingList":[{"name":4,"value":4},{"name":2,"value":2,"other":"b"},{"name":1,"other":"a"}]})";
    QTest::newRow("set elements order in a list with server-only items 2")
        << R"({"mergingList":[{"name":1},{"name":2,"value":2},{"name":3,"value":3},{"name":4,"value":4}]})"
        << R"({"mergingList":[{"name":2,"value":2},{"name":1},{"name":4,"value":4},{"name":3,"value":3}]})"
        << R"({"mergingList":[{"name":1,"other":"a"},{"name":2,"value":2},{"name":9},{"name":3,"value":3},
               {"name":4,"value":4}]})"
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":1},{"name":4},{"name":3}]})" << ""
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":1},{"name":4},{"name":3}]})"
        << R"({"mergingList":[{"name":2,"value":2},{"name":1,"other":"a"},{"name":9},{"name":4,"value":4},
               {"name":3,"value":3}]})";
    QTest::newRow("set elements order in a int list with server-only items 3")
        << R"({"mergingIntList":[1,2,3,4]})" << R"({"mergingIntList":[2,1,4,3]})"
        << R"({"mergingIntList":[1,2,7,9,8,3,4]})" << R"({"$setElementOrder/mergingIntList":[2,1,4,3]})" << ""
        << R"({"$setElementOrder/mergingIntList":[2,1,4,3]})" << R"({"mergingIntList":[2,1,7,9,8,4,3]})";
    QTest::newRow("behavior of set element order for a merging list with duplicate")
        << R"({"mergingList":[{"name":1},{"name":2,"value":"dup1"},{"name":3},{"name":2,"value":"dup2"},{"name":4}]})"
        << R"({"mergingList":[{"name":2,"value":"dup1"},{"name":1},{"name":4},{"name":3},{"name":2,"value":"dup2"}]})"
        << R"({"mergingList":[{"name":1},{"name":2,"value":"dup1"},{"name":3},{"name":2,"value":"dup2"},{"name":4}]})"
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":1},{"name":4},{"name":3},{"name":2}]})"
        << R"({"mergingList":[{"name":2,"value":"dup1"},{"name":2,"value":"dup2"},{"name":1},{"name":4},{"name":3}]})"
        << R"({"$setElementOrder/mergingList":[{"name":2},{"name":1},{"name":4},{"name":3},{"name":2}]})"
        << R"({"mergingList":[{"name":2,"value":"dup1"},{"name":2,"value":"dup2"},{"name":1},{"name":4},{"name":3}]})";
    QTest::newRow("retainKeys map should clear defaulted field with conflict (discriminated union)")
        << R"({})" << R"({"retainKeysMap":{"name":"type2","other":"bar"}})"
        << R"({"retainKeysMap":{"name":"type1","value":"foo"}})"
        << R"({"retainKeysMap":{"name":"type2","other":"bar"}})" << ""
        << R"({"retainKeysMap":{"$retainKeys":["name","other"],"name":"type2","other":"bar"}})"
        << R"({"retainKeysMap":{"name":"type2","other":"bar"}})";
    QTest::newRow("retainKeys map clears a field")
        << R"({"retainKeysMap":{"name":"foo","value":"bar"}})" << R"({"retainKeysMap":{"name":"foo","value":"bar"}})"
        << R"({"retainKeysMap":{"name":"foo","value":"bar","other":"a"}})" << R"({})" << ""
        << R"({"retainKeysMap":{"$retainKeys":["name","value"]}})"
        << R"({"retainKeysMap":{"name":"foo","value":"bar"}})";
    QTest::newRow("retainKeys map deletes nested non-merging list")
        << R"({"retainKeysMap":{"name":"foo","nonMergingList":[{"name":"a"},{"name":"b"}]}})"
        << R"({"retainKeysMap":{"name":"foo","value":"bar"}})"
        << R"({"retainKeysMap":{"name":"foo","nonMergingList":[{"name":"a"},{"name":"b"}]}})"
        << R"({"retainKeysMap":{"$retainKeys":["name","value"],"value":"bar","nonMergingList":null}})" << ""
        << R"({"retainKeysMap":{"$retainKeys":["name","value"],"value":"bar","nonMergingList":null}})"
        << R"({"retainKeysMap":{"name":"foo","value":"bar"}})";
    QTest::newRow("retainKeys map nested merging int list with no change")
        << R"({"retainKeysMap":{"name":"foo","mergingIntList":[1,2]}})"
        << R"({"retainKeysMap":{"name":"foo","value":"bar","mergingIntList":[1,2]}})"
        << R"({"retainKeysMap":{"name":"foo","mergingIntList":[1,2,3]}})"
        << R"({"retainKeysMap":{"$retainKeys":["mergingIntList","name","value"],"value":"bar"}})" << ""
        << R"({"retainKeysMap":{"$retainKeys":["mergingIntList","name","value"],
               "$setElementOrder/mergingIntList":[1,2],"value":"bar"}})"
        << R"({"retainKeysMap":{"name":"foo","value":"bar","mergingIntList":[1,2,3]}})";
    QTest::newRow("retainKeys map adds an item and deletes an item in nested merging int list")
        << R"({"retainKeysMap":{"name":"foo","mergingIntList":[1,2,3]}})"
        << R"({"retainKeysMap":{"name":"foo","mergingIntList":[1,3,5]}})"
        << R"({"retainKeysMap":{"name":"foo","mergingIntList":[1,2,3,4]}})"
        << R"({"retainKeysMap":{"$retainKeys":["mergingIntList","name"],"mergingIntList":[5],
               "$deleteFromPrimitiveList/mergingIntList":[2],"$setElementOrder/mergingIntList":[1,3,5]}})"
        << ""
        << R"({"retainKeysMap":{"$retainKeys":["mergingIntList","name"],"mergingIntList":[5],
               "$deleteFromPrimitiveList/mergingIntList":[2],"$setElementOrder/mergingIntList":[1,3,5]}})"
        << R"({"retainKeysMap":{"name":"foo","mergingIntList":[1,3,5,4]}})";
    QTest::newRow("retainKeys map deletes an item in nested merging list")
        << R"({"retainKeysMap":{"name":"foo","mergingList":[{"name":"a"},{"name":"b"}]}})"
        << R"({"retainKeysMap":{"name":"foo","mergingList":[{"name":"a"}]}})"
        << R"({"retainKeysMap":{"name":"foo","mergingList":[{"name":"a"},{"name":"b"},{"name":"x"}]}})"
        << R"({"retainKeysMap":{"$retainKeys":["mergingList","name"],"$setElementOrder/mergingList":[{"name":"a"}],
               "mergingList":[{"name":"b","$patch":"delete"}]}})"
        << ""
        << R"({"retainKeysMap":{"$retainKeys":["mergingList","name"],"$setElementOrder/mergingList":[{"name":"a"}],
               "mergingList":[{"name":"b","$patch":"delete"}]}})"
        << R"({"retainKeysMap":{"name":"foo","mergingList":[{"name":"a"},{"name":"x"}]}})";
    QTest::newRow("retainKeys list of maps clears a field")
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"a"}]})"
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"a"}]})"
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"a","other":"x"}]})" << R"({})" << ""
        << R"({"$setElementOrder/retainKeysMergingList":[{"name":"bar"},{"name":"foo"}],
               "retainKeysMergingList":[{"$retainKeys":["name","value"],"name":"foo"}]})"
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"a"}]})";
    QTest::newRow("retainKeys list of maps clears a field with conflict")
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"old"}]})"
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"modified"}]})"
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"new","other":"x"}]})"
        << R"({"$setElementOrder/retainKeysMergingList":[{"name":"bar"},{"name":"foo"}],
               "retainKeysMergingList":[{"$retainKeys":["name","value"],"name":"foo","value":"modified"}]})"
        << ""
        << R"({"$setElementOrder/retainKeysMergingList":[{"name":"bar"},{"name":"foo"}],
               "retainKeysMergingList":[{"$retainKeys":["name","value"],"name":"foo","value":"modified"}]})"
        << R"({"retainKeysMergingList":[{"name":"bar"},{"name":"foo","value":"modified"}]})";
}

void TestStrategicMergePatch::testCreateAndApplyUpstream()
{
    QFETCH(QString, original);
    QFETCH(QString, modified);
    QFETCH(QString, current);
    QFETCH(QString, twoWay);
    QFETCH(QString, twoWayResult);
    QFETCH(QString, threeWay);
    QFETCH(QString, result);
    const PatchMetaLookup schema(mergeItemMeta);
    QString error;

    const std::optional<QJsonObject> createdTwoWay =
        createTwoWayMergePatch(object(original), object(modified), &error, schema);
    QVERIFY2(createdTwoWay, qPrintable(error));
    QCOMPARE(compact(*createdTwoWay), compact(object(twoWay)));
    const std::optional<QJsonObject> appliedTwoWay =
        applyStrategicMergePatch(object(original), *createdTwoWay, &error, schema);
    QVERIFY2(appliedTwoWay, qPrintable(error));
    QCOMPARE(compact(*appliedTwoWay), compact(object(twoWayResult.isEmpty() ? modified : twoWayResult)));

    const std::optional<QJsonObject> createdThreeWay =
        createThreeWayMergePatch(object(original), object(modified), object(current), &error, schema);
    QVERIFY2(createdThreeWay, qPrintable(error));
    QCOMPARE(compact(*createdThreeWay), compact(object(threeWay)));
    const std::optional<QJsonObject> appliedThreeWay =
        applyStrategicMergePatch(object(current), *createdThreeWay, &error, schema);
    QVERIFY2(appliedThreeWay, qPrintable(error));
    QCOMPARE(compact(*appliedThreeWay), compact(object(result)));
}

// ---- the bodies kubectl sent (logs 16, 22, 23, 24) on a realistic Deployment ----

void TestStrategicMergePatch::testKubectlBodies_data()
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

void TestStrategicMergePatch::testKubectlBodies()
{
    QFETCH(QString, liveEdit);
    QFETCH(QString, body);
    QFETCH(QString, afterEdit);
    const QJsonObject before = applyMergePatch(object(kNginxLive), object(liveEdit)).toObject();
    const QJsonObject after = applyMergePatch(before, object(afterEdit)).toObject();
    QString error;

    // The server applying the logged body.
    const std::optional<QJsonObject> applied = applyStrategicMergePatch(before, object(body), &error, "Deployment");
    QVERIFY2(applied, qPrintable(error));
    QCOMPARE(compact(*applied), compact(after));

    // kubectl computing it: a two-way patch from the object before and after its edit.
    const std::optional<QJsonObject> created = createTwoWayMergePatch(before, after, &error, "Deployment");
    QVERIFY2(created, qPrintable(error));
    QCOMPARE(compact(*created), compact(object(body)));
}

// ---- kubectl apply: the three-way patch, checked against the logged bodies ----

void TestStrategicMergePatch::testKubectlApplyLogged_data()
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

void TestStrategicMergePatch::testKubectlApplyLogged()
{
    QFETCH(QString, live);
    QFETCH(QString, file);
    QFETCH(QString, body);
    QFETCH(QString, resultEdit);
    const QJsonObject liveObject = object(live);
    const QJsonObject modified = kubectlModified(object(file));
    QString error;

    const std::optional<QJsonObject> patch =
        createThreeWayMergePatch(kubectlOriginal(liveObject), modified, liveObject, &error, "Deployment");
    QVERIFY2(patch, qPrintable(error));
    QCOMPARE(compact(*patch), compact(object(body)));

    const std::optional<QJsonObject> result =
        applyStrategicMergePatch(liveObject, object(body), &error, "Deployment");
    QVERIFY2(result, qPrintable(error));
    const QJsonObject expected =
        withAnnotation(applyMergePatch(liveObject, object(resultEdit)).toObject(), kLastApplied,
                       lastAppliedOf(object(file)));
    QCOMPARE(compact(*result), compact(expected));

    // Applying the same file once more sends no patch: kubectl prints "unchanged" (log 35c).
    const std::optional<QJsonObject> again =
        createThreeWayMergePatch(kubectlOriginal(*result), modified, *result, &error, "Deployment");
    QVERIFY2(again, qPrintable(error));
    QCOMPARE(compact(*again), QStringLiteral("{}"));
}

// ---- kubectl apply semantics on the small "web" Deployment ----

void TestStrategicMergePatch::testKubectlApplyScenarios_data()
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

void TestStrategicMergePatch::testKubectlApplyScenarios()
{
    QFETCH(QString, previousEdit);
    QFETCH(QString, fileEdit);
    QFETCH(QString, liveEdit);
    QFETCH(QString, patch);
    QFETCH(QString, resultEdit);
    const QJsonObject previousFile = applyMergePatch(object(kWebFile), object(previousEdit)).toObject();
    const QJsonObject file = applyMergePatch(object(kWebFile), object(fileEdit)).toObject();
    const QJsonObject live = withAnnotation(applyMergePatch(object(kWebLive), object(liveEdit)).toObject(),
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
    QCOMPARE(compact(withoutAnnotation), compact(object(patch)));

    const std::optional<QJsonObject> result = applyStrategicMergePatch(live, *created, &error, "Deployment");
    QVERIFY2(result, qPrintable(error));
    const QJsonObject expected = applyMergePatch(live, object(resultEdit)).toObject();
    QCOMPARE(compact(withoutLastApplied(*result)), compact(withoutLastApplied(expected)));
}

// ---- fields with their own strategy (k8s.io/api tags) ----

void TestStrategicMergePatch::testKubernetesFields_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("expected");

    QTest::newRow("volumeMounts merge on mountPath")
        << "Pod"
        << R"({"spec":{"containers":[{"name":"c","volumeMounts":[{"name":"a","mountPath":"/a"},{"name":"b","mountPath":"/b"}]}]}})"
        << R"({"spec":{"containers":[{"name":"c","volumeMounts":[{"name":"a2","mountPath":"/a","readOnly":true}]}]}})"
        << R"({"spec":{"containers":[{"name":"c","volumeMounts":[{"name":"a2","mountPath":"/a","readOnly":true},{"name":"b","mountPath":"/b"}]}]}})";
    QTest::newRow("volumes merge on name, $retainKeys switches the source")
        << "Deployment"
        << R"({"spec":{"template":{"spec":{"volumes":[{"name":"data","emptyDir":{}},{"name":"tmp","emptyDir":{}}]}}}})"
        << R"({"spec":{"template":{"spec":{"volumes":[{"$retainKeys":["configMap","name"],"name":"data","configMap":{"name":"cm"}}]}}}})"
        << R"({"spec":{"template":{"spec":{"volumes":[{"name":"data","configMap":{"name":"cm"}},{"name":"tmp","emptyDir":{}}]}}}})";
    QTest::newRow("initContainers merge on name")
        << "Pod" << R"({"spec":{"initContainers":[{"name":"init","image":"a"},{"name":"init2","image":"b"}]}})"
        << R"({"spec":{"initContainers":[{"name":"init2","image":"c"}]}})"
        << R"({"spec":{"initContainers":[{"name":"init","image":"a"},{"name":"init2","image":"c"}]}})";
    QTest::newRow("tolerations are replaced")
        << "Pod" << R"({"spec":{"tolerations":[{"key":"a","operator":"Exists"},{"key":"b","operator":"Exists"}]}})"
        << R"({"spec":{"tolerations":[{"key":"c","operator":"Exists"}]}})"
        << R"({"spec":{"tolerations":[{"key":"c","operator":"Exists"}]}})";
    QTest::newRow("args and command are replaced")
        << "Pod" << R"({"spec":{"containers":[{"name":"c","command":["sh"],"args":["-c","x"]}]}})"
        << R"({"spec":{"containers":[{"name":"c","args":["-c","y"]}]}})"
        << R"({"spec":{"containers":[{"name":"c","command":["sh"],"args":["-c","y"]}]}})";
    QTest::newRow("finalizers merge as a set")
        << "Deployment" << R"({"metadata":{"finalizers":["a","b"]}})" << R"({"metadata":{"finalizers":["b","c"]}})"
        << R"({"metadata":{"finalizers":["a","b","c"]}})";
    QTest::newRow("$deleteFromPrimitiveList/finalizers")
        << "Deployment" << R"({"metadata":{"finalizers":["a","b","c"]}})"
        << R"({"metadata":{"$deleteFromPrimitiveList/finalizers":["b"]}})" << R"({"metadata":{"finalizers":["a","c"]}})";
    QTest::newRow("ownerReferences merge on uid")
        << "ReplicaSet"
        << R"({"metadata":{"ownerReferences":[{"uid":"1","kind":"Deployment","name":"web","controller":true}]}})"
        << R"({"metadata":{"ownerReferences":[{"uid":"1","controller":null},{"uid":"2","kind":"Deployment","name":"api"}]}})"
        << R"({"metadata":{"ownerReferences":[{"uid":"1","kind":"Deployment","name":"web"},{"uid":"2","kind":"Deployment","name":"api"}]}})";
    QTest::newRow("status conditions merge on type")
        << "Deployment"
        << R"({"status":{"conditions":[{"type":"Available","status":"False"},{"type":"Progressing","status":"True"}]}})"
        << R"({"status":{"$setElementOrder/conditions":[{"type":"Available"},{"type":"Progressing"}],"conditions":[{"type":"Available","status":"True"}]}})"
        << R"({"status":{"conditions":[{"type":"Available","status":"True"},{"type":"Progressing","status":"True"}]}})";
    QTest::newRow("hostAliases merge on ip and imagePullSecrets on name")
        << "Pod"
        << R"({"spec":{"hostAliases":[{"ip":"10.0.0.1","hostnames":["a"]}],"imagePullSecrets":[{"name":"r1"}]}})"
        << R"({"spec":{"hostAliases":[{"ip":"10.0.0.2","hostnames":["b"]}],"imagePullSecrets":[{"name":"r2"}]}})"
        << R"({"spec":{"hostAliases":[{"ip":"10.0.0.2","hostnames":["b"]},{"ip":"10.0.0.1","hostnames":["a"]}],"imagePullSecrets":[{"name":"r2"},{"name":"r1"}]}})";
    QTest::newRow("$patch replace on a container list")
        << "Deployment"
        << R"({"spec":{"template":{"spec":{"containers":[{"name":"a","image":"x"},{"name":"b","image":"y"}]}}}})"
        << R"({"spec":{"template":{"spec":{"containers":[{"$patch":"replace"},{"name":"c","image":"z"}]}}}})"
        << R"({"spec":{"template":{"spec":{"containers":[{"name":"c","image":"z"}]}}}})";
    QTest::newRow("$patch replace on a map")
        << "Deployment" << R"({"spec":{"selector":{"matchLabels":{"app":"a","tier":"b"}}}})"
        << R"({"spec":{"selector":{"$patch":"replace","matchLabels":{"app":"c"}}}})"
        << R"({"spec":{"selector":{"matchLabels":{"app":"c"}}}})";
    QTest::newRow("$patch delete on a map")
        << "Deployment" << R"({"spec":{"replicas":1,"strategy":{"type":"Recreate"}}})"
        << R"({"spec":{"strategy":{"$patch":"delete"}}})" << R"({"spec":{"replicas":1,"strategy":{}}})";
    QTest::newRow("directives in a brand-new subtree do not leak into the object")
        << "Deployment" << R"({"spec":{"replicas":1}})"
        << R"({"spec":{"template":{"spec":{"containers":[{"name":"a","$setElementOrder/env":[{"name":"X"}],
               "env":[{"name":"X","value":"1"},{"$patch":"delete","name":"Y"}]}]}}}})"
        << R"({"spec":{"replicas":1,"template":{"spec":{"containers":[{"name":"a","env":[{"name":"X","value":"1"}]}]}}}})";
}

void TestStrategicMergePatch::testKubernetesFields()
{
    QFETCH(QString, kind);
    QFETCH(QString, original);
    QFETCH(QString, patch);
    QFETCH(QString, expected);
    QString error;
    const std::optional<QJsonObject> result = applyStrategicMergePatch(object(original), object(patch), &error, kind);
    QVERIFY2(result, qPrintable(error));
    QCOMPARE(compact(*result), compact(object(expected)));
}

void TestStrategicMergePatch::testPatchMeta_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("mergeList");
    QTest::addColumn<QString>("mergeKey");
    QTest::addColumn<bool>("retainKeys");

    QTest::newRow("template containers") << "Deployment" << "spec.template.spec.containers" << true << "name" << false;
    QTest::newRow("pod containers") << "Pod" << "spec.containers" << true << "name" << false;
    QTest::newRow("initContainers") << "Pod" << "spec.initContainers" << true << "name" << false;
    QTest::newRow("ephemeralContainers") << "Pod" << "spec.ephemeralContainers" << true << "name" << false;
    QTest::newRow("env") << "Deployment" << "spec.template.spec.containers.env" << true << "name" << false;
    QTest::newRow("container ports") << "Pod" << "spec.containers.ports" << true << "containerPort" << false;
    QTest::newRow("init container ports") << "Pod" << "spec.initContainers.ports" << true << "containerPort" << false;
    QTest::newRow("volumeMounts") << "Pod" << "spec.containers.volumeMounts" << true << "mountPath" << false;
    QTest::newRow("volumeDevices") << "Pod" << "spec.containers.volumeDevices" << true << "devicePath" << false;
    QTest::newRow("volumes") << "Pod" << "spec.volumes" << true << "name" << true;
    QTest::newRow("imagePullSecrets") << "Pod" << "spec.imagePullSecrets" << true << "name" << false;
    QTest::newRow("hostAliases") << "Pod" << "spec.hostAliases" << true << "ip" << false;
    QTest::newRow("conditions") << "Deployment" << "status.conditions" << true << "type" << false;
    QTest::newRow("ownerReferences") << "Pod" << "metadata.ownerReferences" << true << "uid" << false;
    QTest::newRow("finalizers") << "Pod" << "metadata.finalizers" << true << "" << false;
    QTest::newRow("deployment strategy") << "Deployment" << "spec.strategy" << false << "" << true;
    QTest::newRow("service ports") << "Service" << "spec.ports" << true << "port" << false;
    QTest::newRow("ports outside a container") << "Deployment" << "spec.ports" << false << "" << false;
    QTest::newRow("tolerations") << "Pod" << "spec.tolerations" << false << "" << false;
    QTest::newRow("args") << "Pod" << "spec.containers.args" << false << "" << false;
    QTest::newRow("command") << "Pod" << "spec.containers.command" << false << "" << false;
    QTest::newRow("envFrom") << "Pod" << "spec.containers.envFrom" << false << "" << false;
    QTest::newRow("labels") << "Pod" << "metadata.labels" << false << "" << false;
}

void TestStrategicMergePatch::testPatchMeta()
{
    QFETCH(QString, kind);
    QFETCH(QString, path);
    QFETCH(bool, mergeList);
    QFETCH(QString, mergeKey);
    QFETCH(bool, retainKeys);
    const PatchMeta meta = kubernetesPatchMeta(kind, path.split(u'.'));
    QCOMPARE(meta.mergeList, mergeList);
    QCOMPARE(meta.mergeKey, mergeKey);
    QCOMPARE(meta.retainKeys, retainKeys);
    QCOMPARE(meta.replace, false);
}

void TestStrategicMergePatch::testKindHook()
{
    const QJsonObject service = object(R"({"spec":{"ports":[{"name":"http","port":80,"targetPort":8080},
                                                            {"name":"https","port":443}]}})");
    const QJsonObject patch = object(R"({"spec":{"ports":[{"port":80,"targetPort":9090}]}})");
    QString error;

    // A Service's ports merge on port ...
    const std::optional<QJsonObject> merged = applyStrategicMergePatch(service, patch, &error, "Service");
    QVERIFY2(merged, qPrintable(error));
    QCOMPARE(compact(*merged), compact(object(R"({"spec":{"ports":[{"name":"http","port":80,"targetPort":9090},
                                                                   {"name":"https","port":443}]}})")));
    // ... while spec.ports of an unknown kind is a plain list and gets replaced.
    const std::optional<QJsonObject> replaced = applyStrategicMergePatch(service, patch, &error, "Widget");
    QVERIFY2(replaced, qPrintable(error));
    QCOMPARE(compact(*replaced), compact(patch));

    // A caller-supplied table wins over the built-in one.
    const PatchMetaLookup custom = [](const QStringList &path) {
        return path == QStringList{"spec", "ports"} ? PatchMeta{true, QStringLiteral("name"), false, false}
                                                    : PatchMeta{};
    };
    const std::optional<QJsonObject> byName =
        applyStrategicMergePatch(service, object(R"({"spec":{"ports":[{"name":"https","port":8443}]}})"), &error, custom);
    QVERIFY2(byName, qPrintable(error));
    QCOMPARE(compact(*byName), compact(object(R"({"spec":{"ports":[{"name":"http","port":80,"targetPort":8080},
                                                                   {"name":"https","port":8443}]}})")));
}

void TestStrategicMergePatch::testErrors_data()
{
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("error");

    const QString pod = QStringLiteral(R"({"spec":{"containers":[{"name":"a","image":"x"},{"name":"b","image":"y"}]}})");
    QTest::newRow("container without its merge key")
        << pod << R"({"spec":{"containers":[{"image":"z"}]}})"
        << "map: map[image:z] does not contain declared merge key: name";
    QTest::newRow("delete directive without the merge key")
        << pod << R"({"spec":{"containers":[{"$patch":"delete"}]}})"
        << "map: map[$patch:delete] does not contain declared merge key: name";
    QTest::newRow("unknown $patch on a map")
        << pod << R"({"spec":{"$patch":"frobnicate","replicas":1}})"
        << "unknown patch type: frobnicate in map: map[$patch:frobnicate replicas:1]";
    QTest::newRow("unknown $patch in a list")
        << pod << R"({"spec":{"containers":[{"$patch":"frobnicate","name":"a"}]}})"
        << "unknown patch type: frobnicate in map: map[$patch:frobnicate name:a]";
    QTest::newRow("$patch merge in a list")
        << pod << R"({"spec":{"containers":[{"$patch":"merge"}]}})"
        << "merging lists cannot yet be specified in the patch";
    QTest::newRow("$setElementOrder out of order")
        << pod << R"({"spec":{"$setElementOrder/containers":[{"name":"a"},{"name":"b"}],
                             "containers":[{"name":"b","image":"v"},{"name":"a","image":"w"}]}})"
        << "The order in patch list:\n[map[image:v name:b] map[image:w name:a]]\n doesn't match "
           "$setElementOrder list:\n[map[name:a] map[name:b]]\n";
    QTest::newRow("$setElementOrder is not a list")
        << pod << R"({"spec":{"$setElementOrder/containers":{"name":"a"}}})"
        << "expected a []interface {}, but received a map[string]interface {}";
    QTest::newRow("$setElementOrder without a field name")
        << pod << R"({"spec":{"$setElementOrder":[{"name":"a"}]}})"
        << "invalid patch format of setElementOrder list";
    QTest::newRow("$deleteFromPrimitiveList without a field name")
        << R"({"metadata":{"finalizers":["a"]}})" << R"({"metadata":{"$deleteFromPrimitiveListfinalizers":["a"]}})"
        << "invalid patch format of primitive list";
    QTest::newRow("$retainKeys is not a list")
        << R"({"spec":{"strategy":{"type":"Recreate"}}})" << R"({"spec":{"strategy":{"$retainKeys":"type"}}})"
        << "invalid patch format of retainKeys";
    QTest::newRow("$retainKeys does not list a patched field")
        << R"({"spec":{"strategy":{"type":"Recreate"}}})"
        << R"({"spec":{"strategy":{"$retainKeys":["type"],"type":"RollingUpdate","rollingUpdate":{}}}})"
        << "invalid patch format of retainKeys";
    QTest::newRow("list of lists")
        << R"({"metadata":{"finalizers":[]}})" << R"({"metadata":{"finalizers":[["a"]]}})"
        << "lists of lists are not supported";
    QTest::newRow("mixed element types")
        << R"({"metadata":{"finalizers":["a"]}})" << R"({"metadata":{"finalizers":["b",1]}})"
        << "list element types are not identical: [[a] [b 1]]";
}

void TestStrategicMergePatch::testErrors()
{
    QFETCH(QString, original);
    QFETCH(QString, patch);
    QFETCH(QString, error);
    QString actualError;
    const std::optional<QJsonObject> result =
        applyStrategicMergePatch(object(original), object(patch), &actualError, "Deployment");
    QVERIFY(!result);
    QCOMPARE(actualError, error);
}

QTEST_GUILESS_MAIN(TestStrategicMergePatch)
#include "tst_strategicmergepatch.moc"
