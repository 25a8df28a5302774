// SPDX-License-Identifier: Apache-2.0
// syncDeployment and sync.go: every row of upstream's TestScale (proportional scaling),
// TestDeploymentController_cleanupDeployment(Order), recreate_test.go (TestScaleDownOldReplicaSets,
// TestOldPodsRunning) and the deployment_controller_test.go scenarios (creation, deletion,
// adoption, pod deletion for Recreate, legacy rollback), against the API server and informers.
#include "core/apiserver/callerscope.h"
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

const qint64 newTimestamp = 1463709600000;           // 2016-05-20 02:00
const qint64 oldTimestamp = newTimestamp - 3600000;   // 01:00
const qint64 olderTimestamp = oldTimestamp - 3600000; // 00:00
const QString ns = QStringLiteral("default");

// newRSWithStatus(name, spec, status): observed by the RS controller, none terminating.
std::shared_ptr<ReplicaSet> newRSWithStatus(const QString &name, int specReplicas, int statusReplicas)
{
    auto r = rs(name, specReplicas);
    r->status.replicas = statusReplicas;
    r->status.observedGeneration = 1;
    r->status.terminatingReplicas = 0;
    return r;
}

QStringList rsNames(const ApiFixture &f)
{
    QStringList out;
    const auto l = f.api.list(apiserver::resources::byKind(Kind::ReplicaSet), ns);
    for (const ObjectPtr &o : l.value.items)
        out << o->metadata.name;
    return out;
}

std::shared_ptr<Pod> podOf(const ReplicaSet &owner, const QString &name, const QString &phase = QStringLiteral("Running"))
{
    auto p = makePod(name);
    p->metadata.labels = owner.spec.template_.metadata.labels;
    OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("ReplicaSet");
    ref.name = owner.metadata.name;
    ref.uid = owner.metadata.uid;
    ref.controller = true;
    p->metadata.ownerReferences = {ref};
    p->status.phase = phase;
    return p;
}

bool removeNow(ApiFixture &f, Kind kind, const QString &name)
{
    apiserver::DeleteOptions opts;
    opts.gracePeriodSeconds = 0;
    return f.api.remove(apiserver::resources::byKind(kind), ns, name, opts).ok();
}

} // namespace

class TestDeploymentSync : public QObject
{
    Q_OBJECT

private slots:
    void testScale_data();
    void testScale();
    void testCleanupDeployment_data();
    void testCleanupDeployment();
    void testCleanupDeploymentOrder_data();
    void testCleanupDeploymentOrder();
    void testScaleDownOldReplicaSets();
    void testOldPodsRunning_data();
    void testOldPodsRunning();
    void testSyncDeploymentCreatesReplicaSet();
    void testSyncDeploymentDontDoAnythingDuringDeletion();
    void testHashCollisionBumpsCollisionCount();
    void testAdoptsMatchingOrphan();
    void testReleasesReplicaSetThatNoLongerMatches();
    void testOrphanReplicaSetEnqueuesMatchingDeployments();
    void testScalingEventUsesSync();
    void testPausedDeploymentDoesNotRollOut();
    void testLegacyRollback_data();
    void testLegacyRollback();
    void testPodDeletionEnqueuesRecreateDeployment_data();
    void testPodDeletionEnqueuesRecreateDeployment();
    void testRecreateRollout();
    void testRevisionHistoryLimitKeepsTwo();
    void testReplicaSetCreateErrorRetriesThenDrops();
};

// --- TestScale ------------------------------------------------------------------------------

