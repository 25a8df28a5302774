#include "core/sim/view/clusterview.h"
#include "core/api/deployment.h"
#include "core/apiserver/apiserver.h"
#include "ui/clustersession.h"
#include "ui/widgets/manifesteditor.h"

#include "ui/apply/manifestapplier.h"

#include <QSignalSpy>
#include <QtTest>

#include <thread>

using namespace rlab;
using namespace rlab::ui;

// The session's time and mode: speed and play state with their signals, drain without time,
// Live mode (worker threads; the session only moves the clock and drains) against the
// deterministic default, and the timer's frames running the deterministic runner on the
// session's runner thread (issue #17) while direct frame()s, commands and input stay synchronous.
class TestClusterSession : public QObject
{
    Q_OBJECT

private:
    static void applySample(ClusterSession &session)
    {
        const ApplyReport r = session.apply({ManifestSource{ManifestEditor::sampleName(), ManifestEditor::sampleManifest().toUtf8(), {}}});
        QVERIFY2(r.ok(), qPrintable(r.results.join('\n')));
    }
    static int available(ClusterSession &s)
    {
        const auto d = s.client().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("nginx"));
        return d ? d->status.availableReplicas : -1;
    }
    static int podCreates(const QSignalSpy &spy)
    {
        int n = 0;
        for (const QList<QVariant> &args : spy) {
            for (const store::WatchEvent &e : args.at(0).value<std::vector<store::WatchEvent>>())
                n += e.isCreate() && e.kv.key.startsWith("/registry/pods/") ? 1 : 0;
        }
        return n;
    }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<std::vector<rlab::store::WatchEvent>>();
    }

    void speedAndPlayState()
    {
        ClusterSession session;
        QCOMPARE(session.mode(), ClusterSession::Mode::Deterministic);
        QCOMPARE(session.speed(), 1.0);
        QVERIFY(session.isTimeRunning());
        QSignalSpy speed(&session, &ClusterSession::speedChanged);
        QSignalSpy running(&session, &ClusterSession::timeRunningChanged);
        session.setSpeed(10);
        session.setSpeed(10);
        session.setSpeed(0.01);
        QCOMPARE(session.speed(), ClusterSession::kMinSpeed);
        QCOMPARE(speed.count(), 2);
        session.setTimeRunning(false);
        session.setTimeRunning(false);
        session.setTimeRunning(true);
        QCOMPARE(running.count(), 2);
        QCOMPARE(running.at(0).at(0).toBool(), false);
    }

    void drainEmitsWithoutMovingTime()
    {
        ClusterSession session;
        session.start();
        QSignalSpy store(&session, &ClusterSession::storeEvents);
        QSignalSpy frames(&session, &ClusterSession::frameDone);
        const qint64 t0 = session.elapsedMs();
        applySample(session);
        session.drain();
        QCOMPARE(store.count(), 1);
        QCOMPARE(frames.count(), 0);
        QCOMPARE(session.elapsedMs(), t0);
        session.drain();
        QCOMPARE(store.count(), 1);   // nothing new, nothing emitted
    }

    void liveModeRunsOnWorkerThreads()
    {
        ClusterSession session;
        QSignalSpy modes(&session, &ClusterSession::modeChanged);
        QSignalSpy store(&session, &ClusterSession::storeEvents);
        session.setMode(ClusterSession::Mode::Live);
        QCOMPARE(modes.count(), 1);
        QVERIFY(session.view().isThreaded());
        applySample(session);
        // The frame timer drives it: ×100 virtual time, the workers do the reconciling.
        session.setSpeed(100);
        session.start();
        QTRY_COMPARE_WITH_TIMEOUT(available(session), 3, 30000);
        session.stop();
        session.drain();
        QCOMPARE(podCreates(store), 3);   // every pod write reached the GUI exactly once

        // Back to deterministic mid-flight: the same state goes on, on this thread.
        session.setMode(ClusterSession::Mode::Deterministic);
        QVERIFY(!session.view().isThreaded());
        const auto d = session.client().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("nginx"));
        auto scaled = std::make_shared<api::Deployment>(*d);
        scaled->spec.replicas = 5;
        QVERIFY(session.client().update(scaled).ok());
        session.advance(20000);
        QCOMPARE(available(session), 5);
        session.drain();
        QCOMPARE(podCreates(store), 5);
    }

    // Issue #17: the frame timer's runner work runs on the session's runner thread, never on the
    // GUI thread, and frames come back while it is in flight (one ReplicaSet sync of 500 pods is
    // one runner step); a command (client()) waits for the step boundary; a direct frame() runs
    // the runner on the calling thread and returns with nothing in flight.
    void timerFramesRunTheRunnerOffTheGuiThread()
    {
        ClusterSession session;   // instant latency: the 600 pods come in two slow-start batches
        const std::thread::id gui = std::this_thread::get_id();
        const QByteArray wide = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: wide}\nspec:\n  replicas: 600\n"
                                "  selector: {matchLabels: {app: wide}}\n  template:\n    metadata: {labels: {app: wide}}\n"
                                "    spec: {containers: [{name: app, image: nginx:1.25}]}\n";
        QVERIFY(session.apply({ManifestSource{QStringLiteral("wide.yaml"), wide, {}}}).ok());
        int framesInFlight = 0;
        connect(&session, &ClusterSession::frameDone, this, [&] { framesInFlight += session.isRunnerBusy() ? 1 : 0; });
        session.setSpeed(ClusterSession::kMaxSpeed);
        session.start();
        const auto created = [&session] {
            const auto d = session.readClient().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("wide"));
            return d ? d->status.replicas : 0;   // created (3 nodes hold 330 of them)
        };
        QTRY_VERIFY_WITH_TIMEOUT(created() == 600, 600'000);
        QVERIFY(session.runnerJobs() > 0);
        QVERIFY(session.runnerThreadId() != std::thread::id{});
        QVERIFY(session.runnerThreadId() != gui);
        QVERIFY(framesInFlight > 0);   // frames came back while the runner's work was in flight
        // A command waits for the step in flight: afterwards nothing runs behind its back.
        QTRY_VERIFY_WITH_TIMEOUT(session.isRunnerBusy(), 60'000);
        const auto d = session.client().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("wide"));
        QVERIFY(d);
        QVERIFY(!session.isRunnerBusy());
        QVERIFY(session.lastRunnerWorkThread() == session.runnerThreadId());
        // So does the user's input (a click that runs a lesson's next step drives the
        // Simulation directly): a key press waits for the step in flight before it is delivered.
        QWidget widget;
        QTRY_VERIFY_WITH_TIMEOUT(session.isRunnerBusy(), 60'000);
        QTest::keyClick(&widget, Qt::Key_Space);
        QVERIFY(!session.isRunnerBusy());
        // A direct frame(): synchronous, on this thread.
        session.frame();
        QVERIFY(!session.isRunnerBusy());
        QVERIFY(session.lastRunnerWorkThread() == gui);
        session.stop();
        QVERIFY(!session.isRunnerBusy());
        // The old way (runner thread off): the timer's frames run it on this thread.
        const qint64 jobs = session.runnerJobs();
        session.setRunnerThread(false);
        session.start();
        QSignalSpy frames(&session, &ClusterSession::frameDone);
        QTRY_VERIFY_WITH_TIMEOUT(frames.count() >= 3, 60'000);
        session.stop();
        QCOMPARE(session.runnerJobs(), jobs);
        QVERIFY(session.lastRunnerWorkThread() == gui);
    }

    void resetKeepsTheMode()
    {
        ClusterSession session;
        session.setMode(ClusterSession::Mode::Live);
        applySample(session);
        QSignalSpy reset(&session, &ClusterSession::clusterReset);
        session.reset();
        QCOMPARE(reset.count(), 1);
        QCOMPARE(session.mode(), ClusterSession::Mode::Live);
        QVERIFY(session.view().isThreaded());
        QCOMPARE(available(session), -1);
        session.setMode(ClusterSession::Mode::Deterministic);
        QVERIFY(!session.view().isThreaded());
    }
};

QTEST_MAIN(TestClusterSession)
#include "tst_clustersession.moc"
