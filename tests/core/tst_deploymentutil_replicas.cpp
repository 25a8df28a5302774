// SPDX-License-Identifier: Apache-2.0
// The Deployment controller's replica arithmetic: every row of upstream's
// deployment_util_test.go TestGetReplicaCountForReplicaSets, TestResolveFenceposts,
// TestNewRSNewReplicas, TestMaxUnavailable / MaxSurge / TestMinAvailable,
// TestGetReplicaSetFraction and GetProportion.
#include "tests/core/deploymentutiltesthelpers.h"

using namespace rlab::test::dutil;

class TestDeploymentUtilReplicas : public QObject
{
    Q_OBJECT

private slots:
    void testGetReplicaCountForReplicaSets_data();
    void testGetReplicaCountForReplicaSets();
    void testResolveFenceposts_data();
    void testResolveFenceposts();
    void testNewRSNewReplicas_data();
    void testNewRSNewReplicas();
    void testMaxUnavailable_data();
    void testMaxUnavailable();
    void testMaxSurge_data();
    void testMaxSurge();
    void testMinAvailable_data();
    void testMinAvailable();
    void testGetReplicaSetFraction_data();
    void testGetReplicaSetFraction();
    void testGetProportion_data();
    void testGetProportion();
};

// --- TestGetReplicaCountForReplicaSets ------------------------------------------------------

void TestDeploymentUtilReplicas::testGetReplicaCountForReplicaSets_data()
{
    QTest::addColumn<QStringList>("sets");
    QTest::addColumn<int>("expectedCount");
    QTest::addColumn<int>("expectedActual");
    QTest::addColumn<int>("expectedTerminating");   // -1: unknown (nil)
    QTest::newRow("scaling down rs1") << QStringList{"rs1"} << 1 << 2 << 3;
    QTest::newRow("scaling down rs1 and rs2") << QStringList{"rs1", "rs2"} << 3 << 5 << 4;
    QTest::newRow("scaling up rs3") << QStringList{"rs3"} << 3 << 0 << 0;
    QTest::newRow("scaling down rs1 and rs2 and scaling up rs3") << QStringList{"rs1", "rs2", "rs3"} << 6 << 5 << 4;
    QTest::newRow("invalid/unknown terminating status for rs4") << QStringList{"rs4"} << 1 << 1 << -1;
    QTest::newRow("invalid/unknown terminating status for rs4 with rs1, rs2 and rs3")
        << QStringList{"rs1", "rs2", "rs3", "rs4"} << 7 << 6 << -1;
}

void TestDeploymentUtilReplicas::testGetReplicaCountForReplicaSets()
{
    QFETCH(QStringList, sets);
    QFETCH(int, expectedCount);
    QFETCH(int, expectedActual);
    QFETCH(int, expectedTerminating);
    auto make = [](const QString &name, int spec, int status, std::optional<int> terminating, qint64 observed) {
        auto rs = generateRS(generateDeployment(name), name);
        rs->spec.replicas = spec;
        rs->status.replicas = status;
        rs->status.terminatingReplicas = terminating;
        rs->status.observedGeneration = observed;
        return rs;
    };
    // As upstream: rs2's observedGeneration stays 0 (its line sets rs1's twice).
    const QMap<QString, ReplicaSetPtr> all{{"rs1", make("foo-rs", 1, 2, 3, 1)},
                                           {"rs2", make("bar-rs", 2, 3, 1, 0)},
                                           {"rs3", make("unsynced-rs", 3, 0, std::nullopt, 0)},
                                           {"rs4", make("dropped-rs", 1, 1, std::nullopt, 1)}};
    QList<ReplicaSetPtr> list;
    for (const QString &n : sets)
        list.append(all.value(n));
    QCOMPARE(du::GetReplicaCountForReplicaSets(list), expectedCount);
    QCOMPARE(du::GetActualReplicaCountForReplicaSets(list), expectedActual);
    QCOMPARE(du::GetTerminatingReplicaCountForReplicaSets(list).value_or(-1), expectedTerminating);
}

