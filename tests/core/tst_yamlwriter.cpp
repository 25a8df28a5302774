// SPDX-License-Identifier: Apache-2.0
// toYaml: kubectl-identical output (`kubectl label --local -o yaml`, kubectl v1.32.4 with
// sigs.k8s.io/yaml), scalars and empty values, and toYaml -> YamlReader round trips.
#include "core/api/yamlwriter.h"
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
class TestYamlWriter : public QObject
{
    Q_OBJECT

private slots:
    void testToYaml_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QByteArray>("yaml");
        QTest::newRow("deployment")
            << QByteArray("{\"apiVersion\": \"apps/v1\", \"kind\": \"Deployment\", \"metadata\": {\"name\": \"nginx\", \"labels\": {\"foo\": \"bar\", \"app\": \"nginx\"}, \"annotations\": {\"deployment.kubernetes.io/revision\": \"1\"}}, \"spec\": {\"replicas\": 3, \"revisionHistoryLimit\": 10, \"selector\": {\"matchLabels\": {\"app\": \"nginx\"}}, \"strategy\": {\"type\": \"RollingUpdate\", \"rollingUpdate\": {\"maxSurge\": \"25%\", \"maxUnavailable\": \"25%\"}}, \"template\": {\"metadata\": {\"creationTimestamp\": null, \"labels\": {\"app\": \"nginx\"}}, \"spec\": {\"containers\": [{\"name\": \"nginx\", \"image\": \"nginx:1.25\", \"ports\": [{\"containerPort\": 80, \"protocol\": \"TCP\"}], \"args\": [\"--port=80\", \"-v\", \"2\"], \"resources\": {\"limits\": {\"cpu\": \"500m\", \"memory\": \"128Mi\"}}}], \"restartPolicy\": \"Always\", \"terminationGracePeriodSeconds\": 30}}}}")
            << QByteArray("apiVersion: apps/v1\n"
                "kind: Deployment\n"
                "metadata:\n"
                "  annotations:\n"
                "    deployment.kubernetes.io/revision: \"1\"\n"
                "  labels:\n"
                "    app: nginx\n"
                "    foo: bar\n"
                "  name: nginx\n"
                "spec:\n"
                "  replicas: 3\n"
                "  revisionHistoryLimit: 10\n"
                "  selector:\n"
                "    matchLabels:\n"
                "      app: nginx\n"
                "  strategy:\n"
                "    rollingUpdate:\n"
                "      maxSurge: 25%\n"
                "      maxUnavailable: 25%\n"
                "    type: RollingUpdate\n"
                "  template:\n"
                "    metadata:\n"
                "      creationTimestamp: null\n"
                "      labels:\n"
                "        app: nginx\n"
                "    spec:\n"
                "      containers:\n"
                "      - args:\n"
                "        - --port=80\n"
                "        - -v\n"
                "        - \"2\"\n"
                "        image: nginx:1.25\n"
                "        name: nginx\n"
                "        ports:\n"
                "        - containerPort: 80\n"
                "          protocol: TCP\n"
                "        resources:\n"
                "          limits:\n"
                "            cpu: 500m\n"
                "            memory: 128Mi\n"
                "      restartPolicy: Always\n"
                "      terminationGracePeriodSeconds: 30\n");
        QTest::newRow("quoting")
            << QByteArray("{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"x\", \"labels\": {\"foo\": \"bar\"}}, \"data\": {\"a\": \"*\", \"b\": \"80\", \"c\": \"\", \"d\": \" lead\", \"e\": \"tab\\there\", \"f\": \"a: b\", \"g\": \"1:20\", \"h\": \"it's\", \"i\": \"- x\", \"j\": \"-x\", \"k\": \"#x\", \"l\": \"a #b\", \"m\": \"trail \\nx\", \"n\": \" \\nlead\", \"o\": \"null\", \"p\": \"~\", \"q\": \"0x1F\", \"r\": \"1e3\", \"s\": \"y\", \"t\": \"2001-12-14\", \"u\": \".5\", \"v\": \"\077x\", \"w\": \"\077 x\", \"x\": \"x:\", \"y\": \"{a}\", \"zz\": \"\\u00e9 \\u00fc\", \"z1\": \"\\u0001\", \"z2\": \"1_000\", \"z3\": \"+1\", \"z4\": \".inf\", \"z5\": \"1e400\", \"z6\": \"---\", \"z7\": \"a'b\\\"c\\\\d\", \"z8\": \"true\", \"z9\": \"<<\", \"za\": \"\\ud83d\\ude00\", \"zb\": \"\\ufeffab\", \"zc\": \"x\\ufeffy\", \"zd\": \"NO\", \"ze\": \"1.5\", \"zf\": \"0.0\", \"zg\": \"%x\", \"zh\": \"@x\", \"zi\": \"`x\", \"zj\": \"!x\", \"zk\": \"&x\", \"zl\": \"|\", \"zm\": \">\", \"zn\": \"[a]\", \"zo\": \"a,b\", \"zp\": \"a]b\", \"zq\": \"2001-12-14 21:59:43.10\", \"zr\": \"2001-12-14T21:59:43Z\"}}")
            << QByteArray("apiVersion: v1\n"
                "data:\n"
                "  a: '*'\n"
                "  b: \"80\"\n"
                "  c: \"\"\n"
                "  d: ' lead'\n"
                "  e: \"tab\\there\"\n"
                "  f: 'a: b'\n"
                "  g: \"1:20\"\n"
                "  h: it's\n"
                "  i: '- x'\n"
                "  j: -x\n"
                "  k: '#x'\n"
                "  l: 'a #b'\n"
                "  m: \"trail \\nx\"\n"
                "  \"n\": \" \\nlead\"\n"
                "  o: \"null\"\n"
                "  p: \"~\"\n"
                "  q: \"0x1F\"\n"
                "  r: \"1e3\"\n"
                "  s: \"y\"\n"
                "  t: \"2001-12-14\"\n"
                "  u: \".5\"\n"
                "  v: \077x\n"
                "  w: '\077 x'\n"
                "  x: 'x:'\n"
                "  \"y\": '{a}'\n"
                "  z1: \"\\x01\"\n"
                "  z2: \"1_000\"\n"
                "  z3: \"+1\"\n"
                "  z4: \".inf\"\n"
                "  z5: 1e400\n"
                "  z6: '---'\n"
                "  z7: a'b\"c\\d\n"
                "  z8: \"true\"\n"
                "  z9: <<\n"
                "  za: \"\\U0001F600\"\n"
                "  zb: \"\\uFEFF\\x61\\x62\"\n"
                "  zc: \"x\\uFEFFy\"\n"
                "  zd: \"NO\"\n"
                "  ze: \"1.5\"\n"
                "  zf: \"0.0\"\n"
                "  zg: '%x'\n"
                "  zh: '@x'\n"
                "  zi: '`x'\n"
                "  zj: '!x'\n"
                "  zk: '&x'\n"
                "  zl: '|'\n"
                "  zm: '>'\n"
                "  zn: '[a]'\n"
                "  zo: a,b\n"
                "  zp: a]b\n"
                "  zq: \"2001-12-14 21:59:43.10\"\n"
                "  zr: \"2001-12-14T21:59:43Z\"\n"
                "  zz: \303\251 \303\274\n"
                "kind: ConfigMap\n"
                "metadata:\n"
                "  labels:\n"
                "    foo: bar\n"
                "  name: x\n");
        QTest::newRow("folding")
            << QByteArray("{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"x\", \"labels\": {\"foo\": \"bar\"}}, \"data\": {\"plain\": \"The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time itself\", \"dq\": \"The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time itself\\t\", \"sq\": \"'The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time itself\", \"lit\": \"line one\\nThe quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time itself\\n\", \"lead\": \"  x\\ny\", \"onlynl\": \"\\n\", \"trail2\": \"a\\n\\n\\n\", \"keep\": \"x\\n\\n\", \"strip\": \"a\\nb\", \"dqsp\": \"The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time itself  two  spaces  here and more words to get past the limit of eighty chars\\t\", \"nested\": {\"deeper\": {\"key\": \"The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time itself\"}}, \"list\": [\"The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time itself\", {\"k\": \"The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time itself\"}]}}")
            << QByteArray("apiVersion: v1\n"
                "data:\n"
                "  dq: \"The quick brown fox jumps over the lazy dog and keeps running through the forest\n"
                "    until the end of time itself\\t\"\n"
                "  dqsp: \"The quick brown fox jumps over the lazy dog and keeps running through the\n"
                "    forest until the end of time itself  two  spaces  here and more words to get past\n"
                "    the limit of eighty chars\\t\"\n"
                "  keep: |+\n"
                "    x\n"
                "\n"
                "  lead: |2-\n"
                "      x\n"
                "    y\n"
                "  list:\n"
                "  - The quick brown fox jumps over the lazy dog and keeps running through the forest\n"
                "    until the end of time itself\n"
                "  - k: The quick brown fox jumps over the lazy dog and keeps running through the forest\n"
                "      until the end of time itself\n"
                "  lit: |\n"
                "    line one\n"
                "    The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time itself\n"
                "  nested:\n"
                "    deeper:\n"
                "      key: The quick brown fox jumps over the lazy dog and keeps running through the\n"
                "        forest until the end of time itself\n"
                "  onlynl: |2+\n"
                "\n"
                "  plain: The quick brown fox jumps over the lazy dog and keeps running through the\n"
                "    forest until the end of time itself\n"
                "  sq: '''The quick brown fox jumps over the lazy dog and keeps running through the\n"
                "    forest until the end of time itself'\n"
                "  strip: |-\n"
                "    a\n"
                "    b\n"
                "  trail2: |+\n"
                "    a\n"
                "\n"
                "\n"
                "kind: ConfigMap\n"
                "metadata:\n"
                "  labels:\n"
                "    foo: bar\n"
                "  name: x\n");
        QTest::newRow("structure")
            << QByteArray("{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"x\", \"labels\": {\"foo\": \"bar\"}}, \"data\": {\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\": \"v\", \"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk2\": {\"a\": 1, \"b\": [1, 2]}, \"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk3\": [1, {\"c\": 2}], \"m\\nk\": \"x\", \"e\": {}, \"f\": [], \"g\": [[1, 2], []], \"h\": [{\"a\": [1]}, [{\"b\": null}]], \"n\": null, \"fl\": [0.5, 1e+21, 1e+20, 1234567.5, 1e-05, 100000000000000000000, -0.25, 1e-07, 3.0, 9007199254740993, -9223372036854775808, true, false]}}")
            << QByteArray("apiVersion: v1\n"
                "data:\n"
                "  e: {}\n"
                "  f: []\n"
                "  fl:\n"
                "  - 0.5\n"
                "  - 1e+21\n"
                "  - 1e+20\n"
                "  - 1.2345675e+06\n"
                "  - 1e-05\n"
                "  - 1e+20\n"
                "  - -0.25\n"
                "  - 1e-07\n"
                "  - 3\n"
                "  - 9007199254740993\n"
                "  - -9223372036854775808\n"
                "  - true\n"
                "  - false\n"
                "  g:\n"
                "  - - 1\n"
                "    - 2\n"
                "  - []\n"
                "  h:\n"
                "  - a:\n"
                "    - 1\n"
                "  - - b: null\n"
                "  \077 kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\n"
                "  : v\n"
                "  \077 kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk2\n"
                "  : a: 1\n"
                "    b:\n"
                "    - 1\n"
                "    - 2\n"
                "  \077 kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk3\n"
                "  : - 1\n"
                "    - c: 2\n"
                "  \077 |-\n"
                "    m\n"
                "    k\n"
                "  : x\n"
                "  \"n\": null\n"
                "kind: ConfigMap\n"
                "metadata:\n"
                "  labels:\n"
                "    foo: bar\n"
                "  name: x\n");
        QTest::newRow("keyorder")
            << QByteArray("{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"x\", \"labels\": {\"foo\": \"bar\"}}, \"data\": {\"a10\": \"v\", \"a9\": \"v\", \"a_b\": \"v\", \"aB\": \"v\", \"_x\": \"v\", \"Zeta\": \"v\", \"a0\": \"v\", \"a00\": \"v\", \"a01\": \"v\", \"a1\": \"v\", \"x-y\": \"v\", \"x.y\": \"v\", \"1\": \"v\", \"10\": \"v\", \"9\": \"v\", \"\\u00e9\": \"v\", \"\\u00c9a\": \"v\", \"a\": \"v\", \"b\": \"v\", \"A\": \"v\", \"-\": \"v\", \".\": \"v\", \"a-1\": \"v\", \"a.1\": \"v\", \"a/b\": \"v\", \"a b\": \"v\"}}")
            << QByteArray("apiVersion: v1\n"
                "data:\n"
                "  '-': v\n"
                "  .: v\n"
                "  _x: v\n"
                "  \"1\": v\n"
                "  \"9\": v\n"
                "  \"10\": v\n"
                "  A: v\n"
                "  Zeta: v\n"
                "  a: v\n"
                "  a b: v\n"
                "  a-1: v\n"
                "  a.1: v\n"
                "  a/b: v\n"
                "  a_b: v\n"
                "  a0: v\n"
                "  a00: v\n"
                "  a1: v\n"
                "  a01: v\n"
                "  a9: v\n"
                "  a10: v\n"
                "  aB: v\n"
                "  b: v\n"
                "  x-y: v\n"
                "  x.y: v\n"
                "  \303\211a: v\n"
                "  \303\251: v\n"
                "kind: ConfigMap\n"
                "metadata:\n"
                "  labels:\n"
                "    foo: bar\n"
                "  name: x\n");
    }

    void testToYaml()
    {
        QFETCH(QByteArray, json);
        QFETCH(QByteArray, yaml);
        const QJsonValue value = jsonValue(json);
        const QByteArray written = toYaml(value);
        if (written != yaml)
            qWarning().noquote() << "written:\n" << written;
        QCOMPARE(written, yaml);
        QCOMPARE(readOne(written).value, value);
    }

    void testToYamlScalarsAndEmpty_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QByteArray>("yaml");
        QTest::newRow("empty object") << QByteArray("{}") << QByteArray("{}\n");
        QTest::newRow("empty array") << QByteArray("[]") << QByteArray("[]\n");
        QTest::newRow("string") << QByteArray("\"x\"") << QByteArray("x\n");
        QTest::newRow("quoted string") << QByteArray("\"80\"") << QByteArray("\"80\"\n");
        QTest::newRow("null") << QByteArray("null") << QByteArray("null\n");
        QTest::newRow("root sequence") << QByteArray("[1, [2, 3], {\"a\": [4]}]")
                                       << QByteArray("- 1\n- - 2\n  - 3\n- a:\n  - 4\n");
        QTest::newRow("merge key quoted") << QByteArray("{\"<<\": \"<<\"}") << QByteArray("\"<<\": <<\n");
    }

    void testToYamlScalarsAndEmpty()
    {
        QFETCH(QByteArray, json);
        QFETCH(QByteArray, yaml);
        QCOMPARE(toYaml(jsonValue(json)), yaml);
    }

    // toYaml -> read gives back the same value.
    void testRoundTrip_data()
    {
        QTest::addColumn<QByteArray>("json");
        const char *const strings[] = {
            "", " ", "80", "0x1F", "1e3", "1_000", "true", "yes", "Y", "n", "off", "null", "~", "<<", "1:20", "2001-12-14",
            "2001-12-14 21:59:43.10", "*", "&a", "!a", "%a", "@a", "`a", "|", ">", "- x", "-", "--- x", "...", "? x", "a: b",
            "a #b", "#b", "x:", "{a}", "[a]", "a,b", "'", "\\\"", "\\\\", "it's", "a\\tb", "\\t", " lead", "trail ",
            "x\\n", "x\\n\\n", "\\n", "\\n\\nx", " \\nlead", "trail \\nx", "a\\r\\nb", "\\u0001", "\\u001b", "\\u0085",
            "\\u00a0", "\\u2028", "\\u2029", "\\ufeff", "\\ufeffa", "\\ud83d\\ude00", "é ü", ".inf", ".nan", "-.5", "+1",
            "1.", "08", "0o17", "0b101", "1e400",
            "The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time",
            "The quick brown fox jumps over the lazy dog and keeps running through the forest until the end of time\\t",
            "'The quick brown fox jumps over the lazy dog and keeps running through the forest until the end  of  time",
            "a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p  q  r  s  t  u  v  w  x  y  z  a  b  c  d  e  f  g\\t"};
        for (const char *s : strings) {
            const QByteArray str = QByteArray("\"") + s + "\"";
            QTest::newRow(s) << QByteArray("{\"v\": " + str + ", " + str + ": 1, \"l\": [" + str + "]}");
        }
        QTest::newRow("numbers") << QByteArray("{\"a\": [0, -1, 9223372036854775807, -9223372036854775808, 0.5, 1e21, 1e-7, "
                                               "1.2345675e6, 18446744073709551615, 1e300]}");
        QTest::newRow("long key") << QByteArray("{\"" + QByteArray(200, 'k') + "\": {\"a\": [1]}}");
        QTest::newRow("multi-line key") << QByteArray("{\"a\\nb\": [1, {\"c\": \"d\\n\"}], \"x\": [[[]], {}]}");
    }

    void testRoundTrip()
    {
        QFETCH(QByteArray, json);
        const QJsonValue value = jsonValue(json);
        const QByteArray yaml = toYaml(value);
        const ReadResult r = YamlReader::read(yaml, QStringLiteral("rt.yaml"));
        QVERIFY2(r.ok(), qPrintable(errorTexts(r).join(QLatin1Char('\n')) + QLatin1Char('\n') + QString::fromUtf8(yaml)));
        QCOMPARE(r.documents.size(), 1);
        if (r.documents[0].value != value)
            qWarning().noquote() << yaml;
        QCOMPARE(compact(r.documents[0].value), compact(value));
    }
};

QTEST_GUILESS_MAIN(TestYamlWriter)
#include "tst_yamlwriter.moc"
