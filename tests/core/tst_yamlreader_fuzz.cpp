// Deterministic mutation fuzzing of YamlReader: bit flips, truncations, splices and YAML-shaped
// edits of sample manifests (and of the bad-input corpus) must never crash or throw, every
// error must carry the file name and a line and column, and whatever reads cleanly must be a
// list of objects that toYaml() writes back to the same value.
#include "core/api/yamlreader.h"
#include "core/api/yamlwriter.h"
#include "tests/testutil/testutil.h"

#include <QDir>
#include <QTest>

#include <random>

using namespace rlab::api;

namespace {

const char *const kSeeds[] = {
    // A Deployment as users write it.
    "apiVersion: apps/v1\n"
    "kind: Deployment\n"
    "metadata:\n"
    "  name: nginx\n"
    "  labels:\n"
    "    app: nginx\n"
    "    app.kubernetes.io/part-of: shop\n"
    "spec:\n"
    "  replicas: 3\n"
    "  selector:\n"
    "    matchLabels:\n"
    "      app: nginx\n"
    "  strategy:\n"
    "    rollingUpdate: {maxSurge: 25%, maxUnavailable: 0}\n"
    "  template:\n"
    "    metadata:\n"
    "      labels:\n"
    "        app: nginx\n"
    "    spec:\n"
    "      containers:\n"
    "      - name: nginx\n"
    "        image: \"nginx:1.25\"\n"
    "        args: [\"--port=80\", '--verbose', plain]\n"
    "        ports:\n"
    "        - containerPort: 80\n"
    "        resources:\n"
    "          limits: {cpu: 500m, memory: 128Mi}\n",
    // Several documents, block scalars, comments, quoting.
    "# settings\n"
    "apiVersion: v1\n"
    "kind: ConfigMap\n"
    "metadata:\n"
    "  name: settings\n"
    "  annotations:\n"
    "    note: \"quoted: value # not a comment\"\n"
    "    single: 'it''s'\n"
    "data:\n"
    "  script: |\n"
    "    #!/bin/sh\n"
    "    echo \"hello\"\n"
    "\n"
    "    exit 0\n"
    "  folded: >-\n"
    "    one\n"
    "    two\n"
    "  empty:\n"
    "  nulls: ~\n"
    "  number: 0x1F\n"
    "---\n"
    "apiVersion: v1\n"
    "kind: Service\n"
    "metadata: {name: web}\n"
    "spec:\n"
    "  ports:\n"
    "  - {port: 80, targetPort: 8080}\n"
    "...\n"
    "---\n"
    "# trailing comment only\n",
    // Anchors, aliases and merge keys.
    "apiVersion: apps/v1\n"
    "kind: Deployment\n"
    "metadata: {name: anchors}\n"
    "x-base: &base\n"
    "  image: nginx:1.25\n"
    "  resources: &res\n"
    "    limits: {cpu: 500m, memory: 128Mi}\n"
    "spec:\n"
    "  template:\n"
    "    spec:\n"
    "      containers:\n"
    "      - <<: *base\n"
    "        name: one\n"
    "      - <<: [*base, {name: two}]\n"
    "        resources: *res\n",
    // JSON, a List of two objects.
    "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [\n"
    "  {\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"a\"}, \"data\": {\"k\": \"v\\n\", \"n\": \"1\"}},\n"
    "  {\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"p\", \"labels\": {\"app.kubernetes.io/name\": \"x\"}},\n"
    "   \"spec\": {\"containers\": [{\"name\": \"c\", \"image\": \"busybox\", \"command\": [\"sh\", \"-c\", \"sleep 1e3\"]}]}}\n"
    "]}\n",
    // Explicit keys, tags, unusual scalars.
    "apiVersion: v1\n"
    "kind: ConfigMap\n"
    "metadata:\n"
    "  name: odd\n"
    "data:\n"
    "  ? complex\n"
    "  : value\n"
    "  tagged: !!str 123\n"
    "  binary: !!binary aGVsbG8=\n"
    "  time: 2001-12-14t21:59:43.10-05:00\n"
    "  yes: no\n"
    "  list:\n"
    "  - - nested\n"
    "    - [flow, {in: flow}]\n"
    "  multi: \"line one\n"
    "    line two\"\n",
};

const char *const kTokens[] = {
    ":", ": ", "-", "- ", "---\n", "...\n", "[", "]", "{", "}", ",", "#", "&a ", "*a", "!", "!!int ", "|", ">", "'",
    "\"", "\\", "%", "@", "`", "?", "? ", "<<: ", "\t", "\n", "  ", "\r\n", "\r", "~", "\xC3\xA9", "\xF0\x9F\x98\x80",
    "\xEF\xBB\xBF", "\x07", "\xC2\x85", "\xFF", "0x", "1e400", ".inf", "{a: [", "]}", "*b", "&b [*a, *a, *a]\n",
};

class Mutator
{
public:
    explicit Mutator(quint32 seed)
        : m_rng(seed)
    {
    }

    qsizetype below(qsizetype n) { return n <= 0 ? 0 : qsizetype(m_rng() % quint32(n)); }