// --- TestResolveFenceposts ------------------------------------------------------------------

void TestDeploymentUtilReplicas::testResolveFenceposts_data()
{
    QTest::addColumn<QString>("maxSurge");        // "nil" for a nil pointer
    QTest::addColumn<QString>("maxUnavailable");
    QTest::addColumn<int>("desired");
    QTest::addColumn<int>("expectSurge");
    QTest::addColumn<int>("expectUnavailable");
    QTest::addColumn<bool>("expectError");
    QTest::newRow("0: 0%/0% of 0 -> unavailable 1") << "0%" << "0%" << 0 << 0 << 1 << false;
    QTest::newRow("1: 39%/39% of 10") << "39%" << "39%" << 10 << 4 << 3 << false;
    QTest::newRow("2: oops/39% of 10") << "oops" << "39%" << 10 << 0 << 0 << true;
    QTest::newRow("3: 55%/urg of 10") << "55%" << "urg" << 10 << 0 << 0 << true;
    QTest::newRow("4: nil/39% of 10") << "nil" << "39%" << 10 << 0 << 3 << false;
    QTest::newRow("5: 39%/nil of 10") << "39%" << "nil" << 10 << 4 << 0 << false;
    QTest::newRow("6: nil/nil of 10") << "nil" << "nil" << 10 << 0 << 1 << false;
}

void TestDeploymentUtilReplicas::testResolveFenceposts()
{
    QFETCH(QString, maxSurge);
    QFETCH(QString, maxUnavailable);
    QFETCH(int, desired);
    QFETCH(int, expectSurge);
    QFETCH(int, expectUnavailable);
    QFETCH(bool, expectError);
    auto field = [](const QString &s) { return s == QLatin1String("nil") ? std::nullopt : std::optional<IntOrString>(fromString(s)); };
    const du::Fenceposts f = du::ResolveFenceposts(field(maxSurge), field(maxUnavailable), desired);
    QCOMPARE(!f.error.isEmpty(), expectError);
    QCOMPARE(f.surge, expectSurge);
    QCOMPARE(f.unavailable, expectUnavailable);
}

// --- TestNewRSNewReplicas -------------------------------------------------------------------

void TestDeploymentUtilReplicas::testNewRSNewReplicas_data()
{
    QTest::addColumn<QString>("strategyType");
    QTest::addColumn<int>("depReplicas");
    QTest::addColumn<int>("newRSReplicas");
    QTest::addColumn<int>("maxSurge");
    QTest::addColumn<int>("expected");
    QTest::newRow("can not scale up - to newRSReplicas") << "RollingUpdate" << 1 << 5 << 1 << 5;
    QTest::newRow("scale up - to depReplicas") << "RollingUpdate" << 6 << 2 << 10 << 6;
    QTest::newRow("recreate - to depReplicas") << "Recreate" << 3 << 1 << 1 << 3;
    // Issue #17 item 5: replicas + maxSurge past 2^31-1 wraps as Go's int32 does (no C++ UB):
    // the sum is negative, so the new RS cannot scale up, as in kube-controller-manager.
    QTest::newRow("replicas 2147483647 + maxSurge 1 wraps") << "RollingUpdate" << 2147483647 << 0 << 1 << 0;
    QTest::newRow("replicas 2147483600 + maxSurge 100 wraps") << "RollingUpdate" << 2147483600 << 3 << 100 << 3;
}

void TestDeploymentUtilReplicas::testNewRSNewReplicas()
{
    QFETCH(QString, strategyType);
    QFETCH(int, depReplicas);
    QFETCH(int, newRSReplicas);
    QFETCH(int, maxSurge);
    QFETCH(int, expected);
    Deployment d = generateDeployment(QStringLiteral("nginx"));
    d.spec.replicas = depReplicas;
    d.spec.strategy.type = strategyType;
    d.spec.strategy.rollingUpdate = RollingUpdateDeployment{IntOrString::fromInt(1), IntOrString::fromInt(maxSurge)};
    auto newRC = generateRS(d, QStringLiteral("newRC"));
    newRC->spec.replicas = newRSReplicas;
    auto rs5 = generateRS(d, QStringLiteral("rs5"));
    rs5->spec.replicas = 5;
    QString error;
    QCOMPARE(du::NewRSNewReplicas(d, {rs5}, *newRC, &error), expected);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}


