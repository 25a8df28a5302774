// SPDX-License-Identifier: Apache-2.0
// The Deployment controller's conditions and annotations: every row of upstream's
// deployment_util_test.go condition tests, TestDeploymentComplete / Progressing /
// TimedOut, annotation helpers, SetNewReplicaSetAnnotations and the revision-history cap.
#include "core/client/lister.h"
#include "tests/core/deploymentutiltesthelpers.h"

using namespace rlab::test::dutil;

class TestDeploymentUtilStatus : public QObject
{
    Q_OBJECT

private slots:
    void testGetCondition_data();
    void testGetCondition();
    void testSetCondition_data();
    void testSetCondition();
    void testSetConditionKeepsTimes();
    void testRemoveCondition_data();
    void testRemoveCondition();
    void testDeploymentComplete_data();
    void testDeploymentComplete();
    void testDeploymentProgressing_data();
    void testDeploymentProgressing();
    void testDeploymentTimedOut_data();
    void testDeploymentTimedOut();
    void testGetNonNegativeInt32FromAnnotation_data();
    void testGetNonNegativeInt32FromAnnotation();
    void testAnnotationUtils();
    void testSetNewReplicaSetAnnotations_data();
    void testSetNewReplicaSetAnnotations();
    void testRevisionHistoryCap_data();
    void testRevisionHistoryCap();
    void testReplicasAnnotationsNeedUpdate_data();
    void testReplicasAnnotationsNeedUpdate();
    void testGetDeploymentsForReplicaSet_data();
    void testGetDeploymentsForReplicaSet();
};

// --- Conditions -----------------------------------------------------------------------------

void TestDeploymentUtilStatus::testGetCondition_data()
{
    QTest::addColumn<QString>("condType");
    QTest::addColumn<bool>("expected");
    QTest::newRow("condition exists") << "Available" << true;
    QTest::newRow("condition does not exist") << "ReplicaFailure" << false;
}

void TestDeploymentUtilStatus::testGetCondition()
{
    QFETCH(QString, condType);
    QFETCH(bool, expected);
    DeploymentStatus status;
    status.conditions = {cond("Progressing/False/ForSomeReason"), cond("Available/True/AwesomeController")};
    QCOMPARE(du::GetDeploymentCondition(status, condType) != nullptr, expected);
}

void TestDeploymentUtilStatus::testSetCondition_data()
{
    QTest::addColumn<QStringList>("status");
    QTest::addColumn<QString>("condition");
    QTest::addColumn<QStringList>("expected");
    const QString progressing = QStringLiteral("Progressing/False/ForSomeReason");
    const QString progressing2 = QStringLiteral("Progressing/True/BecauseItIs");
    const QString available = QStringLiteral("Available/True/AwesomeController");
    QTest::newRow("set for the first time") << QStringList{} << available << QStringList{available};
    QTest::newRow("simple set") << QStringList{progressing} << available << QStringList{progressing, available};
    QTest::newRow("overwrite") << QStringList{progressing} << progressing2 << QStringList{progressing2};
}

void TestDeploymentUtilStatus::testSetCondition()
{
    QFETCH(QStringList, status);
    QFETCH(QString, condition);
    QFETCH(QStringList, expected);
    DeploymentStatus s;
    for (const QString &c : status)
        s.conditions.append(cond(c));
    du::SetDeploymentCondition(s, cond(condition));
    QCOMPARE(condStrings(s), expected);
}