void TestDeploymentSync::testScale_data()
{
    QTest::addColumn<int>("replicas");
    QTest::addColumn<int>("oldReplicas");          // the deployment the annotations were written for
    QTest::addColumn<int>("maxSurge");
    QTest::addColumn<int>("oldMaxSurge");
    QTest::addColumn<int>("maxUnavailable");
    QTest::addColumn<QString>("newRS");            // "" = no new RS
    QTest::addColumn<int>("newSize");
    QTest::addColumn<QStringList>("oldNames");
    QTest::addColumn<QList<int>>("oldSizes");
    QTest::addColumn<QList<qint64>>("oldTimes");
    QTest::addColumn<int>("expectedNew");
    QTest::addColumn<QList<int>>("expectedOld");
    QTest::addColumn<Labels>("desiredReplicasAnnotations");
    const QList<qint64> o1{oldTimestamp}, o2{oldTimestamp, olderTimestamp};
    const QStringList v1{"foo-v1"}, v21{"foo-v2", "foo-v1"};
    QTest::newRow("normal scaling event: 10 -> 12") << 12 << 10 << 0 << 0 << 0 << "foo-v1" << 10 << QStringList{} << QList<int>{}
                                                    << QList<qint64>{} << 12 << QList<int>{} << Labels{};
    QTest::newRow("normal scaling event: 10 -> 5") << 5 << 10 << 0 << 0 << 0 << "foo-v1" << 10 << QStringList{} << QList<int>{}
                                                   << QList<qint64>{} << 5 << QList<int>{} << Labels{};
    QTest::newRow("proportional scaling: 5 -> 10") << 10 << 5 << 0 << 0 << 0 << "foo-v2" << 2 << v1 << QList<int>{3} << o1 << 4
                                                   << QList<int>{6} << Labels{};
    QTest::newRow("proportional scaling: 5 -> 3") << 3 << 5 << 0 << 0 << 0 << "foo-v2" << 2 << v1 << QList<int>{3} << o1 << 1
                                                  << QList<int>{2} << Labels{};
    QTest::newRow("proportional scaling: 9 -> 4") << 4 << 9 << 0 << 0 << 0 << "foo-v2" << 8 << v1 << QList<int>{1} << o1 << 4
                                                  << QList<int>{0} << Labels{};
    QTest::newRow("proportional scaling: 7 -> 10") << 10 << 7 << 0 << 0 << 0 << "foo-v3" << 2 << v21 << QList<int>{3, 2} << o2 << 3
                                                   << QList<int>{4, 3} << Labels{};
    QTest::newRow("proportional scaling: 13 -> 8") << 8 << 13 << 0 << 0 << 0 << "foo-v3" << 2 << v21 << QList<int>{8, 3} << o2 << 1
                                                   << QList<int>{5, 2} << Labels{};
    // Scales up the new replica set.
    QTest::newRow("leftover distribution: 3 -> 4") << 4 << 3 << 0 << 0 << 0 << "foo-v3" << 1 << v21 << QList<int>{1, 1} << o2 << 2
                                                   << QList<int>{1, 1} << Labels{};
    // Scales down the older replica set.
    QTest::newRow("leftover distribution: 3 -> 2") << 2 << 3 << 0 << 0 << 0 << "foo-v3" << 1 << v21 << QList<int>{1, 1} << o2 << 1
                                                   << QList<int>{1, 0} << Labels{};
    // Scales up the latest replica set first.
    QTest::newRow("proportional scaling (no new rs): 4 -> 5") << 5 << 4 << 0 << 0 << 0 << "" << 0 << v21 << QList<int>{2, 2} << o2
                                                              << 0 << QList<int>{3, 2} << Labels{};
    // Scales down to zero.
    QTest::newRow("proportional scaling: 6 -> 0") << 0 << 6 << 0 << 0 << 0 << "foo-v3" << 3 << v21 << QList<int>{2, 1} << o2 << 0
                                                  << QList<int>{0, 0} << Labels{};
    // Scales up from zero.
    QTest::newRow("proportional scaling: 0 -> 6") << 6 << 6 << 0 << 0 << 0 << "foo-v3" << 0 << v21 << QList<int>{0, 0} << o2 << 6
                                                  << QList<int>{0, 0} << Labels{};
    // Deployment 3 (v1 = v2 = v3 = 1) scaled to 5; v2 still annotated for 3.
    QTest::newRow("failed rs update") << 5 << 5 << 0 << 0 << 0 << "foo-v3" << 2 << v21 << QList<int>{1, 1} << o2 << 2
                                      << QList<int>{2, 1} << Labels{{"foo-v2", "3"}};
    QTest::newRow("deployment with surge pods") << 20 << 10 << 2 << 2 << 0 << "foo-v2" << 6 << v1 << QList<int>{6} << o1 << 11
                                                << QList<int>{11} << Labels{};
    QTest::newRow("change both surge and size") << 50 << 10 << 6 << 3 << 0 << "foo-v2" << 5 << v1 << QList<int>{8} << o1 << 22
                                                << QList<int>{34} << Labels{};
    QTest::newRow("change both size and template") << 14 << 10 << 0 << 0 << 0 << "" << 0 << v21 << QList<int>{7, 3}
                                                   << QList<qint64>{newTimestamp, oldTimestamp} << 0 << QList<int>{10, 4} << Labels{};
    QTest::newRow("saturated but broken new replica set does not affect old pods")
        << 2 << 2 << 1 << 1 << 1 << "foo-v2" << 2 << v1 << QList<int>{1} << o1 << 2 << QList<int>{1} << Labels{};
}