// --- TestMaxUnavailable / MaxSurge / TestMinAvailable ---------------------------------------

void TestDeploymentUtilReplicas::testMaxUnavailable_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("replicas");
    QTest::addColumn<QString>("maxUnavailable");
    QTest::addColumn<int>("expected");
    QTest::newRow("maxUnavailable less than replicas") << "RollingUpdate" << 10 << "5" << 5;
    QTest::newRow("maxUnavailable equal replicas") << "RollingUpdate" << 10 << "10" << 10;
    QTest::newRow("maxUnavailable greater than replicas") << "RollingUpdate" << 5 << "10" << 5;
    QTest::newRow("maxUnavailable with replicas is 0") << "RollingUpdate" << 0 << "10" << 0;
    QTest::newRow("maxUnavailable with Recreate deployment strategy") << "Recreate" << 1 << "nil" << 0;
    QTest::newRow("maxUnavailable less than replicas with percents") << "RollingUpdate" << 10 << "50%" << 5;
    QTest::newRow("maxUnavailable equal replicas with percents") << "RollingUpdate" << 10 << "100%" << 10;
    QTest::newRow("maxUnavailable greater than replicas with percents") << "RollingUpdate" << 5 << "100%" << 5;
}

void TestDeploymentUtilReplicas::testMaxUnavailable()
{
    QFETCH(QString, strategy);
    QFETCH(int, replicas);
    QFETCH(QString, maxUnavailable);
    QFETCH(int, expected);
    Deployment d = rollingDeployment(replicas, IntOrString::fromInt(1), optionalIntOrString(maxUnavailable));
    d.spec.strategy.type = strategy;
    if (strategy == QLatin1String("Recreate")) {
        d.spec.strategy.rollingUpdate.reset();
        d.spec.replicas.reset();
    }
    QCOMPARE(du::MaxUnavailable(d), expected);
}

void TestDeploymentUtilReplicas::testMaxSurge_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("replicas");
    QTest::addColumn<QString>("maxSurge");
    QTest::addColumn<QString>("maxUnavailable");
    QTest::addColumn<int>("expected");
    QTest::newRow("int surge") << "RollingUpdate" << 10 << "3" << "2" << 3;
    QTest::newRow("25% of 10 rounds up to 3") << "RollingUpdate" << 10 << "25%" << "25%" << 3;
    QTest::newRow("25% of 4 is exactly 1") << "RollingUpdate" << 4 << "25%" << "25%" << 1;
    QTest::newRow("1% of 1 rounds up to 1") << "RollingUpdate" << 1 << "1%" << "0" << 1;
    QTest::newRow("surge may exceed replicas") << "RollingUpdate" << 2 << "5" << "0" << 5;
    QTest::newRow("nil surge is 0") << "RollingUpdate" << 10 << "nil" << "1" << 0;
    QTest::newRow("invalid surge is 0") << "RollingUpdate" << 10 << "x%" << "1" << 0;
    QTest::newRow("Recreate has no surge") << "Recreate" << 10 << "nil" << "nil" << 0;
}

void TestDeploymentUtilReplicas::testMaxSurge()
{
    QFETCH(QString, strategy);
    QFETCH(int, replicas);
    QFETCH(QString, maxSurge);
    QFETCH(QString, maxUnavailable);
    QFETCH(int, expected);
    Deployment d = rollingDeployment(replicas, optionalIntOrString(maxSurge), optionalIntOrString(maxUnavailable));
    d.spec.strategy.type = strategy;
    QCOMPARE(du::MaxSurge(d), expected);
}

