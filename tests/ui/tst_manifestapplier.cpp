#include "core/api/deployment.h"
#include "core/sim/cluster.h"
#include "ui/apply/manifestapplier.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// All-or-nothing apply of manifest batches: what is written, what is refused, and where the
// errors point.
class TestManifestApplier : public QObject
{
    Q_OBJECT

private:
    static QByteArray deployment(const QString &name, int replicas, const QString &image = QStringLiteral("nginx:1.25"))
    {
        return QStringLiteral("apiVersion: apps/v1\n"
                              "kind: Deployment\n"
                              "metadata:\n"
                              "  name: %1\n"
                              "spec:\n"
                              "  replicas: %2\n"
                              "  selector:\n"
                              "    matchLabels:\n"
                              "      app: %1\n"
                              "  template:\n"
                              "    metadata:\n"
                              "      labels:\n"
                              "        app: %1\n"
                              "    spec:\n"
                              "      containers:\n"
                              "      - name: app\n"
                              "        image: %3\n")
            .arg(name)
            .arg(replicas)
            .arg(image)
            .toUtf8();
    }

    static ManifestSource src(const QString &name, const QByteArray &text) { return ManifestSource{name, text, {}}; }

private slots:
    void testCreateThenConfigureThenUnchanged()
    {
        Cluster cluster;
        const qint64 rev0 = cluster.store().revision();
        ApplyReport r = ManifestApplier::apply(cluster.client(), {src("web.yaml", deployment("web", 3))});
        QVERIFY2(r.ok(), qPrintable(r.problems.value(0).toString()));
        QCOMPARE(r.results, QStringList{"deployment.apps/web created"});
        QCOMPARE(r.revisionBefore, rev0);
        QCOMPARE(r.revisionAfter, rev0 + 1);
        QCOMPARE(cluster.api().getAs<api::Deployment>("default", "web")->spec.replicas.value_or(-1), 3);

        r = ManifestApplier::apply(cluster.client(), {src("web.yaml", deployment("web", 5))});
        QVERIFY(r.ok());
        QCOMPARE(r.results, QStringList{"deployment.apps/web configured"});
        QCOMPARE(cluster.api().getAs<api::Deployment>("default", "web")->spec.replicas.value_or(-1), 5);

        r = ManifestApplier::apply(cluster.client(), {src("web.yaml", deployment("web", 5))});
        QVERIFY(r.ok());
        QCOMPARE(r.results, QStringList{"deployment.apps/web unchanged"});
        QCOMPARE(r.revisionAfter, r.revisionBefore);
        // kubectl's bookkeeping: the manifest as applied, in the annotation.
        const auto web = cluster.api().getAs<api::Deployment>("default", "web");
        QVERIFY(web->metadata.annotations.value("kubectl.kubernetes.io/last-applied-configuration").contains("\"replicas\":5"));
    }

    void testApplyKeepsWhatOthersChanged()
    {
        // kubectl apply's three-way merge: a field the manifest does not mention keeps the live
        // value someone else set (a label); a field it does mention is set back to the manifest's
        // value (replicas scaled to 7 return to 3, the reason HPA users drop spec.replicas).
        Cluster cluster;
        QVERIFY(ManifestApplier::apply(cluster.client(), {src("web.yaml", deployment("web", 3))}).ok());
        auto scaled = std::static_pointer_cast<api::Deployment>(cluster.api().getAs<api::Deployment>("default", "web")->clone());
        scaled->spec.replicas = 7;
        scaled->metadata.labels.insert(QStringLiteral("team"), QStringLiteral("blue"));
        QVERIFY(cluster.api().update(scaled).ok());
        const ApplyReport r = ManifestApplier::apply(cluster.client(), {src("web.yaml", deployment("web", 3, QStringLiteral("nginx:1.26")))});
        QVERIFY2(r.ok(), qPrintable(r.problems.value(0).toString()));
        QCOMPARE(r.results, QStringList{"deployment.apps/web configured"});
        const auto web = cluster.api().getAs<api::Deployment>("default", "web");
        QCOMPARE(web->spec.replicas.value_or(-1), 3);
        QCOMPARE(web->metadata.labels.value(QStringLiteral("team")), QStringLiteral("blue"));
        QCOMPARE(web->spec.template_.spec.containers.value(0).image, QStringLiteral("nginx:1.26"));
    }

    void testRefusedBatchesChangeNothing_data()
    {
        QTest::addColumn<QByteArray>("first");
        QTest::addColumn<QByteArray>("second");
        QTest::addColumn<QString>("expected");   // the first problem, as shown
        QTest::addColumn<int>("line");

        QTest::newRow("negative replicas in the second document")
            << deployment("a", 1) << deployment("b", -1)
            << "two.yaml:6:3: The Deployment \"b\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"
            << 6;
        QTest::newRow("tab indentation")
            << deployment("a", 1) << QByteArray("apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: x\n")
            << "two.yaml:4:1: " << 4;
        QTest::newRow("unknown field (strict)")
            << deployment("a", 1) << deployment("b", 1).replace("  replicas: 1\n", "  replicas: 1\n  replica: 2\n")
            << "two.yaml:7:3: Deployment in version "
            << 7;
        QTest::newRow("missing kind")
            << deployment("a", 1) << QByteArray("apiVersion: v1\nmetadata:\n  name: x\n")
            << "two.yaml:1:1: error validating data: kind not set" << 1;
        QTest::newRow("unknown kind (kubectl's resource mapping)")
            << deployment("a", 1) << deployment("b", 1).replace("kind: Deployment", "kind: Deploymnt")
            << "two.yaml:2:1: resource mapping not found for name: \"b\" namespace: \"\" from \"two.yaml\": "
               "no matches for kind \"Deploymnt\" in version \"apps/v1\"" << 2;
        QTest::newRow("bad image in a second file")
            << deployment("a", 1) << deployment("b", 1, QStringLiteral("\"\""))
            << "two.yaml:17:9: The Deployment \"b\" is invalid: spec.template.spec.containers[0].image: Required value" << 17;
    }