void TestDeploymentSync::testScale()
{
    QFETCH(int, replicas);
    QFETCH(int, oldReplicas);
    QFETCH(int, maxSurge);
    QFETCH(int, oldMaxSurge);
    QFETCH(int, maxUnavailable);
    QFETCH(QString, newRS);
    QFETCH(int, newSize);
    QFETCH(QStringList, oldNames);
    QFETCH(QList<int>, oldSizes);
    QFETCH(QList<qint64>, oldTimes);
    QFETCH(int, expectedNew);
    QFETCH(QList<int>, expectedOld);
    QFETCH(Labels, desiredReplicasAnnotations);
    DeploymentFixture f;
    const auto d = newDeployment(QStringLiteral("foo"), replicas, std::nullopt, IntOrString::fromInt(maxSurge),
                                 IntOrString::fromInt(maxUnavailable));
    const auto oldD = newDeployment(QStringLiteral("foo"), oldReplicas, std::nullopt, IntOrString::fromInt(oldMaxSurge),
                                    IntOrString::fromInt(maxUnavailable));
    auto annotate = [&](ReplicaSet &r) {
        const int desired = desiredReplicasAnnotations.value(r.metadata.name, QString::number(oldReplicas)).toInt();
        du::SetReplicasAnnotations(r, desired, desired + du::MaxSurge(*oldD));
    };
    ReplicaSetPtr n;
    if (!newRS.isEmpty()) {
        auto r = rs(newRS, newSize, newTimestamp);
        annotate(*r);
        n = f.put(r);
    }
    RSList olds;
    for (int i = 0; i < oldNames.size(); ++i) {
        auto r = rs(oldNames[i], oldSizes[i], oldTimes[i]);
        annotate(*r);
        olds.append(f.put(r));
    }
    DeploymentController::Context ctx;
    const QString error = f.dc.scale(ctx, *d, n, olds);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    if (n)
        QCOMPARE(f.size(newRS), expectedNew);
    for (int i = 0; i < oldNames.size(); ++i)
        QCOMPARE(f.size(oldNames[i]), expectedOld[i]);
    // Every active RS is annotated for the new size afterwards.
    for (const QString &name : rsNames(f)) {
        const ReplicaSetPtr r = f.getRS(name);
        if (r->replicas() > 0) {
            QCOMPARE(r->metadata.annotations.value(du::DesiredReplicasAnnotation), QString::number(replicas));
            QCOMPARE(r->metadata.annotations.value(du::MaxReplicasAnnotation), QString::number(replicas + du::MaxSurge(*d)));
        }
    }
}

// --- TestDeploymentController_cleanupDeployment(Order) --------------------------------------

void TestDeploymentSync::testCleanupDeployment_data()
{
    QTest::addColumn<QStringList>("oldRSs");   // "name spec status[ deleted|unobserved|terminating]"
    QTest::addColumn<int>("revisionHistoryLimit");
    QTest::addColumn<int>("expectedDeletions");
    QTest::newRow("3 empty, limit 1") << QStringList{"foo-1 0 0", "foo-2 0 0", "foo-3 0 0"} << 1 << 2;
    QTest::newRow("only delete the replica set with Spec.Replicas = Status.Replicas = 0")
        << QStringList{"foo-1 0 0", "foo-2 0 1", "foo-3 1 0", "foo-4 1 1"} << 0 << 1;
    QTest::newRow("2 empty, limit 0") << QStringList{"foo-1 0 0", "foo-2 0 0"} << 0 << 2;
    QTest::newRow("2 busy, limit 0") << QStringList{"foo-1 1 1", "foo-2 1 1"} << 0 << 0;
    QTest::newRow("already being deleted") << QStringList{"foo-1 0 0 deleted"} << 0 << 0;
    QTest::newRow("with unlimited revisionHistoryLimit") << QStringList{"foo-1 0 0", "foo-2 0 0", "foo-3 0 0"} << du::MaxInt32 << 0;
    QTest::newRow("latest generation not observed by the RS controller") << QStringList{"foo-1 0 0 unobserved"} << 0 << 0;
    QTest::newRow("terminating pods unknown (gate on)") << QStringList{"foo-1 0 0 terminating"} << 0 << 0;
}

