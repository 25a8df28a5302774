// SPDX-License-Identifier: Apache-2.0
// YamlReader: the bad-input corpus in tests/data/bad, size limits, syntax errors, empty and
// multiple documents, positions and the error format. Values: tst_yamlreader_values.cpp;
// writing: tst_yamlwriter.cpp.
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
class TestYamlReader : public QObject
{
    Q_OBJECT

private slots:
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

};

QTEST_GUILESS_MAIN(TestYamlReader)
#include "tst_yamlreader.moc"
