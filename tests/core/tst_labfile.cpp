// Issue #17, saved labs: LabFile writes a lab (store with its history, clock, name generator,
// settings) and reads it back into a Simulation that goes on from there; a file that is not a
// saved lab, or a damaged one, gives one clear error naming the file and the field.
#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/kubectl/rollout.h"
#include "core/sim/labfile.h"
#include "tests/testutil/fixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rlab;
using namespace rlab::api;

namespace {

// Every retained version of every key, as text: key, revisions, version, JSON.
QStringList storeDump(Simulation &sim)
{
    QStringList out;
    const store::StoreImage im = sim.api().store().image();
    out << QStringLiteral("revision %1 compact %2").arg(im.revision).arg(im.compactRevision);
    for (const store::KeyIndex &ki : im.keys)
        for (const store::WatchEvent &e : ki.history())
            out << QStringLiteral("%1 %2.%3 v%4 %5").arg(QString::fromUtf8(ki.key())).arg(e.revision.main).arg(e.revision.sub)
                       .arg(e.kv.version).arg(e.kv.value ? QString::fromUtf8(e.kv.value->toJsonBytes()) : QStringLiteral("<deleted>"));
    return out;
}

QStringList podNames(Simulation &sim)
{
    QStringList out;
    for (const ObjectPtr &o : sim.api().list(apiserver::resources::byKind(Kind::Pod), QStringLiteral("default")).value.items)
        out << o->metadata.name;
    return out;
}

// A lab in the middle of a rolling update (some old pods, some new, pods Pending).
std::unique_ptr<Simulation> midRollout()
{
    SimulationConfig c;
    c.cluster.seed = 7;
    auto sim = std::make_unique<Simulation>(c);
    sim->api().create(test::makeDeployment(QStringLiteral("web"), 4));
    sim->runUntilIdle();
    kubectl::rollout::setImage(sim->client(), QStringLiteral("default"), QStringLiteral("web"), QStringLiteral("app"), QStringLiteral("nginx:1.26"));
    sim->advance(1500);
    return sim;
}

} // namespace

class TestLabFile : public QObject
{
    Q_OBJECT

private slots:
    void roundTripKeepsStoreClockAndNames()
    {
        std::unique_ptr<Simulation> sim = midRollout();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lab.rlab"));
        QString error;
        QVERIFY2(LabFile::save(*sim, path, &error), qPrintable(error));
        std::optional<SimulationConfig> c = LabFile::load(path, &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->controllers, sim->config().controllers);
        QCOMPARE(c->cluster.seed, quint64(7));
        QCOMPARE(c->cluster.startTimeMs, sim->config().cluster.startTimeMs);
        // The name generator goes on where the saved lab was: the next suffix is the one the
        // original lab draws next.
        apiserver::NameGenerator names;
        QVERIFY(names.setState(c->cluster.nameGeneratorState));
        QCOMPARE(names.suffix(), sim->api().names().suffix());
        // Without controllers nothing writes at start: the store is exactly the saved one.
        c->controllers.clear();
        Simulation restored(*c);
        QCOMPARE(storeDump(restored), storeDump(*sim));
        QCOMPARE(restored.clock().now(), sim->clock().now());
        // Saving the restored lab gives the same store, time and generator state.
        const QJsonObject a = QJsonDocument::fromJson(LabFile::encode(restored)).object();
        const QJsonObject b = QJsonDocument::fromJson(LabFile::encode(*sim)).object();
        for (const char *field : {"store", "nowMs"})
            QVERIFY2(a.value(QLatin1String(field)) == b.value(QLatin1String(field)), field);
        QCOMPARE(a.value(QLatin1String("nameGenerator")).toString().toLatin1(), c->cluster.nameGeneratorState);
    }