void TestDeploymentUtilReplicas::testMinAvailable_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("replicas");
    QTest::addColumn<QString>("maxUnavailable");
    QTest::addColumn<int>("expected");
    QTest::newRow("replicas greater than maxUnavailable") << "RollingUpdate" << 10 << "5" << 5;
    QTest::newRow("replicas equal maxUnavailable") << "RollingUpdate" << 10 << "10" << 0;
    QTest::newRow("replicas less than maxUnavailable") << "RollingUpdate" << 5 << "10" << 0;
    QTest::newRow("replicas is 0") << "RollingUpdate" << 0 << "10" << 0;
    QTest::newRow("minAvailable with Recreate deployment strategy") << "Recreate" << 10 << "nil" << 0;
    QTest::newRow("replicas greater than maxUnavailable with percents") << "RollingUpdate" << 10 << "60%" << 4;
    QTest::newRow("replicas equal maxUnavailable with percents") << "RollingUpdate" << 10 << "100%" << 0;
    QTest::newRow("replicas less than maxUnavailable with percents") << "RollingUpdate" << 5 << "100%" << 0;
}

void TestDeploymentUtilReplicas::testMinAvailable()
{
    QFETCH(QString, strategy);
    QFETCH(int, replicas);
    QFETCH(QString, maxUnavailable);
    QFETCH(int, expected);
    Deployment d = rollingDeployment(replicas, IntOrString::fromInt(1), optionalIntOrString(maxUnavailable));
    d.spec.strategy.type = strategy;
    if (strategy == QLatin1String("Recreate"))
        d.spec.strategy.rollingUpdate.reset();
    QCOMPARE(du::MinAvailable(d), expected);
}


// --- TestGetReplicaSetFraction / GetProportion ----------------------------------------------

void TestDeploymentUtilReplicas::testGetReplicaSetFraction_data()
{
    QTest::addColumn<int>("deploymentReplicas");
    QTest::addColumn<int>("deploymentStatusReplicas");
    QTest::addColumn<int>("deploymentMaxSurge");
    QTest::addColumn<int>("rsReplicas");
    QTest::addColumn<QString>("maxReplicasAnnotation");   // "-" = absent
    QTest::addColumn<int>("expectedFraction");
    QTest::newRow("empty deployment always scales to 0") << 0 << 0 << 0 << 10 << "-" << -10;
    QTest::newRow("unsynced deployment does not scale when max-replicas annotation is missing (removed by a 3rd party)")
        << 10 << 0 << 0 << 5 << "-" << 0;
    QTest::newRow("unsynced deployment does not scale when max-replicas annotation is incorrectly set to 0 (by a 3rd party)")
        << 10 << 0 << 0 << 5 << "0" << 0;
    QTest::newRow("scale up by 1/5 should increase RS replicas by 1/5 when max-replicas annotation is missing (removed by a 3rd party)")
        << 120 << 100 << 0 << 50 << "-" << 10;
    QTest::newRow("scale up by 1/5 should increase RS replicas by 1/5 when max-replicas annotation is incorrectly set to 0 (by a 3rd party)")
        << 120 << 100 << 0 << 50 << "0" << 10;
    QTest::newRow("scale up by 1/5 should increase RS replicas by 1/5") << 120 << 0 << 0 << 50 << "100" << 10;
    QTest::newRow("scale up with maxSurge by 1/5 should increase RS replicas approximately by 1/5")
        << 120 << 0 << 10 << 50 << "110" << 9;
    QTest::newRow("scale down by 1/6 should decrease RS replicas by 1/6") << 10 << 0 << 0 << 6 << "12" << -1;
    // Issue #17 item 5: int32 arithmetic as Go does it, wrapping: max = 2147483647 + 1 =
    // -2147483648, 50 * max = 0 (mod 2^32), so the fraction is 0 - 50.
    QTest::newRow("replicas 2147483647 + maxSurge 1 wraps as int32") << 2147483647 << 0 << 1 << 50 << "100" << -50;
    QTest::newRow("scale down with maxSurge by 1/6 should decrease RS replicas approximately by 1/6")
        << 100 << 0 << 10 << 50 << "130" << -8;
    // Rounding is half away from zero (integer.RoundToInt32 = math.Round), not to even.
    QTest::newRow("half rounds up: 1 * 3 / 2 = 1.5 -> 2") << 3 << 0 << 0 << 1 << "2" << 1;
    QTest::newRow("half rounds up: 5 * 5 / 2 = 12.5 -> 13") << 5 << 0 << 0 << 5 << "2" << 8;
    QTest::newRow("invalid annotation falls back to status.replicas") << 20 << 10 << 0 << 5 << "x" << 5;
}

