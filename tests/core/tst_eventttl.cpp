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
};

QTEST_GUILESS_MAIN(TestEventTtl)
#include "tst_eventttl.moc"
