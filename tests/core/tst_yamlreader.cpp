// YamlReader / toYaml: the bad-input corpus in tests/data/bad, scalar resolution, positions,
// JSON input, List expansion and kubectl-identical output. Expected values in the scalar, key
// and toYaml tables were captured from kubectl v1.32.4 (`kubectl label --local -o json|yaml`),
// which reads manifests with sigs.k8s.io/yaml (go-yaml v2).
#include "core/api/yamlreader.h"
#include "core/api/yamlwriter.h"
#include "tests/testutil/testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rlab::api;

namespace rlab::api {
// Lets QCOMPARE print positions.
char *toString(const SourcePosition &p)
{
    return QTest::toString(QStringLiteral("%1:%2").arg(p.line).arg(p.column));
}
} // namespace rlab::api

namespace {

// Errors without the file name: "7:13: message", or "message" when there is no line.
QStringList errorTexts(const ReadResult &r)
{
    QStringList out;
    for (const SourceError &e : r.errors) {
        out << e.toString().mid(e.file.size() + (e.line > 0 ? 1 : 2));
    }
    return out;
}

QJsonValue jsonValue(const QByteArray &json)
{
    QJsonParseError err{};
    const QJsonDocument d = QJsonDocument::fromJson("[" + json + "]", &err);
    if (err.error != QJsonParseError::NoError)
        qFatal("bad test JSON %s", json.constData());
    return d.array().first();
}

QByteArray compact(const QJsonValue &v)
{
    return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
}

// The single document of `yaml`, failing the test on errors.
SourceDocument readOne(const QByteArray &yaml)
{
    const ReadResult r = YamlReader::read(yaml, QStringLiteral("test.yaml"));
    if (!r.ok() || r.documents.size() != 1)
        qWarning() << "unexpected:" << errorTexts(r) << r.documents.size();
    return r.documents.value(0);
}

} // namespace

class TestYamlReader : public QObject
{
    Q_OBJECT

private slots:
    // -- bad input -------------------------------------------------------------------------

