// SPDX-License-Identifier: Apache-2.0
// syncDeployment against the API server and informers: the deployment_controller_test.go
// scenarios (creation, deletion, hash collision, adoption and release, orphan ReplicaSets, scaling
// events, paused Deployments).
#include "core/controller/deployment/computehash.h"
#include "core/kubectl/rollout.h"
#include "tests/core/deploymentfixture.h"

#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::test;
using controller::DeploymentController;
using controller::PodPtr;

namespace {

const QString ns = QStringLiteral("default");

} // namespace
class TestDeploymentSyncScenarios : public QObject
{
    Q_OBJECT

private slots:
    void testSyncDeploymentCreatesReplicaSet();
    void testSyncDeploymentDontDoAnythingDuringDeletion();
    void testHashCollisionBumpsCollisionCount();
    void testAdoptsMatchingOrphan();
    void testReleasesReplicaSetThatNoLongerMatches();
    void testOrphanReplicaSetEnqueuesMatchingDeployments();
    void testScalingEventUsesSync();
    void testPausedDeploymentDoesNotRollOut();
};
// --- syncDeployment scenarios ---------------------------------------------------------------

void TestDeploymentSyncScenarios::testSyncDeploymentCreatesReplicaSet()
{
    DeploymentFixture f;
    QVERIFY(f.api.create(makeDeployment(QStringLiteral("foo"), 1)).ok());
    f.pump();
    const auto d = f.getD(QStringLiteral("foo"));
    const QString hash = controller::ComputeHash(d->spec.template_, std::nullopt);
    const QString rsName = QStringLiteral("foo-") + hash;

    // One sync: create the RS at full size, write the revision with UpdateStatus, then the
    // rollout status — which, like upstream's, carries the stale resourceVersion: Conflict.
    const controller::SyncResult first = f.dc.syncDeployment(QStringLiteral("default/foo"));
    QVERIFY2(first.error.contains(QStringLiteral("the object has been modified")), qPrintable(first.error));
    QVERIFY2(first.notes.join('\n').contains(QStringLiteral("rolloutRolling → getNewReplicaSet: created new replica set %1").arg(rsName)),
             qPrintable(first.notes.join('\n')));
    const ReplicaSetPtr created = f.getRS(rsName);
    QVERIFY(created);
    QCOMPARE(created->replicas(), 1);
    QCOMPARE(created->metadata.labels.value(du::DefaultDeploymentUniqueLabelKey), hash);
    QCOMPARE(created->spec.selector->matchLabels.value(du::DefaultDeploymentUniqueLabelKey), hash);
    QCOMPARE(created->spec.template_.metadata.labels.value(du::DefaultDeploymentUniqueLabelKey), hash);
    QCOMPARE(created->metadata.annotations.value(du::RevisionAnnotation), QStringLiteral("1"));
    QCOMPARE(created->metadata.annotations.value(du::DesiredReplicasAnnotation), QStringLiteral("1"));
    QCOMPARE(created->metadata.annotations.value(du::MaxReplicasAnnotation), QStringLiteral("2"));   // 25% of 1 rounds up
    const OwnerReference *ref = created->metadata.controllerRef();
    QVERIFY(ref);
    QCOMPARE(ref->kind, QStringLiteral("Deployment"));
    QCOMPARE(ref->uid, d->metadata.uid);
    QCOMPARE(ref->blockOwnerDeletion, std::optional<bool>(true));
    QVERIFY(du::EqualIgnoreHash(created->spec.template_, d->spec.template_));
    {
        const auto after = f.getD(QStringLiteral("foo"));
        QCOMPARE(after->metadata.annotations.value(du::RevisionAnnotation), QStringLiteral("1"));
        const Condition *c = du::GetDeploymentCondition(after->status, du::DeploymentProgressingType);
        QVERIFY(c);
        QCOMPARE(c->reason, du::NewReplicaSetReason);
        QCOMPARE(c->message, QStringLiteral("Created new replica set \"%1\"").arg(rsName));
        QCOMPARE(after->status.observedGeneration, qint64(0));   // the rollout status was not written yet
    }
    QCOMPARE(f.events(), QStringList{QStringLiteral("ScalingReplicaSet: Scaled up replica set %1 to 1").arg(rsName)});

    // The retry (and the informer events) finish the job.
    f.pump();
    const controller::SyncResult second = f.dc.syncDeployment(QStringLiteral("default/foo"));
    QVERIFY2(second.ok(), qPrintable(second.error));
    const auto after = f.getD(QStringLiteral("foo"));
    QCOMPARE(after->status.observedGeneration, after->metadata.generation);
    const Condition *available = du::GetDeploymentCondition(after->status, du::DeploymentAvailable);
    QVERIFY(available);
    QCOMPARE(available->status, QStringLiteral("False"));
    QCOMPARE(available->reason, du::MinimumReplicasUnavailable);
    QCOMPARE(available->message, QStringLiteral("Deployment does not have minimum availability."));
    QCOMPARE(rsNames(f), QStringList{rsName});
    // Once the pod is available the deployment is complete.
    f.setRSStatus(rsName, 1);
    f.settle();
    const auto done = f.getD(QStringLiteral("foo"));
    QCOMPARE(du::GetDeploymentCondition(done->status, du::DeploymentAvailable)->reason, du::MinimumReplicasAvailable);
    QCOMPARE(du::GetDeploymentCondition(done->status, du::DeploymentProgressingType)->reason, du::NewRSAvailableReason);
    // status.terminatingReplicas exists only from 1.33 (gate on from 1.35): absent at the served 1.31.
    QCOMPARE(done->status.terminatingReplicas, std::optional<int>());
}