void TestDeploymentUtilStatus::testSetConditionKeepsTimes()
{
    DeploymentStatus s;
    s.conditions = {du::NewDeploymentCondition(QStringLiteral("Progressing"), QStringLiteral("True"), QStringLiteral("A"),
                                               QStringLiteral("m"), 10'000)};
    // Same status and reason: nothing changes, times included.
    du::SetDeploymentCondition(s, du::NewDeploymentCondition(QStringLiteral("Progressing"), QStringLiteral("True"), QStringLiteral("A"),
                                                             QStringLiteral("other"), 20'000));
    QCOMPARE(s.conditions[0].lastUpdateTime, 10'000);
    QCOMPARE(s.conditions[0].message, QStringLiteral("m"));
    // Reason changes, status stays: lastTransitionTime carried over.
    du::SetDeploymentCondition(s, du::NewDeploymentCondition(QStringLiteral("Progressing"), QStringLiteral("True"), QStringLiteral("B"),
                                                             QStringLiteral("m2"), 30'500));
    QCOMPARE(s.conditions[0].lastUpdateTime, 30'000);   // whole seconds
    QCOMPARE(s.conditions[0].lastTransitionTime, 10'000);
    // Status changes: both times new.
    du::SetDeploymentCondition(s, du::NewDeploymentCondition(QStringLiteral("Progressing"), QStringLiteral("False"), QStringLiteral("B"),
                                                             QStringLiteral("m3"), 40'000));
    QCOMPARE(s.conditions[0].lastTransitionTime, 40'000);
}

void TestDeploymentUtilStatus::testRemoveCondition_data()
{
    QTest::addColumn<QStringList>("status");
    QTest::addColumn<QString>("condType");
    QTest::addColumn<QStringList>("expected");
    const QString progressing = QStringLiteral("Progressing/False/ForSomeReason");
    const QString available = QStringLiteral("Available/True/AwesomeController");
    QTest::newRow("remove from empty status") << QStringList{} << "Progressing" << QStringList{};
    QTest::newRow("simple remove") << QStringList{progressing} << "Progressing" << QStringList{};
    QTest::newRow("doesn't remove anything") << QStringList{progressing, available} << "ReplicaFailure"
                                             << QStringList{progressing, available};
}

void TestDeploymentUtilStatus::testRemoveCondition()
{
    QFETCH(QStringList, status);
    QFETCH(QString, condType);
    QFETCH(QStringList, expected);
    DeploymentStatus s;
    for (const QString &c : status)
        s.conditions.append(cond(c));
    du::RemoveDeploymentCondition(s, condType);
    QCOMPARE(condStrings(s), expected);
}

// --- TestDeploymentComplete / Progressing / TimedOut ----------------------------------------

void TestDeploymentUtilStatus::testDeploymentComplete_data()
{
    QTest::addColumn<int>("desired");
    QTest::addColumn<int>("current");
    QTest::addColumn<int>("updated");
    QTest::addColumn<int>("available");
    QTest::addColumn<int>("maxUnavailable");
    QTest::addColumn<int>("maxSurge");
    QTest::addColumn<bool>("expected");
    QTest::newRow("not complete: min but not all pods become available") << 5 << 5 << 5 << 4 << 1 << 0 << false;
    QTest::newRow("not complete: min availability is not honored") << 5 << 5 << 5 << 3 << 1 << 0 << false;
    QTest::newRow("complete") << 5 << 5 << 5 << 5 << 0 << 0 << true;
    QTest::newRow("not complete: all pods are available but not updated") << 5 << 5 << 4 << 5 << 0 << 0 << false;
    // old RS: spec 1, status 1, available 1; new RS: spec 1, status 1, available 0
    QTest::newRow("not complete: still running old pods") << 1 << 2 << 1 << 1 << 0 << 1 << false;
    QTest::newRow("not complete: one replica deployment never comes up") << 1 << 1 << 1 << 0 << 1 << 1 << false;
}

void TestDeploymentUtilStatus::testDeploymentComplete()
{
    QFETCH(int, desired);
    QFETCH(int, current);
    QFETCH(int, updated);
    QFETCH(int, available);
    QFETCH(int, maxUnavailable);
    QFETCH(int, maxSurge);
    QFETCH(bool, expected);
    Deployment d = rollingDeployment(desired, IntOrString::fromInt(maxSurge), IntOrString::fromInt(maxUnavailable));
    d.status.replicas = current;
    d.status.updatedReplicas = updated;
    d.status.availableReplicas = available;
    QCOMPARE(du::DeploymentComplete(d, d.status), expected);
}

void TestDeploymentUtilStatus::testDeploymentProgressing_data()
{
    QTest::addColumn<QList<int>>("old");   // current, updated, ready, available
    QTest::addColumn<QList<int>>("now");
    QTest::addColumn<bool>("expected");
    QTest::newRow("progressing: updated pods") << QList<int>{10, 4, 4, 4} << QList<int>{10, 6, 4, 4} << true;
    QTest::newRow("not progressing") << QList<int>{10, 4, 4, 4} << QList<int>{10, 4, 4, 4} << false;
    QTest::newRow("progressing: old pods removed") << QList<int>{10, 4, 6, 6} << QList<int>{8, 4, 6, 6} << true;
    QTest::newRow("not progressing: less new pods") << QList<int>{10, 7, 3, 3} << QList<int>{10, 6, 3, 3} << false;
    QTest::newRow("progressing: less overall but more new pods") << QList<int>{10, 4, 7, 7} << QList<int>{8, 8, 5, 5} << true;
    QTest::newRow("progressing: more ready pods") << QList<int>{10, 10, 9, 8} << QList<int>{10, 10, 10, 8} << true;
    QTest::newRow("progressing: more available pods") << QList<int>{10, 10, 10, 9} << QList<int>{10, 10, 10, 10} << true;
}

void TestDeploymentUtilStatus::testDeploymentProgressing()
{
    QFETCH(QList<int>, old);
    QFETCH(QList<int>, now);
    QFETCH(bool, expected);
    auto status = [](const QList<int> &v) {
        DeploymentStatus s;
        s.replicas = v[0];
        s.updatedReplicas = v[1];
        s.readyReplicas = v[2];
        s.availableReplicas = v[3];
        return s;
    };
    Deployment d;
    d.status = status(old);
    QCOMPARE(du::DeploymentProgressing(d, status(now)), expected);
}

void TestDeploymentUtilStatus::testDeploymentTimedOut_data()
{
    QTest::addColumn<int>("pds");        // -1 = nil
    QTest::addColumn<QString>("reason");
    QTest::addColumn<qint64>("from");
    QTest::addColumn<qint64>("now");
    QTest::addColumn<bool>("expected");
    QTest::newRow("nil progressDeadlineSeconds specified - no timeout") << -1 << "" << timeFn(1, 9) << timeFn(1, 20) << false;
    QTest::newRow("infinite progressDeadlineSeconds specified - no timeout")
        << du::MaxInt32 << "" << timeFn(1, 9) << timeFn(1, 20) << false;
    QTest::newRow("progressDeadlineSeconds: 10s, now - started => 00:01:20 - 00:01:09 => 11s")
        << 10 << "" << timeFn(1, 9) << timeFn(1, 20) << true;
    QTest::newRow("progressDeadlineSeconds: 10s, now - started => 00:01:20 - 00:01:11 => 9s")
        << 10 << "" << timeFn(1, 11) << timeFn(1, 20) << false;
    QTest::newRow("previous status was a complete deployment") << -1 << du::NewRSAvailableReason << qint64(0) << timeFn(1, 20) << false;
}

void TestDeploymentUtilStatus::testDeploymentTimedOut()
{
    QFETCH(int, pds);
    QFETCH(QString, reason);
    QFETCH(qint64, from);
    QFETCH(qint64, now);
    QFETCH(bool, expected);
    Deployment d;
    if (pds >= 0)
        d.spec.progressDeadlineSeconds = pds;
    Condition c = cond(QStringLiteral("Progressing/True/") + reason);
    c.lastUpdateTime = from;
    d.status.conditions = {c};
    QCOMPARE(du::DeploymentTimedOut(d, d.status, now), expected);
}


// --- Annotations ----------------------------------------------------------------------------

void TestDeploymentUtilStatus::testGetNonNegativeInt32FromAnnotation_data()
{
    QTest::addColumn<Labels>("annotations");
    QTest::addColumn<int>("expectedValue");
    QTest::addColumn<bool>("expectedValid");
    QTest::addColumn<QString>("expectedErr");
    const QString test = QStringLiteral("test"), foo = QStringLiteral("foo"), two = QStringLiteral("2");
    QTest::newRow("invalid empty") << Labels{} << 0 << false << "";
    QTest::newRow("invalid") << Labels{{test, "invalid"}, {foo, two}} << 0 << false << "invalid syntax";
    QTest::newRow("invalid negative ") << Labels{{test, "-1"}, {foo, two}} << 0 << false << "invalid syntax";
    QTest::newRow("valid zero") << Labels{{test, "0"}, {foo, two}} << 0 << true << "";
    QTest::newRow("valid") << Labels{{test, "13"}, {foo, two}} << 13 << true << "";
    QTest::newRow("valid max") << Labels{{test, QString::number(du::MaxInt32)}, {foo, two}} << du::MaxInt32 << true << "";
    QTest::newRow("invalid max out of range") << Labels{{test, QString::number(quint64(du::MaxInt32) + 1)}, {foo, two}} << 0 << false
                                              << "out of range";
    QTest::newRow("invalid max out of range 2") << Labels{{test, QString::number(quint64(4294967295ULL) + 1)}, {foo, two}} << 0 << false
                                                << "out of range";
}

void TestDeploymentUtilStatus::testGetNonNegativeInt32FromAnnotation()
{
    QFETCH(Labels, annotations);
    QFETCH(int, expectedValue);
    QFETCH(bool, expectedValid);
    QFETCH(QString, expectedErr);
    auto rs = generateRS(generateDeployment(QStringLiteral("nginx")), QStringLiteral("rs"));
    rs->metadata.annotations = annotations;
    QString error;
    const auto [value, valid] = du::getNonNegativeInt32FromAnnotation(*rs, QStringLiteral("test"), &error);
    QCOMPARE(value, expectedValue);
    QCOMPARE(valid, expectedValid);
    if (expectedErr.isEmpty())
        QVERIFY2(error.isEmpty(), qPrintable(error));
    else
        QVERIFY2(error.contains(expectedErr), qPrintable(error));
}

void TestDeploymentUtilStatus::testAnnotationUtils()
{
    Deployment d = generateDeployment(QStringLiteral("nginx"));
    auto rs = generateRS(d, QStringLiteral("rs"));
    d.metadata.annotations.insert(du::RevisionAnnotation, QStringLiteral("1"));
    // SetNewReplicaSetAnnotations: revisions 11 … 20 with a 5-character history.
    for (int i = 10; i < 20; ++i) {
        const QString nextRevision = QString::number(i + 1);
        du::SetNewReplicaSetAnnotations(d, *rs, nextRevision, true, 5);
        if (i >= 12)
            QCOMPARE(rs->metadata.annotations.value(du::RevisionHistoryAnnotation), QStringLiteral("%1,%2").arg(i - 1).arg(i));
        QCOMPARE(rs->metadata.annotations.value(du::RevisionAnnotation), nextRevision);
    }
    // SetReplicasAnnotations
    QVERIFY(du::SetReplicasAnnotations(*rs, 10, 11));
    QCOMPARE(rs->metadata.annotations.value(du::DesiredReplicasAnnotation), QStringLiteral("10"));
    QCOMPARE(rs->metadata.annotations.value(du::MaxReplicasAnnotation), QStringLiteral("11"));
    QVERIFY(!du::SetReplicasAnnotations(*rs, 10, 11));
    // IsSaturated
    rs->metadata.annotations.insert(du::DesiredReplicasAnnotation, QStringLiteral("1"));
    rs->status.availableReplicas = 1;
    rs->spec.replicas = 1;
    QVERIFY(du::IsSaturated(d, rs));
    rs->status.availableReplicas = 0;
    QVERIFY(!du::IsSaturated(d, rs));
    QVERIFY(!du::IsSaturated(d, nullptr));
}

void TestDeploymentUtilStatus::testSetNewReplicaSetAnnotations_data()
{
    QTest::addColumn<Labels>("deploymentAnnotations");
    QTest::addColumn<Labels>("rsAnnotations");
    QTest::addColumn<QString>("newRevision");
    QTest::addColumn<bool>("exists");
    QTest::addColumn<bool>("expectedChanged");
    QTest::addColumn<Labels>("expected");
    const QString rev = du::RevisionAnnotation, hist = du::RevisionHistoryAnnotation;
    const QString desired = du::DesiredReplicasAnnotation, max = du::MaxReplicasAnnotation;
    const QString cause = du::ChangeCauseAnnotation, lac = du::LastAppliedConfigAnnotation;
    QTest::newRow("new RS gets revision, desired and max (3 + 25% surge = 4), no skipped keys")
        << Labels{{cause, "v2"}, {lac, "{}"}, {rev, "7"}} << Labels{} << "2" << false << true
        << Labels{{cause, "v2"}, {rev, "2"}, {desired, "3"}, {max, "4"}};
    QTest::newRow("existing RS: revision raised, old one kept in history")
        << Labels{} << Labels{{rev, "2"}, {desired, "9"}} << "4" << true << true << Labels{{rev, "4"}, {hist, "2"}, {desired, "9"}};
    QTest::newRow("existing RS: history appended") << Labels{} << Labels{{rev, "4"}, {hist, "1,2"}} << "6" << true << true
                                                   << Labels{{rev, "6"}, {hist, "1,2,4"}};
    QTest::newRow("existing RS: already newest, nothing to do") << Labels{} << Labels{{rev, "5"}} << "5" << true << false
                                                                << Labels{{rev, "5"}};
    QTest::newRow("existing RS: a higher revision is never lowered") << Labels{} << Labels{{rev, "9"}} << "5" << true << false
                                                                     << Labels{{rev, "9"}};
    QTest::newRow("existing RS without revision: set, no history") << Labels{} << Labels{} << "3" << true << true << Labels{{rev, "3"}};
    QTest::newRow("empty revision counts as 0, and was present: history gets \"\"")
        << Labels{} << Labels{{rev, ""}} << "1" << true << true << Labels{{rev, "1"}, {hist, ""}};
    QTest::newRow("unparsable revision: no change at all") << Labels{{cause, "x"}} << Labels{{rev, "abc"}} << "3" << true << false
                                                           << Labels{{cause, "x"}, {rev, "abc"}};
    QTest::newRow("annotation copied when it differs") << Labels{{cause, "new"}} << Labels{{rev, "3"}, {cause, "old"}} << "3" << true
                                                       << true << Labels{{rev, "3"}, {cause, "new"}};
}

void TestDeploymentUtilStatus::testSetNewReplicaSetAnnotations()
{
    QFETCH(Labels, deploymentAnnotations);
    QFETCH(Labels, rsAnnotations);
    QFETCH(QString, newRevision);
    QFETCH(bool, exists);
    QFETCH(bool, expectedChanged);
    QFETCH(Labels, expected);
    Deployment d = rollingDeployment(3, fromString(QStringLiteral("25%")), fromString(QStringLiteral("25%")));
    d.metadata.annotations = deploymentAnnotations;
    ReplicaSet rs;
    rs.metadata.annotations = rsAnnotations;
    QCOMPARE(du::SetNewReplicaSetAnnotations(d, rs, newRevision, exists), expectedChanged);
    QCOMPARE(rs.metadata.annotations, expected);
}

void TestDeploymentUtilStatus::testRevisionHistoryCap_data()
{
    QTest::addColumn<QString>("history");
    QTest::addColumn<QString>("oldRevision");
    QTest::addColumn<int>("limit");
    QTest::addColumn<QString>("expected");
    QString long1999;
    for (int i = 1; long1999.size() < 1990; ++i)
        long1999 += (long1999.isEmpty() ? QString() : QStringLiteral(",")) + QString::number(100 + i);
    QTest::newRow("fits exactly: 3+1+1 = 5") << "1,2" << "3" << 5 << "1,2,3";
    QTest::newRow("one too long: the oldest goes") << "11,12" << "13" << 5 << "12,13";
    QTest::newRow("several must go") << "1,2,3,4,5" << "66" << 6 << "4,5,66";
    QTest::newRow("never fits: history unchanged") << "1" << "1234567" << 5 << "1";
    QTest::newRow("2000-char default cap drops from the front")
        << long1999 << "999999999" << du::MaxRevHistoryLengthInChars
        << [&] {
               QStringList parts = long1999.split(QLatin1Char(','));
               parts.append(QStringLiteral("999999999"));
               while (parts.join(QLatin1Char(',')).size() > du::MaxRevHistoryLengthInChars)
                   parts.removeFirst();
               return parts.join(QLatin1Char(','));
           }();
}

void TestDeploymentUtilStatus::testRevisionHistoryCap()
{
    QFETCH(QString, history);
    QFETCH(QString, oldRevision);
    QFETCH(int, limit);
    QFETCH(QString, expected);
    Deployment d;
    ReplicaSet rs;
    rs.metadata.annotations = {{du::RevisionAnnotation, oldRevision}, {du::RevisionHistoryAnnotation, history}};
    QVERIFY(du::SetNewReplicaSetAnnotations(d, rs, QStringLiteral("99999999999"), true, limit));
    QCOMPARE(rs.metadata.annotations.value(du::RevisionHistoryAnnotation), expected);
    QVERIFY(expected.size() <= limit);
}

void TestDeploymentUtilStatus::testReplicasAnnotationsNeedUpdate_data()
{
    QTest::addColumn<Labels>("annotations");
    QTest::addColumn<bool>("expected");
    const QString desired = du::DesiredReplicasAnnotation, max = du::MaxReplicasAnnotation;
    QTest::newRow("test Annotations nil") << Labels{} << true;
    QTest::newRow("test desiredReplicas update") << Labels{{desired, "8"}, {max, "20"}} << true;
    QTest::newRow("test maxReplicas update") << Labels{{desired, "10"}, {max, "16"}} << true;
    QTest::newRow("test needn't update") << Labels{{desired, "10"}, {max, "20"}} << false;
}

void TestDeploymentUtilStatus::testReplicasAnnotationsNeedUpdate()
{
    QFETCH(Labels, annotations);
    QFETCH(bool, expected);
    ReplicaSet rs;
    rs.metadata.name = QStringLiteral("hello");
    rs.metadata.namespace_ = QStringLiteral("test");
    rs.metadata.annotations = annotations;
    QCOMPARE(du::ReplicasAnnotationsNeedUpdate(rs, 10, 20), expected);
}

void TestDeploymentUtilStatus::testGetDeploymentsForReplicaSet_data()
{
    QTest::addColumn<int>("rs");
    QTest::addColumn<QStringList>("expect");
    QTest::addColumn<QString>("err");
    QTest::newRow("GetDeploymentsForReplicaSet for rs-0") << 0 << QStringList{"deployment-0"} << "";
    QTest::newRow("GetDeploymentsForReplicaSet for rs-1") << 1 << QStringList{"deployment-1"} << "";
    QTest::newRow("GetDeploymentsForReplicaSet for rs-2") << 2 << QStringList{"deployment-2"} << "";
    QTest::newRow("GetDeploymentsForReplicaSet for rs-3")
        << 3 << QStringList{}
        << "could not find deployments set for ReplicaSet test-replicaSet-3 in namespace test with labels: map[app:test-3 label:label-3]";
    QTest::newRow("GetDeploymentsForReplicaSet for rs-4")
        << 4 << QStringList{}
        << "could not find deployments set for ReplicaSet test-replicaSet-4 in namespace test with labels: map[app:test-4 label:label-4]";
}

void TestDeploymentUtilStatus::testGetDeploymentsForReplicaSet()
{
    QFETCH(int, rs);
    QFETCH(QStringList, expect);
    QFETCH(QString, err);
    client::ThreadSafeStore store;
    if (!store.hasIndexer(client::ThreadSafeStore::namespaceIndex()))
        store.addIndexer(client::ThreadSafeStore::namespaceIndex(), client::ThreadSafeStore::metaNamespaceIndexFunc);
    for (int i = 0; i < 3; ++i) {
        auto d = std::make_shared<Deployment>();
        d->metadata.name = QStringLiteral("deployment-%1").arg(i);
        d->metadata.namespace_ = QStringLiteral("test");
        LabelSelector s;
        s.matchLabels = {{QStringLiteral("app"), QStringLiteral("test-%1").arg(i)}};
        d->spec.selector = s;
        store.add(d->key(), d);
    }
    ReplicaSet r;
    r.metadata.namespace_ = QStringLiteral("test");
    r.metadata.name = QStringLiteral("test-replicaSet-%1").arg(rs);
    r.metadata.labels = {{QStringLiteral("app"), QStringLiteral("test-%1").arg(rs)}, {QStringLiteral("label"), QStringLiteral("label-%1").arg(rs)}};
    QString error;
    QStringList got;
    for (const auto &d : du::GetDeploymentsForReplicaSet(client::Lister<Deployment>(&store).list(r.metadata.namespace_, api::Selector()), r, &error))
        got << d->metadata.name;
    QCOMPARE(got, expect);
    QCOMPARE(error, err);
}

QTEST_GUILESS_MAIN(TestDeploymentUtilStatus)
#include "tst_deploymentutil_status.moc"
