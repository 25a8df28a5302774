// The latency model's parts, one at a time: the presets, a MeteredClient's requests (each
// commits at its own virtual time on a VirtualWorker; client-go's token bucket), and the
// discrete-event runner's lanes (a free worker gets a key
// one queue hop after its add and holds it for the reconcile's cost; re-adds while it is held
// park in the dirty set and done() requeues them, as upstream's workqueue promises).
#include "core/api/deployment.h"
#include "core/base/clocksleeper.h"
#include "core/base/manualclock.h"
#include "core/controller/controller.h"
#include "core/controller/slowstartbatch.h"
#include "core/sim/cluster.h"
#include "core/sim/deterministicrunner.h"
#include "core/sim/latencymodel.h"
#include "core/sim/meteredclient.h"
#include "core/sim/scenario.h"
#include "core/sim/tokenbucket.h"
#include "core/sim/virtualworker.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

#include <atomic>
#include <thread>

using namespace rlab;

using test::makeDeployment;

class TestLatencyModel : public QObject
{
    Q_OBJECT

private slots:
    void presets()
    {
        QCOMPARE(LatencyModel::presetNames(), (QStringList{"classroom", "realistic", "instant"}));
        QVERIFY(LatencyModel::preset(QStringLiteral("instant"))->isInstant());
        QVERIFY(LatencyModel().isInstant());
        QVERIFY(!LatencyModel::preset(QStringLiteral("nope")));
        for (const QString &name : {QStringLiteral("realistic"), QStringLiteral("classroom")}) {
            const LatencyModel m = *LatencyModel::preset(name);
            QVERIFY2(!m.isInstant(), qPrintable(name));
            // The hops keep their order: a list costs more than a write, a write more than a
            // get, and a worker's get is the cheapest hop.
            QVERIFY(m.listMs > m.writeMs && m.writeMs > m.getMs && m.getMs >= m.queueGetMs && m.queueGetMs > 0);
            QCOMPARE(m.controllerQps, 20.0);
            QCOMPARE(m.controllerBurst, 30);
            QCOMPARE(m.schedulerBurst, 100);
        }
        // classroom stretches every hop of realistic.
        const LatencyModel r = *LatencyModel::preset(QStringLiteral("realistic"));
        const LatencyModel c = *LatencyModel::preset(QStringLiteral("classroom"));
        QVERIFY(c.writeMs > 10 * r.writeMs && c.watchDeliveryMs > 10 * r.watchDeliveryMs && c.queueGetMs > 10 * r.queueGetMs);
    }

