#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/sim/view/clusterview.h"
#include "ui/apply/manifestsource.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/commands/clusterqueries.h"
#include "ui/controls/deploymentpods.h"

#include <QtTest>

#include <algorithm>
#include <random>

using namespace rlab;
using namespace rlab::ui;

// DeploymentPods, the pods chooser's cache (issue #17), against the API's answer
// (ClusterQueries::podsOf through the client) while a lab scales, rolls out, deletes pods and
// adopts and releases them: the same pods, in the same order, for every limit.
class TestDeploymentPods : public QObject
{
    Q_OBJECT

private:
    static QStringList names(const QList<ClusterQueries::Pod> &pods)
    {
        QStringList out;
        for (const ClusterQueries::Pod &p : pods)
            out << p.label();   // name, phase, node and Terminating: all of it
        return out;
    }
    static QByteArray deploymentYaml(const char *name, int replicas)
    {
        return QStringLiteral(R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: %1}
spec:
  replicas: %2
  selector: {matchLabels: {app: %1}}
  template:
    metadata: {labels: {app: %1}}
    spec: {containers: [{name: %1, image: "nginx:1.25"}]}
)").arg(QLatin1String(name)).arg(replicas).toUtf8();
    }
    static void applyTwoDeployments(ClusterSession &session)
    {
        const QByteArray yaml = deploymentYaml("web", 6) + "---\n" + deploymentYaml("api", 3);
        QVERIFY(session.apply({ManifestSource{QStringLiteral("two.yaml"), yaml, {}}}).ok());
    }
    // The cache and the API agree on both Deployments, for every limit.
    static void compare(ClusterSession &session, const DeploymentPods &cache, const char *when)
    {
        session.drain();
        for (const QString &deployment : {QStringLiteral("web"), QStringLiteral("api")}) {
            for (const int maxPods : {0, 1, 4, 1000}) {
                const QStringList expected = names(ClusterQueries::podsOf(session.client(), QStringLiteral("default"), deployment, maxPods));
                QVERIFY2(names(cache.podsOf(deployment, maxPods)) == expected,
                         qPrintable(QStringLiteral("%1, %2, max %3:\n  cache %4\n  api   %5").arg(QLatin1String(when), deployment).arg(maxPods)
                                        .arg(names(cache.podsOf(deployment, maxPods)).join(u' '), expected.join(u' '))));
            }
        }
    }

