// The threaded runner (informer threads, 5 + 5 controller worker QThreads, the housekeeping
// thread) converges to the same final state as the deterministic runner on the 10-replica
// rolling update (issue 5), and a threaded run stopped half-way resumes deterministically.
// The test thread only advances the virtual clock: to the next timer once the control plane is
// quiet (no informer pumping, no watch event pending, no queue holding or processing a key,
// twice the same store revision and queue counters), like DeterministicRunner::runUntilIdle.
#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/controller.h"
#include "core/api/deploymentutil.h"
#include "core/kubectl/rollout.h"
#include "core/controller/podutil.h"
#include "core/sim/simulation.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QElapsedTimer>
#include <QTest>

using namespace rlab;

namespace {

const QString kNs = QStringLiteral("default");
const QString kName = QStringLiteral("nginx");

// What must be equal after both runs: the Deployment's status and revision, and per
// ReplicaSet (by pod-template-hash) its replicas and how many of its pods are Running + Ready.
struct FinalState
{
    QStringList lines;
    bool operator==(const FinalState &) const = default;
};

FinalState finalState(Simulation &sim)
{
    FinalState s;
    const auto d = sim.api().getAs<api::Deployment>(kNs, kName);
    if (!d)
        return s;
    s.lines << QStringLiteral("deployment generation=%1 observed=%2 replicas=%3 updated=%4 ready=%5 available=%6 unavailable=%7 revision=%8")
                   .arg(d->metadata.generation).arg(d->status.observedGeneration).arg(d->status.replicas)
                   .arg(d->status.updatedReplicas).arg(d->status.readyReplicas).arg(d->status.availableReplicas)
                   .arg(d->status.unavailableReplicas)
                   .arg(d->metadata.annotations.value(QStringLiteral("deployment.kubernetes.io/revision")));
    for (const api::Condition &c : d->status.conditions)
        s.lines << QStringLiteral("condition %1=%2 %3").arg(c.type, c.status, c.reason);
    QMap<QString, int> runningReady;
    const auto pods = sim.api().list(apiserver::resources::byKind(api::Kind::Pod), kNs).value.items;
    for (const api::ObjectPtr &o : pods) {
        const auto p = api::objectCast<api::Pod>(o);
        if (p && p->metadata.deletionTimestamp == 0 && p->status.phase == QLatin1String("Running") && controller::IsPodReady(*p))
            ++runningReady[p->metadata.labels.value(deploymentutil::DefaultDeploymentUniqueLabelKey)];
    }
    s.lines << QStringLiteral("pods %1").arg(pods.size());
    for (const api::ObjectPtr &o : sim.api().list(apiserver::resources::byKind(api::Kind::ReplicaSet), kNs).value.items) {
        const auto rs = api::objectCast<api::ReplicaSet>(o);
        const QString hash = rs->metadata.labels.value(deploymentutil::DefaultDeploymentUniqueLabelKey);
        s.lines << QStringLiteral("rs %1 name=%2 spec=%3 status=%4 ready=%5 available=%6 revision=%7 runningReadyPods=%8")
                       .arg(hash, rs->metadata.name).arg(rs->spec.replicas.value_or(1)).arg(rs->status.replicas)
                       .arg(rs->status.readyReplicas).arg(rs->status.availableReplicas)
                       .arg(rs->metadata.annotations.value(QStringLiteral("deployment.kubernetes.io/revision")))
                       .arg(runningReady.value(hash));
    }
    return s;
}

// Everything that moves when the control plane does work.
struct Activity
{
    qint64 revision = 0;
    quint64 adds = 0, gets = 0, dones = 0;
    bool idle = true;
    bool operator==(const Activity &) const = default;
};

Activity activity(Simulation &sim)
{
    Activity a;
    a.revision = sim.api().currentRevision();
    for (controller::Controller *c : sim.controllers()) {
        const WorkQueueSnapshot s = c->queue().snapshot();
        a.adds += s.metrics.adds;
        a.gets += s.metrics.gets;
        a.dones += s.metrics.dones;
        a.idle = a.idle && s.metrics.depth == 0 && s.metrics.processing == 0;
    }
    for (client::SharedIndexInformer *i : sim.informers().informers())
        a.idle = a.idle && !i->isPumping();
    for (const store::WatcherInfo &w : sim.api().store().watchers()) {
        if (w.range.key != "/registry/")   // the housekeeper's wake-up watch, drained lazily
            a.idle = a.idle && w.pending == 0;
    }
    return a;
}

bool quiet(Simulation &sim)
{
    const Activity before = activity(sim);
    return before.idle && activity(sim) == before;
}

// DeterministicRunner::runUntilIdle for the threaded mode: wait until quiet, then jump to the
// next timer, while it is at most maxVirtualMs ahead. Returns the number of clock jumps, -1 if
// the control plane never settled.
int driveThreaded(Simulation &sim, qint64 maxVirtualMs)
{
    const qint64 deadline = sim.clock().now() + maxVirtualMs;
    int jumps = 0;
    for (;;) {
        if (!QTest::qWaitFor([&] { return quiet(sim); }, 20000))
            return -1;
        const std::optional<qint64> next = sim.clock().nextTimerAt();
        if (!next || *next > deadline)
            return jumps;
        sim.clock().advanceTo(std::max(*next, sim.clock().now()));
        ++jumps;
    }
}

SimulationConfig config()
{
    SimulationConfig c;
    c.deploymentWorkers = 5;
    c.replicaSetWorkers = 5;
    return c;
}

bool createDeployment(Simulation &sim)
{
    return sim.api().create(test::makeDeployment(kName, 10, QStringLiteral("nginx:1.25"))).ok();
}

bool setImage(Simulation &sim)
{
    return kubectl::rollout::setImage(sim.client(), kNs, kName, QStringLiteral("app"), QStringLiteral("nginx:1.26")).ok();
}

FinalState deterministicRollingUpdate()
{
    Simulation sim(config());
    if (!createDeployment(sim))
        return {};
    sim.runUntilIdle(600'000);
    if (!setImage(sim))
        return {};
    sim.runUntilIdle(600'000);
    return finalState(sim);
}

bool rolledOut(const FinalState &s)
{
    return !s.lines.isEmpty()
           && s.lines.first().contains(QLatin1String("replicas=10 updated=10 ready=10 available=10 unavailable=0 revision=2"));
}

} // namespace

class TestThreadedRunner : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_expected = deterministicRollingUpdate();
        QVERIFY2(rolledOut(m_expected), qPrintable(m_expected.lines.join(QLatin1Char('\n'))));
        qInfo().noquote() << "deterministic final state:\n" << m_expected.lines.join(QLatin1Char('\n'));
    }

