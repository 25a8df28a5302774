// Manifest files end to end without a cluster write unless all is well: every file of the
// bad-input corpus is refused with a positioned error and changes nothing; good files apply with
// kubectl's outcomes (created / configured / unchanged); `rlab validate` agrees.
#include "core/api/deployment.h"
#include "core/kubectl/manifest.h"
#include "core/cli/rlabcli.h"
#include "tests/testutil/fixtures.h"
#include "tests/testutil/testutil.h"

#include <QDir>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;
using namespace rlab::kubectl;

class TestManifest : public QObject
{
    Q_OBJECT

private slots:
    void badCorpusIsRefused_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expect");
        const QDir dir(test::dataPath(QStringLiteral("bad")));
        const QStringList files = dir.entryList(QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), "tests/data/bad is empty");
        for (const QString &f : files) {
            QString expect;
            QFile file(dir.filePath(f));
            if (file.open(QIODevice::ReadOnly)) {
                const QByteArray first = file.readLine(4096);
                if (first.startsWith("# expect: "))
                    expect = QString::fromUtf8(first.mid(10)).trimmed();
            }
            QTest::newRow(qPrintable(f)) << dir.filePath(f) << expect;
        }
    }
    void badCorpusIsRefused()
    {
        QFETCH(QString, path);
        QFETCH(QString, expect);
        test::ApiFixture f;
        const qint64 rev = f.api.currentRevision();
        const Manifest m = loadManifestFile(path);
        QVERIFY2(!m.ok(), qPrintable(path));
        QVERIFY(m.objects.isEmpty());
        for (const QString &e : m.errors)
            QVERIFY2(e.startsWith(path), qPrintable(e));   // every error names the file
        if (!expect.isEmpty())
            QVERIFY2(m.errors.join(QLatin1Char('\n')).contains(expect), qPrintable(m.errors.join(QLatin1Char('\n')) + QStringLiteral("\nexpected: ") + expect));
        QCOMPARE(applyManifest(f.client, m).size(), 0);
        QCOMPARE(f.api.currentRevision(), rev);
    }

    void validationErrorsCarryLines()
    {
        const QByteArray text = "apiVersion: apps/v1\n"
                                "kind: Deployment\n"
                                "metadata:\n"
                                "  name: web\n"
                                "spec:\n"
                                "  replicas: -1\n"
                                "  selector:\n"
                                "    matchLabels: {app: web}\n"
                                "  template:\n"
                                "    metadata:\n"
                                "      labels: {app: web}\n"
                                "    spec:\n"
                                "      containers:\n"
                                "      - name: web\n"
                                "        image: nginx\n";
        const Manifest m = loadManifest(text, QStringLiteral("web.yaml"));
        QCOMPARE(m.errors, QStringList{QStringLiteral("web.yaml:6:3: The Deployment \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0")});
    }

    void unknownFieldWarnsWithLine()
    {
        const QByteArray text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: nginx\n    imagee: typo\n";
        const Manifest m = loadManifest(text, QStringLiteral("p.yaml"));
        QVERIFY(m.ok());
        QCOMPARE(m.warnings, QStringList{QStringLiteral("p.yaml:9:5: Warning: unknown field \"spec.containers[0].imagee\"")});
        const Manifest strict = loadManifest(text, QStringLiteral("p.yaml"), true);
        QVERIFY(!strict.ok());
        QVERIFY(strict.errors.first().contains(QLatin1String("strict decoding error: unknown field \"spec.containers[0].imagee\"")));
    }

    void applyOutcomes()
    {
        test::ApiFixture f;
        const Manifest m = loadManifestFile(test::dataPath(QStringLiteral("good/nginx-deployment.yaml")));
        QVERIFY2(m.ok(), qPrintable(m.errors.join(QLatin1Char('\n'))));
        QCOMPARE(m.objects.size(), 2);
        QList<ApplyResult> r = applyManifest(f.client, m);
        QCOMPARE(r.size(), 2);
        QCOMPARE(r[0].describe(), QStringLiteral("deployment.apps/nginx created"));
        QCOMPARE(r[1].describe(), QStringLiteral("service/nginx created"));
        const auto d = f.api.getAs<Deployment>(QStringLiteral("default"), QStringLiteral("nginx"));
        QVERIFY(d->metadata.annotations.value(QStringLiteral("kubectl.kubernetes.io/last-applied-configuration")).contains(QLatin1String("\"namespace\":\"default\"")));
        // again: unchanged, no write
        const qint64 rev = f.api.currentRevision();
        r = applyManifest(f.client, m);
        QCOMPARE(r[0].describe(), QStringLiteral("deployment.apps/nginx unchanged"));
        QCOMPARE(f.api.currentRevision(), rev);
        // someone scales by hand, then the file changes the image: replicas come back from the
        // file (it sets them), a label added by someone else survives
        auto live = std::static_pointer_cast<Deployment>(d->clone());
        live->metadata.labels.insert(QStringLiteral("team"), QStringLiteral("blue"));
        QVERIFY(f.api.update(live).ok());
        QByteArray text = test::readData(QStringLiteral("good/nginx-deployment.yaml"));
        text.replace("nginx:1.25", "nginx:1.26");
        const Manifest m2 = loadManifest(text, QStringLiteral("nginx.yaml"));
        r = applyManifest(f.client, m2);
        QCOMPARE(r[0].describe(), QStringLiteral("deployment.apps/nginx configured"));
        const auto after = f.api.getAs<Deployment>(QStringLiteral("default"), QStringLiteral("nginx"));
        QCOMPARE(after->spec.template_.spec.containers[0].image, QStringLiteral("nginx:1.26"));
        QCOMPARE(after->metadata.labels.value(QStringLiteral("team")), QStringLiteral("blue"));
        QCOMPARE(after->metadata.generation, 2);
    }

    void rlabValidate()
    {
        QString out, err;
        QTextStream o(&out), e(&err);
        QCOMPARE(cli::runRlab({QStringLiteral("validate"), test::dataPath(QStringLiteral("good/nginx-deployment.yaml"))}, o, e), 0);
        QVERIFY2(out.contains(QLatin1String("2 object(s) valid, 0 file(s) with errors")), qPrintable(out));
        out.clear();
        const QString bad = QDir(test::dataPath(QStringLiteral("bad"))).entryInfoList(QDir::Files).value(0).filePath();
        QCOMPARE(cli::runRlab({QStringLiteral("validate"), bad}, o, e), 2);
        QVERIFY2(err.contains(bad), qPrintable(err));
        QCOMPARE(cli::runRlab({QStringLiteral("validate")}, o, e), 2);
        QCOMPARE(cli::runRlab({QStringLiteral("nope")}, o, e), 2);
    }
};

QTEST_GUILESS_MAIN(TestManifest)
#include "tst_manifest.moc"