    QByteArray mutate(QByteArray s, const QList<QByteArray> &pool)
    {
        const int kind = int(below(11));
        if (s.isEmpty())
            return pool.at(below(pool.size()));
        switch (kind) {
        case 0: { // bit flip
            const qsizetype i = below(s.size());
            s[i] = char(s[i] ^ char(1 << below(8)));
            return s;
        }
        case 1: // insert a YAML-significant token
            return s.insert(below(s.size() + 1), kTokens[below(std::size(kTokens))]);
        case 2: { // delete a range
            const qsizetype i = below(s.size());
            return s.remove(i, 1 + below(qMin<qsizetype>(40, s.size() - i)));
        }
        case 3: // truncate
            return s.left(below(s.size()));
        case 4: { // splice with another input
            const QByteArray &o = pool.at(below(pool.size()));
            return s.left(below(s.size())) + o.mid(below(o.size()));
        }
        default:
            break;
        }
        QList<QByteArray> lines = s.split('\n');
        const qsizetype i = below(lines.size());
        switch (kind) {
        case 5: // duplicate a line
            lines.insert(i, lines.at(i));
            break;
        case 6: { // change indentation
            const int d = int(below(5)) - 2;
            if (d > 0)
                lines[i].prepend(QByteArray(d, ' '));
            else if (lines[i].startsWith(QByteArray(-d, ' ')))
                lines[i].remove(0, -d);
            break;
        }
        case 7: // swap lines
            lines.swapItemsAt(i, below(lines.size()));
            break;
        case 8: // tab indentation
            lines[i].prepend('\t');
            break;
        case 9: // repeat a chunk: long lines, deep or wide structures
            lines[i] = lines[i].repeated(int(2 + below(20)));
            break;
        default: // drop a line
            lines.removeAt(i);
            break;
        }
        return lines.join('\n');
    }

private:
    std::mt19937 m_rng;
};

} // namespace

class TestYamlReaderFuzz : public QObject
{
    Q_OBJECT

private slots:
    void testMutations()
    {
        QList<QByteArray> pool;
        for (const char *s : kSeeds)
            pool << QByteArray(s);
        const QDir bad(rlab::test::dataPath(QStringLiteral("bad")));
        for (const QString &name : bad.entryList(QDir::Files, QDir::Name))
            pool << rlab::test::readData(QStringLiteral("bad/") + name);
        QVERIFY(pool.size() > 20);

        // RLAB_FUZZ_SEED / RLAB_FUZZ_ITERATIONS allow longer runs by hand; CTest uses the defaults.
        const quint32 seed = qEnvironmentVariableIsSet("RLAB_FUZZ_SEED") ? quint32(qEnvironmentVariableIntValue("RLAB_FUZZ_SEED")) : 20260101u;
        const int iterations = qEnvironmentVariableIsSet("RLAB_FUZZ_ITERATIONS") ? qEnvironmentVariableIntValue("RLAB_FUZZ_ITERATIONS") : 3000;
        Mutator m(seed);
        const QString file = QStringLiteral("fuzz.yaml");
        int clean = 0;
        int failed = 0;
        for (int iteration = 0; iteration < iterations; ++iteration) {
            QByteArray input = pool.at(m.below(pool.size()));
            const int rounds = 1 + int(m.below(4));
            for (int k = 0; k < rounds; ++k)
                input = m.mutate(input, pool);
            const QByteArray context = "iteration " + QByteArray::number(iteration) + ": " + input.left(300).toPercentEncoding(" \n:-#[]{}");

            ReadResult r;
            try {
                r = YamlReader::read(input, file);
            } catch (...) {
                QFAIL(context.constData());
            }
            for (const SourceError &e : r.errors) {
                QVERIFY2(e.file == file, context.constData());
                QVERIFY2(e.line >= 1 && e.column >= 1, qPrintable(e.toString() + QLatin1Char('\n') + QString::fromLatin1(context)));
                QVERIFY2(!e.message.isEmpty(), context.constData());
            }
            const int lines = int(input.count('\n') + input.count('\r')) + 1;
            for (const SourceDocument &d : r.documents) {
                QVERIFY2(d.value.isObject(), context.constData());
                const SourcePosition root = d.positions.value(QString());
                QVERIFY2(root.line >= 1 && root.line <= lines, context.constData());
                for (const SourcePosition &p : d.positions)
                    QVERIFY2(p.line >= 1 && p.line <= lines && p.column >= 1, context.constData());
            }
            if (!r.ok()) {
                ++failed;
                continue;
            }
            ++clean;
            // What reads cleanly writes back to the same value. Aliases may expand it beyond
            // the size limit for files, so the written text is read without that limit.
            YamlReadLimits unlimited;
            unlimited.maxBytes = std::numeric_limits<qint64>::max();
            for (const SourceDocument &d : r.documents) {
                const QByteArray yaml = toYaml(d.value);
                if (yaml.size() > 256 * 1024)
                    continue;   // an alias expansion: round trips of those cost time, not coverage
                const ReadResult back = YamlReader::read(yaml, QStringLiteral("back.yaml"), unlimited);
                QVERIFY2(back.ok() && back.documents.size() == 1,
                         qPrintable(QString::fromLatin1(context) + QStringLiteral("\nerror: ")
                                    + (back.errors.isEmpty() ? QString() : back.errors.first().toString())
                                    + QStringLiteral("\nwrote:\n") + QString::fromUtf8(yaml.left(2000))));
                QVERIFY2(back.documents.first().value == d.value, context.constData());
            }
            // Reading is deterministic.
            if (iteration % 50 == 0) {
                const ReadResult again = YamlReader::read(input, file);
                QCOMPARE(again.errors, r.errors);
                QCOMPARE(again.documents.size(), r.documents.size());
            }
        }
        // Both outcomes are exercised (a fuzzer that only ever fails parsing tests little).
        QVERIFY(clean > iterations / 10);
        QVERIFY(failed > iterations / 10);
        qInfo("%d inputs read cleanly, %d were refused", clean, failed);
    }
};

QTEST_GUILESS_MAIN(TestYamlReaderFuzz)
#include "tst_yamlreader_fuzz.moc"
