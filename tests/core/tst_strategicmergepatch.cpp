// SPDX-License-Identifier: Apache-2.0
// Strategic merge patch on Kubernetes types: fields with their own strategy (k8s.io/api tags), the
// patch-meta table, the per-kind hook and the error messages. Upstream's rows and kubectl's
// bodies: tst_strategicmergepatch_upstream.cpp, tst_strategicmergepatch_kubectl.cpp.
#include "core/apiserver/jsonmergepatch.h"
#include "core/apiserver/strategicmergepatch.h"
#include "tests/testutil/testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::apiserver;
using rlab::test::compact;
using rlab::test::jsonObject;
class TestStrategicMergePatch : public QObject
{
    Q_OBJECT

private slots:
    void testKubernetesFields_data();
    void testKubernetesFields();
    void testPatchMeta_data();
    void testPatchMeta();
    void testKindHook();
    void testErrors_data();
    void testErrors();
};
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
    const std::optional<QJsonObject> result = applyStrategicMergePatch(jsonObject(original), jsonObject(patch), &error, kind);
    QVERIFY2(result, qPrintable(error));
    QCOMPARE(compact(*result), compact(jsonObject(expected)));
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
    const QJsonObject service = jsonObject(R"({"spec":{"ports":[{"name":"http","port":80,"targetPort":8080},
                                                            {"name":"https","port":443}]}})");
    const QJsonObject patch = jsonObject(R"({"spec":{"ports":[{"port":80,"targetPort":9090}]}})");
    QString error;

    // A Service's ports merge on port ...
    const std::optional<QJsonObject> merged = applyStrategicMergePatch(service, patch, &error, "Service");
    QVERIFY2(merged, qPrintable(error));
    QCOMPARE(compact(*merged), compact(jsonObject(R"({"spec":{"ports":[{"name":"http","port":80,"targetPort":9090},
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
        applyStrategicMergePatch(service, jsonObject(R"({"spec":{"ports":[{"name":"https","port":8443}]}})"), &error, custom);
    QVERIFY2(byName, qPrintable(error));
    QCOMPARE(compact(*byName), compact(jsonObject(R"({"spec":{"ports":[{"name":"http","port":80,"targetPort":8080},
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
        applyStrategicMergePatch(jsonObject(original), jsonObject(patch), &actualError, "Deployment");
    QVERIFY(!result);
    QCOMPARE(actualError, error);
}

QTEST_GUILESS_MAIN(TestStrategicMergePatch)
#include "tst_strategicmergepatch.moc"