void TestDeploymentUtilReplicas::testGetReplicaSetFraction()
{
    QFETCH(int, deploymentReplicas);
    QFETCH(int, deploymentStatusReplicas);
    QFETCH(int, deploymentMaxSurge);
    QFETCH(int, rsReplicas);
    QFETCH(QString, maxReplicasAnnotation);
    QFETCH(int, expectedFraction);
    Deployment d = generateDeployment(QStringLiteral("nginx"));
    d.status.replicas = deploymentStatusReplicas;
    d.spec.replicas = deploymentReplicas;
    d.spec.strategy.rollingUpdate = RollingUpdateDeployment{IntOrString::fromInt(1), IntOrString::fromInt(deploymentMaxSurge)};
    auto rs = generateRS(d, QStringLiteral("rs"));
    if (maxReplicasAnnotation != QLatin1String("-"))
        rs->metadata.annotations.insert(du::MaxReplicasAnnotation, maxReplicasAnnotation);
    rs->spec.replicas = rsReplicas;
    QCOMPARE(du::getReplicaSetFraction(*rs, d), expectedFraction);
}

void TestDeploymentUtilReplicas::testGetProportion_data()
{
    QTest::addColumn<int>("deploymentReplicas");   // maxSurge 0
    QTest::addColumn<int>("maxReplicasAnnotation");
    QTest::addColumn<int>("rsReplicas");            // -1: no RS
    QTest::addColumn<int>("toAdd");
    QTest::addColumn<int>("added");
    QTest::addColumn<int>("expected");
    QTest::newRow("nil replica set") << 10 << 5 << -1 << 5 << 0 << 0;
    QTest::newRow("empty replica set") << 10 << 5 << 0 << 5 << 0 << 0;
    QTest::newRow("nothing to add") << 10 << 5 << 3 << 0 << 0 << 0;
    QTest::newRow("everything added already") << 10 << 5 << 3 << 5 << 5 << 0;
    QTest::newRow("scale up: the fraction, round(2*10/5) - 2") << 10 << 5 << 2 << 5 << 0 << 2;
    QTest::newRow("scale up: capped by what is left") << 10 << 5 << 3 << 5 << 4 << 1;
    QTest::newRow("scale down: the fraction, round(5*4/5) - 5") << 4 << 5 << 5 << -3 << 0 << -1;
    QTest::newRow("scale down: capped by what is left") << 5 << 10 << 6 << -5 << -4 << -1;
}

void TestDeploymentUtilReplicas::testGetProportion()
{
    QFETCH(int, deploymentReplicas);
    QFETCH(int, maxReplicasAnnotation);
    QFETCH(int, rsReplicas);
    QFETCH(int, toAdd);
    QFETCH(int, added);
    QFETCH(int, expected);
    const Deployment d = rollingDeployment(deploymentReplicas, IntOrString::fromInt(0), IntOrString::fromInt(1));
    std::shared_ptr<ReplicaSet> rs;
    if (rsReplicas >= 0) {
        rs = std::make_shared<ReplicaSet>();
        rs->spec.replicas = rsReplicas;
        rs->metadata.annotations.insert(du::MaxReplicasAnnotation, QString::number(maxReplicasAnnotation));
    }
    QCOMPARE(du::GetProportion(rs, d, toAdd, added), expected);
}

QTEST_GUILESS_MAIN(TestDeploymentUtilReplicas)
#include "tst_deploymentutil_replicas.moc"