void TestDeploymentSync::testCleanupDeployment()
{
    QFETCH(QStringList, oldRSs);
    QFETCH(int, revisionHistoryLimit);
    QFETCH(int, expectedDeletions);
    DeploymentFixture f;
    RSList list;
    for (const QString &spec : oldRSs) {
        const QStringList p = spec.split(QLatin1Char(' '));
        auto r = newRSWithStatus(p[0], p[1].toInt(), p[2].toInt());
        if (p.value(3) == QLatin1String("deleted")) {
            r->metadata.deletionTimestamp = f.clock.now();
            r->metadata.finalizers = {QStringLiteral("example.com/hold")};
        } else if (p.value(3) == QLatin1String("unobserved")) {
            r->status.observedGeneration = 0;
        } else if (p.value(3) == QLatin1String("terminating")) {
            r->status.terminatingReplicas.reset();
        }
        list.append(f.put(r));
    }
    const auto d = newDeployment(QStringLiteral("foo"), 1, revisionHistoryLimit);
    DeploymentController::Context ctx;
    QCOMPARE(f.dc.cleanupDeployment(ctx, list, *d), QString());
    QCOMPARE(int(oldRSs.size() - rsNames(f).size()), expectedDeletions);
}

void TestDeploymentSync::testCleanupDeploymentOrder_data()
{
    QTest::addColumn<QStringList>("oldRSs");   // "name replicas revision" (creation order foo-1 < foo-2 < …)
    QTest::addColumn<int>("revisionHistoryLimit");
    QTest::addColumn<QStringList>("expectedDeletedRSs");
    QTest::newRow("revision order: rs1 < rs2, delete rs1") << QStringList{"foo-1 0 1", "foo-2 0 2"} << 1 << QStringList{"foo-1"};
    QTest::newRow("revision order: rs2 < rs1, delete rs2") << QStringList{"foo-1 0 2", "foo-2 0 1"} << 1 << QStringList{"foo-2"};
    QTest::newRow("rs1 has revision but rs2 doesn't have revision, delete rs2") << QStringList{"foo-1 0 1", "foo-2 0 -"} << 1
                                                                                 << QStringList{"foo-2"};
    QTest::newRow("rs1 doesn't have revision while rs2 has revision, delete rs1") << QStringList{"foo-1 0 -", "foo-2 0 2"} << 1
                                                                                   << QStringList{"foo-1"};
    QTest::newRow("revision order: rs1 < rs2 < r3, but rs1 has replicas, delete rs2")
        << QStringList{"foo-1 1 1", "foo-2 0 2", "foo-3 0 3"} << 1 << QStringList{"foo-2"};
    QTest::newRow("revision order: rs1 < rs2 < r3, both rs1 && rs2 have replicas, don't delete")
        << QStringList{"foo-1 1 1", "foo-2 1 2", "foo-3 0 3"} << 1 << QStringList{};
    QTest::newRow("revision order: rs2 < rs4 < rs1 < rs3, delete rs2 && rs4")
        << QStringList{"foo-1 0 3", "foo-2 0 1", "foo-3 0 4", "foo-4 0 2"} << 2 << QStringList{"foo-2", "foo-4"};
}

void TestDeploymentSync::testCleanupDeploymentOrder()
{
    QFETCH(QStringList, oldRSs);
    QFETCH(int, revisionHistoryLimit);
    QFETCH(QStringList, expectedDeletedRSs);
    DeploymentFixture f;
    RSList list;
    for (int i = 0; i < oldRSs.size(); ++i) {
        const QStringList p = oldRSs[i].split(QLatin1Char(' '));
        auto r = newRSWithStatus(p[0], p[1].toInt(), p[1].toInt());
        r->metadata.creationTimestamp = newTimestamp + 60000 * i;
        if (p[2] != QLatin1String("-"))
            r->metadata.annotations.insert(du::RevisionAnnotation, p[2]);
        list.append(f.put(r));
    }
    const auto d = newDeployment(QStringLiteral("foo"), 1, revisionHistoryLimit);
    DeploymentController::Context ctx;
    QCOMPARE(f.dc.cleanupDeployment(ctx, list, *d), QString());
    QStringList deleted;
    const QStringList left = rsNames(f);
    for (const ReplicaSetPtr &r : list)
        if (!left.contains(r->metadata.name))
            deleted << r->metadata.name;
    QCOMPARE(deleted, expectedDeletedRSs);
}