    // The restored lab is a control plane restarted against the same etcd: the rollout goes on
    // and completes, with no name clash and nothing lost.
    void restoredLabFinishesTheRollout()
    {
        std::unique_ptr<Simulation> sim = midRollout();
        const qint64 rev = sim->api().store().revision();
        const auto before = sim->api().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"));
        QVERIFY2(before->status.updatedReplicas < 4 || before->status.availableReplicas < 4, "saved mid-rollout");
        std::optional<SimulationConfig> c = LabFile::decode(LabFile::encode(*sim), QStringLiteral("mem"));
        QVERIFY(c);
        Simulation restored(*c);
        sim.reset();
        restored.runUntilIdle();
        QVERIFY(restored.api().store().revision() > rev);
        const auto d = restored.api().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"));
        QCOMPARE(d->status.updatedReplicas, 4);
        QCOMPARE(d->status.availableReplicas, 4);
        QCOMPARE(d->status.replicas, 4);
        QCOMPARE(d->metadata.annotations.value(QStringLiteral("deployment.kubernetes.io/revision")), QStringLiteral("2"));
        const QStringList pods = podNames(restored);
        QCOMPARE(pods.size(), 4);
        for (const ObjectPtr &o : restored.api().list(apiserver::resources::byKind(Kind::Pod), QStringLiteral("default")).value.items)
            QCOMPARE(objectCast<Pod>(o)->spec.containers.value(0).image, QStringLiteral("nginx:1.26"));
    }

    void compactedHistoryRestores()
    {
        std::unique_ptr<Simulation> sim = midRollout();
        sim->runUntilIdle();
        const qint64 at = sim->api().store().revision() - 5;
        QCOMPARE(sim->api().store().compact(at), store::StoreError::None);
        std::optional<SimulationConfig> c = LabFile::decode(LabFile::encode(*sim), QStringLiteral("mem"));
        QVERIFY(c);
        Simulation restored(*c);
        QCOMPARE(restored.api().store().compactRevision(), at);
        QCOMPARE(storeDump(restored), storeDump(*sim));
        QCOMPARE(restored.api().store().stats().retainedRevisions, sim->api().store().stats().retainedRevisions);
    }

