// SPDX-License-Identifier: Apache-2.0
// progress.go: every row of upstream's TestRequeueStuckDeployment and TestSyncRolloutStatus,
// checkPausedConditions, and the progress deadline on the virtual clock end to end.
#include "core/kubectl/rollout.h"
#include "tests/core/deploymentfixture.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::test;
using controller::DeploymentController;

namespace {

const QString ns = QStringLiteral("default");
// 2017-02-15T18:49:00Z
const qint64 testTime = 1487184540000;

DeploymentStatus newDeploymentStatus(int replicas, int updatedReplicas, int availableReplicas)
{
    DeploymentStatus s;
    s.replicas = replicas;
    s.updatedReplicas = updatedReplicas;
    s.readyReplicas = availableReplicas;   // the API server refuses available > ready
    s.availableReplicas = availableReplicas;
    return s;
}

// upstream's currentDeployment: Recreate, name progress-test, status as given.
std::shared_ptr<Deployment> currentDeployment(std::optional<int> pds, int replicas, int statusReplicas, int updatedReplicas,
                                              int availableReplicas, const QList<Condition> &conditions)
{
    auto d = newDeployment(QStringLiteral("progress-test"), replicas);
    d->metadata.uid.clear();
    d->spec.strategy.type = QStringLiteral("Recreate");
    d->spec.strategy.rollingUpdate.reset();
    d->spec.progressDeadlineSeconds = pds;
    d->status = newDeploymentStatus(statusReplicas, updatedReplicas, availableReplicas);
    d->status.conditions = conditions;
    return d;
}

ReplicaSetPtr newRSWithAvailable(const QString &name, int specReplicas, int statusReplicas, int availableReplicas)
{
    auto r = rs(name, specReplicas);
    r->status.replicas = statusReplicas;
    r->status.readyReplicas = availableReplicas;
    r->status.availableReplicas = availableReplicas;
    return r;
}

Condition condition(const QString &status, const QString &reason, qint64 time)
{
    Condition c;
    c.type = du::DeploymentProgressingType;
    c.status = status;
    c.reason = reason;
    c.lastUpdateTime = time;
    c.lastTransitionTime = time;
    return c;
}

} // namespace

class TestDeploymentProgress : public QObject
{
    Q_OBJECT

private slots:
    void testRequeueStuckDeployment_data();
    void testRequeueStuckDeployment();
    void testSyncRolloutStatus_data();
    void testSyncRolloutStatus();
    void testCheckPausedConditions_data();
    void testCheckPausedConditions();
    void testProgressDeadlineExceeded();
    void testProgressPushesTheDeadlineBack();
};

// --- TestRequeueStuckDeployment -------------------------------------------------------------

void TestDeploymentProgress::testRequeueStuckDeployment_data()
{
    QTest::addColumn<int>("pds");           // -1 = nil
    QTest::addColumn<QList<int>>("d");      // replicas, status replicas, updated, available
    QTest::addColumn<QString>("cond");      // "", "failed", "stuck"
    QTest::addColumn<qint64>("now");
    QTest::addColumn<qint64>("expected");   // ms; -1 none, 0 now (rate limited)
    const qint64 t = testTime;
    QTest::newRow("nil progressDeadlineSeconds specified") << -1 << QList<int>{4, 3, 3, 2} << "" << t << qint64(-1);
    QTest::newRow("infinite progressDeadlineSeconds specified") << du::MaxInt32 << QList<int>{4, 3, 3, 2} << "" << t << qint64(-1);
    QTest::newRow("no progressing condition found") << 60 << QList<int>{4, 3, 3, 2} << "" << t << qint64(-1);
    QTest::newRow("complete deployment does not need to be requeued") << 60 << QList<int>{3, 3, 3, 3} << "" << t << qint64(-1);
    QTest::newRow("already failed deployment does not need to be requeued") << 60 << QList<int>{3, 3, 3, 0} << "failed" << t
                                                                            << qint64(-1);
    QTest::newRow("stuck deployment - 30s") << 60 << QList<int>{3, 3, 3, 1} << "stuck" << t + 30'000 << qint64(30'000);
    QTest::newRow("stuck deployment - 1s") << 60 << QList<int>{3, 3, 3, 1} << "stuck" << t + 59'000 << qint64(1'000);
    // Upstream uses 1 ns past 18:49:59; virtual time has millisecond resolution.
    QTest::newRow("failed deployment - less than a second => now") << 60 << QList<int>{3, 3, 3, 1} << "stuck" << t + 59'001 << qint64(0);
    QTest::newRow("failed deployment - now") << 60 << QList<int>{3, 3, 3, 1} << "stuck" << t + 60'000 << qint64(0);
    QTest::newRow("failed deployment - 1s after deadline") << 60 << QList<int>{3, 3, 3, 1} << "stuck" << t + 61'000 << qint64(0);
    QTest::newRow("failed deployment - 60s after deadline") << 60 << QList<int>{3, 3, 3, 1} << "stuck" << t + 120'000 << qint64(0);
}

