// SPDX-License-Identifier: Apache-2.0
// YamlReader: scalar and key resolution (captured from kubectl v1.32.4, which reads manifests with
// sigs.k8s.io/yaml, go-yaml v2), merge keys, aliases, JSON input and List expansion.
#include "core/api/yamlreader.h"
#include "tests/core/yamlreadertesthelpers.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rlab::api;
using namespace rlab::test::yaml;
class TestYamlReaderValues : public QObject
{
    Q_OBJECT

private slots:
    void testScalars_data()
    {
        QTest::addColumn<QString>("scalar");
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("v: yes") << QStringLiteral("yes") << QByteArray("true");
        QTest::newRow("v: Yes") << QStringLiteral("Yes") << QByteArray("true");
        QTest::newRow("v: YES") << QStringLiteral("YES") << QByteArray("true");
        QTest::newRow("v: yEs") << QStringLiteral("yEs") << QByteArray("\"yEs\"");
        QTest::newRow("v: y") << QStringLiteral("y") << QByteArray("true");
        QTest::newRow("v: Y") << QStringLiteral("Y") << QByteArray("true");
        QTest::newRow("v: n") << QStringLiteral("n") << QByteArray("false");
        QTest::newRow("v: N") << QStringLiteral("N") << QByteArray("false");
        QTest::newRow("v: no") << QStringLiteral("no") << QByteArray("false");
        QTest::newRow("v: NO") << QStringLiteral("NO") << QByteArray("false");
        QTest::newRow("v: on") << QStringLiteral("on") << QByteArray("true");
        QTest::newRow("v: On") << QStringLiteral("On") << QByteArray("true");
        QTest::newRow("v: ON") << QStringLiteral("ON") << QByteArray("true");
        QTest::newRow("v: oN") << QStringLiteral("oN") << QByteArray("\"oN\"");
        QTest::newRow("v: off") << QStringLiteral("off") << QByteArray("false");
        QTest::newRow("v: Off") << QStringLiteral("Off") << QByteArray("false");
        QTest::newRow("v: OFF") << QStringLiteral("OFF") << QByteArray("false");
        QTest::newRow("v: true") << QStringLiteral("true") << QByteArray("true");
        QTest::newRow("v: True") << QStringLiteral("True") << QByteArray("true");
        QTest::newRow("v: TRUE") << QStringLiteral("TRUE") << QByteArray("true");
        QTest::newRow("v: tRue") << QStringLiteral("tRue") << QByteArray("\"tRue\"");
        QTest::newRow("v: false") << QStringLiteral("false") << QByteArray("false");
        QTest::newRow("v: False") << QStringLiteral("False") << QByteArray("false");
        QTest::newRow("v: FALSE") << QStringLiteral("FALSE") << QByteArray("false");
        QTest::newRow("v: null") << QStringLiteral("null") << QByteArray("null");
        QTest::newRow("v: Null") << QStringLiteral("Null") << QByteArray("null");
        QTest::newRow("v: NULL") << QStringLiteral("NULL") << QByteArray("null");
        QTest::newRow("v: nUll") << QStringLiteral("nUll") << QByteArray("\"nUll\"");
        QTest::newRow("v: ~") << QStringLiteral("~") << QByteArray("null");
        QTest::newRow("v: ") << QStringLiteral("") << QByteArray("null");
        QTest::newRow("v: 0") << QStringLiteral("0") << QByteArray("0");
        QTest::newRow("v: -0") << QStringLiteral("-0") << QByteArray("0");
        QTest::newRow("v: +0") << QStringLiteral("+0") << QByteArray("0");
        QTest::newRow("v: 00") << QStringLiteral("00") << QByteArray("0");
        QTest::newRow("v: 012") << QStringLiteral("012") << QByteArray("10");
        QTest::newRow("v: 08") << QStringLiteral("08") << QByteArray("8");
        QTest::newRow("v: 09") << QStringLiteral("09") << QByteArray("9");
        QTest::newRow("v: 0o17") << QStringLiteral("0o17") << QByteArray("15");
        QTest::newRow("v: 0O17") << QStringLiteral("0O17") << QByteArray("15");
        QTest::newRow("v: 0o8") << QStringLiteral("0o8") << QByteArray("\"0o8\"");
        QTest::newRow("v: 0x1F") << QStringLiteral("0x1F") << QByteArray("31");
        QTest::newRow("v: 0X1f") << QStringLiteral("0X1f") << QByteArray("31");
        QTest::newRow("v: 0x") << QStringLiteral("0x") << QByteArray("\"0x\"");
        QTest::newRow("v: 0b101") << QStringLiteral("0b101") << QByteArray("5");
        QTest::newRow("v: -0b101") << QStringLiteral("-0b101") << QByteArray("-5");
        QTest::newRow("v: 0b-1") << QStringLiteral("0b-1") << QByteArray("-1");
        QTest::newRow("v: 0b2") << QStringLiteral("0b2") << QByteArray("\"0b2\"");
        QTest::newRow("v: -0x1F") << QStringLiteral("-0x1F") << QByteArray("-31");
        QTest::newRow("v: +0x1F") << QStringLiteral("+0x1F") << QByteArray("31");
        QTest::newRow("v: 1_000") << QStringLiteral("1_000") << QByteArray("1000");
        QTest::newRow("v: _1") << QStringLiteral("_1") << QByteArray("\"_1\"");
        QTest::newRow("v: 1__0") << QStringLiteral("1__0") << QByteArray("10");
        QTest::newRow("v: 1_0.5") << QStringLiteral("1_0.5") << QByteArray("10.5");
        QTest::newRow("v: 1e3") << QStringLiteral("1e3") << QByteArray("1000");
        QTest::newRow("v: 1E3") << QStringLiteral("1E3") << QByteArray("1000");
        QTest::newRow("v: 1e+3") << QStringLiteral("1e+3") << QByteArray("1000");
        QTest::newRow("v: 1e-3") << QStringLiteral("1e-3") << QByteArray("0.001");
        QTest::newRow("v: 1.") << QStringLiteral("1.") << QByteArray("1");
        QTest::newRow("v: 1.0") << QStringLiteral("1.0") << QByteArray("1");
        QTest::newRow("v: -1.5") << QStringLiteral("-1.5") << QByteArray("-1.5");
        QTest::newRow("v: .5") << QStringLiteral(".5") << QByteArray("0.5");
        QTest::newRow("v: -.5") << QStringLiteral("-.5") << QByteArray("-0.5");
        QTest::newRow("v: +.5") << QStringLiteral("+.5") << QByteArray("0.5");
        QTest::newRow("v: .") << QStringLiteral(".") << QByteArray("\".\"");
        QTest::newRow("v: -.") << QStringLiteral("-.") << QByteArray("\"-.\"");
        QTest::newRow("v: .e3") << QStringLiteral(".e3") << QByteArray("\".e3\"");
        QTest::newRow("v: .5e3") << QStringLiteral(".5e3") << QByteArray("500");
        QTest::newRow("v: 1.5e") << QStringLiteral("1.5e") << QByteArray("\"1.5e\"");
        QTest::newRow("v: 1e") << QStringLiteral("1e") << QByteArray("\"1e\"");
        QTest::newRow("v: e3") << QStringLiteral("e3") << QByteArray("\"e3\"");
        QTest::newRow("v: 1.5.6") << QStringLiteral("1.5.6") << QByteArray("\"1.5.6\"");
        QTest::newRow("v: 9223372036854775807") << QStringLiteral("9223372036854775807") << QByteArray("9223372036854775807");
        QTest::newRow("v: 9223372036854775808") << QStringLiteral("9223372036854775808") << QByteArray("9223372036854776000");
        QTest::newRow("v: -9223372036854775808") << QStringLiteral("-9223372036854775808") << QByteArray("-9223372036854775808");
        QTest::newRow("v: -9223372036854775809") << QStringLiteral("-9223372036854775809") << QByteArray("-9223372036854776000");
        QTest::newRow("v: 18446744073709551615") << QStringLiteral("18446744073709551615") << QByteArray("18446744073709552000");
        QTest::newRow("v: 18446744073709551616") << QStringLiteral("18446744073709551616") << QByteArray("18446744073709552000");
        QTest::newRow("v: 99999999999999999999") << QStringLiteral("99999999999999999999") << QByteArray("100000000000000000000");
        QTest::newRow("v: 0xFFFFFFFFFFFFFFFF") << QStringLiteral("0xFFFFFFFFFFFFFFFF") << QByteArray("18446744073709552000");
        QTest::newRow("v: 0xFFFFFFFFFFFFFFFFF") << QStringLiteral("0xFFFFFFFFFFFFFFFFF") << QByteArray("\"0xFFFFFFFFFFFFFFFFF\"");
        QTest::newRow("v: 1e400") << QStringLiteral("1e400") << QByteArray("\"1e400\"");
        QTest::newRow("v: -1e400") << QStringLiteral("-1e400") << QByteArray("\"-1e400\"");
        QTest::newRow("v: 1e-400") << QStringLiteral("1e-400") << QByteArray("0");
        QTest::newRow("v: 2001-12-14") << QStringLiteral("2001-12-14") << QByteArray("\"2001-12-14\"");
        QTest::newRow("v: 2001-12-14t21:59:43.10-05:00") << QStringLiteral("2001-12-14t21:59:43.10-05:00") << QByteArray("\"2001-12-14t21:59:43.10-05:00\"");
        QTest::newRow("v: 1:20") << QStringLiteral("1:20") << QByteArray("\"1:20\"");
        QTest::newRow("v: 190:20:30") << QStringLiteral("190:20:30") << QByteArray("\"190:20:30\"");
        QTest::newRow("v: +") << QStringLiteral("+") << QByteArray("\"+\"");
        QTest::newRow("v: 12abc") << QStringLiteral("12abc") << QByteArray("\"12abc\"");
        QTest::newRow("v: 0x1g") << QStringLiteral("0x1g") << QByteArray("\"0x1g\"");
        QTest::newRow("v: 1,000") << QStringLiteral("1,000") << QByteArray("\"1,000\"");
        QTest::newRow("v: 3.14159265358979323846") << QStringLiteral("3.14159265358979323846") << QByteArray("3.141592653589793");
        QTest::newRow("v: 1e21") << QStringLiteral("1e21") << QByteArray("1e+21");
        QTest::newRow("v: 1.0e+06") << QStringLiteral("1.0e+06") << QByteArray("1000000");
        QTest::newRow("v: <<") << QStringLiteral("<<") << QByteArray("\"<<\"");
        QTest::newRow("v: =") << QStringLiteral("=") << QByteArray("\"=\"");
        QTest::newRow("v: ?x") << QStringLiteral("?x") << QByteArray("\"?x\"");
        QTest::newRow("v: -x") << QStringLiteral("-x") << QByteArray("\"-x\"");
        QTest::newRow("v: 0.0") << QStringLiteral("0.0") << QByteArray("0");
        QTest::newRow("v: -0.0") << QStringLiteral("-0.0") << QByteArray("0");
        QTest::newRow("v: 1e-7") << QStringLiteral("1e-7") << QByteArray("1e-07");
        QTest::newRow("v: 100000000000000000000000") << QStringLiteral("100000000000000000000000") << QByteArray("1e+23");
        QTest::newRow("v: 1_") << QStringLiteral("1_") << QByteArray("1");
        QTest::newRow("v: 0b_1") << QStringLiteral("0b_1") << QByteArray("1");
        QTest::newRow("v: 'quoted'") << QStringLiteral("'quoted'") << QByteArray("\"quoted\"");
        QTest::newRow("v: \"dq\"") << QStringLiteral("\"dq\"") << QByteArray("\"dq\"");
        QTest::newRow("v: \"3\"") << QStringLiteral("\"3\"") << QByteArray("\"3\"");
        QTest::newRow("v: 'true'") << QStringLiteral("'true'") << QByteArray("\"true\"");
        QTest::newRow("v: \"\"") << QStringLiteral("\"\"") << QByteArray("\"\"");
        QTest::newRow("v: ''") << QStringLiteral("''") << QByteArray("\"\"");
        QTest::newRow("v: !!str 3") << QStringLiteral("!!str 3") << QByteArray("\"3\"");
        QTest::newRow("v: !!int \"3\"") << QStringLiteral("!!int \"3\"") << QByteArray("3");
        QTest::newRow("v: !!float 3") << QStringLiteral("!!float 3") << QByteArray("3");
        QTest::newRow("v: !!bool yes") << QStringLiteral("!!bool yes") << QByteArray("true");
        QTest::newRow("v: !!binary aGk=") << QStringLiteral("!!binary aGk=") << QByteArray("\"hi\"");
        QTest::newRow("v: !foo 3") << QStringLiteral("!foo 3") << QByteArray("\"3\"");
        QTest::newRow("v: ! 3") << QStringLiteral("! 3") << QByteArray("\"3\"");
        QTest::newRow("v: plain with spaces") << QStringLiteral("plain with spaces") << QByteArray("\"plain with spaces\"");
    }

