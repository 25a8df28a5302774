// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/jsonpatch.h"
#include "tests/testutil/testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace rlab::apiserver;
using rlab::test::compact;
using rlab::test::json;

class TestJsonPatch : public QObject
{
    Q_OBJECT

private slots:
    void testApply_data();
    void testApply();
    void testRolloutUndoBody();
};

// The fixtures stay below the class: Qt 6.4's moc loses its place in raw strings holding \"
// and would then miss the class.
namespace {

// The Deployment as the server returned it before `kubectl rollout undo` (log 20's GET, trimmed).
const char *const kLiveNginx = R"({"apiVersion":"apps/v1","kind":"Deployment",
  "metadata":{"name":"nginx","namespace":"default","generation":4,"resourceVersion":"1480",
    "uid":"737accdd-4a9b-431c-be14-3cfe50702733","labels":{"app":"nginx"},
    "annotations":{"deployment.kubernetes.io/revision":"3",
      "kubectl.kubernetes.io/last-applied-configuration":"{}"}},
  "spec":{"replicas":3,"selector":{"matchLabels":{"app":"nginx"}},
    "template":{"metadata":{"creationTimestamp":null,"labels":{"app":"nginx"}},
      "spec":{"containers":[{"name":"nginx","image":"nginx:1.25","ports":[{"containerPort":80,"protocol":"TCP"}],
        "resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File",
        "imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,
        "dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}},
    "strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}},
    "revisionHistoryLimit":10,"progressDeadlineSeconds":600},
  "status":{"observedGeneration":4,"replicas":3,"updatedReplicas":3,"readyReplicas":3,"availableReplicas":3}})";

// Log 20, verbatim.
const char *const kUndoPatch = R"([{"op":"replace","path":"/spec/template","value":{"metadata":{"creationTimestamp":null,"labels":{"app":"nginx"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.17.0","ports":[{"containerPort":80,"protocol":"TCP"}],"resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}}},{"op":"replace","path":"/metadata/annotations","value":{"deployment.kubernetes.io/revision":"4","kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"labels\":{\"app\":\"nginx\"},\"name\":\"nginx\",\"namespace\":\"default\"},\"spec\":{\"replicas\":3,\"selector\":{\"matchLabels\":{\"app\":\"nginx\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"nginx\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.17.0\",\"name\":\"nginx\",\"ports\":[{\"containerPort\":80}]}]}}}}"}}])";

} // namespace

