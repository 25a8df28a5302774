// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/jsonmergepatch.h"
#include "tests/testutil/testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::apiserver;
using rlab::test::compact;
using rlab::test::json;

class TestJsonMergePatch : public QObject
{
    Q_OBJECT

private slots:
    void testApply_data();
    void testApply();
    void testCreate_data();
    void testCreate();
    void testApplyToObject_data();
    void testApplyToObject();
};

void TestJsonMergePatch::testApply_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("result");

    // RFC 7386 Appendix A, every row.
    QTest::newRow("A1 replace member") << R"({"a":"b"})" << R"({"a":"c"})" << R"({"a":"c"})";
    QTest::newRow("A2 add member") << R"({"a":"b"})" << R"({"b":"c"})" << R"({"a":"b","b":"c"})";
    QTest::newRow("A3 null removes") << R"({"a":"b"})" << R"({"a":null})" << R"({})";
    QTest::newRow("A4 null removes one") << R"({"a":"b","b":"c"})" << R"({"a":null})" << R"({"b":"c"})";
    QTest::newRow("A5 array replaced by string") << R"({"a":["b"]})" << R"({"a":"c"})" << R"({"a":"c"})";
    QTest::newRow("A6 string replaced by array") << R"({"a":"c"})" << R"({"a":["b"]})" << R"({"a":["b"]})";
    QTest::newRow("A7 nested merge and delete") << R"({"a":{"b":"c"}})" << R"({"a":{"b":"d","c":null}})"
                                                << R"({"a":{"b":"d"}})";
    QTest::newRow("A8 arrays are replaced") << R"({"a":[{"b":"c"}]})" << R"({"a":[1]})" << R"({"a":[1]})";
    QTest::newRow("A9 array target and patch") << R"(["a","b"])" << R"(["c","d"])" << R"(["c","d"])";
    QTest::newRow("A10 array patch replaces object") << R"({"a":"b"})" << R"(["c"])" << R"(["c"])";
    QTest::newRow("A11 null patch") << R"({"a":"foo"})" << R"(null)" << R"(null)";
    QTest::newRow("A12 string patch") << R"({"a":"foo"})" << R"("bar")" << R"("bar")";
    QTest::newRow("A13 target nulls untouched") << R"({"e":null})" << R"({"a":1})" << R"({"a":1,"e":null})";
    QTest::newRow("A14 object patch on array target") << R"([1,2])" << R"({"a":"b","c":null})" << R"({"a":"b"})";
    QTest::newRow("A15 nulls inside new members dropped") << R"({})" << R"({"a":{"bb":{"ccc":null}}})"
                                                           << R"({"a":{"bb":{}}})";

    // RFC 7386 §3 example.
    QTest::newRow("section 3 example")
        << R"({"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},
              "tags":["example","sample"],"content":"This will be unchanged"})"
        << R"({"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},
              "tags":["example"]})"
        << R"({"title":"Hello!","author":{"givenName":"John"},"tags":["example"],
              "content":"This will be unchanged","phoneNumber":"+01-123-456-7890"})";

    // The bodies kubectl sends (logs 15, 46).
    QTest::newRow("kubectl scale on /scale (log 15)")
        << R"({"kind":"Scale","apiVersion":"autoscaling/v1",
              "metadata":{"name":"nginx","namespace":"default","resourceVersion":"1356"},
              "spec":{"replicas":3},"status":{"replicas":3,"selector":"app=nginx"}})"
        << R"({"spec":{"replicas":5}})"
        << R"({"kind":"Scale","apiVersion":"autoscaling/v1",
              "metadata":{"name":"nginx","namespace":"default","resourceVersion":"1356"},
              "spec":{"replicas":5},"status":{"replicas":3,"selector":"app=nginx"}})";
    QTest::newRow("kubectl annotate change-cause (log 46)")
        << R"({"metadata":{"name":"nginx","annotations":{"deployment.kubernetes.io/revision":"2"}},
              "spec":{"replicas":3}})"
        << R"({"metadata":{"annotations":{"kubernetes.io/change-cause":"image 1.26 via set image"}}})"
        << R"({"metadata":{"name":"nginx","annotations":{"deployment.kubernetes.io/revision":"2",
              "kubernetes.io/change-cause":"image 1.26 via set image"}},"spec":{"replicas":3}})";
    QTest::newRow("containers list is replaced wholesale")
        << R"({"spec":{"containers":[{"name":"a","image":"x"},{"name":"b","image":"y"}]}})"
        << R"({"spec":{"containers":[{"name":"a","image":"z"}]}})"
        << R"({"spec":{"containers":[{"name":"a","image":"z"}]}})";
}

void TestJsonMergePatch::testApply()
{
    QFETCH(QString, target);
    QFETCH(QString, patch);
    QFETCH(QString, result);
    QCOMPARE(compact(applyMergePatch(json(target), json(patch))), compact(json(result)));
}

void TestJsonMergePatch::testCreate_data()
{
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("modified");
    QTest::addColumn<QString>("patch");

    QTest::newRow("equal objects") << R"({"a":1,"b":{"c":[1]}})" << R"({"a":1,"b":{"c":[1]}})" << R"({})";
    QTest::newRow("changed, added, removed")
        << R"({"a":1,"b":[1],"c":{"d":1}})" << R"({"a":1,"b":[2],"c":{},"e":true})"
        << R"({"b":[2],"c":{"d":null},"e":true})";
    QTest::newRow("nested change only") << R"({"spec":{"replicas":3,"paused":true}})"
                                        << R"({"spec":{"replicas":5,"paused":true}})"
                                        << R"({"spec":{"replicas":5}})";
    QTest::newRow("type change replaces") << R"({"a":{"b":1}})" << R"({"a":"flat"})" << R"({"a":"flat"})";
    QTest::newRow("object to array") << R"({"a":1})" << R"([1])" << R"([1])";
    QTest::newRow("null value kept as null") << R"({"a":null})" << R"({"a":null})" << R"({})";
}

void TestJsonMergePatch::testCreate()
{
    QFETCH(QString, original);
    QFETCH(QString, modified);
    QFETCH(QString, patch);
    const QJsonValue created = createMergePatch(json(original), json(modified));
    QCOMPARE(compact(created), compact(json(patch)));
    // Round trip: applying the created patch gives back modified.
    QCOMPARE(compact(applyMergePatch(json(original), created)), compact(json(modified)));
}

void TestJsonMergePatch::testApplyToObject_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("result");
    QTest::addColumn<QString>("error");

    QTest::newRow("object") << R"({"spec":{"replicas":2}})" << R"({"spec":{"replicas":2}})" << QString();
    QTest::newRow("null body") << R"(null)" << QString() << QStringLiteral("Invalid JSON Patch");
    QTest::newRow("array body") << R"([1])" << QString() << QStringLiteral("Invalid JSON Patch");
}

void TestJsonMergePatch::testApplyToObject()
{
    QFETCH(QString, patch);
    QFETCH(QString, result);
    QFETCH(QString, error);
    QString actualError;
    const std::optional<QJsonObject> actual =
        applyMergePatchToObject(json(R"({"spec":{"replicas":1}})").toObject(), json(patch), &actualError);
    QCOMPARE(actualError, error);
    QCOMPARE(actual.has_value(), error.isEmpty());
    if (actual)
        QCOMPARE(compact(*actual), compact(json(result)));
}

QTEST_GUILESS_MAIN(TestJsonMergePatch)
#include "tst_jsonmergepatch.moc"
