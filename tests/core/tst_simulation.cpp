// The composed control plane on the deterministic runner: ReplicaSet controller + scheduler +
// garbage collector + the controller-runtime replica floor, end to end through the API server.
#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/controller/controller.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"

#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;

namespace {
QList<std::shared_ptr<const Pod>> pods(Simulation &sim)
{
    QList<std::shared_ptr<const Pod>> out;
    for (const ObjectPtr &o : sim.api().list(resources::byKind(Kind::Pod), QStringLiteral("default")).value.items)
        out << objectCast<Pod>(o);
    return out;
}

QStringList eventMessages(Simulation &sim, const QString &reason)
{
    QStringList out;
    for (const ObjectPtr &o : sim.api().list(resources::byKind(Kind::Event), QStringLiteral("default")).value.items) {
        const auto e = objectCast<Event>(o);
        if (e->reason == reason)
            out << e->message;
    }
    return out;
}

QByteArray traceDump(Simulation &sim)
{
    QByteArray out;
    for (const TraceEvent &e : sim.trace().since(0))
        out += QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) + '\n';
    return out;
}
} // namespace

class TestSimulation : public QObject
{
    Q_OBJECT

private slots:
    void replicaSetPodsAreCreatedAndScheduled()
    {
        Simulation sim;
        QVERIFY(sim.api().create(test::makeReplicaSet(QStringLiteral("web"), 3)).ok());
        sim.runUntilIdle();
        const auto ps = pods(sim);
        QCOMPARE(ps.size(), 3);
        QSet<QString> nodes;
        for (const auto &p : ps) {
            QVERIFY2(p->metadata.name.startsWith(QLatin1String("web-")), qPrintable(p->metadata.name));
            QCOMPARE(p->metadata.controllerRef()->name, QStringLiteral("web"));
            QVERIFY(!p->spec.nodeName.isEmpty());
            nodes << p->spec.nodeName;
        }
        QCOMPARE(nodes.size(), 3);   // least-allocated spreads them over the three nodes
        QCOMPARE(eventMessages(sim, QStringLiteral("Scheduled")).size(), 3);
        QCOMPARE(eventMessages(sim, QStringLiteral("SuccessfulCreate")).size(), 3);
        const auto rs = sim.api().getAs<ReplicaSet>(QStringLiteral("default"), QStringLiteral("web"));
        QCOMPARE(rs->status.replicas, 3);
        QCOMPARE(rs->status.observedGeneration, 1);
    }

    void unschedulablePodsStayPending()
    {
        Simulation sim;
        auto rs = test::makeReplicaSet(QStringLiteral("big"), 2);
        rs->spec.template_.spec.containers[0].resources.requests.insert(QStringLiteral("cpu"), QStringLiteral("5"));
        QVERIFY(sim.api().create(rs).ok());
        sim.runUntilIdle(60'000);
        const auto ps = pods(sim);
        QCOMPARE(ps.size(), 2);
        for (const auto &p : ps) {
            QVERIFY(p->spec.nodeName.isEmpty());
            const qsizetype i = findCondition(p->status.conditions, QStringLiteral("PodScheduled"));
            QVERIFY(i >= 0);
            QCOMPARE(p->status.conditions[i].reason, QStringLiteral("Unschedulable"));
        }
        QVERIFY(eventMessages(sim, QStringLiteral("FailedScheduling")).contains(QStringLiteral("0/3 nodes are available: 3 Insufficient cpu.")));
    }

    void garbageCollectorCascades()
    {
        Simulation sim;
        QVERIFY(sim.api().create(test::makeReplicaSet(QStringLiteral("web"), 2)).ok());
        sim.runUntilIdle();
        QCOMPARE(pods(sim).size(), 2);
        QVERIFY(sim.api().remove(resources::byKind(Kind::ReplicaSet), QStringLiteral("default"), QStringLiteral("web")).ok());
        sim.runUntilIdle();
        // bound pods go through graceful deletion: no kubelet runs here, so they stay Terminating
        for (const auto &p : pods(sim))
            QVERIFY(p->metadata.deletionTimestamp != 0);
    }

    void replicaFloorRaisesDeployments()
    {
        SimulationConfig cfg;
        cfg.controllers = {};   // only the replica floor (always built) moves
        Simulation sim(cfg);
        auto d = test::makeDeployment(QStringLiteral("web"), 1);
        QVERIFY(sim.api().create(d).ok());
        auto d2 = test::makeDeployment(QStringLiteral("api"), 1);
        d2->metadata.annotations.insert(QStringLiteral("rlab.dev/replica-floor"), QStringLiteral("2"));
        QVERIFY(sim.api().create(d2).ok());
        sim.runUntilIdle();
        QCOMPARE(sim.api().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"))->replicas(), 1);   // off by default
        sim.setReplicaFloorEnabled(true);
        sim.runUntilIdle();
        QCOMPARE(sim.api().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"))->replicas(), 3);
        QCOMPARE(sim.api().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("api"))->replicas(), 2);
        QVERIFY(traceDump(sim).contains("raised default/web from 1 to the floor of 3 replicas"));
    }

    void syncRunsExactlyOneReconcile()
    {
        SimulationConfig cfg;
        cfg.controllers = {QStringLiteral("replicaset")};
        Simulation sim(cfg);
        QVERIFY(sim.api().create(test::makeReplicaSet(QStringLiteral("web"), 3)).ok());
        QStringList notes;
        QVERIFY(sim.sync(QStringLiteral("replicaset"), QStringLiteral("default/web"), &notes));
        QCOMPARE(pods(sim).size(), 3);
        QVERIFY(!notes.isEmpty());
        QVERIFY(!sim.sync(QStringLiteral("nope"), QStringLiteral("default/web")));
    }

    void sameSeedSameTrace()
    {
        QByteArray first;
        for (int run = 0; run < 2; ++run) {
            Simulation sim;
            QVERIFY(sim.api().create(test::makeReplicaSet(QStringLiteral("web"), 5)).ok());
            sim.runUntilIdle();
            sim.api().remove(resources::byKind(Kind::ReplicaSet), QStringLiteral("default"), QStringLiteral("web"));
            sim.runUntilIdle();
            const QByteArray t = traceDump(sim);
            if (run == 0)
                first = t;
            else
                QCOMPARE(t, first);
        }
        QVERIFY(first.size() > 1000);
    }
};

QTEST_GUILESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
