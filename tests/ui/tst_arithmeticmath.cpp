#include "core/api/deploymentutil.h"
#include "core/base/traceevent.h"
#include "tests/testutil/fixtures.h"
#include "ui/arithmetic/rollingmath.h"
#include "ui/arithmetic/syncstep.h"

#include <QtTest>

using namespace rlab;
using namespace rlab::ui;
using api::IntOrString;
namespace du = rlab::deploymentutil;


namespace {
std::optional<IntOrString> ios(const QString &s)
{
    if (s == QLatin1String("nil"))
        return std::nullopt;
    bool isInt = false;
    const int v = s.toInt(&isInt);
    return isInt ? IntOrString::fromInt(v) : IntOrString::fromString(s.mid(s.startsWith('"') ? 1 : 0).chopped(s.startsWith('"') ? 1 : 0));
}
} // namespace

// The arithmetic panel's numbers: the fenceposts with their rounding rule (upstream's
// TestResolveFenceposts rows and more), NewRSNewReplicas (TestNewRSNewReplicas rows) checked
// against the controller's own function, and the sync steps read back from trace sentences.
class TestArithmeticMath : public QObject
{
    Q_OBJECT

private slots:
    // Strings: "25%" is a percent, "5" an int, "\"5\"" the string "5" (not a percentage), nil unset.
    void testResolve_data()
    {
        QTest::addColumn<QString>("maxSurge");
        QTest::addColumn<QString>("maxUnavailable");
        QTest::addColumn<int>("desired");
        QTest::addColumn<int>("surge");
        QTest::addColumn<int>("unavailable");
        QTest::addColumn<bool>("error");
        QTest::addColumn<QString>("surgeRule");
        QTest::addColumn<QString>("unavailableRule");
        // upstream TestResolveFenceposts
        QTest::newRow("nil / 0% of 0 → 0 / 1 (then 0: no replicas)") << "nil" << "0%" << 0 << 0 << 0 << false << "0 (an absolute number, no rounding)"
                                               << "0% of 0 = 0 (whole, nothing to round); maxSurge and maxUnavailable both 0 → maxUnavailable 1, so the rollout can progress; with 0 replicas nothing can be unavailable → 0";
        QTest::newRow("39% / 39% of 10 → 4 / 3") << "39%" << "39%" << 10 << 4 << 3 << false << "39% of 10 = 3.9 → rounds up to 4"
                                                 << "39% of 10 = 3.9 → rounds down to 3";
        QTest::newRow("oops / 27% → error") << "oops" << "27%" << 10 << 0 << 0 << true << "" << "";
        QTest::newRow("55% / urg → error") << "55%" << "urg" << 10 << 0 << 0 << true << "" << "";
        QTest::newRow("\"5\" is not a percentage") << "\"5\"" << "1" << 10 << 0 << 0 << true << "" << "";
        // the defaults and the classroom cases
        QTest::newRow("25% / 25% of 10 → 3 / 2") << "25%" << "25%" << 10 << 3 << 2 << false << "25% of 10 = 2.5 → rounds up to 3"
                                                 << "25% of 10 = 2.5 → rounds down to 2";
        QTest::newRow("25% / 25% of 3 → 1 / 0") << "25%" << "25%" << 3 << 1 << 0 << false << "25% of 3 = 0.75 → rounds up to 1"
                                                << "25% of 3 = 0.75 → rounds down to 0";
        QTest::newRow("0% / 10% of 5 → 0 / 1 (bumped)") << "0%" << "10%" << 5 << 0 << 1 << false << "0% of 5 = 0 (whole, nothing to round)"
                                                        << "10% of 5 = 0.5 → rounds down to 0; maxSurge and maxUnavailable both 0 → maxUnavailable 1, so the rollout can progress";
        QTest::newRow("ints 2 / 1") << "2" << "1" << 10 << 2 << 1 << false << "2 (an absolute number, no rounding)" << "1 (an absolute number, no rounding)";
        QTest::newRow("unavailable capped at replicas") << "0" << "5" << 3 << 0 << 3 << false << "0 (an absolute number, no rounding)"
                                                        << "5 (an absolute number, no rounding); capped at replicas 3";
    }

    void testResolve()
    {
        QFETCH(QString, maxSurge);
        QFETCH(QString, maxUnavailable);
        QFETCH(int, desired);
        QFETCH(int, surge);
        QFETCH(int, unavailable);
        QFETCH(bool, error);
        QFETCH(QString, surgeRule);
        QFETCH(QString, unavailableRule);
        const RollingMath::Fenceposts f = RollingMath::resolve(ios(maxSurge), ios(maxUnavailable), desired);
        QCOMPARE(!f.error.isEmpty(), error);
        if (error)
            return;
        QCOMPARE(f.surge, surge);
        QCOMPARE(f.unavailable, unavailable);
        QCOMPARE(f.surgeRule, surgeRule);
        QCOMPARE(f.unavailableRule, unavailableRule);
        QCOMPARE(f.maxTotal, desired + surge);
        QCOMPARE(f.minAvailable, desired - unavailable);
    }

