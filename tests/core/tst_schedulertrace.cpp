// The Schedule trace event's detail in full (a cluster of up to 32 nodes): one entry per node,
// each naming its node. Entries are shared between cycles (Scheduler::nodeEntryJson,
// filterEntryJson); a node that comes to sit at another's index (nodes are indexed in name
// order) must not inherit the other's entry.
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"

#include <QJsonArray>
#include <QTest>

using namespace rlab;
using namespace rlab::api;

namespace {
// The node names of the last Schedule event for `podKey`, in entry order, and their filters.
QStringList scheduleEntries(Simulation &sim, const QString &podKey)
{
    QStringList names;
    for (const TraceEvent &e : sim.trace().since(0))
        if (e.type == QLatin1String("Schedule") && e.key == podKey) {
            names.clear();
            for (const QJsonValue &n : e.detail[QLatin1String("nodes")].toArray())
                names << n[QLatin1String("node")].toString() + u' ' + n[QLatin1String("filter")].toString();
        }
    return names;
}
} // namespace

class TestSchedulerTrace : public QObject
{
    Q_OBJECT
private slots:
    void entriesNameTheirNodesWhenIndicesMove()
    {
        SimulationConfig config;
        config.controllers = {QStringLiteral("scheduler")};
        Simulation sim(config);
        QVERIFY(sim.api().create(test::makePod(QStringLiteral("first"))).ok());
        sim.runUntilIdle();
        QCOMPARE(scheduleEntries(sim, QStringLiteral("default/first")),
                 (QStringList{QStringLiteral("node-1 fits"), QStringLiteral("node-2 fits"), QStringLiteral("node-3 fits")}));
        // All empty again, and a fourth node like the others whose name sorts first: it takes
        // index 0, which node-1 had, and scores the same as node-1 did.
        apiserver::DeleteOptions now;
        now.gracePeriodSeconds = 0;
        QVERIFY(sim.api().remove(apiserver::resources::byKind(Kind::Pod), QStringLiteral("default"), QStringLiteral("first"), now).ok());
        auto node0 = std::static_pointer_cast<Node>(sim.api().getAs<Node>(QString(), QStringLiteral("node-1"))->clone());
        node0->metadata.name = QStringLiteral("node-0");
        node0->metadata.uid.clear();
        node0->metadata.resourceVersion.clear();
        node0->metadata.creationTimestamp = 0;
        node0->metadata.labels.insert(QStringLiteral("kubernetes.io/hostname"), QStringLiteral("node-0"));
        node0->spec.podCIDR.clear();
        node0->spec.podCIDRs.clear();
        const auto created = sim.api().create(node0);
        QVERIFY2(created.ok(), qPrintable(created.error ? created.error->message : QString()));
        sim.runUntilIdle();
        QVERIFY(sim.api().create(test::makePod(QStringLiteral("second"))).ok());
        sim.runUntilIdle();
        QCOMPARE(scheduleEntries(sim, QStringLiteral("default/second")),
                 (QStringList{QStringLiteral("node-0 fits"), QStringLiteral("node-1 fits"), QStringLiteral("node-2 fits"),
                              QStringLiteral("node-3 fits")}));
        // A node that does not fit has its entry with the reason (shared by the next pods).
        auto cordoned = std::static_pointer_cast<Node>(sim.api().getAs<Node>(QString(), QStringLiteral("node-2"))->clone());
        cordoned->spec.unschedulable = true;
        QVERIFY(sim.api().update(cordoned).ok());
        sim.runUntilIdle();
        for (const char *name : {"third", "fourth"}) {
            QVERIFY(sim.api().create(test::makePod(QLatin1String(name))).ok());
            sim.runUntilIdle();
            QCOMPARE(scheduleEntries(sim, QStringLiteral("default/") + QLatin1String(name)),
                     (QStringList{QStringLiteral("node-0 fits"), QStringLiteral("node-1 fits"),
                                  QStringLiteral("node-2 node(s) were unschedulable"), QStringLiteral("node-3 fits")}));
        }
    }
};

QTEST_GUILESS_MAIN(TestSchedulerTrace)
#include "tst_schedulertrace.moc"
