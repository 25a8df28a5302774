// The window's read-only view of a lab (core/sim/view): objects at any retained revision, one
// key's history, a watch feed from a revision on, trace ranges and every controller's queue as
// a snapshot — values that stay as they were while the cluster moves on. Deterministic runner,
// virtual time; no sleeps.
#include "core/api/deployment.h"
#include "core/kubectl/rollout.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "core/sim/view/watchfeed.h"
#include "tests/testutil/fixtures.h"

#include <QtTest>

using namespace rlab;

namespace {
const QByteArray kWeb("/registry/deployments/default/web");

int replicasIn(const view::Snapshot &snap)
{
    for (const view::KeyValue &kv : snap.kvs) {
        if (kv.key == kWeb)
            return int(kv.value->toJson().value(QLatin1String("spec")).toObject().value(QLatin1String("replicas")).toInteger(-1));
    }
    return -1;
}
} // namespace

class TestClusterView : public QObject
{
    Q_OBJECT

private slots:
    void objectsAtARevisionAndHistory()
    {
        Simulation sim;
        const view::ClusterView view(sim);
        const qint64 empty = view.revision();
        QVERIFY(sim.client().create(test::makeDeployment(QStringLiteral("web"), 3)).ok());
        const qint64 created = view.revision();
        QCOMPARE(created, empty + 1);
        QVERIFY(kubectl::rollout::scale(sim.client(), QStringLiteral("default"), QStringLiteral("web"), 5).ok());
        const qint64 scaled = view.revision();

        const std::optional<view::Snapshot> before = view.objects(created);
        QVERIFY(before);
        QCOMPARE(before->revision, created);
        QCOMPARE(replicasIn(*before), 3);
        QCOMPARE(replicasIn(*view.objects()), 5);
        QCOMPARE(view.objects()->revision, scaled);
        QCOMPARE(replicasIn(*view.objects(empty)), -1);   // not there yet
        QVERIFY(!view.objects(scaled + 1));                 // the future is refused
        QCOMPARE(view.oldestRevision(), 1);

        // Values: the snapshot taken before does not follow the cluster.
        sim.runUntilIdle();
        QCOMPARE(replicasIn(*before), 3);

        const std::vector<view::WatchEvent> history = view.history(kWeb);
        QVERIFY(history.size() >= 2);
        QVERIFY(history.front().isCreate());
        QCOMPARE(history.front().revision.main, created);
        QCOMPARE(history.at(1).revision.main, scaled);
        QCOMPARE(view.value(kWeb)->modRevision, history.back().revision.main);
        QVERIFY(!view.value("/registry/deployments/default/nope"));
    }

    void watchFeedFromARevision()
    {
        Simulation sim;
        const view::ClusterView view(sim);
        QVERIFY(sim.client().create(test::makeDeployment(QStringLiteral("web"), 3)).ok());
        const qint64 created = view.revision();
        std::unique_ptr<view::WatchFeed> feed = view.watch(created, "/registry/deployments/");
        QVERIFY(kubectl::rollout::scale(sim.client(), QStringLiteral("default"), QStringLiteral("web"), 4).ok());
        const std::vector<view::WatchEvent> events = feed->take();
        QCOMPARE(events.size(), std::size_t(2));   // the create (replayed) and the scale
        QCOMPARE(events.front().revision.main, created);
        QVERIFY(events.back().isModify());
        QVERIFY(feed->take().empty());   // taken once
        feed->cancel();
        QVERIFY(kubectl::rollout::scale(sim.client(), QStringLiteral("default"), QStringLiteral("web"), 2).ok());
        QVERIFY(feed->take().empty());
    }

    void queuesAndTrace()
    {
        Simulation sim;
        const view::ClusterView view(sim);
        const std::vector<view::QueueView> idle = view.queues();
        QCOMPARE(int(idle.size()), view.controllerNames().size());
        QVERIFY(view.controllerNames().contains(QStringLiteral("deployment")));
        for (const view::QueueView &q : idle) {
            QVERIFY(!q.threaded);
            if (q.controller == QLatin1String("deployment"))
                QCOMPARE(q.workers, sim.config().deploymentWorkers);
        }
        const qint64 syncs = view.reconciles();
        QVERIFY(sim.client().create(test::makeDeployment(QStringLiteral("web"), 2)).ok());
        sim.runUntilIdle();
        QVERIFY(view.reconciles() > syncs);
        for (const auto &[name, length] : view.queueLengths())
            QCOMPARE(length, 0);   // idle again

        // The last trace event at or before a revision; none after it.
        const qint64 rev = view.revision() - 2;
        const qint64 seq = view.lastTraceSeqAt(rev);
        QVERIFY(seq > 0);
        const std::vector<TraceEvent> at = view.trace(seq - 1, 1);
        QCOMPARE(at.size(), std::size_t(1));
        QVERIFY(at.front().rev <= rev);
        const std::vector<TraceEvent> next = view.trace(seq, 1);
        QVERIFY(next.empty() || next.front().rev > rev);
        QCOMPARE(view.lastTraceSeqAt(0), 0);
        QCOMPARE(view.lastTraceSeq(), view.trace(0).back().seq);
        QVERIFY(view.now() > view.startTime());
    }
};

QTEST_GUILESS_MAIN(TestClusterView)
#include "tst_clusterview.moc"
