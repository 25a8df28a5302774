// SPDX-License-Identifier: Apache-2.0
// Strategic merge patch: upstream's rows (k8s.io/apimachinery pkg/util/strategicpatch/patch_test.go)
// on its test type MergeItem: apply, and two-way / three-way patch creation.
#include "core/apiserver/jsonmergepatch.h"
#include "core/apiserver/strategicmergepatch.h"
#include "tests/testutil/testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::apiserver;
using rlab::test::compact;
using rlab::test::jsonObject;
class TestStrategicMergePatchUpstream : public QObject
{
    Q_OBJECT

private slots:
    void testApplyUpstream_data();
    void testApplyUpstream();
    void testCreateAndApplyUpstream_data();
    void testCreateAndApplyUpstream();
};

namespace {
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
} // namespace
// ---- upstream rows (k8s.io/apimachinery pkg/util/strategicpatch/patch_test.go) ----

void TestStrategicMergePatchUpstream::testApplyUpstream_data()
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

void TestStrategicMergePatchUpstream::testApplyUpstream()
{
    QFETCH(QString, original);
    QFETCH(QString, patch);
    QFETCH(QString, expected);
    QFETCH(QString, error);
    QString actualError;
    const std::optional<QJsonObject> result =
        applyStrategicMergePatch(jsonObject(original), jsonObject(patch), &actualError, PatchMetaLookup(mergeItemMeta));
    if (!error.isEmpty()) {
        QVERIFY(!result);
        QVERIFY2(actualError.contains(error), qPrintable(actualError));
        return;
    }
    QVERIFY2(result, qPrintable(actualError));
    QCOMPARE(compact(*result), compact(jsonObject(expected)));
}

void TestStrategicMergePatchUpstream::testCreateAndApplyUpstream_data()
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

void TestStrategicMergePatchUpstream::testCreateAndApplyUpstream()
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
        createTwoWayMergePatch(jsonObject(original), jsonObject(modified), &error, schema);
    QVERIFY2(createdTwoWay, qPrintable(error));
    QCOMPARE(compact(*createdTwoWay), compact(jsonObject(twoWay)));
    const std::optional<QJsonObject> appliedTwoWay =
        applyStrategicMergePatch(jsonObject(original), *createdTwoWay, &error, schema);
    QVERIFY2(appliedTwoWay, qPrintable(error));
    QCOMPARE(compact(*appliedTwoWay), compact(jsonObject(twoWayResult.isEmpty() ? modified : twoWayResult)));

    const std::optional<QJsonObject> createdThreeWay =
        createThreeWayMergePatch(jsonObject(original), jsonObject(modified), jsonObject(current), &error, schema);
    QVERIFY2(createdThreeWay, qPrintable(error));
    QCOMPARE(compact(*createdThreeWay), compact(jsonObject(threeWay)));
    const std::optional<QJsonObject> appliedThreeWay =
        applyStrategicMergePatch(jsonObject(current), *createdThreeWay, &error, schema);
    QVERIFY2(appliedThreeWay, qPrintable(error));
    QCOMPARE(compact(*appliedThreeWay), compact(jsonObject(result)));
}
QTEST_GUILESS_MAIN(TestStrategicMergePatchUpstream)
#include "tst_strategicmergepatch_upstream.moc"
