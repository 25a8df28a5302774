#include "core/sim/view/clusterview.h"
#include "core/kubectl/rollout.h"
#include "core/sim/simulation.h"
#include "ui/clustersession.h"
#include "ui/models/objecttreemodel.h"
#include "ui/record/stepforms.h"
#include "ui/timetravel/timetravel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// ClusterSession's time travel as the window uses it: an ObjectTreeModel fed exactly like
// MainWindow feeds it (reset from snapshot() on clusterReset, storeEvents applied), the sample
// Deployment applied and scaled 3 -> 5, then TimeTravel::viewRevision() to the revision before
// the scale and returnToLive(). Virtual time is driven explicitly (advance + frame), never by sleeping.
class TestTimeTravel : public QObject
{
    Q_OBJECT

private:
    static QString manifest() { return QStringLiteral(RLAB_TEST_DATA "/../../resources/manifests/nginx-deployment.yaml"); }

    static void run(ClusterSession &session, qint64 ms)
    {
        session.advance(ms);
        session.frame();
    }

    static qint64 replicasIn(const view::Snapshot &snap)
    {
        for (const store::KeyValue &kv : snap.kvs)
            if (kv.key == "/registry/deployments/default/nginx")
                return kv.value->toJson().value(QLatin1String("spec")).toObject().value(QLatin1String("replicas")).toInteger(-1);
        return -1;
    }

    // Model wired like MainWindow::connectSession / resetModels.
    static void wire(ClusterSession &session, ObjectTreeModel &model)
    {
        QObject::connect(&session, &ClusterSession::clusterReset, &model, [&] { model.reset(session.snapshot().kvs); });
        QObject::connect(&session, &ClusterSession::storeEvents, &model,
                         [&](const std::vector<store::WatchEvent> &events) { model.apply(events); });
        model.reset(session.snapshot().kvs);
    }

    // Applies the sample, lets it settle, scales to 5 (kubectl scale + recordStep) and settles
    // again. Returns the revision just before the scale.
    static qint64 applyAndScale(ClusterSession &session)
    {
        const ApplyReport report = session.apply({ManifestSource::fromFile(manifest())});
        if (!report.ok())
            return -1;
        run(session, 30'000);
        const qint64 before = session.view().revision();
        const auto r = kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 5);
        if (!r.ok())
            return -1;
        session.recordStep(StepForms::scale(QStringLiteral("nginx"), 5));
        run(session, 30'000);
        return before;
    }

private slots:
    void viewTheRevisionBeforeAScale()
    {
        ClusterSession session;
        TimeTravel travel(session);
        ObjectTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        wire(session, model);
        const qint64 before = applyAndScale(session);
        QVERIFY(before > 0);
        QCOMPARE(model.objectCount(ObjectTreeModel::Pods), 5);
        QCOMPARE(replicasIn(session.snapshot()), -1);   // the snapshot is from before the apply
        const qint64 now = session.view().revision();

        QSignalSpy live(&travel, &TimeTravel::liveChanged);
        QSignalSpy resets(&session, &ClusterSession::clusterReset);
        QVERIFY(travel.viewRevision(before));
        QVERIFY(!travel.isLive());
        QCOMPARE(travel.viewedRevision(), before);
        QCOMPARE(session.snapshot().revision, before);
        QCOMPARE(replicasIn(session.snapshot()), 3);
        QCOMPARE(model.objectCount(ObjectTreeModel::Pods), 3);
        QCOMPARE(model.objectCount(ObjectTreeModel::Deployments), 1);
        QCOMPARE(live.size(), 1);
        QCOMPARE(live.at(0).at(0).toBool(), false);
        QCOMPARE(resets.size(), 1);
        QVERIFY(!session.isTimeRunning());

        // Further back, still in the past: one more reset, no second liveChanged.
        QVERIFY(travel.viewRevision(before - 20));
        QCOMPARE(live.size(), 1);
        QCOMPARE(resets.size(), 2);
        QVERIFY(travel.viewRevision(before));

        QSignalSpy applied(&session, &ClusterSession::applied);
        travel.returnToLive();
        QVERIFY(travel.isLive());
        QCOMPARE(travel.viewedRevision(), now);
        QCOMPARE(replicasIn(session.snapshot()), 5);
        QCOMPARE(model.objectCount(ObjectTreeModel::Pods), 5);
        QCOMPARE(live.size(), 2);
        QCOMPARE(live.at(1).at(0).toBool(), true);
        QVERIFY(session.isTimeRunning());   // resumed as it was before
        QCOMPARE(applied.size(), 0);
    }

    void thePastIsReadOnly()
    {
        ClusterSession session;
        TimeTravel travel(session);
        const qint64 before = applyAndScale(session);
        QVERIFY(travel.viewRevision(before));
        QSignalSpy steps(&session, &ClusterSession::stepPerformed);
        QSignalSpy applied(&session, &ClusterSession::applied);
        const qint64 rev = session.view().revision();
        const ApplyReport report = session.apply({ManifestSource{QStringLiteral("editor"), "apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n", {}}});
        QVERIFY(!report.ok());
        QCOMPARE(report.problems.size(), 1);
        QCOMPARE(report.problems.first().message,
                 QStringLiteral("viewing revision %1 (read-only): return to live first").arg(before));
        QCOMPARE(session.readOnlyError(), report.problems.first().message);
        QCOMPARE(session.view().revision(), rev);
        QCOMPARE(applied.size(), 1);
        QCOMPARE(steps.size(), 0);
        travel.returnToLive();
        QVERIFY(session.readOnlyError().isEmpty());
        QVERIFY(session.apply({ManifestSource{QStringLiteral("editor"), "apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n", {}}}).ok());
        QCOMPARE(steps.size(), 1);
        QCOMPARE(StepForms::action(steps.at(0).at(0).toMap()), QStringLiteral("apply"));
    }

    void writesMadeWhileInThePastAreNotLost()
    {
        ClusterSession session;
        TimeTravel travel(session);
        ObjectTreeModel model;
        wire(session, model);
        const qint64 before = applyAndScale(session);
        QVERIFY(travel.viewRevision(before));
        QSignalSpy events(&session, &ClusterSession::storeEvents);
        QSignalSpy trace(&session, &ClusterSession::traceEvents);
        // A client that is not the GUI (kubectl through rlab serve) writes meanwhile.
        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 1).ok());
        session.frame();
        QCOMPARE(events.size(), 0);   // held back
        QCOMPARE(trace.size(), 0);
        QCOMPARE(replicasIn(session.snapshot()), 3);
        travel.returnToLive();
        QCOMPARE(replicasIn(session.snapshot()), 1);
        session.setTimeRunning(true);
        run(session, 30'000);
        QCOMPARE(model.objectCount(ObjectTreeModel::Pods), 1);
        QVERIFY(events.size() > 0);
        QVERIFY(trace.size() > 0);
    }