// --- recreate_test.go -----------------------------------------------------------------------

void TestDeploymentSync::testScaleDownOldReplicaSets()
{
    DeploymentFixture f;
    const auto d = newDeployment(QStringLiteral("foo"), 3);
    d->spec.strategy.type = QStringLiteral("Recreate");
    d->spec.strategy.rollingUpdate.reset();
    RSList old{f.put(ownedRS(*d, QStringLiteral("foo-0"), 3))};
    DeploymentController::Context ctx;
    QString error;
    QVERIFY(f.dc.scaleDownOldReplicaSetsForRecreate(ctx, old, *d, &error));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(f.size(QStringLiteral("foo-0")), 0);
    QCOMPARE(old[0]->replicas(), 0);   // the list holds the updated RS
    QCOMPARE(f.events(), QStringList{QStringLiteral("ScalingReplicaSet: Scaled down replica set foo-0 to 0 from 3")});
}

void TestDeploymentSync::testOldPodsRunning_data()
{
    QTest::addColumn<QStringList>("oldRSs");                // "uid statusReplicas"
    QTest::addColumn<QStringList>("podMap");                // "uid:phase,phase" ("uid:" = no pods)
    QTest::addColumn<bool>("hasOldPodsRunning");
    QTest::newRow("no old RSs") << QStringList{} << QStringList{} << false;
    QTest::newRow("old RSs with running pods") << QStringList{"some-uid 0", "other-uid 0"}
                                               << QStringList{"some-uid:,", "other-uid:,"} << true;   // phase ""
    QTest::newRow("old RSs without pods but with non-zero status replicas") << QStringList{"rs-1 1"} << QStringList{} << true;
    QTest::newRow("old RSs without pods or non-zero status replicas") << QStringList{"rs-1 0"} << QStringList{} << false;
    QTest::newRow("old RSs with zero status replicas but pods in terminal state are present")
        << QStringList{"rs-1 0"} << QStringList{"uid-1:Failed,Succeeded"} << false;
    QTest::newRow("old RSs with zero status replicas but pod in unknown phase present")
        << QStringList{"rs-1 0"} << QStringList{"uid-1:Unknown"} << true;
    QTest::newRow("old RSs with zero status replicas with pending pod present") << QStringList{"rs-1 0"} << QStringList{"uid-1:Pending"}
                                                                                << true;
    QTest::newRow("old RSs with zero status replicas with running pod present") << QStringList{"rs-1 0"} << QStringList{"uid-1:Running"}
                                                                                << true;
    QTest::newRow("old RSs with zero status replicas but pods in terminal state and pending are present")
        << QStringList{"rs-1 0"} << QStringList{"uid-1:Failed,Succeeded", "uid-2:", "uid-3:Pending"} << true;
    QTest::newRow("pods of the new RS do not count") << QStringList{"rs-1 0"} << QStringList{"new-uid:Running"} << false;
}

void TestDeploymentSync::testOldPodsRunning()
{
    QFETCH(QStringList, oldRSs);
    QFETCH(QStringList, podMap);
    QFETCH(bool, hasOldPodsRunning);
    RSList old;
    for (const QString &spec : oldRSs) {
        auto r = rs(QStringLiteral("foo-") + spec.section(QLatin1Char(' '), 0, 0), 0);
        r->metadata.uid = spec.section(QLatin1Char(' '), 0, 0);
        r->status.replicas = spec.section(QLatin1Char(' '), 1, 1).toInt();
        old.append(r);
    }
    auto newRS = rs(QStringLiteral("foo-new"), 1);
    newRS->metadata.uid = QStringLiteral("new-uid");
    DeploymentController::PodMap map;
    for (const QString &entry : podMap) {
        QList<PodPtr> pods;
        const QString phases = entry.section(QLatin1Char(':'), 1);
        if (!phases.isEmpty() || entry.endsWith(QLatin1String(":,"))) {
            for (const QString &phase : phases.split(QLatin1Char(','))) {
                auto p = std::make_shared<Pod>();
                p->status.phase = phase;
                pods.append(p);
            }
        }
        map.insert(entry.section(QLatin1Char(':'), 0, 0), pods);
    }
    QCOMPARE(DeploymentController::oldPodsRunning(newRS, old, map), hasOldPodsRunning);
}