private slots:
    void followsTheLab()
    {
        ClusterSession session;
        ClusterCommands commands(session);
        DeploymentPods cache;
        cache.reset(session.sharedSnapshot(), session.namespace_());
        QVERIFY(cache.rebuild(-1));
        std::size_t held = 0;
        connect(&session, &ClusterSession::storeEvents, &session, [&](const std::vector<view::WatchEvent> &e) {
            cache.apply(e);
            held += e.size();
        });
        applyTwoDeployments(session);
        session.advance(30'000);
        compare(session, cache, "created");
        QVERIFY(!cache.podsOf(QStringLiteral("web"), 0).isEmpty());
        QVERIFY(commands.scale(QStringLiteral("web"), 9).ok());
        session.advance(5'000);
        compare(session, cache, "scaling up");
        QVERIFY(commands.setImage(QStringLiteral("web"), QStringLiteral("web"), QStringLiteral("nginx:1.26")).ok());
        session.advance(3'000);
        compare(session, cache, "mid-rollout");   // two ReplicaSets, Terminating pods
        session.advance(60'000);
        compare(session, cache, "rolled out");
        const QString victim = cache.podsOf(QStringLiteral("api"), 1).first().name;
        QVERIFY(commands.deletePod(victim).ok());
        compare(session, cache, "pod deleted");
        QVERIFY(commands.scale(QStringLiteral("api"), 1).ok());
        session.advance(60'000);
        compare(session, cache, "scaled down");

        // Released: a pod whose ownerReferences are cleared is no Deployment's any more (its
        // ReplicaSet then makes a replacement); a bare pod carrying the labels is adopted.
        auto pod = session.client().getAs<api::Pod>(QStringLiteral("default"), cache.podsOf(QStringLiteral("api"), 1).first().name);
        QVERIFY(pod);
        auto released = std::static_pointer_cast<api::Pod>(pod->clone());
        released->metadata.ownerReferences.clear();
        released->metadata.labels.insert(QStringLiteral("app"), QStringLiteral("elsewhere"));
        QVERIFY(session.client().update(released).ok());
        compare(session, cache, "released");
        session.advance(30'000);
        compare(session, cache, "replaced");
    }

    void writesDuringTheRebuildAreHeld()
    {
        ClusterSession session;
        ClusterCommands commands(session);
        applyTwoDeployments(session);
        QVERIFY(commands.scale(QStringLiteral("web"), 1100).ok());   // more pods than one chunk
        session.advance(30'000);
        // A new feed from a snapshot that holds the pods (what a restored lab's panels get).
        QVERIFY(session.freeze(session.view().revision(), QStringLiteral("test")));
        session.unfreeze();
        DeploymentPods cache;
        cache.reset(session.sharedSnapshot(), session.namespace_());
        QVERIFY(!cache.isReady());
        std::size_t held = 0;
        connect(&session, &ClusterSession::storeEvents, &session, [&](const std::vector<view::WatchEvent> &e) {
            cache.apply(e);
            held += e.size();
        });
        QVERIFY(commands.scale(QStringLiteral("web"), 2).ok());   // written after the snapshot
        session.advance(30'000);
        session.drain();
        QVERIFY(cache.podsOf(QStringLiteral("web"), 0).isEmpty());   // nothing read yet: held
        QVERIFY(held > DeploymentPods::kChunk);   // 1,098 pods deleted and more
        int slices = 1;
        while (!cache.rebuild(0))   // one chunk per call
            ++slices;
        // 1,100 + 3 pods, then the held writes, a chunk a call (not all of them in the last).
        const auto chunks = [](std::size_t n) { return int((n + DeploymentPods::kChunk - 1) / DeploymentPods::kChunk); };
        QCOMPARE(slices, chunks(1103) + chunks(held));
        compare(session, cache, "rebuilt, then the held writes");
        QCOMPARE(cache.podsOf(QStringLiteral("web"), 0).size(), 2);
    }

    // Writes keep coming while the held ones are applied (a restored lab's controllers): each
    // rebuild() takes what arrived since the last one plus a chunk, so the backlog shrinks by
    // a chunk a call and the rebuild ends. E.g. 1,000 held while the snapshot is read (one
    // call), then 200 more each call: 16 calls more (1,000 / 64, rounded up).
    void aBusyClusterCannotOutrunTheRebuild()
    {
        view::Snapshot snap;   // one pod's key to read (the first call), then the held writes
        snap.kvs.push_back(view::KeyValue{});
        snap.kvs.back().key = "/registry/pods/default/web-1";
        DeploymentPods cache;
        cache.reset(std::make_shared<const view::Snapshot>(std::move(snap)), QStringLiteral("default"));
        const auto writes = [](int n) {
            std::vector<view::WatchEvent> events{std::size_t(n)};
            for (int i = 0; i < n; ++i)
                events[std::size_t(i)].kv.key = "/registry/configmaps/default/c" + QByteArray::number(i);
            return events;
        };
        QVERIFY(!cache.apply(writes(1000)));   // held
        int calls = 1;
        while (!cache.rebuild(0)) {
            QVERIFY2(calls < 100, "the held writes never ran out");
            cache.apply(writes(200));
            ++calls;
        }
        QCOMPARE(calls, (1000 + int(DeploymentPods::kChunk) - 1) / int(DeploymentPods::kChunk) + 1);
        QVERIFY(cache.isReady());
    }

    // reset() on a restored lab's snapshot (issue #17: it runs in the restore's synchronous
    // handover): 200 ReplicaSets read now, the pods' run of 20,000 keys only found (the pods are
    // read by rebuild's slices). The keys are made in shuffled order, scattered over the heap as
    // a lab's are, among 20,000 Events' keys.
    void benchResetBigLab()
    {
        view::Snapshot snap;
        QList<QByteArray> keys;
        for (int i = 0; i < 20'000; ++i)
            keys << QByteArrayLiteral("/registry/pods/default/lab-") + QByteArray::number(i / 100) + "-5f7799dff-" + QByteArray::number(i);
        for (int i = 0; i < 20'000; ++i)
            keys << QByteArrayLiteral("/registry/events/default/lab-") + QByteArray::number(i) + ".17a2b3c4d5e6f708";
        for (int i = 0; i < 200; ++i)
            keys << QByteArrayLiteral("/registry/replicasets/default/lab-") + QByteArray::number(i) + "-5f7799dff";
        std::mt19937 shuffle(7);
        std::shuffle(keys.begin(), keys.end(), shuffle);
        std::vector<QByteArray> spacers;   // between the keys' allocations
        for (const QByteArray &k : std::as_const(keys)) {
            view::KeyValue kv;
            kv.key = QByteArray(k.constData(), k.size());   // a block of its own
            spacers.emplace_back(int(64 + shuffle() % 256), 'x');
            if (k.startsWith("/registry/replicasets/")) {
                auto rs = std::make_shared<api::ReplicaSet>();
                rs->metadata.name = QString::fromLatin1(k.mid(k.lastIndexOf('/') + 1));
                rs->metadata.ownerReferences << api::OwnerReference{QStringLiteral("apps/v1"), QStringLiteral("Deployment"),
                                                                    rs->metadata.name.section(u'-', 0, 1), QStringLiteral("u"), true, true};
                kv.value = rs;
            }   // the others' values are never read here: reset() only finds the pods' run
            snap.kvs.push_back(std::move(kv));
        }
        std::sort(snap.kvs.begin(), snap.kvs.end(), [](const view::KeyValue &a, const view::KeyValue &b) { return a.key < b.key; });
        const auto shared = std::make_shared<const view::Snapshot>(std::move(snap));
        DeploymentPods cache;
        QBENCHMARK {
            cache.reset(shared, QStringLiteral("default"));
        }
        QVERIFY(!cache.isReady());   // the pods are left to rebuild
        int slices = 1;
        while (!cache.rebuild(0))
            ++slices;
        QCOMPARE(slices, int((20'000 + DeploymentPods::kChunk - 1) / DeploymentPods::kChunk));   // 20,000 pods: all of them found
    }
};

QTEST_MAIN(TestDeploymentPods)
#include "tst_deploymentpods.moc"
