// kube-apiserver's --event-ttl (1h): an Event not written for an hour expires (its etcd lease),
// so a long lab does not pile Events up; the expiry is a DELETE that watchers see, and the trace
// says why. Without it a lab's scenario step cost grew with its history (issue #17 item 4).
#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

using namespace rlab;

namespace {
int events(Simulation &sim)
{
    return int(sim.api().list(apiserver::resources::byKind(api::Kind::Event), QString()).value.items.size());
}

const apiserver::ResourceType &eventsRt()
{
    static const apiserver::ResourceType rt = apiserver::resources::byKind(api::Kind::Event);
    return rt;
}

// An Event as a recorder writes it, at the simulation's now.
void writeEvent(Simulation &sim, const QString &name, int count)
{
    auto e = std::make_shared<api::Event>();
    e->metadata.name = name;
    e->metadata.namespace_ = QStringLiteral("default");
    e->involvedObject.kind = QStringLiteral("Pod");
    e->involvedObject.name = QStringLiteral("p");
    e->reason = QStringLiteral("BackOff");
    e->message = QStringLiteral("Back-off restarting failed container");
    e->type = QStringLiteral("Warning");
    e->count = count;
    const qint64 now = sim.clock().now() / 1000 * 1000;
    if (const auto old = sim.api().getAs<api::Event>(QStringLiteral("default"), name)) {
        e->metadata = old->metadata;
        e->firstTimestamp = old->firstTimestamp;
        e->lastTimestamp = now;
        QVERIFY(sim.api().update(eventsRt(), QStringLiteral("default"), e).ok());
        return;
    }
    e->firstTimestamp = e->lastTimestamp = now;
    QVERIFY(sim.api().create(eventsRt(), QStringLiteral("default"), e).ok());
}

bool exists(Simulation &sim, const QString &name)
{
    return sim.api().get(eventsRt(), QStringLiteral("default"), name).ok();
}
} // namespace

class TestEventTtl : public QObject
{
    Q_OBJECT

private slots:
    void eventsExpireAnHourAfterTheirLastWrite()
    {
        Simulation sim;
        QVERIFY(sim.api().create(test::makeDeployment(QStringLiteral("web"), 3)).ok());
        sim.runUntilIdle();
        const int first = events(sim);
        QVERIFY(first >= 9);   // ScalingReplicaSet, SuccessfulCreate, Scheduled, Pulled, Started...
        apiserver::ListOptions from;
        from.resourceVersion = QString::number(sim.api().currentRevision());
        auto watch = sim.api().watch(apiserver::resources::byKind(api::Kind::Event), QString(), from);
        QVERIFY(watch.ok());
        sim.advance(30 * 60 * 1000);
        QCOMPARE(events(sim), first);   // half an hour: all still there
        // A new write after 40 minutes: the scale's Events are younger than the rest.
        auto d = sim.api().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("web"))->clone();
        std::static_pointer_cast<api::Deployment>(d)->spec.replicas = 4;
        sim.advance(10 * 60 * 1000);
        QVERIFY(sim.api().update(d).ok());
        sim.runUntilIdle();
        const int withScale = events(sim);
        QVERIFY(withScale > first);
        sim.advance(25 * 60 * 1000);   // 65 min after the first Events, 25 after the scale's
        QCOMPARE(events(sim), withScale - first);
        int deletes = 0;
        for (const apiserver::ApiWatchEvent &e : watch.value->take())
            deletes += e.type == apiserver::ApiWatchEvent::Deleted ? 1 : 0;
        QCOMPARE(deletes, first);
        bool traced = false;
        for (const TraceEvent &t : sim.trace().since(0))
            traced = traced || (t.type == QLatin1String("LeaseExpired") && t.text.contains(QLatin1String("--event-ttl=1h")));
        QVERIFY(traced);
        sim.advance(60 * 60 * 1000);
        QCOMPARE(events(sim), 0);
    }
    // Each write leases the key anew: the first lease passes by an Event written since (its
    // revision is no longer the key's), the second one expires it. The expiry finds Events the
    // store keeps packed (cold) as well.
    void aRewrittenEventKeepsItsLaterLease()
    {
        Simulation sim;
        writeEvent(sim, QStringLiteral("p.1"), 1);
        writeEvent(sim, QStringLiteral("p.2"), 1);
        sim.advance(40 * 60 * 1000);
        writeEvent(sim, QStringLiteral("p.1"), 2);   // 40 min later
        writeEvent(sim, QStringLiteral("other"), 1);
        QCOMPARE(sim.api().store().compact(sim.api().currentRevision()), store::StoreError::None);
        QVERIFY(sim.api().store().stats().valuesPacked >= 2);   // p.2 and other at least
        sim.advance(25 * 60 * 1000);   // 65 min: p.2's lease is due, p.1's first lease too
        QVERIFY(exists(sim, QStringLiteral("p.1")));
        QVERIFY(!exists(sim, QStringLiteral("p.2")));
        QVERIFY(exists(sim, QStringLiteral("other")));
        sim.advance(40 * 60 * 1000);   // 105 min: p.1's second lease (100 min) and other's
        QVERIFY(!exists(sim, QStringLiteral("p.1")));
        QVERIFY(!exists(sim, QStringLiteral("other")));
    }

    // A saved lab's Events were not written through the new ApiServer: they are leased from
    // their own timestamps when the store is restored under it.
    void aRestoredStoresEventsExpire()
    {
        Simulation before;
        writeEvent(before, QStringLiteral("old"), 1);
        before.advance(50 * 60 * 1000);
        writeEvent(before, QStringLiteral("young"), 1);
        SimulationConfig config;
        config.cluster.storeImage = std::make_shared<store::StoreImage>(before.api().store().image());
        config.cluster.startTimeMs = before.clock().now();
        Simulation after(config);
        QVERIFY(exists(after, QStringLiteral("old")));
        after.advance(15 * 60 * 1000);   // 65 min after "old", 15 after "young"
        QVERIFY(!exists(after, QStringLiteral("old")));
        QVERIFY(exists(after, QStringLiteral("young")));
    }
};

QTEST_GUILESS_MAIN(TestEventTtl)
#include "tst_eventttl.moc"