// --- syncDeployment scenarios ---------------------------------------------------------------

void TestDeploymentSync::testSyncDeploymentCreatesReplicaSet()
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
    QCOMPARE(done->status.terminatingReplicas, std::optional<int>(0));
}

void TestDeploymentSync::testSyncDeploymentDontDoAnythingDuringDeletion()
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

void TestDeploymentSync::testHashCollisionBumpsCollisionCount()
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

void TestDeploymentSync::testAdoptsMatchingOrphan()
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

void TestDeploymentSync::testReleasesReplicaSetThatNoLongerMatches()
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

void TestDeploymentSync::testOrphanReplicaSetEnqueuesMatchingDeployments()
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

void TestDeploymentSync::testScalingEventUsesSync()
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

void TestDeploymentSync::testPausedDeploymentDoesNotRollOut()
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

// --- rollback.go ----------------------------------------------------------------------------

void TestDeploymentSync::testLegacyRollback_data()
{
    QTest::addColumn<int>("revisions");         // rollouts done before the request (1 or 2)
    QTest::addColumn<QString>("rollbackTo");
    QTest::addColumn<QString>("expectedImage");
    QTest::addColumn<QString>("expectedEvent");
    QTest::newRow("to the previous revision (0)") << 2 << "0" << "nginx:1"
                                                  << "DeploymentRollback: Rolled back deployment \"web\" to revision 1";
    QTest::newRow("to revision 1") << 2 << "1" << "nginx:1" << "DeploymentRollback: Rolled back deployment \"web\" to revision 1";
    QTest::newRow("revision not found") << 2 << "7" << "nginx:2"
                                        << "DeploymentRollbackRevisionNotFound: Unable to find the revision to rollback to.";
    QTest::newRow("no last revision") << 1 << "0" << "nginx:1" << "DeploymentRollbackRevisionNotFound: Unable to find last revision.";
    QTest::newRow("template unchanged") << 2 << "2" << "nginx:2"
                                        << "DeploymentRollbackTemplateUnchanged: The rollback revision contains the same template as current deployment \"web\"";
}

void TestDeploymentSync::testLegacyRollback()
{
    QFETCH(int, revisions);
    QFETCH(QString, rollbackTo);
    QFETCH(QString, expectedImage);
    QFETCH(QString, expectedEvent);
    DeploymentFixture f;
    QVERIFY(f.api.create(makeDeployment(QStringLiteral("web"), 1, QStringLiteral("nginx:1"))).ok());
    f.settle();
    if (revisions == 2) {
        f.clock.advance(5000);
        QVERIFY(kubectl::rollout::setImage(f.client, ns, QStringLiteral("web"), QStringLiteral("app"), QStringLiteral("nginx:2")).ok());
        f.settle();
    }
    QCOMPARE(f.ownedBy(QStringLiteral("web")).size(), revisions);
    const QByteArray patch = QJsonDocument(QJsonObject{{QStringLiteral("metadata"),
                                                        QJsonObject{{QStringLiteral("annotations"),
                                                                     QJsonObject{{du::DeprecatedRollbackTo, rollbackTo}}}}}})
                                 .toJson(QJsonDocument::Compact);
    QVERIFY(f.api.patch(f.rt(Kind::Deployment), ns, QStringLiteral("web"), apiserver::PatchType::Merge, patch).ok());
    f.pump();
    const QStringList before = f.events();
    const controller::SyncResult r = f.dc.syncDeployment(QStringLiteral("default/web"));
    QVERIFY2(r.ok(), qPrintable(r.error));
    const auto d = f.getD(QStringLiteral("web"));
    QVERIFY(!d->metadata.annotations.contains(du::DeprecatedRollbackTo));   // cleared in every case
    QCOMPARE(d->spec.template_.spec.containers[0].image, expectedImage);
    QVERIFY(!d->spec.template_.metadata.labels.contains(du::DefaultDeploymentUniqueLabelKey));
    const QStringList after = f.events();
    QCOMPARE(after.mid(before.size()), QStringList{expectedEvent});
}

