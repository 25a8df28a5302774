// SPDX-License-Identifier: Apache-2.0
// sync.go and recreate.go against the API server and informers: every row of upstream's TestScale
// (proportional scaling), TestDeploymentController_cleanupDeployment(Order),
// TestScaleDownOldReplicaSets and TestOldPodsRunning. Scenarios: tst_deploymentsync_scenarios.cpp,
// whole rollouts: tst_deploymentsync_rollouts.cpp.
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

const qint64 newTimestamp = 1463709600000;           // 2016-05-20 02:00
const qint64 oldTimestamp = newTimestamp - 3600000;   // 01:00
const qint64 olderTimestamp = oldTimestamp - 3600000; // 00:00

// newRSWithStatus(name, spec, status): observed by the RS controller, none terminating.
std::shared_ptr<ReplicaSet> newRSWithStatus(const QString &name, int specReplicas, int statusReplicas)
{
    auto r = rs(name, specReplicas);
    r->status.replicas = statusReplicas;
    r->status.observedGeneration = 1;
    r->status.terminatingReplicas = 0;
    return r;
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
    controller::DeploymentControllerOptions gates;
    gates.terminatingReplicas = true;   // upstream's table runs with DeploymentReplicaSetTerminatingReplicas on
    DeploymentFixture f(gates);
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
QTEST_GUILESS_MAIN(TestDeploymentSync)
#include "tst_deploymentsync.moc"
