// SPDX-License-Identifier: Apache-2.0
// RollingUpdate: every row of upstream's rolling_test.go tables (reconcileNewReplicaSet,
// reconcileOldReplicaSets, cleanupUnhealthyReplicas, scaleDownOldReplicaSetsForRollingUpdate),
// run against the API server, plus the worked timelines of upstream-semantics.md §8 and of
// rolling.go's comment, synced for real with a hand-played ReplicaSet controller.
#include "core/kubectl/rollout.h"
#include "tests/core/deploymentfixture.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::test;
using controller::DeploymentController;

namespace {

// (size of the new RS, size of the old RS) after each sync that changed one of them.
using Sizes = QList<QPair<int, int>>;

QString show(const Sizes &s)
{
    QStringList parts;
    for (const auto &p : s)
        parts << QStringLiteral("(%1,%2)").arg(p.first).arg(p.second);
    return parts.join(QLatin1Char(' '));
}

} // namespace

class TestDeploymentRolling : public QObject
{
    Q_OBJECT

private slots:
    void testReconcileNewReplicaSet_data();
    void testReconcileNewReplicaSet();
    void testReconcileOldReplicaSets_data();
    void testReconcileOldReplicaSets();
    void testCleanupUnhealthyReplicas_data();
    void testCleanupUnhealthyReplicas();
    void testScaleDownOldReplicaSetsForRollingUpdate_data();
    void testScaleDownOldReplicaSetsForRollingUpdate();
    void testRollingTimeline25Percent();
    void testRollingGoWorkedExample();
};

// --- TestDeploymentController_reconcileNewReplicaSet ---------------------------------------

void TestDeploymentRolling::testReconcileNewReplicaSet_data()
{
    QTest::addColumn<int>("deploymentReplicas");
    QTest::addColumn<int>("maxSurge");
    QTest::addColumn<int>("oldReplicas");
    QTest::addColumn<int>("newReplicas");
    QTest::addColumn<bool>("scaleExpected");
    QTest::addColumn<int>("expectedNewReplicas");
    QTest::newRow("should not scale up (maxSurge 0)") << 10 << 0 << 10 << 0 << false << 0;
    QTest::newRow("scale up to maxSurge 2") << 10 << 2 << 10 << 0 << true << 2;
    QTest::newRow("scale up to 7 (5 old + 7 = 12)") << 10 << 2 << 5 << 0 << true << 7;
    QTest::newRow("already at maxSurge") << 10 << 2 << 10 << 2 << false << 2;
    QTest::newRow("should scale down (11 > 10)") << 10 << 2 << 2 << 11 << true << 10;
}

