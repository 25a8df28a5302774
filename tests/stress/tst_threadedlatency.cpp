// The threaded runner under the latency model (issue 13): informer threads, controller worker
// QThreads and the housekeeper pay each hop by sleeping in virtual time (ClockSleeper) while
// this thread plays the clock frame by frame, as the window does in Live threads mode. Each
// frame waits until the threads have settled (nothing pumping, counters still), so a hop that
// costs nothing would finish inside one frame. Asserts what a class would see: keys queued and
// held by workers, pods Pending for a while, the first bind no earlier than its critical path
// of hops; and that stopping mid-hop is prompt and the deterministic runner finishes the job.
#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/base/clocksleeper.h"
#include "core/base/tracelog.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/controller.h"
#include "core/controller/podutil.h"
#include "core/sim/simulation.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QElapsedTimer>
#include <QTest>

using namespace rlab;

namespace {

const QString kNs = QStringLiteral("default");
const QString kName = QStringLiteral("web");
constexpr qint64 kFrameMs = 100;   // virtual time per frame (x10 at 10 ms frames)

SimulationConfig classroom()
{
    SimulationConfig c;
    c.latency = *LatencyModel::preset(QStringLiteral("classroom"));
    return c;
}

// Everything that moves when a thread does work; two equal readings in a row, with nothing
// pumping and no watch event untaken, mean every thread is blocked (asleep on the clock or
// waiting for work).
struct Reading
{
    qint64 revision = 0, traceSeq = 0;
    quint64 adds = 0, gets = 0, dones = 0;
    int sleeping = 0;
    bool operator==(const Reading &) const = default;
};

class Player
{
public:
    explicit Player(Simulation &sim) : m_sim(sim) { }

    bool settled()
    {
        Reading r;
        r.revision = m_sim.api().currentRevision();
        r.traceSeq = m_sim.trace().lastSeq();
        for (controller::Controller *c : m_sim.controllers()) {
            const WorkQueueSnapshot s = c->queue().snapshot();
            r.adds += s.metrics.adds;
            r.gets += s.metrics.gets;
            r.dones += s.metrics.dones;
        }
        r.sleeping = m_sim.threadedSleeping();
        bool busy = false;
        for (client::SharedIndexInformer *i : m_sim.informers().informers())
            busy = busy || i->isPumping();
        for (const store::WatcherInfo &w : m_sim.api().store().watchers()) {
            if (w.range.key != "/registry/")
                busy = busy || w.pending != 0;
        }
        const bool same = !busy && m_last && *m_last == r;
        m_last = r;
        return same;
    }

    // Waits until the threads have done what this virtual instant lets them do (nothing
    // changes between two looks): each is idle or asleep in virtual time.
    bool settle()
    {
        return QTest::qWaitFor([&] { return settled(); }, 30000);
    }

    // One frame: wait for the threads to settle, look, move the clock.
    bool frame()
    {
        if (!settle())
            return false;
        look();
        m_last.reset();
        m_sim.clock().advance(kFrameMs);
        ++frames;
        return true;
    }

    void look()
    {
        for (controller::Controller *c : m_sim.controllers()) {
            if (c->name() != QLatin1String("deployment") && c->name() != QLatin1String("replicaset"))
                continue;
            const WorkQueueSnapshot s = c->queue().snapshot();
            queuedFrames += s.metrics.depth > 0 ? 1 : 0;
            processingFrames += s.metrics.processing > 0 ? 1 : 0;
        }
        bool pending = false;
        int ready = 0;
        for (const api::ObjectPtr &o : m_sim.api().list(apiserver::resources::byKind(api::Kind::Pod), kNs).value.items) {
            const auto p = api::objectCast<api::Pod>(o);
            pending = pending || p->spec.nodeName.isEmpty();
            ready += controller::IsPodReady(*p) ? 1 : 0;
        }
        if (pending) {
            const qint64 now = m_sim.clock().now();
            firstPendingMs = firstPendingMs < 0 ? now : firstPendingMs;
            lastPendingMs = now;
        }
        readyPods = ready;
    }

    int frames = 0, queuedFrames = 0, processingFrames = 0, readyPods = 0;
    qint64 firstPendingMs = -1, lastPendingMs = -1;

private:
    Simulation &m_sim;
    std::optional<Reading> m_last;
};

// The trace time of the first event of `type` (and key part) after seq `from`; -1 if none.
qint64 firstEventAt(Simulation &sim, qint64 from, const QString &type, const QString &keyPart = {})
{
    for (const TraceEvent &e : sim.trace().since(from)) {
        if (e.type == type && e.key.contains(keyPart))
            return e.t;
    }
    return -1;
}

} // namespace