    void testScalars()
    {
        QFETCH(QString, scalar);
        QFETCH(QByteArray, json);
        const SourceDocument d = readOne("v: " + scalar.toUtf8() + "\n");
        QCOMPARE(compact(d.value.toObject().value(QLatin1String("v"))), compact(jsonValue(json)));
    }

    void testKeys_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("expected");
        QTest::newRow("key 1") << QStringLiteral("1") << QStringLiteral("1");
        QTest::newRow("key 0x10") << QStringLiteral("0x10") << QStringLiteral("16");
        QTest::newRow("key 1.5") << QStringLiteral("1.5") << QStringLiteral("1.5");
        QTest::newRow("key -0.0") << QStringLiteral("-0.0") << QStringLiteral("-0");
        QTest::newRow("key 1e3") << QStringLiteral("1e3") << QStringLiteral("1000");
        QTest::newRow("key 1e20") << QStringLiteral("1e20") << QStringLiteral("1e+20");
        QTest::newRow("key y") << QStringLiteral("y") << QStringLiteral("true");
        QTest::newRow("key n") << QStringLiteral("n") << QStringLiteral("false");
        QTest::newRow("key yes") << QStringLiteral("yes") << QStringLiteral("true");
        QTest::newRow("key off") << QStringLiteral("off") << QStringLiteral("false");
        QTest::newRow("key TRUE") << QStringLiteral("TRUE") << QStringLiteral("true");
        QTest::newRow("key 012") << QStringLiteral("012") << QStringLiteral("10");
        QTest::newRow("key 08") << QStringLiteral("08") << QStringLiteral("8");
        QTest::newRow("key 2001-12-14") << QStringLiteral("2001-12-14") << QStringLiteral("2001-12-14");
        QTest::newRow("key 'quoted'") << QStringLiteral("'quoted'") << QStringLiteral("quoted");
        QTest::newRow("key \"1\"") << QStringLiteral("\"1\"") << QStringLiteral("1");
        QTest::newRow("key .inf") << QStringLiteral(".inf") << QStringLiteral(".inf");
        QTest::newRow("key -.Inf") << QStringLiteral("-.Inf") << QStringLiteral("-.inf");
        QTest::newRow("key .nan") << QStringLiteral(".nan") << QStringLiteral(".nan");
        QTest::newRow("key 1_000") << QStringLiteral("1_000") << QStringLiteral("1000");
        QTest::newRow("key 0b11") << QStringLiteral("0b11") << QStringLiteral("3");
        QTest::newRow("key a") << QStringLiteral("a") << QStringLiteral("a");
        QTest::newRow("key 1:20") << QStringLiteral("1:20") << QStringLiteral("1:20");
        QTest::newRow("key 123456789.0") << QStringLiteral("123456789.0") << QStringLiteral("1.2345679e+08");
        QTest::newRow("key 0.1") << QStringLiteral("0.1") << QStringLiteral("0.1");
    }

    void testKeys()
    {
        QFETCH(QString, key);
        QFETCH(QString, expected);
        const SourceDocument d = readOne(key.toUtf8() + ": v\n");
        QCOMPARE(d.value.toObject().keys(), QStringList{expected});
    }

    void testNumbersAsJsonCarriesThem()
    {
        const SourceDocument d = readOne("a: 3.0\nb: 1e3\nc: 3.5\nd: 99999999999999999999\ne: 9223372036854775807\n");
        const QJsonObject o = d.value.toObject();
        QCOMPARE(o.value(QLatin1String("a")).toVariant().typeId(), QMetaType::LongLong);
        QCOMPARE(o.value(QLatin1String("a")).toInteger(), 3);
        QCOMPARE(o.value(QLatin1String("b")).toInteger(), 1000);
        QCOMPARE(o.value(QLatin1String("c")).toDouble(), 3.5);
        QCOMPARE(o.value(QLatin1String("d")).toVariant().typeId(), QMetaType::Double);
        QCOMPARE(o.value(QLatin1String("e")).toInteger(), std::numeric_limits<qint64>::max());
    }

    void testMergeKeys()
    {
        const SourceDocument d = readOne("base: &base {image: nginx, name: base}\n"
                                         "one:\n  <<: *base\n  name: one\n"
                                         "two:\n  name: two\n  <<: *base\n"
                                         "three:\n  <<: [{a: 1, b: 1}, {a: 2, c: 2}]\n"
                                         "quoted:\n  \"<<\": not a merge\n");
        const QJsonObject o = d.value.toObject();
        QCOMPARE(compact(o.value(QLatin1String("one"))), QByteArray("[{\"image\":\"nginx\",\"name\":\"one\"}]"));
        // go-yaml v2 applies keys in order: a merge after a key overrides it.
        QCOMPARE(compact(o.value(QLatin1String("two"))), QByteArray("[{\"image\":\"nginx\",\"name\":\"base\"}]"));
        // In a list of merges the earlier map wins.
        QCOMPARE(compact(o.value(QLatin1String("three"))), QByteArray("[{\"a\":1,\"b\":1,\"c\":2}]"));
        QCOMPARE(compact(o.value(QLatin1String("quoted"))), QByteArray("[{\"<<\":\"not a merge\"}]"));
    }

    void testAliases()
    {
        const SourceDocument d = readOne("a: &x [1, {b: c}]\nd: *x\n");
        QCOMPARE(d.value.toObject().value(QLatin1String("d")), d.value.toObject().value(QLatin1String("a")));
        // The alias itself has a position; what it expands to has not.
        QCOMPARE(d.positions.value(QStringLiteral("d")), (SourcePosition{2, 1}));
        QCOMPARE(d.position(QStringLiteral("d[1].b")), (SourcePosition{2, 1}));
        // A bomb under the limit is fine; the same above it is not.
        YamlReadLimits limits;
        limits.maxAliasNodes = 20;
        const QByteArray lol = "a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b]\n";
        QVERIFY(YamlReader::read(lol, QStringLiteral("x"), YamlReadLimits()).ok());
        QCOMPARE(errorTexts(YamlReader::read(lol, QStringLiteral("x"), limits)),
                 QStringList{"3:5: document expands to more than 20 nodes (YAML alias bomb?)"});
    }

    // -- JSON --------------------------------------------------------------------------------

    void testJson()
    {
        const ReadResult r = YamlReader::read("{\"apiVersion\": \"v1\", \"kind\": \"Pod\",\n"
                                              " \"metadata\": {\"name\": \"p\", \"labels\": {\"a.b/c\": \"d\"}},\n"
                                              " \"spec\": {\"containers\": [{\"name\": \"c\", \"image\": \"i\"}], \"x\": 2.0, \"y\": 2.5}}\n"
                                              "{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"q\"}}\n",
                                              QStringLiteral("pods.json"));
        QVERIFY(r.ok());
        QCOMPARE(r.documents.size(), 2);
        const SourceDocument &d = r.documents[0];
        QCOMPARE(d.positions.value(QString()), (SourcePosition{1, 1}));
        QCOMPARE(d.positions.value(QStringLiteral("metadata.labels[a.b/c]")), (SourcePosition{2, 39}));
        QCOMPARE(d.positions.value(QStringLiteral("spec.containers[0]")), (SourcePosition{3, 26}));
        QCOMPARE(d.positions.value(QStringLiteral("spec.containers[0].image")), (SourcePosition{3, 40}));
        // Integral floats travel as integers, like YAML's.
        QCOMPARE(d.value[QLatin1String("spec")][QLatin1String("x")].toVariant().typeId(), QMetaType::LongLong);
        QCOMPARE(d.value[QLatin1String("spec")][QLatin1String("y")].toDouble(), 2.5);
        QCOMPARE(r.documents[1].index, 2);
        QCOMPARE(r.documents[1].positions.value(QStringLiteral("metadata.name")), (SourcePosition{4, 50}));
    }

    void testJsonProblemsGoThroughYaml_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QStringList>("errors");
        QTest::newRow("duplicate key") << QByteArray("{\"a\": 1,\n \"a\": 2}") << QStringList{"2:2: mapping key \"a\" already defined at line 1"};
        QTest::newRow("array") << QByteArray("[{\"a\": 1}]") << QStringList{"1:1: document 1 is an array, expected an object with apiVersion and kind"};
        QTest::newRow("unclosed") << QByteArray("{\"a\": [1, 2}") << QStringList{"1:12: illegal flow end: a ']' or '}' that does not match its opening bracket"};
        QTest::newRow("second is a number") << QByteArray("{\"a\": 1} 5") << QStringList{"1:10: did not find expected <document start>"};
    }

    void testJsonProblemsGoThroughYaml()
    {
        QFETCH(QByteArray, json);
        QFETCH(QStringList, errors);
        QCOMPARE(errorTexts(YamlReader::read(json, QStringLiteral("x.json"))), errors);
    }

    // YAML-only constructs inside a '{' file still read (JSON is only the fast path).
    void testFlowYamlStartingWithBrace()
    {
        const SourceDocument d = readOne("{apiVersion: v1, kind: ConfigMap, data: {a: yes}}\n");
        QCOMPARE(compact(d.value), QByteArray("[{\"apiVersion\":\"v1\",\"data\":{\"a\":true},\"kind\":\"ConfigMap\"}]"));
    }

    // -- List expansion -----------------------------------------------------------------------

    void testExpandLists()
    {
        const QByteArray yaml = "apiVersion: v1\n"
                                "kind: List\n"
                                "items:\n"
                                "- apiVersion: v1\n"
                                "  kind: ConfigMap\n"
                                "  metadata:\n"
                                "    name: a\n"
                                "- apiVersion: v1\n"
                                "  kind: PodList\n"
                                "  items:\n"
                                "  - apiVersion: v1\n"
                                "    kind: Pod\n"
                                "    metadata: {name: p}\n"
                                "- just a string\n"
                                "---\n"
                                "apiVersion: v1\n"
                                "kind: Service\n"
                                "metadata: {name: s}\n"
                                "---\n"
                                "apiVersion: v1\n"
                                "kind: List\n"
                                "items: []\n";
        const ReadResult r = YamlReader::read(yaml, QStringLiteral("list.yaml"));
        QVERIFY(r.ok());
        QCOMPARE(r.documents.size(), 3);
        SourceErrors errors;
        const QList<SourceDocument> docs = YamlReader::expandLists(r.documents, &errors);
        QStringList names;
        for (const SourceDocument &d : docs)
            names << d.value[QLatin1String("kind")].toString() + QLatin1Char('/') + d.value[QLatin1String("metadata")][QLatin1String("name")].toString();
        QCOMPARE(names, (QStringList{"ConfigMap/a", "Pod/p", "Service/s"}));
        QCOMPARE(docs[0].positions.value(QString()), (SourcePosition{4, 3}));
        QCOMPARE(docs[0].positions.value(QStringLiteral("metadata.name")), (SourcePosition{7, 5}));
        QCOMPARE(docs[1].positions.value(QStringLiteral("metadata.name")), (SourcePosition{13, 16}));
        QCOMPARE(docs[1].index, 1);
        QCOMPARE(docs[2].index, 2);
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().toString(),
                 QStringLiteral("list.yaml:14:3: items[2] of document 1 is a string, expected an object with apiVersion and kind"));
    }

};

QTEST_GUILESS_MAIN(TestYamlReaderValues)
#include "tst_yamlreader_values.moc"