    void pastTraceEndsAtTheViewedRevision()
    {
        ClusterSession session;
        TimeTravel travel(session);
        const qint64 before = applyAndScale(session);
        session.frame();
        QSignalSpy trace(&session, &ClusterSession::traceEvents);
        QVERIFY(travel.viewRevision(before));
        QCOMPARE(trace.size(), 1);
        const auto batch = trace.at(0).at(0).value<std::vector<TraceEvent>>();
        QVERIFY(!batch.empty());
        QVERIFY(batch.back().rev <= before);
        QCOMPARE(batch.back().seq, session.view().lastTraceSeqAt(before));
        const std::vector<TraceEvent> next = session.view().trace(batch.back().seq, 1);
        QCOMPARE(next.size(), std::size_t(1));
        QVERIFY(next.front().rev > before);
    }

    void outOfRangeRevisionsAreRefused_data()
    {
        QTest::addColumn<qint64>("offsetFromNow");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("the future") << qint64(1) << false;
        QTest::newRow("now") << qint64(0) << true;
        QTest::newRow("one back") << qint64(-1) << true;
    }
    void outOfRangeRevisionsAreRefused()
    {
        QFETCH(qint64, offsetFromNow);
        QFETCH(bool, accepted);
        ClusterSession session;
        TimeTravel travel(session);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        QCOMPARE(travel.viewRevision(session.view().revision() + offsetFromNow), accepted);
        QCOMPARE(travel.isLive(), !accepted);
        QVERIFY(!travel.viewRevision(0));
    }

    void compactedRevisionsAreRefused()
    {
        ClusterSession session;
        TimeTravel travel(session);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        QCOMPARE(travel.oldestViewableRevision(), 1);
        // Two compaction periods with writes in between (kube-apiserver compacts every 5 min).
        for (int i = 0; i < 3; ++i) {
            QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 2 + i).ok());
            run(session, Simulation::kCompactionIntervalMs + 1000);
        }
        const qint64 oldest = travel.oldestViewableRevision();
        QVERIFY2(oldest > 1, qPrintable(QString::number(oldest)));
        QVERIFY(!travel.viewRevision(oldest - 1));
        QVERIFY(travel.isLive());
        QVERIFY(travel.viewRevision(oldest));
    }

    // Figures, not assertions: one scrub step (range at an old revision + clusterReset + the
    // object tree rebuilt) on the sample scaled to 100 pods.
    void benchmarkScrub()
    {
        ClusterSession session;
        TimeTravel travel(session);
        ObjectTreeModel model;
        wire(session, model);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 100).ok());
        run(session, 60'000);
        const qint64 now = session.view().revision();
        QVERIFY(model.objectCount(ObjectTreeModel::Pods) == 100);
        qint64 rev = now - 1;
        QBENCHMARK {
            travel.viewRevision(rev);
            rev = rev > now - 200 ? rev - 1 : now - 1;
        }
        QVERIFY(!travel.isLive());
        QVERIFY(model.objectCount(ObjectTreeModel::Pods) > 0);
        qInfo("store revision %lld, %d pods at the last revision viewed", now, model.objectCount(ObjectTreeModel::Pods));
    }

    void resetReturnsToLive()
    {
        ClusterSession session;
        TimeTravel travel(session);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        const qint64 epoch = session.clusterEpoch();
        QVERIFY(travel.viewRevision(2));
        QSignalSpy live(&travel, &TimeTravel::liveChanged);
        session.reset();
        session.stop();
        QVERIFY(travel.isLive());
        QCOMPARE(live.size(), 1);
        QCOMPARE(session.clusterEpoch(), epoch + 1);
    }
};

QTEST_MAIN(TestTimeTravel)
#include "tst_timetravel.moc"
