#include "core/sim/view/clusterview.h"
#include "core/api/deployment.h"
#include "core/apiserver/apiserver.h"
#include "ui/clustersession.h"
#include "ui/widgets/manifesteditor.h"

#include <QSignalSpy>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The session's time and mode: speed and play state with their signals, drain without time,
// and Live mode (worker threads; the session only moves the clock and drains) against the
// deterministic default.
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