void TestDeploymentSyncScenarios::testSyncDeploymentDontDoAnythingDuringDeletion()
{
    DeploymentFixture f;
    auto d = makeDeployment(QStringLiteral("foo"), 1);
    d->metadata.finalizers = {QStringLiteral("example.com/hold")};
    QVERIFY(f.api.create(d).ok());
    QVERIFY(f.api.remove(f.rt(Kind::Deployment), ns, QStringLiteral("foo")).ok());
    f.pump();
    QVERIFY(f.getD(QStringLiteral("foo"))->metadata.deletionTimestamp != 0);
    const controller::SyncResult r = f.dc.syncDeployment(QStringLiteral("default/foo"));
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.notes.join('\n').contains(QStringLiteral("being deleted")));
    QCOMPARE(rsNames(f), QStringList{});   // nothing created
    QCOMPARE(f.getD(QStringLiteral("foo"))->status.observedGeneration, qint64(1));   // status only
}

void TestDeploymentSyncScenarios::testHashCollisionBumpsCollisionCount()
{
    DeploymentFixture f;
    QVERIFY(f.api.create(makeDeployment(QStringLiteral("foo"), 2)).ok());
    f.pump();
    const auto d = f.getD(QStringLiteral("foo"));
    const QString taken = QStringLiteral("foo-") + controller::ComputeHash(d->spec.template_, std::nullopt);
    // Someone else's RS already has the name the template hashes to.
    auto squatter = makeReplicaSet(taken, 0, QStringLiteral("busybox"));
    squatter->metadata.labels = {{QStringLiteral("app"), QStringLiteral("other")}};
    squatter->spec.selector->matchLabels = squatter->metadata.labels;
    squatter->spec.template_.metadata.labels = squatter->metadata.labels;
    f.put(squatter);

    const controller::SyncResult r = f.dc.syncDeployment(QStringLiteral("default/foo"));
    QVERIFY2(r.error.contains(QStringLiteral("already exists")), qPrintable(r.error));
    QVERIFY2(r.notes.join('\n').contains(QStringLiteral("hash collision: %1 exists with another template; collisionCount 0 → 1").arg(taken)),
             qPrintable(r.notes.join('\n')));
    QCOMPARE(f.getD(QStringLiteral("foo"))->status.collisionCount, std::optional<int>(1));
    f.settle();
    const QString second = QStringLiteral("foo-") + controller::ComputeHash(d->spec.template_, 1);
    QVERIFY(second != taken);
    QCOMPARE(f.size(second), 2);
    QCOMPARE(f.size(taken), 0);   // untouched
    QCOMPARE(f.getRS(taken)->metadata.ownerReferences.size(), 0);
    QCOMPARE(f.getD(QStringLiteral("foo"))->status.collisionCount, std::optional<int>(1));
}