class TestThreadedLatency : public QObject
{
    Q_OBJECT

private slots:
    // Create a 10-replica Deployment and play until every pod is Ready.
    void playsEveryHopInVirtualTime()
    {
        Simulation sim(classroom());
        const LatencyModel m = sim.latency();
        sim.startThreaded();
        Player player(sim);
        const qint64 from = sim.trace().lastSeq();
        QVERIFY(sim.api().create(test::makeDeployment(kName, 10)).ok());
        while (player.readyPods < 10 && player.frames < 3000)
            QVERIFY(player.frame());
        QElapsedTimer t;
        t.start();
        sim.stopThreaded();
        QCOMPARE(player.readyPods, 10);

        const qint64 created = firstEventAt(sim, from, QStringLiteral("Put"), QStringLiteral("deployments/"));
        const qint64 bound = firstEventAt(sim, from, QStringLiteral("Bind"));
        QVERIFY(created >= 0 && bound >= 0);
        // Deployment → ReplicaSet → Pod → bind: three times (watch delivery, queue hop, a write).
        const qint64 criticalPath = 3 * (m.watchDeliveryMs + m.queueGetMs + m.writeMs);
        qInfo("classroom, threaded: %d frames of %lld ms; first bind %lld ms after the create (critical path %lld ms); "
              "deployment/replicaset queues: a key queued in %d and held in %d frame-queues; a pod Pending from %lld to %lld ms; "
              "stopThreaded %lld ms",
              player.frames, kFrameMs, bound - created, criticalPath, player.queuedFrames, player.processingFrames,
              player.firstPendingMs - sim.config().cluster.startTimeMs, player.lastPendingMs - sim.config().cluster.startTimeMs,
              t.elapsed());
        QVERIFY2(bound - created >= criticalPath, "a hop cost no virtual time");
        QVERIFY(player.queuedFrames > 0);
        QVERIFY(player.processingFrames > 0);
        QVERIFY(player.firstPendingMs >= 0);
        QVERIFY(player.lastPendingMs - player.firstPendingMs >= 1000);
    }

    // Stop while workers sleep inside their hops: the threads wake at once, and the
    // deterministic runner (with the same model) finishes the rollout on the same queues.
    void stopMidHopThenFinishDeterministically()
    {
        Simulation sim(classroom());
        sim.startThreaded();
        Player player(sim);
        QVERIFY(sim.api().create(test::makeDeployment(kName, 10)).ok());
        // Looked at when settled, not just after the clock moved (the sleepers it woke may not
        // be asleep again yet: under load every look could come too early). One reading decides
        // and is asserted (reading the count again could catch a sleeper between its wake-up and
        // its next sleep: one run in ~20 failed so on a loaded machine).
        int sleeping = 0;
        for (;;) {
            QVERIFY(player.settle());
            sleeping = sim.threadedSleeping();
            // Until the rollout is done (then no hop is left to stop in): a look can come while
            // every worker is between hops, runnable but not yet in its next sleep (in `ctest -j2`
            // beside a busy test, one run saw no sleeper in 100 frames, 10 s of virtual time).
            if (sleeping > 0 || player.readyPods >= 10 || player.frames >= 3000)
                break;
            QVERIFY(player.frame());
        }
        QVERIFY2(sleeping > 0, qPrintable(QStringLiteral("no thread asleep in virtual time after %1 frames (%2 pods ready)")
                                              .arg(player.frames).arg(player.readyPods)));
        QElapsedTimer t;
        t.start();
        sim.stopThreaded();
        qInfo("stopThreaded with threads asleep in virtual time: %lld ms", t.elapsed());
        QCOMPARE(sim.threadedSleeping(), 0);
        for (controller::Controller *c : sim.controllers())
            QVERIFY2(!c->isRunning(), qPrintable(c->name()));
        sim.runUntilIdle(600'000);
        const auto d = sim.api().getAs<api::Deployment>(kNs, kName);
        QVERIFY(d);
        QCOMPARE(d->status.availableReplicas, 10);
        QCOMPARE(sim.runner().heldCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestThreadedLatency)
#include "tst_threadedlatency.moc"