    void testBadCorpus_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("errors");
        QTest::addColumn<int>("documents");
        auto row = [](const char *file, QStringList errors, int documents = 0) {
            QTest::newRow(file) << QString::fromLatin1(file) << errors << documents;
        };
        row("alias-bomb.yaml", {"14:10: document expands to more than 1000000 nodes (YAML alias bomb?)"});
        row("bad-indentation.yaml", {"8:12: mapping values are not allowed in this context"});
        row("bad-tag.yaml", {"7:13: cannot decode !!str `three` as a !!int"});
        row("binary.bin", {"1:1: file is not UTF-8 text (it contains NUL bytes)"});
        row("broken-json.json", {"4:1: did not find expected ',' or '}'"});
        row("control-character.yaml", {"5:13: control characters are not allowed (found U+0007)"});
        row("duplicate-keys.yaml", {"11:3: mapping key \"replicas\" already defined at line 7"});
        row("flow-not-closed.yaml", {"10:1: did not find expected ',' or ']'"});
        row("infinity.yaml", {"7:13: json: unsupported value: +Inf (JSON has no infinity or NaN)"});
        row("latin1.yaml", {"5:12: file is not UTF-8 text (invalid byte 0xe9)"});
        row("merge-not-map.yaml", {"6:7: map merge requires map or sequence of maps as the value"});
        row("missing-colon.yaml", {"6:3: could not find expected ':'"});
        row("missing-document-start.yaml", {"2:1: document 1 is a sequence, expected an object with apiVersion and kind",
                                             "4:1: did not find expected <document start>"});
        row("non-string-key.yaml", {"7:3: mapping key must be a string, not a sequence"});
        row("null-key.yaml", {"7:3: mapping key must be a string, not null"});
        row("recursive-alias.yaml", {"7:9: anchor 'loop' value contains itself"});
        row("second-document-scalar.yaml", {"7:1: document 2 is a string, expected an object with apiVersion and kind"}, 1);
        row("tab-indentation.yaml", {"7:1: found a tab character where indentation is expected; YAML indentation must use "
                                     "spaces, not tabs"});
        row("too-deep.yaml", {"7:104: document nests deeper than 100 levels"});
        row("top-level-list.yaml", {"2:1: document 1 is a sequence, expected an object with apiVersion and kind"});
        row("unknown-anchor.yaml", {"7:7: unknown anchor 'base' referenced"});
        row("unterminated-quote.yaml", {"7:13: found unexpected end of stream while scanning a quoted scalar"});
    }

    void testBadCorpus()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, errors);
        QFETCH(int, documents);
        const QString path = rlab::test::dataPath(QStringLiteral("bad/") + file);
        const ReadResult r = YamlReader::readFile(path);
        QCOMPARE(errorTexts(r), errors);
        QCOMPARE(r.documents.size(), documents);
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.first().file, path);
        // Every YAML file of the corpus announces its error on its first line.
        const QByteArray text = rlab::test::readData(QStringLiteral("bad/") + file);
        if (text.startsWith("# expect: ")) {
            const QString expect = QString::fromUtf8(text.mid(10, text.indexOf('\n') - 10));
            bool found = false;
            for (const SourceError &e : r.errors)
                found |= e.message.contains(expect);
            QVERIFY2(found, qPrintable(expect));
        }
    }

    // Files announcing an error the API layer reports (wrong kind, bad replicas, ...) must at
    // least read cleanly here; the semantic checks are tested with validation.
    void testSemanticCorpusIsValidYaml()
    {
        const QStringList mine = {"alias-bomb.yaml", "bad-indentation.yaml", "bad-tag.yaml", "control-character.yaml",
                                  "duplicate-keys.yaml", "flow-not-closed.yaml", "infinity.yaml", "latin1.yaml",
                                  "merge-not-map.yaml", "missing-colon.yaml", "missing-document-start.yaml",
                                  "non-string-key.yaml", "null-key.yaml", "recursive-alias.yaml",
                                  "second-document-scalar.yaml", "tab-indentation.yaml", "too-deep.yaml",
                                  "top-level-list.yaml", "unknown-anchor.yaml", "unterminated-quote.yaml"};
        const QDir dir(rlab::test::dataPath(QStringLiteral("bad")));
        for (const QString &name : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
            if (mine.contains(name))
                continue;
            const ReadResult r = YamlReader::readFile(dir.filePath(name));
            QVERIFY2(r.ok(), qPrintable(name + QLatin1String(": ") + errorTexts(r).join(QLatin1String("; "))));
            QVERIFY2(!r.documents.isEmpty(), qPrintable(name));
        }
    }

    // A 50 MB file is refused from its size alone: it is all NUL bytes, so reading it would
    // have said "not UTF-8" instead.
    void testTooLargeRefusedBeforeReading()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("huge.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(50 * 1024 * 1024));
        f.close();
        const ReadResult r = YamlReader::readFile(path);
        QCOMPARE(errorTexts(r), QStringList{"file is 52428800 bytes, more than the 3145728-byte limit for a manifest "
                                            "(3 MiB, the API server's request size limit)"});
        QCOMPARE(r.errors.first().line, 0);
        QCOMPARE(r.errors.first().toString(),
                 path + QStringLiteral(": file is 52428800 bytes, more than the 3145728-byte limit for a manifest "
                                       "(3 MiB, the API server's request size limit)"));
    }

    void testSizeLimitBoundary()
    {
        QCOMPARE(kMaxManifestBytes, qint64(3145728));
        QByteArray text = "# comment\n";
        text = text.repeated(int(kMaxManifestBytes / text.size()));
        text.append(QByteArray(int(kMaxManifestBytes - text.size()), '#'));
        QCOMPARE(qint64(text.size()), kMaxManifestBytes);
        ReadResult r = YamlReader::read(text, QStringLiteral("limit.yaml"));
        QVERIFY(r.ok());
        QCOMPARE(r.documents.size(), 0);
        text.append('#');
        r = YamlReader::read(text, QStringLiteral("limit.yaml"));
        QCOMPARE(errorTexts(r), QStringList{"file is 3145729 bytes, more than the 3145728-byte limit for a manifest "
                                            "(3 MiB, the API server's request size limit)"});
    }

    void testMissingFile()
    {
        const ReadResult r = YamlReader::readFile(QStringLiteral("/nonexistent/x.yaml"));
        QCOMPARE(errorTexts(r), QStringList{"no such file"});
    }

    void testSyntaxErrors_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QStringList>("errors");
        QTest::newRow("tab after key") << QByteArray("a:\n\tb: 2\n")
                                       << QStringList{"2:1: found a tab character where indentation is expected; YAML "
                                                      "indentation must use spaces, not tabs"};
        QTest::newRow("mapping value") << QByteArray("a: b: c\n") << QStringList{"1:5: mapping values are not allowed in this context"};
        QTest::newRow("sequence after mapping") << QByteArray("a: x\n- b\n") << QStringList{"2:1: did not find expected key"};
        QTest::newRow("last line without colon") << QByteArray("a:\n  b: 1\n  c\n") << QStringList{"3:3: could not find expected ':'"};
        QTest::newRow("content after end marker") << QByteArray("a: 1\n...\nb: 2\n")
                                                  << QStringList{"3:1: did not find expected <document start>"};
        QTest::newRow("bad escape") << QByteArray("a: \"\\x4\"\n") << QStringList{"1:9: bad character found while scanning hex number"};
        QTest::newRow("unterminated single quote") << QByteArray("a: 'it''s\n")
                                                   << QStringList{"1:4: found unexpected end of stream while scanning a quoted scalar"};
        QTest::newRow("NEL") << QByteArray("a: \"x\xc2\x85y\"\n") << QStringList{"1:6: control characters are not allowed (found U+0085)"};
        QTest::newRow("duplicates in flow") << QByteArray("a: {b: 1, b: 2}\n")
                                            << QStringList{"1:11: mapping key \"b\" already defined at line 1"};
        QTest::newRow("two duplicates") << QByteArray("a: 1\na: 2\nb: 1\nb: 2\n")
                                        << QStringList{"2:1: mapping key \"a\" already defined at line 1",
                                                       "4:1: mapping key \"b\" already defined at line 3"};
        QTest::newRow("huge uint key") << QByteArray("18446744073709551615: x\n")
                                       << QStringList{"1:1: mapping key must be a string (unsupported map key of type: uint64)"};
        QTest::newRow("tagged null") << QByteArray("a: !!null x\n") << QStringList{"1:4: cannot decode !!str `x` as a !!null"};
        QTest::newRow("bad base64") << QByteArray("a: !!binary \"!!!\"\n")
                                    << QStringList{"1:4: !!binary value contains invalid base64 data"};
    }

    void testSyntaxErrors()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QStringList, errors);
        QCOMPARE(errorTexts(YamlReader::read(yaml, QStringLiteral("x.yaml"))), errors);
    }

    void testEmptyDocuments_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<int>("documents");
        QTest::newRow("empty file") << QByteArray() << 0;
        QTest::newRow("whitespace") << QByteArray(" \n\n\t\n") << 0;
        QTest::newRow("only comments") << QByteArray("# nothing here\n# at all\n") << 0;
        QTest::newRow("separators only") << QByteArray("---\n---\n# c\n---\n") << 0;
        QTest::newRow("null document") << QByteArray("~\n") << 0;
        QTest::newRow("empty between") << QByteArray("a: 1\n---\n---\nb: 2\n") << 2;
        QTest::newRow("leading and trailing separators") << QByteArray("---\na: 1\n---\n") << 1;
        QTest::newRow("end marker") << QByteArray("a: 1\n...\n") << 1;
    }

    void testEmptyDocuments()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(int, documents);
        const ReadResult r = YamlReader::read(yaml, QStringLiteral("x.yaml"));
        QVERIFY2(r.ok(), qPrintable(errorTexts(r).join(QLatin1Char('\n'))));
        QCOMPARE(r.documents.size(), documents);
    }

    // -- values ----------------------------------------------------------------------------

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

    // -- documents and positions -----------------------------------------------------------

    void testMultiDocument()
    {
        const ReadResult r = YamlReader::read("# leading comment\n---\napiVersion: v1\nkind: A\n---\n# empty\n---\n"
                                              "apiVersion: v1\nkind: B\n...\n---\n{apiVersion: v1, kind: C}\n",
                                              QStringLiteral("multi.yaml"));
        QVERIFY(r.ok());
        QCOMPARE(r.documents.size(), 3);
        QStringList kinds;
        for (const SourceDocument &d : r.documents)
            kinds << d.value.toObject().value(QLatin1String("kind")).toString();
        QCOMPARE(kinds, (QStringList{"A", "B", "C"}));
        QCOMPARE(r.documents[0].index, 1);
        QCOMPARE(r.documents[2].index, 3);
        QCOMPARE(r.documents[1].positions.value(QString()), (SourcePosition{8, 1}));
        QCOMPARE(r.documents[2].positions.value(QStringLiteral("kind")), (SourcePosition{12, 18}));
        QCOMPARE(r.documents[2].file, QStringLiteral("multi.yaml"));
    }

    void testPositions()
    {
        const QByteArray yaml = "apiVersion: apps/v1\n"            // 1
                                "kind: Deployment\n"               // 2
                                "metadata:\n"                      // 3
                                "  name: web\n"                    // 4
                                "  labels:\n"                      // 5
                                "    app.kubernetes.io/name: web\n" // 6
                                "spec:\n"                          // 7
                                "  replicas: 3\n"                  // 8
                                "  template:\n"                    // 9
                                "    spec:\n"                      // 10
                                "      containers:\n"              // 11
                                "      - name: web\n"              // 12
                                "        image: \"nginx:1.25\"\n"  // 13
                                "        ports: [{containerPort: 80}, {containerPort: 443}]\n"; // 14
        const SourceDocument d = readOne(yaml);
        QCOMPARE(d.positions.value(QString()), (SourcePosition{1, 1}));
        QCOMPARE(d.positions.value(QStringLiteral("kind")), (SourcePosition{2, 1}));
        QCOMPARE(d.positions.value(QStringLiteral("metadata.name")), (SourcePosition{4, 3}));
        QCOMPARE(d.positions.value(QStringLiteral("metadata.labels[app.kubernetes.io/name]")), (SourcePosition{6, 5}));
        QCOMPARE(d.positions.value(QStringLiteral("spec.replicas")), (SourcePosition{8, 3}));
        QCOMPARE(d.positions.value(QStringLiteral("spec.template.spec.containers")), (SourcePosition{11, 7}));
        QCOMPARE(d.positions.value(QStringLiteral("spec.template.spec.containers[0]")), (SourcePosition{12, 9}));
        QCOMPARE(d.positions.value(QStringLiteral("spec.template.spec.containers[0].image")), (SourcePosition{13, 9}));
        QCOMPARE(d.positions.value(QStringLiteral("spec.template.spec.containers[0].ports[1]")), (SourcePosition{14, 38}));
        QCOMPARE(d.positions.value(QStringLiteral("spec.template.spec.containers[0].ports[1].containerPort")),
                 (SourcePosition{14, 39}));
        // Fallbacks: a missing field points at its parent; map keys may be spelled with dots.
        QCOMPARE(d.position(QStringLiteral("spec.template.spec.containers[0].resources.limits")), (SourcePosition{12, 9}));
        QCOMPARE(d.position(QStringLiteral("spec.strategy")), (SourcePosition{7, 1}));
        QCOMPARE(d.position(QStringLiteral("metadata.labels.app.kubernetes.io/name")), (SourcePosition{5, 3}));
        QCOMPARE(d.position(QStringLiteral("metadata.labels[app]")), (SourcePosition{5, 3}));
        QCOMPARE(d.position(QStringLiteral("nothing")), (SourcePosition{1, 1}));
        QCOMPARE(d.errorAt(QStringLiteral("spec.replicas"), QStringLiteral("Invalid value: -1")).toString(),
                 QStringLiteral("test.yaml:8:3: Invalid value: -1"));
    }

    void testColumnsCountCharacters()
    {
        // The BOM is not a column; "é" is one.
        const SourceDocument d = readOne("\xEF\xBB\xBF" "é: 1\nb: [\"ü\", x]\n");
        QCOMPARE(d.positions.value(QStringLiteral("[é]")), (SourcePosition{1, 1}));
        QCOMPARE(d.positions.value(QStringLiteral("b[1]")), (SourcePosition{2, 10}));
    }

    void testLineEndings()
    {
        const SourceDocument crlf = readOne("a: 1\r\nb:\r\n  c: \"x\"\r\n");
        QCOMPARE(compact(crlf.value), QByteArray("[{\"a\":1,\"b\":{\"c\":\"x\"}}]"));
        QCOMPARE(crlf.positions.value(QStringLiteral("b.c")), (SourcePosition{3, 3}));
        // Old Mac line ends: yaml-cpp would glue "1b"; they are line breaks.
        const SourceDocument cr = readOne("a: 1\rb: 2\r");
        QCOMPARE(compact(cr.value), QByteArray("[{\"a\":1,\"b\":2}]"));
        QCOMPARE(cr.positions.value(QStringLiteral("b")), (SourcePosition{2, 1}));
    }

    void testErrorFormat()
    {
        QCOMPARE((SourceError{QStringLiteral("f.yaml"), 3, 7, QStringLiteral("m")}).toString(), QStringLiteral("f.yaml:3:7: m"));
        QCOMPARE((SourceError{QStringLiteral("f.yaml"), 3, 0, QStringLiteral("m")}).toString(), QStringLiteral("f.yaml:3: m"));
        QCOMPARE((SourceError{QStringLiteral("f.yaml"), 0, 0, QStringLiteral("m")}).toString(), QStringLiteral("f.yaml: m"));
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

    // -- writing -------------------------------------------------------------------------------

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

QTEST_GUILESS_MAIN(TestYamlReader)
#include "tst_yamlreader.moc"