void TestDeploymentRolling::testReconcileNewReplicaSet()
{
    QFETCH(int, deploymentReplicas);
    QFETCH(int, maxSurge);
    QFETCH(int, oldReplicas);
    QFETCH(int, newReplicas);
    QFETCH(bool, scaleExpected);
    QFETCH(int, expectedNewReplicas);
    DeploymentFixture f;
    const auto d = newDeployment(QStringLiteral("foo"), deploymentReplicas, std::nullopt, IntOrString::fromInt(maxSurge),
                                 IntOrString::fromInt(0));
    const ReplicaSetPtr newRS = f.put(rs(QStringLiteral("foo-v2"), newReplicas));
    const ReplicaSetPtr oldRS = f.put(rs(QStringLiteral("foo-v1"), oldReplicas));
    const qint64 revisionBefore = f.api.currentRevision();
    DeploymentController::Context ctx;
    QString error;
    const bool scaled = f.dc.reconcileNewReplicaSet(ctx, {newRS, oldRS}, newRS, *d, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(scaled, scaleExpected);
    QCOMPARE(f.size(QStringLiteral("foo-v2")), expectedNewReplicas);
    if (!scaleExpected) {
        QCOMPARE(f.api.currentRevision(), revisionBefore);   // no write at all
        return;
    }
    QCOMPARE(f.getRS(QStringLiteral("foo-v2"))->metadata.annotations.value(du::DesiredReplicasAnnotation),
             QString::number(deploymentReplicas));
    QCOMPARE(f.getRS(QStringLiteral("foo-v2"))->metadata.annotations.value(du::MaxReplicasAnnotation),
             QString::number(deploymentReplicas + maxSurge));
    QCOMPARE(f.events(), QStringList{QStringLiteral("ScalingReplicaSet: Scaled %1 replica set foo-v2 to %2 from %3")
                                         .arg(newReplicas < expectedNewReplicas ? QStringLiteral("up") : QStringLiteral("down"))
                                         .arg(expectedNewReplicas)
                                         .arg(newReplicas)});
    QVERIFY2(ctx.notes.join(QLatin1Char('\n')).contains(QStringLiteral("reconcileNewReplicaSet: scaled")), qPrintable(ctx.notes.join('\n')));
}

// --- TestDeploymentController_reconcileOldReplicaSets ---------------------------------------

void TestDeploymentRolling::testReconcileOldReplicaSets_data()
{
    QTest::addColumn<int>("deploymentReplicas");
    QTest::addColumn<int>("maxUnavailable");
    QTest::addColumn<int>("oldReplicas");
    QTest::addColumn<int>("newReplicas");
    QTest::addColumn<int>("readyPodsFromOldRS");
    QTest::addColumn<int>("readyPodsFromNewRS");
    QTest::addColumn<bool>("scaleExpected");
    QTest::addColumn<int>("expectedOldReplicas");
    QTest::newRow("maxUnavailable 0 resolves to 1: 10 -> 9") << 10 << 0 << 10 << 0 << 10 << 0 << true << 9;
    QTest::newRow("maxUnavailable 2: 10 -> 8") << 10 << 2 << 10 << 0 << 10 << 0 << true << 8;
    QTest::newRow("expect unhealthy replicas from old replica sets been cleaned up") << 10 << 2 << 10 << 0 << 8 << 0 << true << 8;
    QTest::newRow("expect 1 unhealthy replica from old replica sets been cleaned up, and 1 ready pod been scaled down")
        << 10 << 2 << 10 << 0 << 9 << 0 << true << 8;
    QTest::newRow("the unavailable pods from the newRS would not make us scale down old RSs in a further step")
        << 10 << 2 << 8 << 2 << 8 << 0 << false << 8;
}

void TestDeploymentRolling::testReconcileOldReplicaSets()
{
    QFETCH(int, deploymentReplicas);
    QFETCH(int, maxUnavailable);
    QFETCH(int, oldReplicas);
    QFETCH(int, newReplicas);
    QFETCH(int, readyPodsFromOldRS);
    QFETCH(int, readyPodsFromNewRS);
    QFETCH(bool, scaleExpected);
    QFETCH(int, expectedOldReplicas);
    DeploymentFixture f;
    const Labels newSelector{{QStringLiteral("foo"), QStringLiteral("new")}};
    const Labels oldSelector{{QStringLiteral("foo"), QStringLiteral("old")}};
    auto n = rs(QStringLiteral("foo-new"), newReplicas, 0, newSelector);
    n->status.availableReplicas = readyPodsFromNewRS;
    auto o = rs(QStringLiteral("foo-old"), oldReplicas, 0, oldSelector);
    o->status.availableReplicas = readyPodsFromOldRS;
    const ReplicaSetPtr newRS = f.put(n);
    const ReplicaSetPtr oldRS = f.put(o);
    const auto d = newDeployment(QStringLiteral("foo"), deploymentReplicas, std::nullopt, IntOrString::fromInt(0),
                                 IntOrString::fromInt(maxUnavailable), newSelector);
    DeploymentController::Context ctx;
    QString error;
    const bool scaled = f.dc.reconcileOldReplicaSets(ctx, {oldRS, newRS}, {oldRS}, newRS, *d, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(scaled, scaleExpected);
    QCOMPARE(f.size(QStringLiteral("foo-old")), expectedOldReplicas);
    QCOMPARE(f.size(QStringLiteral("foo-new")), newReplicas);
}

// --- TestDeploymentController_cleanupUnhealthyReplicas --------------------------------------

void TestDeploymentRolling::testCleanupUnhealthyReplicas_data()
{
    QTest::addColumn<int>("oldReplicas");
    QTest::addColumn<int>("readyPods");
    QTest::addColumn<int>("unHealthyPods");
    QTest::addColumn<int>("maxCleanupCount");
    QTest::addColumn<int>("cleanupCountExpected");
    QTest::newRow("2 unhealthy, may clean 1") << 10 << 8 << 2 << 1 << 1;
    QTest::newRow("2 unhealthy, may clean 3") << 10 << 8 << 2 << 3 << 2;
    QTest::newRow("2 unhealthy, may clean 0") << 10 << 8 << 2 << 0 << 0;
    QTest::newRow("none unhealthy") << 10 << 10 << 0 << 3 << 0;
}

void TestDeploymentRolling::testCleanupUnhealthyReplicas()
{
    QFETCH(int, oldReplicas);
    QFETCH(int, readyPods);
    QFETCH(int, unHealthyPods);
    QFETCH(int, maxCleanupCount);
    QFETCH(int, cleanupCountExpected);
    QCOMPARE(readyPods + unHealthyPods, oldReplicas);
    DeploymentFixture f;
    auto o = rs(QStringLiteral("foo-v2"), oldReplicas);
    o->status.replicas = oldReplicas;
    o->status.readyReplicas = readyPods;
    o->status.availableReplicas = readyPods;
    const ReplicaSetPtr oldRS = f.put(o);
    const auto d = newDeployment(QStringLiteral("foo"), 10, std::nullopt, IntOrString::fromInt(2), IntOrString::fromInt(2));
    DeploymentController::Context ctx;
    const DeploymentController::CleanupResult r = f.dc.cleanupUnhealthyReplicas(ctx, {oldRS}, *d, maxCleanupCount);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.cleanupCount, cleanupCountExpected);
    QCOMPARE(f.size(QStringLiteral("foo-v2")), oldReplicas - cleanupCountExpected);
    QCOMPARE(r.oldRSs.size(), 1);
    QCOMPARE(r.oldRSs[0]->replicas(), oldReplicas - cleanupCountExpected);
}

// --- TestDeploymentController_scaleDownOldReplicaSetsForRollingUpdate -----------------------

void TestDeploymentRolling::testScaleDownOldReplicaSetsForRollingUpdate_data()
{
    QTest::addColumn<int>("deploymentReplicas");
    QTest::addColumn<int>("maxUnavailable");
    QTest::addColumn<int>("readyPods");
    QTest::addColumn<int>("oldReplicas");
    QTest::addColumn<bool>("scaleExpected");
    QTest::addColumn<int>("expectedOldReplicas");
    QTest::newRow("maxUnavailable 0 resolves to 1: 10 -> 9") << 10 << 0 << 10 << 10 << true << 9;
    QTest::newRow("maxUnavailable 2: 10 -> 8") << 10 << 2 << 10 << 10 << true << 8;
    QTest::newRow("only minAvailable ready: nothing") << 10 << 2 << 8 << 10 << false << 10;
    QTest::newRow("old RS already empty") << 10 << 2 << 10 << 0 << false << 0;
    QTest::newRow("1 ready: nothing") << 10 << 2 << 1 << 10 << false << 10;
}

void TestDeploymentRolling::testScaleDownOldReplicaSetsForRollingUpdate()
{
    QFETCH(int, deploymentReplicas);
    QFETCH(int, maxUnavailable);
    QFETCH(int, readyPods);
    QFETCH(int, oldReplicas);
    QFETCH(bool, scaleExpected);
    QFETCH(int, expectedOldReplicas);
    DeploymentFixture f;
    auto o = rs(QStringLiteral("foo-v2"), oldReplicas);
    o->status.availableReplicas = readyPods;
    const ReplicaSetPtr oldRS = f.put(o);
    const auto d = newDeployment(QStringLiteral("foo"), deploymentReplicas, std::nullopt, IntOrString::fromInt(0),
                                 IntOrString::fromInt(maxUnavailable));
    const qint64 revisionBefore = f.api.currentRevision();
    DeploymentController::Context ctx;
    QString error;
    const int scaled = f.dc.scaleDownOldReplicaSetsForRollingUpdate(ctx, {oldRS}, {oldRS}, *d, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(scaled > 0, scaleExpected);
    QCOMPARE(f.size(QStringLiteral("foo-v2")), expectedOldReplicas);
    if (scaleExpected) {
        QCOMPARE(scaled, oldReplicas - expectedOldReplicas);
        QCOMPARE(f.api.currentRevision(), revisionBefore + 2);   // one RS update + one Event
    } else {
        QCOMPARE(f.api.currentRevision(), revisionBefore);
    }
}

// --- Timelines ------------------------------------------------------------------------------

// upstream-semantics.md §8: replicas 4 with the 25%/25% defaults (surge 1, unavailable 1).
void TestDeploymentRolling::testRollingTimeline25Percent()
{
    DeploymentFixture f;
    auto web = makeDeployment(QStringLiteral("web"), 4, QStringLiteral("nginx:1.24"));
    QVERIFY(f.api.create(web).ok());
    f.settle();
    const RSList first = f.ownedBy(QStringLiteral("web"));
    QCOMPARE(first.size(), 1);
    const QString a = first[0]->metadata.name;
    QCOMPARE(first[0]->replicas(), 4);   // created at full size: no old RS
    f.setRSStatus(a, 4);
    f.settle();
    {
        const auto d = f.getD(QStringLiteral("web"));
        QCOMPARE(d->status.availableReplicas, 4);
        QCOMPARE(du::GetDeploymentCondition(d->status, du::DeploymentProgressingType)->reason, du::NewRSAvailableReason);
    }

    // A new template.
    f.clock.advance(10'000);
    QVERIFY(kubectl::rollout::setImage(f.client, QStringLiteral("default"), QStringLiteral("web"), QStringLiteral("app"),
                                          QStringLiteral("nginx:1.25"))
                .ok());
    Sizes sizes;
    QString b;
    auto record = [&] {
        const RSList owned = f.ownedBy(QStringLiteral("web"));
        if (owned.size() < 2)
            return;
        b = owned[1]->metadata.name;
        const QPair<int, int> now{owned[1]->replicas(), owned[0]->replicas()};
        if (sizes.isEmpty() || sizes.back() != now)
            sizes.append(now);
    };
    // Sync by sync, recording every change of (new, old).
    auto run = [&] {
        for (int i = 0; i < 100; ++i) {
            f.pump();
            if (!f.dc.processNextWorkItem(0, false)) {
                const std::optional<qint64> next = f.clock.nextTimerAt();
                if (!next || *next > f.clock.now() + 1000)
                    return;
                f.clock.advanceTo(*next);
                continue;
            }
            f.pump();
            record();
        }
        QFAIL("the deployment never settled");
    };
    run();
    QCOMPARE(show(sizes), QStringLiteral("(1,3) (2,3)"));   // sync 1 creates B and shrinks A
    // B's pods come up one by one; A's pods stay available.
    for (int available = 1; available <= 4; ++available) {
        f.setRSStatus(a, f.size(a));
        f.setRSStatus(b, available);
        run();
    }
    QCOMPARE(show(sizes), QStringLiteral("(1,3) (2,3) (2,2) (3,2) (3,1) (4,1) (4,0)"));
    f.setRSStatus(a, 0);
    f.setRSStatus(b, 4);
    run();
    const auto d = f.getD(QStringLiteral("web"));
    QCOMPARE(d->status.replicas, 4);
    QCOMPARE(d->status.updatedReplicas, 4);
    QCOMPARE(d->status.availableReplicas, 4);
    QCOMPARE(d->status.unavailableReplicas, 0);
    QCOMPARE(d->status.observedGeneration, d->metadata.generation);
    QCOMPARE(d->metadata.annotations.value(du::RevisionAnnotation), QStringLiteral("2"));
    const Condition *progressing = du::GetDeploymentCondition(d->status, du::DeploymentProgressingType);
    QCOMPARE(progressing->reason, du::NewRSAvailableReason);
    QCOMPARE(progressing->message, QStringLiteral("ReplicaSet \"%1\" has successfully progressed.").arg(b));
    QCOMPARE(du::GetDeploymentCondition(d->status, du::DeploymentAvailable)->reason, du::MinimumReplicasAvailable);
    // Every scale wrote the desired/max annotations for 4 + surge 1.
    for (const QString &name : {a, b}) {
        QCOMPARE(f.getRS(name)->metadata.annotations.value(du::DesiredReplicasAnnotation), QStringLiteral("4"));
        QCOMPARE(f.getRS(name)->metadata.annotations.value(du::MaxReplicasAnnotation), QStringLiteral("5"));
    }
    QCOMPARE(f.getRS(b)->metadata.annotations.value(du::RevisionAnnotation), QStringLiteral("2"));
    QCOMPARE(f.events(), QStringList({QStringLiteral("ScalingReplicaSet: Scaled up replica set %1 to 4").arg(a),
                                      QStringLiteral("ScalingReplicaSet: Scaled up replica set %1 to 1").arg(b),
                                      QStringLiteral("ScalingReplicaSet: Scaled down replica set %1 to 3 from 4").arg(a),
                                      QStringLiteral("ScalingReplicaSet: Scaled up replica set %1 to 2 from 1").arg(b),
                                      QStringLiteral("ScalingReplicaSet: Scaled down replica set %1 to 2 from 3").arg(a),
                                      QStringLiteral("ScalingReplicaSet: Scaled up replica set %1 to 3 from 2").arg(b),
                                      QStringLiteral("ScalingReplicaSet: Scaled down replica set %1 to 1 from 2").arg(a),
                                      QStringLiteral("ScalingReplicaSet: Scaled up replica set %1 to 4 from 3").arg(b),
                                      QStringLiteral("ScalingReplicaSet: Scaled down replica set %1 to 0 from 1").arg(a)}));
}

// rolling.go's example: 10 replicas, maxUnavailable 2, maxSurge 3; the new pods crash-loop;
// `kubectl rollout undo` makes the good RS new again and removes 4 crash-looping pods.
void TestDeploymentRolling::testRollingGoWorkedExample()
{
    DeploymentFixture f;
    auto web = makeDeployment(QStringLiteral("web"), 10, QStringLiteral("nginx:1.24"));
    web->spec.strategy.type = QStringLiteral("RollingUpdate");
    web->spec.strategy.rollingUpdate = RollingUpdateDeployment{IntOrString::fromInt(2), IntOrString::fromInt(3)};
    QVERIFY(f.api.create(web).ok());
    f.settle();
    const QString a = f.ownedBy(QStringLiteral("web"))[0]->metadata.name;
    f.setRSStatus(a, 10);
    f.settle();

    f.clock.advance(10'000);
    QVERIFY(kubectl::rollout::setImage(f.client, QStringLiteral("default"), QStringLiteral("web"), QStringLiteral("app"),
                                          QStringLiteral("nginx:broken"))
                .ok());
    f.settle();
    const RSList owned = f.ownedBy(QStringLiteral("web"));
    QCOMPARE(owned.size(), 2);
    const QString b = owned[1]->metadata.name;
    QCOMPARE(f.size(b), 5);   // created with 3, then grown to 13 - 8
    QCOMPARE(f.size(a), 8);   // minAvailable
    // The new pods never become available; an old pod fails too: nothing more is removed.
    f.setRSStatus(b, 0);
    f.setRSStatus(a, 7);
    f.settle();
    QCOMPARE(f.size(b), 5);
    QCOMPARE(f.size(a), 8);

    // Undo: A is the new RS again (revision 3, history "1").
    const auto undo = kubectl::rollout::rolloutUndo(f.client, QStringLiteral("default"), QStringLiteral("web"));
    QVERIFY2(undo.ok(), qPrintable(undo.errorLine()));
    QCOMPARE(undo.output, QStringLiteral("deployment.apps/web rolled back"));
    f.settle();
    QCOMPARE(f.getRS(a)->metadata.annotations.value(du::RevisionAnnotation), QStringLiteral("3"));
    QCOMPARE(f.getRS(a)->metadata.annotations.value(du::RevisionHistoryAnnotation), QStringLiteral("1"));
    // 13 - 8 - 1 unavailable in A = 4 crash-looping pods go: B 5 -> 1; then A grows to 10.
    QCOMPARE(f.size(b), 1);
    QCOMPARE(f.size(a), 10);
    const QStringList events = f.events();
    QVERIFY2(events.contains(QStringLiteral("ScalingReplicaSet: Scaled down replica set %1 to 1 from 5").arg(b)), qPrintable(events.join('\n')));
    QVERIFY2(events.contains(QStringLiteral("ScalingReplicaSet: Scaled up replica set %1 to 10 from 8").arg(a)), qPrintable(events.join('\n')));
}

QTEST_GUILESS_MAIN(TestDeploymentRolling)
#include "tst_deploymentrolling.moc"