void TestDeploymentSyncScenarios::testAdoptsMatchingOrphan()
{
    DeploymentFixture f;
    auto web = makeDeployment(QStringLiteral("web"), 2);
    web->spec.paused = true;   // created paused: the controller must not create its own RS first
    QVERIFY(f.api.create(web).ok());
    f.pump();
    const auto d = f.getD(QStringLiteral("web"));
    auto orphan = makeReplicaSet(QStringLiteral("web-orphan"), 2);
    orphan->spec.template_ = d->spec.template_;
    orphan->spec.selector = d->spec.selector;
    orphan->metadata.labels = d->spec.template_.metadata.labels;
    f.put(orphan);
    const controller::SyncResult r = f.dc.syncDeployment(QStringLiteral("default/web"));
    QVERIFY2(r.notes.join('\n').contains(QStringLiteral("adopted orphan ReplicaSet web-orphan")), qPrintable(r.notes.join('\n')));
    const OwnerReference *ref = f.getRS(QStringLiteral("web-orphan"))->metadata.controllerRef();
    QVERIFY(ref);
    QCOMPARE(ref->uid, d->metadata.uid);
    QCOMPARE(ref->blockOwnerDeletion, std::optional<bool>(true));
    // Resumed, it is the deployment's new RS: no other RS is created.
    QVERIFY(kubectl::rollout::resume(f.client, ns, QStringLiteral("web")).ok());
    f.settle();
    QCOMPARE(rsNames(f), QStringList{QStringLiteral("web-orphan")});
    QCOMPARE(f.getRS(QStringLiteral("web-orphan"))->metadata.annotations.value(du::RevisionAnnotation), QStringLiteral("1"));
}

void TestDeploymentSyncScenarios::testReleasesReplicaSetThatNoLongerMatches()
{
    DeploymentFixture f;
    QVERIFY(f.api.create(makeDeployment(QStringLiteral("web"), 1)).ok());
    f.settle();
    const auto d = f.getD(QStringLiteral("web"));
    auto stray = ownedRS(*d, QStringLiteral("web-stray"), 0);
    stray->metadata.labels = {{QStringLiteral("app"), QStringLiteral("elsewhere")}};
    stray->spec.selector->matchLabels = stray->metadata.labels;
    stray->spec.template_.metadata.labels = stray->metadata.labels;
    f.put(stray);
    const controller::SyncResult r = f.dc.syncDeployment(QStringLiteral("default/web"));
    QVERIFY2(r.notes.join('\n').contains(QStringLiteral("released ReplicaSet web-stray")), qPrintable(r.notes.join('\n')));
    QCOMPARE(f.getRS(QStringLiteral("web-stray"))->metadata.ownerReferences.size(), 0);
}

void TestDeploymentSyncScenarios::testOrphanReplicaSetEnqueuesMatchingDeployments()
{
    DeploymentFixture f;
    QVERIFY(f.api.create(makeDeployment(QStringLiteral("web"), 1)).ok());
    QVERIFY(f.api.create(makeDeployment(QStringLiteral("db"), 1)).ok());
    f.settle();
    QCOMPARE(f.dc.controller().queue().len(), 0);
    auto orphan = makeReplicaSet(QStringLiteral("web-x"), 0);
    orphan->metadata.labels = {{QStringLiteral("app"), QStringLiteral("web")}};
    orphan->spec.selector->matchLabels = orphan->metadata.labels;
    orphan->spec.template_.metadata.labels = orphan->metadata.labels;
    f.put(orphan);
    // Only the deployment whose selector matches is woken.
    QCOMPARE(f.dc.controller().queue().len(), 1);
    QCOMPARE(f.dc.controller().queue().tryGet(), std::optional<QString>(QStringLiteral("default/web")));
}