void TestJsonPatch::testApply_data()
{
    QTest::addColumn<QString>("document");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("result"); // empty when error is set
    QTest::addColumn<QString>("error");

    // RFC 6902 Appendix A (A.13, duplicate "op" members, cannot survive a JSON parser).
    QTest::newRow("A.1 add object member") << R"({"foo":"bar"})"
                                           << R"([{"op":"add","path":"/baz","value":"qux"}])"
                                           << R"({"baz":"qux","foo":"bar"})" << "";
    QTest::newRow("A.2 add array element") << R"({"foo":["bar","baz"]})"
                                           << R"([{"op":"add","path":"/foo/1","value":"qux"}])"
                                           << R"({"foo":["bar","qux","baz"]})" << "";
    QTest::newRow("A.3 remove object member") << R"({"baz":"qux","foo":"bar"})"
                                              << R"([{"op":"remove","path":"/baz"}])" << R"({"foo":"bar"})"
                                              << "";
    QTest::newRow("A.4 remove array element") << R"({"foo":["bar","qux","baz"]})"
                                              << R"([{"op":"remove","path":"/foo/1"}])"
                                              << R"({"foo":["bar","baz"]})" << "";
    QTest::newRow("A.5 replace value") << R"({"baz":"qux","foo":"bar"})"
                                       << R"([{"op":"replace","path":"/baz","value":"boo"}])"
                                       << R"({"baz":"boo","foo":"bar"})" << "";
    QTest::newRow("A.6 move value") << R"({"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}})"
                                    << R"([{"op":"move","from":"/foo/waldo","path":"/qux/thud"}])"
                                    << R"({"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}})" << "";
    QTest::newRow("A.7 move array element") << R"({"foo":["all","grass","cows","eat"]})"
                                            << R"([{"op":"move","from":"/foo/1","path":"/foo/3"}])"
                                            << R"({"foo":["all","cows","eat","grass"]})" << "";
    QTest::newRow("A.8 test success") << R"({"baz":"qux","foo":["a",2,"c"]})"
                                      << R"([{"op":"test","path":"/baz","value":"qux"},
                                             {"op":"test","path":"/foo/1","value":2}])"
                                      << R"({"baz":"qux","foo":["a",2,"c"]})" << "";
    QTest::newRow("A.9 test error") << R"({"baz":"qux"})" << R"([{"op":"test","path":"/baz","value":"bar"}])"
                                    << "" << "testing value /baz failed: test failed";
    QTest::newRow("A.10 add nested member object") << R"({"foo":"bar"})"
                                                   << R"([{"op":"add","path":"/child","value":{"grandchild":{}}}])"
                                                   << R"({"foo":"bar","child":{"grandchild":{}}})" << "";
    QTest::newRow("A.11 ignore unrecognized elements") << R"({"foo":"bar"})"
                                                       << R"([{"op":"add","path":"/baz","value":"qux","xyz":123}])"
                                                       << R"({"foo":"bar","baz":"qux"})" << "";
    QTest::newRow("A.12 add to nonexistent target")
        << R"({"foo":"bar"})" << R"([{"op":"add","path":"/baz/bat","value":"qux"}])" << ""
        << R"(add operation does not apply: doc is missing path: "/baz/bat": missing value)";
    QTest::newRow("A.14 ~ escape ordering") << R"({"/":9,"~1":10})" << R"([{"op":"test","path":"/~01","value":10}])"
                                            << R"({"/":9,"~1":10})" << "";
    QTest::newRow("A.15 strings and numbers differ") << R"({"/":9,"~1":10})"
                                                     << R"([{"op":"test","path":"/~01","value":"10"}])" << ""
                                                     << "testing value /~01 failed: test failed";
    QTest::newRow("A.16 add array value") << R"({"foo":["bar"]})"
                                          << R"([{"op":"add","path":"/foo/-","value":["abc","def"]}])"
                                          << R"({"foo":["bar",["abc","def"]]})" << "";

    // More operations.
    QTest::newRow("copy") << R"({"a":{"b":1}})" << R"([{"op":"copy","from":"/a/b","path":"/c"}])"
                          << R"({"a":{"b":1},"c":1})" << "";
    QTest::newRow("~1 in a key") << R"({"metadata":{"annotations":{}}})"
                                 << R"([{"op":"add","path":"/metadata/annotations/example.com~1owner","value":"me"}])"
                                 << R"({"metadata":{"annotations":{"example.com/owner":"me"}}})" << "";
    QTest::newRow("test null matches a missing member") << R"({"a":1})"
                                                        << R"([{"op":"test","path":"/b","value":null}])"
                                                        << R"({"a":1})" << "";
    QTest::newRow("replace whole document") << R"({"a":1})" << R"([{"op":"replace","path":"","value":{"b":2}}])"
                                            << R"({"b":2})" << "";
    QTest::newRow("negative index counts from the end (json-patch v4)")
        << R"({"a":[1,2,3]})" << R"([{"op":"remove","path":"/a/-1"},{"op":"add","path":"/a/-1","value":9}])"
        << R"({"a":[1,2,9]})" << "";
    QTest::newRow("ops apply in order") << R"({"spec":{"replicas":1}})"
                                        << R"([{"op":"test","path":"/spec/replicas","value":1},
                                               {"op":"replace","path":"/spec/replicas","value":4},
                                               {"op":"test","path":"/spec/replicas","value":4}])"
                                        << R"({"spec":{"replicas":4}})" << "";

    // Errors, worded like gopkg.in/evanphx/json-patch.v4 (the server's 422 message).
    QTest::newRow("replace missing member")
        << R"({"spec":{"replicas":1}})" << R"([{"op":"replace","path":"/spec/foo","value":1}])" << ""
        << "replace operation does not apply: doc is missing key: /spec/foo: missing value";
    QTest::newRow("replace missing parent")
        << R"({"spec":{}})" << R"([{"op":"replace","path":"/status/x/y","value":1}])" << ""
        << "replace operation does not apply: doc is missing path: /status/x/y: missing value";
    QTest::newRow("replace array index out of range")
        << R"({"a":[1]})" << R"([{"op":"replace","path":"/a/3","value":1}])" << ""
        << "replace operation does not apply: doc is missing key: /a/3: missing value";
    QTest::newRow("replace annotations on an object without them (rollout undo precondition)")
        << R"({"metadata":{"name":"x"}})" << R"([{"op":"replace","path":"/metadata/annotations","value":{}}])" << ""
        << "replace operation does not apply: doc is missing key: /metadata/annotations: missing value";
    QTest::newRow("remove missing member")
        << R"({"spec":{}})" << R"([{"op":"remove","path":"/spec/foo"}])" << ""
        << "error in remove for path: '/spec/foo': Unable to remove nonexistent key: foo: missing value";
    QTest::newRow("remove index out of range")
        << R"({"a":[1]})" << R"([{"op":"remove","path":"/a/5"}])" << ""
        << "error in remove for path: '/a/5': Unable to access invalid index: 5: invalid index referenced";
    QTest::newRow("add past the end")
        << R"({"a":[1]})" << R"([{"op":"add","path":"/a/3","value":1}])" << ""
        << "error in add for path: '/a/3': Unable to access invalid index: 3: invalid index referenced";
    QTest::newRow("add with a bad index")
        << R"({"a":[1]})" << R"([{"op":"add","path":"/a/x","value":1}])" << ""
        << R"(error in add for path: '/a/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax)";
    QTest::newRow("move from missing member")
        << R"({"a":{}})" << R"([{"op":"move","from":"/a/nope","path":"/b"}])" << ""
        << "error in move for path: 'nope': Unable to remove nonexistent key: nope: missing value";
    QTest::newRow("move to missing parent")
        << R"({"a":1})" << R"([{"op":"move","from":"/a","path":"/x/y"}])" << ""
        << "move operation does not apply: doc is missing destination path: /x/y: missing value";
    QTest::newRow("copy from missing parent")
        << R"({"a":1})" << R"([{"op":"copy","from":"/x/y","path":"/b"}])" << ""
        << "copy operation does not apply: doc is missing from path: /x/y: missing value";
    QTest::newRow("test under missing parent")
        << R"({"a":1})" << R"([{"op":"test","path":"/x/y","value":1}])" << ""
        << "test operation does not apply: is missing path: /x/y: missing value";
    QTest::newRow("replace without path")
        << R"({"a":1})" << R"([{"op":"replace","value":1}])" << ""
        << "replace operation failed to decode path: operation missing path field: missing value";
    QTest::newRow("unknown op") << R"({"a":1})" << R"([{"op":"frobnicate","path":"/a"}])" << ""
                                << "Unexpected kind: frobnicate";
    QTest::newRow("missing op") << R"({"a":1})" << R"([{"path":"/a"}])" << "" << "Unexpected kind: unknown";
    QTest::newRow("patch is not a list") << R"({"a":1})" << R"({"op":"add","path":"/b","value":1})" << ""
                                         << "json: cannot unmarshal object into Go value of type jsonpatch.Patch";
    QTest::newRow("operation is not an object") << R"({"a":1})" << R"(["add"])" << ""
                                                << "json: cannot unmarshal string into Go value of type jsonpatch.Operation";
    QTest::newRow("a failing later op aborts the whole patch")
        << R"({"a":1})" << R"([{"op":"add","path":"/b","value":2},{"op":"test","path":"/a","value":2}])" << ""
        << "testing value /a failed: test failed";
}

