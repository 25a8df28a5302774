// SPDX-License-Identifier: Apache-2.0
// Live mode's mirror (issue #15): a source cluster's watch events become the mirror's own etcd
// revisions, so every ReplicaSet and Pod change of a rollout is there, and time travel over the
// mirror's revisions shows the rollout half done.
#include "core/api/namespace.h"
#include "core/api/pod.h"
#include "core/kubectl/rollout.h"
#include "core/sim/view/clusterview.h"
#include "tests/e2e/livetestrig.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;

namespace {
// spec.replicas of every retained version of `key`, oldest first, "x" for a delete.
QStringList replicasHistory(Simulation &sim, const QByteArray &key)
{
    QStringList out;
    for (const store::WatchEvent &e : sim.cluster().store().history(key)) {
        const auto rs = e.kv.value ? objectCast<ReplicaSet>(e.kv.value) : nullptr;
        out << (e.type == store::WatchEvent::Type::Delete ? QStringLiteral("x") : rs ? QString::number(rs->replicas()) : QStringLiteral("?"));
    }
    return out;
}

QStringList resourceVersions(Simulation &sim, const QByteArray &key)
{
    QStringList out;
    for (const store::WatchEvent &e : sim.cluster().store().history(key))
        if (e.type != store::WatchEvent::Type::Delete)
            out << e.kv.value->metadata.resourceVersion;
    return out;
}
} // namespace

class TestLiveMirror : public QObject
{
    Q_OBJECT

private slots:
    void mirrorConfigRunsNothing()
    {
        test::LiveRig rig;
        QCOMPARE(rig.mirror->controllers().size(), std::size_t(1));   // only the replica floor's queue, off
        QVERIFY(rig.mirror->client().list(apiserver::resources::byKind(Kind::Node), QString()).value.items.isEmpty());
        QVERIFY(!rig.mirror->config().compaction);
    }

    void mirrorFollowsARollout()
    {
        test::LiveRig rig;
        rig.live->start();
        rig.live->pump();   // the initial lists: the source is empty yet
        QVERIFY(rig.source->client().create(test::makeDeployment(QStringLiteral("web"), 4, QStringLiteral("nginx:1.25"))).ok());
        rig.settle();
        QVERIFY(rig.live->hasSynced());
        QVERIFY(kubectl::rollout::setImage(rig.source->client(), QStringLiteral("default"), QStringLiteral("web"),
                                           QStringLiteral("app"), QStringLiteral("nginx:1.26")).ok());
        const qint64 mirrorRevBefore = rig.mirror->cluster().store().revision();
        rig.settle();
        const qint64 mirrorRevAfter = rig.mirror->cluster().store().revision();
        QVERIFY(mirrorRevAfter > mirrorRevBefore + 10);

        // Every version of every ReplicaSet and Pod arrived, with the source's resourceVersions.
        const auto sourceRS = rig.replicaSets(*rig.source);
        QCOMPARE(sourceRS.size(), 2);
        for (const auto &rs : sourceRS) {
            const QByteArray key = apiserver::resources::byKind(Kind::ReplicaSet).etcdKey(QStringLiteral("default"), rs->metadata.name);
            QCOMPARE(resourceVersions(*rig.mirror, key).join(QLatin1Char(' ')), resourceVersions(*rig.source, key).join(QLatin1Char(' ')));
            QCOMPARE(replicasHistory(*rig.mirror, key), replicasHistory(*rig.source, key));
            QCOMPARE(resourceVersions(*rig.mirror, key), resourceVersions(*rig.source, key));
            const auto mirrored = rig.mirror->client().getAs<ReplicaSet>(QStringLiteral("default"), rs->metadata.name);
            QVERIFY(mirrored);
            QCOMPARE(mirrored->metadata.uid, rs->metadata.uid);
            QCOMPARE(mirrored->metadata.resourceVersion, rs->metadata.resourceVersion);
        }
        const auto podRT = apiserver::resources::byKind(Kind::Pod);
        const auto sourcePods = rig.source->client().list(podRT, QStringLiteral("default")).value.items;
        QCOMPARE(sourcePods.size(), 4);
        for (const ObjectPtr &p : sourcePods)
            QCOMPARE(resourceVersions(*rig.mirror, podRT.etcdKey(QStringLiteral("default"), p->metadata.name)),
                     resourceVersions(*rig.source, podRT.etcdKey(QStringLiteral("default"), p->metadata.name)));
        // Deleted pods were deleted in the mirror too.
        QCOMPARE(rig.mirror->client().list(podRT, QStringLiteral("default")).value.items.size(), 4);

        // Time travel: some revision of the mirror holds both ReplicaSets with pods wanted.
        view::ClusterView view(*rig.mirror);
        const QByteArray rsPrefix = apiserver::resources::byKind(Kind::ReplicaSet).etcdKey(QStringLiteral("default"), QString());
        int halfDone = 0;
        for (qint64 rev = mirrorRevBefore; rev <= mirrorRevAfter; ++rev) {
            const std::optional<view::Snapshot> snap = view.objects(rev, rsPrefix);
            QVERIFY(snap);
            int withReplicas = 0;
            for (const view::KeyValue &kv : snap->kvs)
                withReplicas += objectCast<ReplicaSet>(kv.value)->replicas() > 0 ? 1 : 0;
            halfDone += withReplicas == 2 ? 1 : 0;
        }
        QVERIFY2(halfDone > 3, qPrintable(QString::number(halfDone)));
        // The trace tells the learner where each revision came from.
        const std::vector<TraceEvent> trace = view.trace(0);
        QVERIFY(std::any_of(trace.begin(), trace.end(), [](const TraceEvent &e) {
            return e.component == QLatin1String("live/replicasets") && e.text.contains(QLatin1String("MODIFIED"));
        }));
    }

    void receiveTimeIsTheSourcesClock()
    {
        test::LiveRig rig;
        rig.live->start();
        rig.settle();
        rig.source->advance(5000);
        QVERIFY(rig.source->client().create(test::makeDeployment(QStringLiteral("web"), 1)).ok());
        const std::vector<live::LiveEvent> events = rig.settle();
        QVERIFY(!events.empty());
        QVERIFY(events.front().t >= 5000);
        QCOMPARE(rig.mirror->clock().now(), rig.source->clock().now());
    }

    void namespaceFilter()
    {
        auto source = std::make_unique<Simulation>();
        auto mirror = std::make_unique<Simulation>(live::LiveMirror::mirrorConfig(source->clock().now()));
        live::LiveMirrorOptions opts;
        opts.namespace_ = QStringLiteral("team-a");
        live::LiveMirror lm(source->client(), *mirror, opts);
        lm.start();
        auto ns = std::make_shared<Namespace>();
        ns->metadata.name = QStringLiteral("team-a");
        QVERIFY(source->client().create(ns).ok());
        auto d = test::makeDeployment(QStringLiteral("a"), 1);
        d->metadata.namespace_ = QStringLiteral("team-a");
        QVERIFY(source->client().create(d).ok());
        QVERIFY(source->client().create(test::makeDeployment(QStringLiteral("b"), 1)).ok());
        source->runUntilIdle();
        lm.pump();
        QVERIFY(mirror->client().getAs<Deployment>(QStringLiteral("team-a"), QStringLiteral("a")));
        QVERIFY(!mirror->client().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("b")));
    }
};

QTEST_GUILESS_MAIN(TestLiveMirror)
#include "tst_live_mirror.moc"