    void testRefusedBatchesChangeNothing()
    {
        QFETCH(QByteArray, first);
        QFETCH(QByteArray, second);
        QFETCH(QString, expected);
        QFETCH(int, line);
        Cluster cluster;
        const qint64 rev0 = cluster.store().revision();
        const ApplyReport r = ManifestApplier::apply(cluster.client(), {src("one.yaml", first), src("two.yaml", second)});
        QVERIFY(!r.ok());
        QVERIFY(r.results.isEmpty());
        QCOMPARE(cluster.store().revision(), rev0);
        QCOMPARE(r.revisionAfter, rev0);
        QVERIFY2(r.problems.first().toString().startsWith(expected), qPrintable(r.problems.first().toString()));
        if (QByteArray(QTest::currentDataTag()) == "unknown field (strict)")
            QVERIFY(r.problems.first().message.endsWith(QLatin1String("strict decoding error: unknown field \"spec.replica\"")));
        QCOMPARE(r.problems.first().line, line);
        QCOMPARE(r.problems.first().file, QStringLiteral("two.yaml"));
    }

    void testMultiDocumentAndList()
    {
        Cluster cluster;
        const QByteArray multi = deployment("a", 1) + "---\n# only a comment\n---\n" + deployment("b", 2);
        const QByteArray list = R"({"apiVersion":"v1","kind":"List","items":[
            {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c1"},"data":{"k":"v"}},
            {"apiVersion":"v1","kind":"Namespace","metadata":{"name":"demo"}}]})";
        const ApplyReport r = ManifestApplier::apply(cluster.client(), {src("multi.yaml", multi), src("list.json", list)});
        QVERIFY2(r.ok(), qPrintable(r.problems.value(0).toString()));
        QCOMPARE(r.results, (QStringList{"deployment.apps/a created", "deployment.apps/b created", "configmap/c1 created",
                                         "namespace/demo created"}));
        QCOMPARE(r.revisionAfter, r.revisionBefore + 4);
    }

    void testNamespaceCreatedByTheSameBatch()
    {
        Cluster cluster;
        const QByteArray text = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n---\n"
                                + deployment("web", 1).replace("  name: web\n", "  name: web\n  namespace: shop\n");
        const ApplyReport r = ManifestApplier::apply(cluster.client(), {src("shop.yaml", text)});
        QVERIFY2(r.ok(), qPrintable(r.problems.value(0).toString()));
        QVERIFY(cluster.api().getAs<api::Deployment>("shop", "web"));
    }

    void testMissingNamespaceIsRefused()
    {
        Cluster cluster;
        const qint64 rev0 = cluster.store().revision();
        const QByteArray text = deployment("web", 1).replace("  name: web\n", "  name: web\n  namespace: nowhere\n");
        const ApplyReport r = ManifestApplier::apply(cluster.client(), {src("web.yaml", text)});
        QVERIFY(!r.ok());
        QVERIFY2(r.problems.first().message.contains(QLatin1String("namespaces \"nowhere\" not found")),
                 qPrintable(r.problems.first().message));
        QCOMPARE(cluster.store().revision(), rev0);
    }

    void testEmptyAndUnreadable()
    {
        Cluster cluster;
        ApplyReport r = ManifestApplier::apply(cluster.client(), {src("empty.yaml", "# nothing\n")});
        QVERIFY(!r.ok());
        QCOMPARE(r.problems.first().message, QStringLiteral("error: no objects passed to apply"));

        QTemporaryDir dir;
        const ManifestSource missing = ManifestSource::fromFile(dir.filePath("missing.yaml"));
        QVERIFY(!missing.readError.isEmpty());
        r = ManifestApplier::apply(cluster.client(), {src("ok.yaml", deployment("a", 1)), missing});
        QVERIFY(!r.ok());
        QVERIFY(!cluster.api().getAs<api::Deployment>("default", "a"));
    }

    void testScenarioIsNotAppliedAsAnObject()
    {
        Cluster cluster;
        const ApplyReport r = ManifestApplier::apply(
            cluster.client(), {src("s.yaml", "apiVersion: rlab.dev/v1alpha1\nkind: Scenario\nmetadata: {name: x}\nspec: {}\n")});
        QVERIFY(!r.ok());
        QVERIFY(r.problems.first().message.contains(QLatin1String("scenario")));
        QCOMPARE(r.problems.first().line, 2);
    }

    void testFileNames_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("yaml") << "/tmp/a.yaml" << true;
        QTest::newRow("yml upper") << "/tmp/a.YML" << true;
        QTest::newRow("json") << "a.json" << true;
        QTest::newRow("text") << "a.txt" << false;
        QTest::newRow("no suffix") << "Makefile" << false;
    }

    void testFileNames()
    {
        QFETCH(QString, path);
        QFETCH(bool, accepted);
        QCOMPARE(ManifestSource::isManifestFileName(path), accepted);
    }
};

QTEST_MAIN(TestManifestApplier)
#include "tst_manifestapplier.moc"