void TestDeploymentProgress::testRequeueStuckDeployment()
{
    QFETCH(int, pds);
    QFETCH(QList<int>, d);
    QFETCH(QString, cond);
    QFETCH(qint64, now);
    QFETCH(qint64, expected);
    DeploymentFixture f;
    QList<Condition> conditions;
    if (cond == QLatin1String("failed"))
        conditions = {condition(QStringLiteral("False"), du::TimedOutReason, 0)};
    else if (cond == QLatin1String("stuck"))
        conditions = {condition(QStringLiteral("True"), QString(), testTime)};
    const auto dep = currentDeployment(pds < 0 ? std::nullopt : std::optional<int>(pds), d[0], d[1], d[2], d[3], conditions);
    f.clock.setNow(now);
    DeploymentController::Context ctx;
    QCOMPARE(f.dc.requeueStuckDeployment(ctx, *dep, newDeploymentStatus(d[1], d[2], d[3])), expected);
    auto &queue = f.dc.controller().queue();
    QCOMPARE(queue.len(), 0);   // never added at once
    if (expected < 0) {
        f.clock.advance(600'000);
        QCOMPARE(queue.len(), 0);
    } else if (expected == 0) {
        f.clock.advance(5);   // the first rate-limited retry: 5 ms
        QCOMPARE(queue.len(), 1);
    } else {
        f.clock.advance(expected + 1000 - 1);   // one more second against clock skew
        QCOMPARE(queue.len(), 0);
        f.clock.advance(1);
        QCOMPARE(queue.len(), 1);
    }
    if (queue.len() == 1)
        QCOMPARE(queue.tryGet(), std::optional<QString>(QStringLiteral("default/progress-test")));
}

// --- TestSyncRolloutStatus ------------------------------------------------------------------

void TestDeploymentProgress::testSyncRolloutStatus_data()
{
    QTest::addColumn<int>("pds");                // -1 = nil
    QTest::addColumn<QList<int>>("d");           // replicas, status replicas, updated, available
    QTest::addColumn<QString>("current");        // current Progressing: "" none, "available", "updated", "timedOut"
    QTest::addColumn<QStringList>("allRSs");     // "name spec status available"
    QTest::addColumn<QString>("newRS");          // same format, "" = nil
    QTest::addColumn<QString>("conditionStatus");   // "" = no Progressing condition expected
    QTest::addColumn<QString>("conditionReason");
    QTest::addColumn<bool>("lastUpdateIsTestTime");
    QTest::addColumn<bool>("lastTransitionIsTestTime");
    QTest::addColumn<QString>("message");
    QTest::newRow("General: remove Progressing condition and do not estimate progress if deployment has no Progress Deadline")
        << -1 << QList<int>{3, 2, 2, 2} << "updated" << QStringList{"bar 0 1 1"} << "foo 3 2 2" << "" << "" << false << false << "";
    QTest::newRow("General: do not estimate progress of deployment with only one active ReplicaSet")
        << 60 << QList<int>{3, 3, 3, 3} << "available" << QStringList{"bar 3 3 3"} << "" << "True" << du::NewRSAvailableReason << true
        << true << "";
    QTest::newRow("DeploymentProgressing: dont update lastTransitionTime if deployment already has Progressing=True")
        << 60 << QList<int>{3, 2, 2, 2} << "updated" << QStringList{"bar 0 1 1"} << "foo 3 2 2" << "True" << du::ReplicaSetUpdatedReason
        << false << true << "ReplicaSet \"foo\" is progressing.";
    QTest::newRow("DeploymentProgressing: update everything if deployment has Progressing=False")
        << 60 << QList<int>{3, 2, 2, 2} << "timedOut" << QStringList{"bar 0 1 1"} << "foo 3 2 2" << "True" << du::ReplicaSetUpdatedReason
        << false << false << "ReplicaSet \"foo\" is progressing.";
    QTest::newRow("DeploymentProgressing: create Progressing condition if it does not exist")
        << 60 << QList<int>{3, 2, 2, 2} << "" << QStringList{"bar 0 1 1"} << "foo 3 2 2" << "True" << du::ReplicaSetUpdatedReason << false
        << false << "ReplicaSet \"foo\" is progressing.";
    QTest::newRow("DeploymentComplete: dont update lastTransitionTime if deployment already has Progressing=True")
        << 60 << QList<int>{3, 3, 3, 3} << "updated" << QStringList{} << "foo 3 3 3" << "True" << du::NewRSAvailableReason << false << true
        << "ReplicaSet \"foo\" has successfully progressed.";
    QTest::newRow("DeploymentComplete: update everything if deployment has Progressing=False")
        << 60 << QList<int>{3, 3, 3, 3} << "timedOut" << QStringList{} << "foo 3 3 3" << "True" << du::NewRSAvailableReason << false
        << false << "ReplicaSet \"foo\" has successfully progressed.";
    QTest::newRow("DeploymentComplete: create Progressing condition if it does not exist")
        << 60 << QList<int>{3, 3, 3, 3} << "" << QStringList{} << "foo 3 3 3" << "True" << du::NewRSAvailableReason << false << false
        << "ReplicaSet \"foo\" has successfully progressed.";
    QTest::newRow("DeploymentComplete: defend against NPE when newRS=nil")
        << 60 << QList<int>{0, 3, 3, 3} << "updated" << QStringList{"foo 0 0 0"} << "" << "True" << du::NewRSAvailableReason << false
        << true << "Deployment \"progress-test\" has successfully progressed.";
    QTest::newRow("DeploymentTimedOut: update status if rollout exceeds Progress Deadline")
        << 60 << QList<int>{3, 2, 2, 2} << "updated" << QStringList{} << "foo 3 2 2" << "False" << du::TimedOutReason << false << false
        << "ReplicaSet \"foo\" has timed out progressing.";
    QTest::newRow("DeploymentTimedOut: do not update status if deployment has existing timedOut condition")
        << 60 << QList<int>{3, 2, 2, 2} << "timedOut" << QStringList{} << "foo 3 2 2" << "False" << du::TimedOutReason << true << true
        << "";
}

void TestDeploymentProgress::testSyncRolloutStatus()
{
    QFETCH(int, pds);
    QFETCH(QList<int>, d);
    QFETCH(QString, current);
    QFETCH(QStringList, allRSs);
    QFETCH(QString, newRS);
    QFETCH(QString, conditionStatus);
    QFETCH(QString, conditionReason);
    QFETCH(bool, lastUpdateIsTestTime);
    QFETCH(bool, lastTransitionIsTestTime);
    QFETCH(QString, message);
    DeploymentFixture f;
    const qint64 now = testTime + 300'000;
    f.clock.setNow(now);
    QList<Condition> conditions;
    if (current == QLatin1String("available"))
        conditions = {condition(QStringLiteral("True"), du::NewRSAvailableReason, testTime)};
    else if (current == QLatin1String("updated"))
        conditions = {condition(QStringLiteral("True"), du::ReplicaSetUpdatedReason, testTime)};
    else if (current == QLatin1String("timedOut"))
        conditions = {condition(QStringLiteral("False"), du::TimedOutReason, testTime)};
    const std::optional<int> deadline = pds < 0 ? std::nullopt : std::optional<int>(pds);
    // Stored (defaulting gives it a deadline), then synced with the deadline under test.
    const auto stored = f.put(currentDeployment(deadline, d[0], d[1], d[2], d[3], conditions));
    Deployment dep = *stored;
    dep.spec.progressDeadlineSeconds = deadline;
    auto parse = [](const QString &spec) {
        const QStringList p = spec.split(QLatin1Char(' '));
        return newRSWithAvailable(p[0], p[1].toInt(), p[2].toInt(), p[3].toInt());
    };
    RSList all;
    for (const QString &spec : allRSs)
        all.append(parse(spec));
    ReplicaSetPtr n;
    if (!newRS.isEmpty()) {
        n = parse(newRS);
        all.append(n);
    }
    DeploymentController::Context ctx;
    const QString error = f.dc.syncRolloutStatus(ctx, all, n, dep);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const auto after = f.getD(QStringLiteral("progress-test"));
    const Condition *c = du::GetDeploymentCondition(after->status, du::DeploymentProgressingType);
    if (conditionStatus.isEmpty()) {
        QVERIFY(!c);
        return;
    }
    QVERIFY(c);
    QCOMPARE(c->status, conditionStatus);
    QCOMPARE(c->reason, conditionReason);
    QCOMPARE(c->lastUpdateTime, lastUpdateIsTestTime ? testTime : now);
    QCOMPARE(c->lastTransitionTime, lastTransitionIsTestTime ? testTime : now);
    if (!message.isEmpty())
        QCOMPARE(c->message, message);
}

// --- checkPausedConditions ------------------------------------------------------------------

void TestDeploymentProgress::testCheckPausedConditions_data()
{
    QTest::addColumn<int>("pds");          // -1 = nil
    QTest::addColumn<bool>("paused");
    QTest::addColumn<QString>("reason");   // current Progressing reason ("" = none)
    QTest::addColumn<QString>("expectedReason");
    QTest::addColumn<bool>("written");
    QTest::newRow("no deadline: nothing") << -1 << true << "" << "" << false;
    QTest::newRow("paused: DeploymentPaused") << 600 << true << "" << du::PausedDeployReason << true;
    QTest::newRow("paused again: nothing new") << 600 << true << du::PausedDeployReason << du::PausedDeployReason << false;
    QTest::newRow("resumed: DeploymentResumed") << 600 << false << du::PausedDeployReason << du::ResumedDeployReason << true;
    QTest::newRow("timed out stays timed out, even paused") << 600 << true << du::TimedOutReason << du::TimedOutReason << false;
    QTest::newRow("not paused, never was: nothing") << 600 << false << du::ReplicaSetUpdatedReason << du::ReplicaSetUpdatedReason << false;
}

void TestDeploymentProgress::testCheckPausedConditions()
{
    QFETCH(int, pds);
    QFETCH(bool, paused);
    QFETCH(QString, reason);
    QFETCH(QString, expectedReason);
    QFETCH(bool, written);
    DeploymentFixture f;
    QList<Condition> conditions;
    if (!reason.isEmpty())
        conditions = {condition(reason == du::TimedOutReason ? QStringLiteral("False") : QStringLiteral("Unknown"), reason, testTime)};
    auto d0 = currentDeployment(600, 1, 0, 0, 0, conditions);
    d0->spec.paused = paused;
    Deployment dep = *f.put(d0);
    dep.spec.progressDeadlineSeconds = pds < 0 ? std::nullopt : std::optional<int>(pds);
    const qint64 revision = f.api.currentRevision();
    DeploymentController::Context ctx;
    QCOMPARE(f.dc.checkPausedConditions(ctx, dep), QString());
    QCOMPARE(f.api.currentRevision() != revision, written);
    const Condition *c = du::GetDeploymentCondition(f.getD(QStringLiteral("progress-test"))->status, du::DeploymentProgressingType);
    QCOMPARE(c ? c->reason : QString(), expectedReason);
    if (written) {
        QCOMPARE(c->status, QStringLiteral("Unknown"));
        QCOMPARE(c->message, paused ? QStringLiteral("Deployment is paused") : QStringLiteral("Deployment is resumed"));
        QCOMPARE(c->lastUpdateTime, f.clock.now() / 1000 * 1000);   // the deadline restarts
    }
}

// --- The deadline on the virtual clock ------------------------------------------------------

// An image that never becomes available: Progressing=False ProgressDeadlineExceeded after
// progressDeadlineSeconds, found by the requeue requeueStuckDeployment scheduled.
void TestDeploymentProgress::testProgressDeadlineExceeded()
{
    DeploymentFixture f;
    auto web = makeDeployment(QStringLiteral("web"), 1, QStringLiteral("nginx:nope"));
    web->spec.progressDeadlineSeconds = 30;
    QVERIFY(f.api.create(web).ok());
    const qint64 t0 = f.clock.now();
    f.settle();
    const QString rsName = f.ownedBy(QStringLiteral("web"))[0]->metadata.name;
    f.setRSStatus(rsName, 0);   // a pod that never gets ready
    f.settle();
    const auto progressing = [&] {
        return *du::GetDeploymentCondition(f.getD(QStringLiteral("web"))->status, du::DeploymentProgressingType);
    };
    // Pods were created (updatedReplicas 0 -> 1): that is progress, counted from t0.
    QCOMPARE(progressing().reason, du::ReplicaSetUpdatedReason);
    QCOMPARE(progressing().lastUpdateTime, t0);
    // The check is queued for lastUpdateTime + 30 s + 1 s, and nothing runs before it.
    QCOMPARE(f.clock.nextTimerAt(), std::optional<qint64>(t0 + 31'000));
    f.clock.advanceTo(t0 + 31'000 - 1);
    QCOMPARE(f.dc.controller().queue().len(), 0);
    f.clock.advanceTo(t0 + 31'000);
    QCOMPARE(f.dc.controller().queue().len(), 1);
    QCOMPARE(f.drain(), 2);   // the check, then the informer's echo of its status write
    const Condition c = progressing();
    QCOMPARE(c.status, QStringLiteral("False"));
    QCOMPARE(c.reason, du::TimedOutReason);
    QCOMPARE(c.message, QStringLiteral("ReplicaSet \"%1\" has timed out progressing.").arg(rsName));
    QCOMPARE(c.lastTransitionTime, t0 + 31'000);
    // Only reported: the RS is untouched and no further check is scheduled.
    f.settle();
    QCOMPARE(f.size(rsName), 1);
    QCOMPARE(f.clock.nextTimerAt(), std::nullopt);
    // A pod that becomes available at last completes the rollout.
    f.setRSStatus(rsName, 1);
    f.settle();
    QCOMPARE(progressing().reason, du::NewRSAvailableReason);
    QCOMPARE(progressing().status, QStringLiteral("True"));
}

// Progress refreshes lastUpdateTime (ReplicaSetUpdated), so the deadline counts from there.
void TestDeploymentProgress::testProgressPushesTheDeadlineBack()
{
    DeploymentFixture f;
    auto web = makeDeployment(QStringLiteral("web"), 2);
    web->spec.progressDeadlineSeconds = 30;
    QVERIFY(f.api.create(web).ok());
    const qint64 t0 = f.clock.now();
    f.settle();
    const QString rsName = f.ownedBy(QStringLiteral("web"))[0]->metadata.name;
    f.setRSStatus(rsName, 0);
    f.settle();
    f.clock.advanceTo(t0 + 20'000);
    f.setRSStatus(rsName, 1);   // one pod available: progress
    f.settle();
    const Condition c = *du::GetDeploymentCondition(f.getD(QStringLiteral("web"))->status, du::DeploymentProgressingType);
    QCOMPARE(c.reason, du::ReplicaSetUpdatedReason);
    QCOMPARE(c.message, QStringLiteral("ReplicaSet \"%1\" is progressing.").arg(rsName));
    QCOMPARE(c.lastUpdateTime, t0 + 20'000);
    QCOMPARE(c.lastTransitionTime, t0);   // still True since creation
    const auto reason = [&] {
        return du::GetDeploymentCondition(f.getD(QStringLiteral("web"))->status, du::DeploymentProgressingType)->reason;
    };
    // The check queued for the old deadline (t0 + 31 s) finds no timeout and queues the next
    // one for t0 + 20 s + 30 s + 1 s.
    QCOMPARE(f.clock.nextTimerAt(), std::optional<qint64>(t0 + 31'000));
    f.clock.advanceTo(t0 + 31'000);
    QCOMPARE(f.drain(), 1);
    QCOMPARE(reason(), du::ReplicaSetUpdatedReason);
    QCOMPARE(f.clock.nextTimerAt(), std::optional<qint64>(t0 + 51'000));
    f.clock.advanceTo(t0 + 51'000 - 1);
    QCOMPARE(f.drain(), 0);
    f.clock.advanceTo(t0 + 51'000);
    QCOMPARE(f.drain(), 2);   // the check (timed out), then the echo of its status write
    QCOMPARE(reason(), du::TimedOutReason);
}

QTEST_GUILESS_MAIN(TestDeploymentProgress)
#include "tst_deploymentprogress.moc"