void TestDeploymentSyncScenarios::testScalingEventUsesSync()
{
    DeploymentFixture f;
    QVERIFY(f.api.create(makeDeployment(QStringLiteral("web"), 3)).ok());
    f.settle();
    const QString a = f.ownedBy(QStringLiteral("web"))[0]->metadata.name;
    f.setRSStatus(a, 3);
    f.settle();
    QCOMPARE(kubectl::rollout::scale(f.client, ns, QStringLiteral("web"), 5).output, QStringLiteral("deployment.apps/web scaled"));
    f.pump();
    const controller::SyncResult r = f.dc.syncDeployment(QStringLiteral("default/web"));
    const QString notes = r.notes.join('\n');
    QVERIFY2(notes.contains(QStringLiteral("isScalingEvent: replica set %1 is annotated desired-replicas 3 but the deployment wants 5").arg(a)),
             qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("sync → scale: %1 is the only active replica set: scaled up from 3 to 5").arg(a)), qPrintable(notes));
    QCOMPARE(f.size(a), 5);
    QCOMPARE(f.getRS(a)->metadata.annotations.value(du::DesiredReplicasAnnotation), QStringLiteral("5"));
    QCOMPARE(f.getRS(a)->metadata.annotations.value(du::MaxReplicasAnnotation), QStringLiteral("7"));   // 5 + ceil(1.25)
    QVERIFY(f.events().contains(QStringLiteral("ScalingReplicaSet: Scaled up replica set %1 to 5 from 3").arg(a)));
}

void TestDeploymentSyncScenarios::testPausedDeploymentDoesNotRollOut()
{
    DeploymentFixture f;
    QVERIFY(f.api.create(makeDeployment(QStringLiteral("web"), 2)).ok());
    f.settle();
    const QString a = f.ownedBy(QStringLiteral("web"))[0]->metadata.name;
    f.setRSStatus(a, 2);
    f.settle();
    QCOMPARE(kubectl::rollout::pause(f.client, ns, QStringLiteral("web")).output, QStringLiteral("deployment.apps/web paused"));
    QVERIFY(kubectl::rollout::setImage(f.client, ns, QStringLiteral("web"), QStringLiteral("app"), QStringLiteral("nginx:1.26")).ok());
    f.settle();
    QCOMPARE(f.ownedBy(QStringLiteral("web")).size(), 1);   // no new RS while paused
    {
        const Condition *c = du::GetDeploymentCondition(f.getD(QStringLiteral("web"))->status, du::DeploymentProgressingType);
        QCOMPARE(c->status, QStringLiteral("Unknown"));
        QCOMPARE(c->reason, du::PausedDeployReason);
        QCOMPARE(c->message, QStringLiteral("Deployment is paused"));
    }
    QCOMPARE(kubectl::rollout::resume(f.client, ns, QStringLiteral("web")).output, QStringLiteral("deployment.apps/web resumed"));
    f.pump();
    const controller::SyncResult r = f.dc.syncDeployment(QStringLiteral("default/web"));
    QVERIFY2(r.notes.join('\n').contains(QStringLiteral("checkPausedConditions: resumed")), qPrintable(r.notes.join('\n')));
    f.settle();
    QCOMPARE(f.ownedBy(QStringLiteral("web")).size(), 2);   // the rollout goes on
}
QTEST_GUILESS_MAIN(TestDeploymentSyncScenarios)
#include "tst_deploymentsync_scenarios.moc"