    void badFilesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("edit");    // "json:<text>" replaces the file; "path=value" edits a field
        QTest::addColumn<QString>("want");
        QTest::newRow("not JSON") << QByteArray("json:apiVersion: apps/v1\nkind: Deployment\n")
                                  << QStringLiteral("lab.rlab: not a saved Reconcile Lab (JSON error at byte");
        QTest::newRow("a JSON array") << QByteArray("json:[1,2]") << QStringLiteral("lab.rlab: not a saved Reconcile Lab (not a JSON object)");
        QTest::newRow("another kind") << QByteArray("kind=\"Deployment\"")
                                      << QStringLiteral("lab.rlab: not a saved Reconcile Lab (kind \"Deployment\", want \"ReconcileLab\")");
        QTest::newRow("a newer format") << QByteArray("apiVersion=\"rlab/v2\"")
                                        << QStringLiteral("lab.rlab: saved in format \"rlab/v2\"; this Reconcile Lab reads \"rlab/v1\"");
        QTest::newRow("no store") << QByteArray("store=null") << QStringLiteral("lab.rlab: store: has the wrong type");
        QTest::newRow("revision below 1") << QByteArray("store.revision=0")
                                          << QStringLiteral("lab.rlab: store.revision: 0 is not a whole number in [1, ");
        QTest::newRow("a fractional worker count") << QByteArray("config.deploymentWorkers=2.5")
                                                   << QStringLiteral("lab.rlab: config.deploymentWorkers: 2.5 is not a whole number");
        QTest::newRow("an unknown controller") << QByteArray("config.controllers=[\"hpa\"]")
                                               << QStringLiteral("lab.rlab: config.controllers: unknown controller \"hpa\"");
        QTest::newRow("keys out of order") << QByteArray("store.keys=reverse")
                                           << QStringLiteral("lab.rlab: store.keys[1]: key \"");
        QTest::newRow("a revision after the store's") << QByteArray("store.revision=3")
                                                       << QStringLiteral("after the store's revision 3");
        QTest::newRow("a damaged object") << QByteArray("store.keys[0].generations[0].revs[0][3]={\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"spec\":7}")
                                          << QStringLiteral("lab.rlab: store.keys[0].generations[0].revs[0]: ");
        QTest::newRow("a broken name generator") << QByteArray("nameGenerator=\"x\"")
                                                 << QStringLiteral("lab.rlab: nameGenerator: not a generator state");
    }

    void badFilesAreRefused()
    {
        QFETCH(QByteArray, edit);
        QFETCH(QString, want);
        Simulation sim;
        sim.api().create(test::makeDeployment(QStringLiteral("web"), 1));
        sim.runUntilIdle();
        QByteArray bytes = LabFile::encode(sim);
        if (edit.startsWith("json:")) {
            bytes = edit.mid(5);
        } else {
            QJsonObject doc = QJsonDocument::fromJson(bytes).object();
            const qsizetype eq = edit.indexOf('=');
            const QString path = QString::fromUtf8(edit.left(eq));
            const QByteArray value = edit.mid(eq + 1);
            QJsonObject store = doc.value(QLatin1String("store")).toObject();
            QJsonObject config = doc.value(QLatin1String("config")).toObject();
            const auto parse = [&] { return QJsonDocument::fromJson("[" + value + "]").array().at(0); };
            if (path == QLatin1String("store.keys") && value == "reverse") {
                QJsonArray keys = store.value(QLatin1String("keys")).toArray(), rev;
                for (qsizetype i = keys.size(); i-- > 0;)
                    rev.append(keys[i]);
                store.insert(QLatin1String("keys"), rev);
            } else if (path.startsWith(QLatin1String("store.keys[0]"))) {
                QJsonArray keys = store.value(QLatin1String("keys")).toArray();
                QJsonObject k0 = keys[0].toObject();
                QJsonArray gens = k0.value(QLatin1String("generations")).toArray();
                QJsonObject g0 = gens[0].toObject();
                QJsonArray revs = g0.value(QLatin1String("revs")).toArray();
                QJsonArray r0 = revs[0].toArray();
                r0[3] = parse();
                revs[0] = r0;
                g0.insert(QLatin1String("revs"), revs);
                gens[0] = g0;
                k0.insert(QLatin1String("generations"), gens);
                keys[0] = k0;
                store.insert(QLatin1String("keys"), keys);
            } else if (path.startsWith(QLatin1String("store."))) {
                store.insert(path.mid(6), parse());
            } else if (path.startsWith(QLatin1String("config."))) {
                config.insert(path.mid(7), parse());
            } else {
                doc.insert(path, parse());
            }
            if (path != QLatin1String("store"))
                doc.insert(QLatin1String("store"), store);
            doc.insert(QLatin1String("config"), config);
            bytes = QJsonDocument(doc).toJson();
        }
        QString error;
        QVERIFY(!LabFile::decode(bytes, QStringLiteral("lab.rlab"), &error));
        QVERIFY2(error.startsWith(want) || error.contains(want), qPrintable(error));
    }

    // QSaveFile: a save that cannot complete leaves the previous file as it was.
    void failedSaveKeepsThePreviousFile()
    {
        Simulation sim;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lab.rlab"));
        QVERIFY(LabFile::save(sim, path));
        const QByteArray before = [&] { QFile f(path); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        QString error;
        QVERIFY(!LabFile::save(sim, dir.filePath(QStringLiteral("missing/lab.rlab")), &error));
        QVERIFY2(error.contains(QLatin1String("missing/lab.rlab")), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        QVERIFY(!LabFile::load(dir.filePath(QStringLiteral("nope.rlab")), &error));
        QVERIFY2(error.startsWith(dir.filePath(QStringLiteral("nope.rlab")) + QStringLiteral(": ")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestLabFile)
#include "tst_labfile.moc"