    void meteredRequestsCommitAtTheirOwnTime()
    {
        // A reconcile on a VirtualWorker: each request parks the worker until it completes
        // (classroom: write 400, get 250, list 570 ms); the runner moves the clock and resumes.
        Cluster cluster;
        ManualClock &clock = cluster.clock();
        const qint64 t0 = clock.now();
        MeteredClient mc(cluster.client(), MeteredClient::Role::Controller);
        mc.setModel(*LatencyModel::preset(QStringLiteral("classroom")));
        // Outside a worker nothing waits.
        QVERIFY(mc.create(makeDeployment(QStringLiteral("a"))).ok());
        QList<qint64> committedAt;
        VirtualWorker worker(QStringLiteral("deployment-worker-0"));
        VirtualWorker::State st = worker.start([&] {
            QVERIFY(mc.create(makeDeployment(QStringLiteral("b"))).ok());
            committedAt << clock.now();
            QVERIFY(mc.getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("b")));
            committedAt << clock.now();
            QVERIFY(mc.list(apiserver::resources::byKind(api::Kind::Deployment), QStringLiteral("default")).ok());
            committedAt << clock.now();
        });
        QList<qint64> parks;
        while (st == VirtualWorker::State::Parked) {
            parks << worker.parkedUntil() - t0;
            QCOMPARE(cluster.api().list(apiserver::resources::byKind(api::Kind::Deployment), QStringLiteral("default")).value.items.size(),
                     parks.size() == 1 ? 1 : 2);   // b exists only once its write completed
            clock.advanceTo(worker.parkedUntil());
            st = worker.resume();
        }
        QCOMPARE(st, VirtualWorker::State::Finished);
        QCOMPARE(parks, (QList<qint64>{400, 650, 1220}));
        QCOMPARE(committedAt, (QList<qint64>{t0 + 400, t0 + 650, t0 + 1220}));
        QCOMPARE(mc.requests(), 4);
    }

    void slowStartBatchIssuesItsCallsTogether()
    {
        // slowStartBatch(7) on a VirtualWorker under classroom (write 400 ms): batches 1, 2, 4
        // as upstream's goroutines would — each batch's creates all commit one write after
        // the batch starts: at +400, then +800 (x2), then +1200 (x4); not +400 … +2800.
        Cluster cluster;
        ManualClock &clock = cluster.clock();
        const qint64 t0 = clock.now();
        MeteredClient mc(cluster.client(), MeteredClient::Role::Controller);
        mc.setModel(*LatencyModel::preset(QStringLiteral("classroom")));
        QList<qint64> committedAt;
        int n = 0;
        VirtualWorker worker(QStringLiteral("replicaset-worker-0"));
        VirtualWorker::State st = worker.start([&] {
            const controller::SlowStartBatchResult r = controller::slowStartBatch(7, 1, [&] {
                const bool ok = mc.create(makeDeployment(QStringLiteral("d%1").arg(n++))).ok();
                committedAt << clock.now() - t0;
                return ok ? QString() : QStringLiteral("failed");
            });
            QCOMPARE(r.successes, 7);
        });
        while (st == VirtualWorker::State::Parked) {
            clock.advanceTo(worker.parkedUntil());
            st = worker.resume();
        }
        QCOMPARE(st, VirtualWorker::State::Finished);
        QCOMPARE(committedAt, (QList<qint64>{400, 800, 800, 1200, 1200, 1200, 1200}));
    }

    void threadedRequestsSleepInVirtualTime()
    {
        // The threaded runner: a request from a thread other than the clock's owner sleeps
        // until the clock reaches its completion (ClockSleeper); the owner's never waits; an
        // interrupt lets a sleeping request through at once.
        Cluster cluster;
        ManualClock &clock = cluster.clock();
        const qint64 t0 = clock.now();
        ClockSleeper sleeper(clock);
        MeteredClient mc(cluster.client(), MeteredClient::Role::Controller);
        mc.setModel(*LatencyModel::preset(QStringLiteral("classroom")));
        mc.setSleeper(&sleeper, std::this_thread::get_id());
        QVERIFY(mc.create(makeDeployment(QStringLiteral("owner"))).ok());   // the owner: no wait
        QCOMPARE(clock.now(), t0);
        std::atomic<qint64> committedAt{-1};
        std::thread worker([&] {
            QVERIFY(mc.create(makeDeployment(QStringLiteral("worker"))).ok());
            committedAt = clock.now() - t0;
        });
        QTRY_COMPARE(sleeper.sleeping(), 1);
        clock.advance(399);
        QCOMPARE(committedAt.load(), qint64(-1));   // still asleep: its write completes at +400
        QVERIFY(!cluster.api().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("worker")));
        clock.advance(1);
        QTRY_COMPARE(committedAt.load(), qint64(400));
        worker.join();
        // Interrupted: the request goes through at once, at the current time.
        std::thread late([&] { QVERIFY(mc.create(makeDeployment(QStringLiteral("late"))).ok()); });
        QTRY_COMPARE(sleeper.sleeping(), 1);
        sleeper.interrupt();
        late.join();
        QCOMPARE(sleeper.sleeping(), 0);
        QVERIFY(cluster.api().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("late")));
        QCOMPARE(clock.now(), t0 + 400);
    }

    void tokenBucketThrottlesPastTheBurst()
    {
        TokenBucket b;
        b.reset(20, 30);
        for (int i = 0; i < 30; ++i)
            QCOMPARE(b.reserve(0), 0);
        QCOMPARE(b.reserve(0), 50);      // 31st: one token of debt
        QCOMPARE(b.reserve(0), 100);     // 32nd
        QCOMPARE(b.reserve(1100), 1100); // 22 tokens back since 0, 2 of debt paid: goes at once
        QCOMPARE(b.reserve(500), 1100);  // never backwards: counts from 1100 (19 left)
        TokenBucket none;
        QCOMPARE(none.reserve(42), 42);  // qps 0: never throttles
    }

    void finishNowRunsAParkedJobToItsEnd()
    {
        Cluster cluster;
        MeteredClient mc(cluster.client(), MeteredClient::Role::Kubelet);
        mc.setModel(*LatencyModel::preset(QStringLiteral("realistic")));
        VirtualWorker worker(QStringLiteral("kubelet"));
        int done = 0;
        QCOMPARE(worker.start([&] {
            mc.create(makeDeployment(QStringLiteral("x")));
            mc.create(makeDeployment(QStringLiteral("y")));
            ++done;
        }), VirtualWorker::State::Parked);
        worker.finishNow();
        QCOMPARE(done, 1);
        QCOMPARE(worker.state(), VirtualWorker::State::Finished);
        QCOMPARE(cluster.api().list(apiserver::resources::byKind(api::Kind::Deployment), QStringLiteral("default")).value.items.size(), 2);
    }

    void laneHoldsTheKeyForTheReconcileCost()
    {
        ManualClock clock(0);
        controller::Controller c(QStringLiteral("deployment"), QStringLiteral("syncDeployment"), clock, nullptr, 15);
        QList<QPair<QString, qint64>> synced;   // key, time of the sync
        c.setSyncHandler([&](const QString &key) {
            synced.append({key, clock.now()});
            return controller::SyncResult{};
        });
        DeterministicRunner r(clock);
        r.addLane(QStringLiteral("deployment"), 2, [&c] { return c.queue().headDirtySinceMs(); },
                  [&c](int worker) -> std::optional<DeterministicRunner::Started> {
                      auto held = c.beginWorkItem(worker);
                      if (!held)
                          return std::nullopt;
                      return DeterministicRunner::Started{1000, [&c, h = *held] { c.endWorkItem(h); }};
                  });
        r.setLatency(true, 200);
        c.enqueue(QStringLiteral("default/a"));
        c.enqueue(QStringLiteral("default/b"));
        QVERIFY(!r.step());                          // nothing due at 0: the keys wait their hop
        QCOMPARE(r.nextEventAt(), 200);
        QVERIFY(r.jumpToNextEvent(10'000));
        QVERIFY(r.step());                           // worker 0 gets a at 200
        QVERIFY(r.step());                           // worker 1 gets b at 200
        QCOMPARE(r.heldCount(), 2);
        QCOMPARE(c.queue().snapshot().processing.size(), qsizetype(2));
        c.enqueue(QStringLiteral("default/a"));      // while held: parked, not handed out
        QVERIFY(!r.step());
        QCOMPARE(c.queue().len(), 0);
        QCOMPARE(r.nextEventAt(), 1200);             // both workers are busy until 1200
        r.runUntilIdle(10'000);
        // a and b at 200; a again as soon as done() requeued it (1200): it has been dirty since
        // its re-add at 200, longer than the get hop, so a free worker takes it at once.
        QCOMPARE(synced, (QList<QPair<QString, qint64>>{{"default/a", 200}, {"default/b", 200}, {"default/a", 1200}}));
        QCOMPARE(clock.now(), 2200);                 // the last hold ends at 1200 + 1000
        QCOMPARE(r.heldCount(), 0);
        QCOMPARE(c.queue().snapshot().processing.size(), qsizetype(0));
    }

    void turningTheModelOffFinishesHeldKeys()
    {
        ManualClock clock(0);
        controller::Controller c(QStringLiteral("replicaset"), QStringLiteral("syncReplicaSet"), clock, nullptr, -1);
        int syncs = 0;
        c.setSyncHandler([&](const QString &) {
            ++syncs;
            return controller::SyncResult{};
        });
        DeterministicRunner r(clock);
        r.addController(QStringLiteral("replicaset"), [&c] { return c.processNextWorkItem(0, false); });
        r.addLane(QStringLiteral("replicaset"), 1, [&c] { return c.queue().headDirtySinceMs(); },
                  [&c](int worker) -> std::optional<DeterministicRunner::Started> {
                      auto held = c.beginWorkItem(worker);
                      if (!held)
                          return std::nullopt;
                      return DeterministicRunner::Started{5000, [&c, h = *held] { c.endWorkItem(h); }};
                  });
        r.setLatency(true, 0);
        c.enqueue(QStringLiteral("default/a"));
        QVERIFY(r.step());
        QCOMPARE(r.heldCount(), 1);
        r.setLatency(false);
        QCOMPARE(r.heldCount(), 0);
        QCOMPARE(c.queue().snapshot().processing.size(), qsizetype(0));
        c.enqueue(QStringLiteral("default/a"));      // zero-time path again: synced at once
        QVERIFY(r.step());
        QCOMPARE(syncs, 2);
        QCOMPARE(clock.now(), 0);
    }

    void scenarioLatencyField()
    {
        QStringList errors;
        const QByteArray ok = "apiVersion: rlab.dev/v1alpha1\nkind: Scenario\nmetadata: {name: x}\nspec:\n  latency: classroom\n  steps: []\n";
        const std::optional<Scenario> s = Scenario::parse(ok, QStringLiteral("x.yaml"), &errors);
        QVERIFY2(s, qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(s->latency, QStringLiteral("classroom"));
        const QByteArray bad = "apiVersion: rlab.dev/v1alpha1\nkind: Scenario\nmetadata: {name: x}\nspec:\n  latency: glacial\n  steps: []\n";
        errors.clear();
        QVERIFY(!Scenario::parse(bad, QStringLiteral("bad.yaml"), &errors));
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors[0].startsWith(QLatin1String("bad.yaml:5:")), qPrintable(errors[0]));
        QVERIFY2(errors[0].contains(QLatin1String("unknown latency preset \"glacial\" (known: classroom, realistic, instant)")),
                 qPrintable(errors[0]));
    }
};

QTEST_GUILESS_MAIN(TestLatencyModel)
#include "tst_latencymodel.moc"