// --- Recreate -------------------------------------------------------------------------------

void TestDeploymentSync::testPodDeletionEnqueuesRecreateDeployment_data()
{
    QTest::addColumn<bool>("orphanSecondRS");
    QTest::addColumn<bool>("otherPod");
    QTest::addColumn<bool>("expectEnqueued");
    QTest::newRow("TestPodDeletionEnqueuesRecreateDeployment") << false << false << true;
    QTest::newRow("TestPodDeletionDoesntEnqueueRecreateDeployment") << false << true << false;
    QTest::newRow("TestPodDeletionPartialReplicaSetOwnershipEnqueueRecreateDeployment") << true << false << true;
    QTest::newRow("TestPodDeletionPartialReplicaSetOwnershipDoesntEnqueueRecreateDeployment") << true << true << false;
}

void TestDeploymentSync::testPodDeletionEnqueuesRecreateDeployment()
{
    QFETCH(bool, orphanSecondRS);
    QFETCH(bool, otherPod);
    QFETCH(bool, expectEnqueued);
    DeploymentFixture f;
    auto foo = newDeployment(QStringLiteral("foo"), 1);
    foo->spec.strategy.type = QStringLiteral("Recreate");
    foo->spec.strategy.rollingUpdate.reset();
    foo->metadata.uid.clear();
    foo->spec.paused = true;   // no sync may create anything while we set up
    const auto stored = f.put(foo);
    const auto rs1 = f.put(ownedRS(*stored, QStringLiteral("foo-1"), 1));
    if (orphanSecondRS) {
        auto rs2 = ownedRS(*stored, QStringLiteral("foo-2"), 2);
        rs2->metadata.ownerReferences.clear();
        f.put(rs2);
    }
    f.put(podOf(*rs1, QStringLiteral("foo-1-a")));
    if (otherPod)
        f.put(podOf(*rs1, QStringLiteral("foo-1-b")));
    while (f.dc.controller().queue().tryGet()) {
    }
    const QString key = QStringLiteral("default/foo");
    f.dc.controller().queue().done(key);
    QCOMPARE(f.dc.controller().queue().len(), 0);
    QVERIFY(removeNow(f, Kind::Pod, QStringLiteral("foo-1-a")));
    f.pump();
    QCOMPARE(f.dc.controller().queue().len(), expectEnqueued ? 1 : 0);
}

// Old pods go first; the new RS is created at full size once none is left.
void TestDeploymentSync::testRecreateRollout()
{
    DeploymentFixture f;
    auto web = makeDeployment(QStringLiteral("web"), 3, QStringLiteral("nginx:1"));
    web->spec.strategy.type = QStringLiteral("Recreate");
    QVERIFY(f.api.create(web).ok());
    f.settle();
    const ReplicaSetPtr a = f.ownedBy(QStringLiteral("web"))[0];
    QCOMPARE(a->replicas(), 3);
    for (const QString &p : {QStringLiteral("a1"), QStringLiteral("a2"), QStringLiteral("a3")})
        f.put(podOf(*a, p));
    f.setRSStatus(a->metadata.name, 3);
    f.settle();

    f.clock.advance(5000);
    QVERIFY(kubectl::rollout::setImage(f.client, ns, QStringLiteral("web"), QStringLiteral("app"), QStringLiteral("nginx:2")).ok());
    f.settle();
    QCOMPARE(f.size(a->metadata.name), 0);                  // scaled down first
    QCOMPARE(f.ownedBy(QStringLiteral("web")).size(), 1);   // no new RS while old pods run
    // The RS controller removes the pods; the RS reports none.
    f.setRSStatus(a->metadata.name, 0);
    QVERIFY(removeNow(f, Kind::Pod, QStringLiteral("a1")));
    QVERIFY(removeNow(f, Kind::Pod, QStringLiteral("a2")));
    f.settle();
    QCOMPARE(f.ownedBy(QStringLiteral("web")).size(), 1);   // a3 still running
    QVERIFY(removeNow(f, Kind::Pod, QStringLiteral("a3")));   // the last pod's deletion wakes it
    f.pump();
    QCOMPARE(f.dc.controller().queue().len(), 1);
    f.settle();
    const RSList owned = f.ownedBy(QStringLiteral("web"));
    QCOMPARE(owned.size(), 2);
    QCOMPARE(owned[1]->replicas(), 3);   // NewRSNewReplicas is spec.replicas for Recreate
    QCOMPARE(owned[1]->metadata.annotations.value(du::MaxReplicasAnnotation), QStringLiteral("3"));   // no surge
    const QStringList events = f.events();
    QVERIFY2(events.contains(QStringLiteral("ScalingReplicaSet: Scaled down replica set %1 to 0 from 3").arg(a->metadata.name)),
             qPrintable(events.join('\n')));
    QVERIFY2(events.contains(QStringLiteral("ScalingReplicaSet: Scaled up replica set %1 to 3").arg(owned[1]->metadata.name)),
             qPrintable(events.join('\n')));
}