    void testNewRSNewReplicas_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<int>("depReplicas");
        QTest::addColumn<int>("newRSReplicas");
        QTest::addColumn<int>("maxSurge");
        QTest::addColumn<int>("otherRSReplicas");
        QTest::addColumn<int>("expected");
        QTest::addColumn<bool>("newInAll");
        // upstream TestNewRSNewReplicas (allRSs = the 5-replica rs5 only)
        QTest::newRow("can not scale up - to newRSReplicas") << "RollingUpdate" << 1 << 5 << 1 << 5 << 5 << false;
        QTest::newRow("scale up - to depReplicas") << "RollingUpdate" << 6 << 2 << 10 << 5 << 6 << false;
        QTest::newRow("recreate - to depReplicas") << "Recreate" << 3 << 1 << 1 << 5 << 3 << false;
        // the worked examples: 10 replicas, surge 3
        QTest::newRow("first step 10 old → 3 new") << "RollingUpdate" << 10 << 0 << 3 << 10 << 3 << true;
        QTest::newRow("8 old + 3 new → 5") << "RollingUpdate" << 10 << 3 << 3 << 8 << 5 << true;
        QTest::newRow("no room at 13") << "RollingUpdate" << 10 << 5 << 3 << 8 << 5 << true;
    }

    void testNewRSNewReplicas()
    {
        QFETCH(QString, strategy);
        QFETCH(int, depReplicas);
        QFETCH(int, newRSReplicas);
        QFETCH(int, maxSurge);
        QFETCH(int, otherRSReplicas);
        QFETCH(int, expected);
        QFETCH(bool, newInAll);
        auto d = test::makeDeployment(QStringLiteral("web"), depReplicas);
        d->spec.strategy.type = strategy;
        d->spec.strategy.rollingUpdate = api::RollingUpdateDeployment{};
        d->spec.strategy.rollingUpdate->maxUnavailable = IntOrString::fromInt(1);
        d->spec.strategy.rollingUpdate->maxSurge = IntOrString::fromInt(maxSurge);
        auto newRS = test::makeReplicaSet(QStringLiteral("web-new"), newRSReplicas);
        auto other = test::makeReplicaSet(QStringLiteral("web-old"), otherRSReplicas);
        // upstream passes only rs5 as allRSs; the controller passes every RS, new one included.
        QList<deploymentutil::ReplicaSetPtr> all{other};
        if (newInAll)
            all.append(newRS);
        const int core = du::NewRSNewReplicas(*d, all, *newRS);
        QCOMPARE(core, expected);
        if (strategy == QLatin1String("RollingUpdate")) {
            const RollingMath::NewRSStep step = RollingMath::newRSNewReplicas(depReplicas, maxSurge, otherRSReplicas + (newInAll ? newRSReplicas : 0), newRSReplicas);
            QCOMPARE(step.result, expected);
            QVERIFY2(step.text.endsWith(QString::number(expected)), qPrintable(step.text));
        }
    }

    void testWorkedExampleText()
    {
        const RollingMath::NewRSStep s = RollingMath::newRSNewReplicas(10, 3, 10, 3);
        QCOMPARE(s.room, 3);
        QCOMPARE(s.needed, 7);
        QCOMPARE(s.result, 6);
        QCOMPARE(s.text, QStringLiteral("new RS may grow to maxTotal 13 (10 + maxSurge 3) − current 10 = 3; still needed 10 − 3 = 7; "
                                        "min(3, 7) = 3 → 3 + 3 = 6"));
    }

    void testSyncSteps_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected");   // "step rs from→to"
        QTest::newRow("scale up the new RS")
            << "syncDeployment default/nginx: rolloutRolling → reconcileNewReplicaSet: scaled up nginx-7c5 from 3 to 6 (maxSurge 3: 13 allowed, 10 running)"
            << QStringList{"reconcileNewReplicaSet nginx-7c5 3→6"};
        QTest::newRow("cleanup and scale down in one sync")
            << "syncDeployment default/nginx: rolloutRolling → reconcileNewReplicaSet: cannot scale up nginx-7c5 beyond 3 (maxSurge 3: 13 allowed, 13 running); "
               "rolloutRolling → cleanupUnhealthyReplicas: scaled down nginx-old from 10 to 9: 1 of its replicas are not available (may remove 2); "
               "rolloutRolling → scaleDownOldReplicaSetsForRollingUpdate: scaled down nginx-old from 9 to 8 (9 available > minAvailable 8: may remove 1)"
            << QStringList{"reconcileNewReplicaSet nginx-7c5 -1→-1", "cleanupUnhealthyReplicas nginx-old 10→9",
                           "scaleDownOldReplicaSetsForRollingUpdate nginx-old 9→8"};
        QTest::newRow("only active RS scaled")
            << "syncDeployment default/nginx: sync → scale: nginx-7c5 is the only active replica set: scaled up from 3 to 5"
            << QStringList{"scale nginx-7c5 3→5"};
        QTest::newRow("creation of the new RS")
            << "syncDeployment default/nginx: rolloutRolling → getNewReplicaSet: created new replica set nginx-7c5 (pod-template-hash 7c5, revision 2) with 1 replicas (NewRSNewReplicas, x)"
            << QStringList{"getNewReplicaSet nginx-7c5 0→1"};
        QTest::newRow("a failed sync keeps its writes")
            << "syncDeployment default/nginx failed: Operation cannot be fulfilled on deployments.apps \"nginx\": the object has been modified; "
               "please apply your changes to the latest version and try again (handleErr: addRateLimited) after: rolloutRolling → getNewReplicaSet: "
               "created new replica set nginx-6f5 (pod-template-hash 6f5, revision 2) with 3 replicas (NewRSNewReplicas, maxSurge 3: 13 allowed, 10 running); "
               "rolloutRolling → scaleDownOldReplicaSetsForRollingUpdate: scaled down nginx-old from 10 to 8 (10 available > minAvailable 8: may remove 2)"
            << QStringList{"getNewReplicaSet nginx-6f5 0→3", "scaleDownOldReplicaSetsForRollingUpdate nginx-old 10→8"};
        QTest::newRow("a failed sync without notes") << "syncDeployment default/nginx failed: boom (handleErr: addRateLimited)" << QStringList{};
        QTest::newRow("other notes are dropped")
            << "syncDeployment default/nginx: syncDeployment → syncDeploymentStatus: status written" << QStringList{};
        QTest::newRow("not a deployment sentence") << "syncReplicaSet default/x: nothing to do" << QStringList{};
    }

    void testSyncSteps()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        TraceEvent e;
        e.component = QStringLiteral("deployment");
        e.type = text.contains(QStringLiteral(" failed: ")) ? QStringLiteral("ReconcileError") : QStringLiteral("ReconcileEnd");
        e.t = 4200;
        e.text = text;
        QStringList actual;
        for (const SyncStep &s : SyncStep::fromTrace(e)) {
            actual << QStringLiteral("%1 %2 %3→%4").arg(s.step, s.replicaSet).arg(s.from).arg(s.to);
            QCOMPARE(s.key, QStringLiteral("default/nginx"));
            QCOMPARE(s.t, qint64(4200));
        }
        QCOMPARE(actual, expected);
    }

    void testSyncStepWhy()
    {
        const SyncStep s = SyncStep::fromNote(QStringLiteral(
            "rolloutRolling → reconcileNewReplicaSet: scaled up nginx-7c5 from 3 to 6 (maxSurge 3: 13 allowed, 10 running)"));
        QVERIFY2(s.why.startsWith(QStringLiteral("new RS may grow to maxTotal 13 (10 + maxSurge 3) − current 10 = 3")), qPrintable(s.why));
        QVERIFY(s.why.endsWith(QStringLiteral("→ 3 + 3 = 6")));
        const SyncStep down = SyncStep::fromNote(QStringLiteral(
            "rolloutRolling → scaleDownOldReplicaSetsForRollingUpdate: scaled down nginx-old from 10 to 8 (10 available > minAvailable 8: may remove 2)"));
        QCOMPARE(down.why, QStringLiteral("available 10 − minAvailable 8 = 2 may go; 10 − 2 = 8"));
        const SyncStep blocked = SyncStep::fromNote(QStringLiteral(
            "rolloutRolling → reconcileNewReplicaSet: cannot scale up nginx-7c5 beyond 5 (maxSurge 3: 13 allowed, 13 running)"));
        QVERIFY(!blocked.moved());
        QCOMPARE(blocked.why, QStringLiteral("no room: maxTotal 13 (10 + maxSurge 3) − current 13 = 0 → stays 5"));
        const SyncStep noDown = SyncStep::fromNote(QStringLiteral(
            "rolloutRolling → reconcileOldReplicaSets: cannot scale down: 13 pods - minAvailable 8 - 5 unavailable in nginx-7c5 = 0"));
        QCOMPARE(noDown.replicaSet, QStringLiteral("nginx-7c5"));
        QCOMPARE(noDown.why, QStringLiteral("maxScaledDown = 13 pods − minAvailable 8 − 5 unavailable in the new RS = 0 → no old pod may go"));
    }
};

QTEST_GUILESS_MAIN(TestArithmeticMath)
#include "tst_arithmeticmath.moc"