    void threadedConvergesToDeterministicState()
    {
        Simulation sim(config());
        sim.startThreaded();
        QVERIFY(sim.isThreaded());
        QCOMPARE(sim.informers().mode(), client::DriveMode::Threaded);
        for (controller::Controller *c : sim.controllers())
            QVERIFY2(c->isRunning(), qPrintable(c->name()));
        QCOMPARE(sim.controllers().front()->workers(), 5);   // the Deployment controller
        QVERIFY(createDeployment(sim));
        const int firstJumps = driveThreaded(sim, 600'000);
        QVERIFY(firstJumps >= 0);
        QVERIFY(setImage(sim));
        const int jumps = driveThreaded(sim, 600'000);
        QVERIFY(jumps >= 0);
        QElapsedTimer t;
        t.start();
        sim.stopThreaded();
        qInfo("threaded: %d + %d clock jumps; stopThreaded took %lld ms", firstJumps, jumps, t.elapsed());
        const FinalState got = finalState(sim);
        QCOMPARE(got.lines.join(QLatin1Char('\n')), m_expected.lines.join(QLatin1Char('\n')));
        // Worker threads really ran the syncs: more than one Deployment worker took keys.
        QVERIFY(sim.controllers().front()->syncs() > 0);
    }

    // Stop half-way through the rollout, then finish deterministically on the very same queues,
    // caches and watches; then threaded again and back, to the same final state.
    void stopThenResumeDeterministically()
    {
        Simulation sim(config());
        sim.startThreaded();
        QVERIFY(createDeployment(sim));
        QVERIFY(driveThreaded(sim, 600'000) >= 0);
        QVERIFY(setImage(sim));
        // A few seconds of virtual time: the new ReplicaSet exists, the rollout is under way.
        QVERIFY(driveThreaded(sim, 3'000) >= 0);
        QElapsedTimer t;
        t.start();
        sim.stopThreaded();
        qInfo("stopThreaded in mid-rollout took %lld ms", t.elapsed());
        QVERIFY(!sim.isThreaded());
        QCOMPARE(sim.informers().mode(), client::DriveMode::Deterministic);
        for (controller::Controller *c : sim.controllers()) {
            QVERIFY2(!c->isRunning(), qPrintable(c->name()));
            QVERIFY2(!c->queue().shuttingDown(), qPrintable(c->name()));
        }
        QVERIFY2(!rolledOut(finalState(sim)), "the rollout should still be in progress when stopped");
        sim.runUntilIdle(600'000);
        QVERIFY(!sim.runner().hitStepLimit());
        QCOMPARE(finalState(sim).lines.join(QLatin1Char('\n')), m_expected.lines.join(QLatin1Char('\n')));

        // And live again: a scale to 4 goes through the threads.
        sim.startThreaded();
        QVERIFY(kubectl::rollout::scale(sim.client(), kNs, kName, 4).ok());
        QVERIFY(driveThreaded(sim, 600'000) >= 0);
        sim.stopThreaded();
        const auto d = sim.api().getAs<api::Deployment>(kNs, kName);
        QCOMPARE(d->status.availableReplicas, 4);
        QCOMPARE(d->status.replicas, 4);
    }

    // The garbage collector runs in threaded mode too: deleting the Deployment takes its
    // ReplicaSets and their pods with it (background cascade).
    void garbageCollectorRunsThreaded()
    {
        Simulation sim(config());
        sim.startThreaded();
        QVERIFY(createDeployment(sim));
        QVERIFY(driveThreaded(sim, 600'000) >= 0);
        QVERIFY(sim.api().remove(apiserver::resources::byKind(api::Kind::Deployment), kNs, kName).ok());
        const auto count = [&](api::Kind k) { return sim.api().list(apiserver::resources::byKind(k), kNs).value.items.size(); };
        // Pods terminate on the kubelets' clock: keep jumping it until everything is gone.
        QTRY_VERIFY_WITH_TIMEOUT((driveThreaded(sim, 60'000) >= 0 && count(api::Kind::ReplicaSet) == 0 && count(api::Kind::Pod) == 0),
                                 20000);
        sim.stopThreaded();
    }

private:
    FinalState m_expected;
};

QTEST_GUILESS_MAIN(TestThreadedRunner)
#include "tst_threadedrunner.moc"