// revisionHistoryLimit 2 keeps 2 old ReplicaSets once the rollout is complete.
void TestDeploymentSync::testRevisionHistoryLimitKeepsTwo()
{
    DeploymentFixture f;
    auto web = makeDeployment(QStringLiteral("web"), 1, QStringLiteral("nginx:1"));
    web->spec.revisionHistoryLimit = 2;
    QVERIFY(f.api.create(web).ok());
    for (int v = 1; v <= 5; ++v) {
        if (v > 1)
            QVERIFY(kubectl::rollout::setImage(f.client, ns, QStringLiteral("web"), QStringLiteral("app"), QStringLiteral("nginx:%1").arg(v)).ok());
        // Play the RS controller until the rollout is complete.
        for (int round = 0; round < 10; ++round) {
            f.settle();
            for (const ReplicaSetPtr &r : f.ownedBy(QStringLiteral("web")))
                f.setRSStatus(r->metadata.name, r->replicas());
        }
        f.settle();
        f.clock.advance(2000);
    }
    const RSList owned = f.ownedBy(QStringLiteral("web"));
    QStringList revisions;
    for (const ReplicaSetPtr &r : owned)
        revisions << r->metadata.annotations.value(du::RevisionAnnotation);
    std::sort(revisions.begin(), revisions.end());
    QCOMPARE(revisions, QStringList({"3", "4", "5"}));   // the new RS + 2 old ones
}

// An RS that can never be created (its name would be too long) fails every sync: Progressing
// =False ReplicaSetCreateError, a Warning event, and the key is retried 15 times, then dropped.
void TestDeploymentSync::testReplicaSetCreateErrorRetriesThenDrops()
{
    DeploymentFixture f;
    const QString name = QString(250, QLatin1Char('a'));
    auto d0 = makeDeployment(name, 1);
    d0->spec.selector->matchLabels = {{QStringLiteral("app"), QStringLiteral("long")}};
    d0->spec.template_.metadata.labels = d0->spec.selector->matchLabels;
    const auto created = f.api.create(d0);
    QVERIFY2(created.ok(), created.ok() ? "" : qPrintable(created.error->message));
    f.pump();
    int syncs = 0;
    for (int guard = 0; guard < 1000; ++guard) {
        if (f.dc.processNextWorkItem(0, false)) {
            ++syncs;
            f.pump();
            continue;
        }
        if (!f.clock.nextTimerAt())
            break;
        f.clock.advanceToNextTimer();
    }
    // 1 sync + 15 rate-limited retries (5 ms … 81.92 s); then the key is forgotten. The first
    // failure's status write is one more informer event (collapsed with a waiting retry).
    QCOMPARE(syncs, 16);
    QCOMPARE(f.dc.controller().queue().numRequeues(QStringLiteral("default/") + name), 0);
    const auto d = f.getD(name);
    const Condition *c = du::GetDeploymentCondition(d->status, du::DeploymentProgressingType);
    QVERIFY(c);
    QCOMPARE(c->status, QStringLiteral("False"));
    QCOMPARE(c->reason, du::FailedRSCreateReason);
    QVERIFY2(c->message.startsWith(QStringLiteral("Failed to create new replica set \"%1-").arg(name)), qPrintable(c->message));
    const QStringList events = f.events();
    QCOMPARE(events.size(), 1);   // the same message is counted, not repeated
    QVERIFY(events[0].startsWith(QStringLiteral("ReplicaSetCreateError: Failed to create new replica set")));
}

QTEST_GUILESS_MAIN(TestDeploymentSync)
#include "tst_deploymentsync.moc"