void TestJsonPatch::testApply()
{
    QFETCH(QString, document);
    QFETCH(QString, patch);
    QFETCH(QString, result);
    QFETCH(QString, error);
    QString actualError;
    const std::optional<QJsonValue> actual = applyJsonPatch(json(document), json(patch), &actualError);
    QCOMPARE(actualError, error);
    QCOMPARE(actual.has_value(), error.isEmpty());
    if (actual)
        QCOMPARE(compact(*actual), compact(json(result)));
}

void TestJsonPatch::testRolloutUndoBody()
{
    QString error;
    const std::optional<QJsonValue> undone = applyJsonPatch(json(kLiveNginx), json(kUndoPatch), &error);
    QVERIFY2(undone, qPrintable(error));
    const QJsonObject deployment = undone->toObject();
    const QJsonArray ops = json(kUndoPatch).toArray();

    QCOMPARE(deployment.value("spec").toObject().value("template"), ops.at(0).toObject().value("value"));
    QCOMPARE(deployment.value("metadata").toObject().value("annotations"), ops.at(1).toObject().value("value"));
    const QJsonObject container =
        deployment["spec"]["template"]["spec"]["containers"].toArray().at(0).toObject();
    QCOMPARE(container.value("image").toString(), QStringLiteral("nginx:1.17.0"));
    // Everything outside the two replaced paths is untouched.
    QJsonObject expected = json(kLiveNginx).toObject();
    QJsonObject spec = expected.value("spec").toObject();
    spec.insert("template", ops.at(0).toObject().value("value"));
    expected.insert("spec", spec);
    QJsonObject metadata = expected.value("metadata").toObject();
    metadata.insert("annotations", ops.at(1).toObject().value("value"));
    expected.insert("metadata", metadata);
    QCOMPARE(compact(deployment), compact(expected));
}

QTEST_GUILESS_MAIN(TestJsonPatch)
#include "tst_jsonpatch.moc"
