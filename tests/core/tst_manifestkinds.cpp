// What kubectl refuses before it sends anything (issue #18 item 7): a kind the server does not
// serve (kubectl's REST mapping over discovery: `resource mapping not found for name: … no
// matches for kind "Deploymnt" in version "apps/v1"`, exit 1) and a file without objects
// (`error: no objects passed to apply`). loadManifest, applyManifest and `rlab validate` say the
// same and change nothing. Messages checked against kubectl 1.31 talking to `rlab serve`.
#include "core/cli/rlabcli.h"
#include "core/kubectl/manifest.h"
#include "tests/testutil/fixtures.h"

#include <QTemporaryDir>
#include <QTest>

using namespace rlab;
using namespace rlab::kubectl;

namespace {
QByteArray object(const char *apiVersion, const char *kind, const char *extraMeta = "")
{
    return QByteArray("apiVersion: ") + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: web\n" + extraMeta;
}

const QByteArray kPod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: nginx\n";
} // namespace

class TestManifestKinds : public QObject
{
    Q_OBJECT

private slots:
    void unservedKindsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        const QString tail = QStringLiteral("\nensure CRDs are installed first");
        QTest::newRow("typo in kind") << object("apps/v1", "Deploymnt")
                                      << QStringLiteral("web.yaml:2:1: resource mapping not found for name: \"web\" namespace: \"\" from \"web.yaml\": "
                                                        "no matches for kind \"Deploymnt\" in version \"apps/v1\"") + tail;
        QTest::newRow("kind is case-sensitive") << object("apps/v1", "deployment")
                                                << QStringLiteral("web.yaml:2:1: resource mapping not found for name: \"web\" namespace: \"\" from \"web.yaml\": "
                                                                  "no matches for kind \"deployment\" in version \"apps/v1\"") + tail;
        QTest::newRow("namespace named") << object("apps/v1", "Deploymnt", "  namespace: prod\n")
                                         << QStringLiteral("web.yaml:2:1: resource mapping not found for name: \"web\" namespace: \"prod\" from \"web.yaml\": "
                                                           "no matches for kind \"Deploymnt\" in version \"apps/v1\"") + tail;
        QTest::newRow("removed version") << object("apps/v1beta1", "Deployment")
                                         << QStringLiteral("web.yaml:2:1: resource mapping not found for name: \"web\" namespace: \"\" from \"web.yaml\": "
                                                           "no matches for kind \"Deployment\" in version \"apps/v1beta1\"") + tail;
        QTest::newRow("wrong group") << object("v1", "Deployment")
                                     << QStringLiteral("web.yaml:2:1: resource mapping not found for name: \"web\" namespace: \"\" from \"web.yaml\": "
                                                       "no matches for kind \"Deployment\" in version \"v1\"") + tail;
        QTest::newRow("generic kind, wrong version") << object("apps/v1beta2", "StatefulSet")
                                                     << QStringLiteral("web.yaml:2:1: resource mapping not found for name: \"web\" namespace: \"\" from \"web.yaml\": "
                                                                       "no matches for kind \"StatefulSet\" in version \"apps/v1beta2\"") + tail;
        QTest::newRow("custom resource without its CRD") << object("example.com/v1", "Widget")
                                                         << QStringLiteral("web.yaml:2:1: resource mapping not found for name: \"web\" namespace: \"\" from \"web.yaml\": "
                                                                           "no matches for kind \"Widget\" in version \"example.com/v1\"") + tail;
        QTest::newRow("good document + unknown one: nothing applied")
            << kPod + "---\n" + object("apps/v1", "Deploymnt")
            << QStringLiteral("web.yaml:11:1: resource mapping not found for name: \"web\" namespace: \"\" from \"web.yaml\": "
                              "no matches for kind \"Deploymnt\" in version \"apps/v1\"") + tail;
        QTest::newRow("missing kind is reported first") << QByteArray("apiVersion: apps/v1\nmetadata:\n  name: web\n")
                                                        << QStringLiteral("web.yaml:1:1: error validating data: kind not set");
    }
    void unservedKindsAreRefused()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        test::ApiFixture f;
        const qint64 rev = f.api.currentRevision();
        const Manifest m = loadManifest(text, QStringLiteral("web.yaml"));
        QVERIFY(!m.ok());
        QCOMPARE(m.errors, QStringList{error});
        QVERIFY(m.objects.isEmpty());
        QCOMPARE(applyManifest(f.client, m).size(), 0);
        QCOMPARE(f.api.currentRevision(), rev);
    }

    void servedKindsPass_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("pod") << kPod;
        QTest::newRow("service (stored, not simulated)") << object("v1", "Service");
        QTest::newRow("configmap") << object("v1", "ConfigMap");
        QTest::newRow("ingress") << object("networking.k8s.io/v1", "Ingress");
        QTest::newRow("list of a pod") << QByteArray("apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n");
    }
    void servedKindsPass()
    {
        QFETCH(QByteArray, text);
        const Manifest m = loadManifest(text, QStringLiteral("ok.yaml"));
        QVERIFY2(m.ok(), qPrintable(m.errors.join(QLatin1Char('\n'))));
        QCOMPARE(m.objects.size(), 1);
    }

    void noObjects_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty file") << QByteArray();
        QTest::newRow("blank lines") << QByteArray("\n\n");
        QTest::newRow("comments only") << QByteArray("# nothing here yet\n");
        QTest::newRow("document markers only") << QByteArray("---\n---\n");
        QTest::newRow("empty List") << QByteArray("apiVersion: v1\nkind: List\nitems: []\n");
    }
    void noObjects()
    {
        QFETCH(QByteArray, text);
        const Manifest m = loadManifest(text, QStringLiteral("empty.yaml"));
        QCOMPARE(m.errors, QStringList{QStringLiteral("empty.yaml: error: no objects passed to apply")});
        QVERIFY(m.objects.isEmpty());
    }

    void rlabValidateRefusesBoth()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString empty = dir.filePath(QStringLiteral("empty.yaml"));
        const QString typo = dir.filePath(QStringLiteral("typo.yaml"));
        QFile e1(empty), e2(typo);
        QVERIFY(e1.open(QIODevice::WriteOnly));
        e1.close();
        QVERIFY(e2.open(QIODevice::WriteOnly));
        e2.write(object("apps/v1", "Deploymnt"));
        e2.close();
        for (const QString &file : {empty, typo}) {
            QString out, err;
            QTextStream o(&out), e(&err);
            QCOMPARE(cli::runRlab({QStringLiteral("validate"), file}, o, e), 2);
            QVERIFY2(out.contains(QLatin1String("0 object(s) valid, 1 file(s) with errors")), qPrintable(out));
            QVERIFY2(err.contains(file == empty ? QStringLiteral("error: no objects passed to apply")
                                                : QStringLiteral("no matches for kind \"Deploymnt\" in version \"apps/v1\"")),
                     qPrintable(err));
        }
    }
};

QTEST_GUILESS_MAIN(TestManifestKinds)
#include "tst_manifestkinds.moc"
