// SPDX-License-Identifier: Apache-2.0
// ReplicaSet status. Upstream tables ported row by row: replica_set_utils_test.go
// TestCalculateStatus and TestCalculateStatusConditions; replica_set_test.go TestGetCondition,
// TestSetCondition, TestRemoveCondition and TestControllerUpdateStatusWithFailure. Rows of our
// own ("lab: …") cover minReadySeconds on the virtual clock and updateReplicaSetStatus's
// skip / retry paths against the real ApiServer.
#include "core/api/namespace.h"
#include "core/apiserver/apiserver.h"
#include "core/base/manualclock.h"
#include "core/base/tracelog.h"
#include "core/client/inprocessclient.h"
#include "core/controller/replicaset/replicasetstatus.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

using namespace rlab;
using namespace rlab::controller;

Q_DECLARE_METATYPE(rlab::api::ReplicaSetStatus)

namespace {
constexpr qint64 kNow = test::kStartMs;

// replica_set_test.go newReplicaSet: "foobar", template labels {name: foo, type: production}.
std::shared_ptr<api::ReplicaSet> newReplicaSet(int replicas, const api::Labels &selectorMap)
{
    auto rs = std::make_shared<api::ReplicaSet>();
    rs->metadata.name = QStringLiteral("foobar");
    rs->metadata.namespace_ = QStringLiteral("default");
    rs->metadata.uid = QStringLiteral("rs-uid-%1").arg(selectorMap.size());
    rs->spec.replicas = replicas;
    api::LabelSelector sel;
    sel.matchLabels = selectorMap;
    rs->spec.selector = sel;
    rs->spec.template_.metadata.labels = {{QStringLiteral("name"), QStringLiteral("foo")}, {QStringLiteral("type"), QStringLiteral("production")}};
    return rs;
}

// replica_set_test.go newPod: the RS's selector labels; Running pods are Ready (without
// lastTransitionTime unless given).
PodPtr newPod(const QString &name, const api::ReplicaSet &rs, const QString &phase, qint64 lastTransitionTime = 0)
{
    auto p = std::make_shared<api::Pod>();
    p->metadata.name = name;
    p->metadata.namespace_ = rs.metadata.namespace_;
    p->metadata.labels = rs.spec.selector->matchLabels;
    api::OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("ReplicaSet");
    ref.name = rs.metadata.name;
    ref.uid = rs.metadata.uid;
    ref.controller = true;
    p->metadata.ownerReferences = {ref};
    p->status.phase = phase;
    if (phase == QLatin1String("Running")) {
        api::Condition c;
        c.type = QStringLiteral("Ready");
        c.status = QStringLiteral("True");
        c.lastTransitionTime = lastTransitionTime;
        p->status.conditions = {c};
    }
    return p;
}

PodPtr asTerminating(PodPtr pod)
{
    auto p = std::make_shared<api::Pod>(*pod);
    p->metadata.deletionTimestamp = kNow;
    return p;
}

api::ReplicaSetStatus status(int replicas, int fullyLabeled, int ready, int available, std::optional<int> terminating)
{
    api::ReplicaSetStatus s;
    s.replicas = replicas;
    s.fullyLabeledReplicas = fullyLabeled;
    s.readyReplicas = ready;
    s.availableReplicas = available;
    s.terminatingReplicas = terminating;
    return s;
}

api::Condition cond(const QString &type, const QString &reason)
{
    api::Condition c;
    c.type = type;
    c.status = QStringLiteral("True");
    c.reason = reason;
    return c;
}

const api::Labels kLabelMap{{QStringLiteral("name"), QStringLiteral("foo")}};
const api::Labels kFullLabelMap{{QStringLiteral("name"), QStringLiteral("foo")}, {QStringLiteral("type"), QStringLiteral("production")}};

// A traced API server: requests can be counted.
struct TracedApi
{
    store::KvStore store;
    ManualClock clock{kNow};
    TraceLog trace;
    apiserver::ApiServer api{store, clock, &trace, 7};
    client::InProcessClient client{api};
    TracedApi()
    {
        auto ns = std::make_shared<api::Namespace>();
        ns->metadata.name = QStringLiteral("default");
        if (!api.create(ns).ok())
            qFatal("cannot create namespace");
    }
    int requests(const QString &verb, const QString &subresource = {}) const
    {
        int n = 0;
        for (const TraceEvent &ev : trace.since(0))
            if (ev.type == QLatin1String("Request") && ev.detail.value(QStringLiteral("verb")).toString() == verb
                && ev.detail.value(QStringLiteral("resource")).toString() == QLatin1String("replicasets.apps")
                && ev.detail.value(QStringLiteral("subresource")).toString() == subresource)
                ++n;
        return n;
    }
};
} // namespace

class TestReplicaSetStatus : public QObject
{
    Q_OBJECT

private slots:
    void testCalculateStatus_data();
    void testCalculateStatus();
    void testCalculateStatusConditions_data();
    void testCalculateStatusConditions();
    void testGetCondition_data();
    void testGetCondition();
    void testSetCondition_data();
    void testSetCondition();
    void testRemoveCondition_data();
    void testRemoveCondition();
    void testMinReadySecondsAvailability_data();
    void testMinReadySecondsAvailability();
    void testUpdateReplicaSetStatus_data();
    void testUpdateReplicaSetStatus();
};

void TestReplicaSetStatus::testCalculateStatus_data()
{
    QTest::addColumn<bool>("enableTerminatingReplicas");
    QTest::addColumn<QString>("replicaset");
    QTest::addColumn<QList<PodPtr>>("activePods");
    QTest::addColumn<QList<PodPtr>>("terminatingPods");
    QTest::addColumn<api::ReplicaSetStatus>("expected");

    const auto notFully = newReplicaSet(1, kLabelMap);
    const auto fully = newReplicaSet(2, kFullLabelMap);   // 2 for diff < 0 and diff > 0
    const auto longMinReady = newReplicaSet(1, kFullLabelMap);
    const QString R = QStringLiteral("Running");
    QTest::newRow("1 fully labelled pod") << false << QStringLiteral("fully") << QList<PodPtr>{newPod(QStringLiteral("pod1"), *fully, R)} << QList<PodPtr>{}
                                          << status(1, 1, 1, 1, std::nullopt);
    QTest::newRow("1 not fully labelled pod") << false << QStringLiteral("notFully") << QList<PodPtr>{newPod(QStringLiteral("pod1"), *notFully, R)} << QList<PodPtr>{}
                                              << status(1, 0, 1, 1, std::nullopt);
    QTest::newRow("2 fully labelled pods") << false << QStringLiteral("fully") << QList<PodPtr>{newPod(QStringLiteral("pod1"), *fully, R), newPod(QStringLiteral("pod2"), *fully, R)}
                                           << QList<PodPtr>{} << status(2, 2, 2, 2, std::nullopt);
    QTest::newRow("2 fully labelled pods with DeploymentPodReplacementPolicy")
        << true << QStringLiteral("fully") << QList<PodPtr>{newPod(QStringLiteral("pod1"), *fully, R), newPod(QStringLiteral("pod2"), *fully, R)} << QList<PodPtr>{}
        << status(2, 2, 2, 2, 0);
    QTest::newRow("2 not fully labelled pods") << false << QStringLiteral("notFully")
                                               << QList<PodPtr>{newPod(QStringLiteral("pod1"), *notFully, R), newPod(QStringLiteral("pod2"), *notFully, R)}
                                               << QList<PodPtr>{} << status(2, 0, 2, 2, std::nullopt);
    QTest::newRow("1 fully labelled pod, 1 not fully labelled pod")
        << false << QStringLiteral("notFully") << QList<PodPtr>{newPod(QStringLiteral("pod1"), *notFully, R), newPod(QStringLiteral("pod2"), *fully, R)} << QList<PodPtr>{}
        << status(2, 1, 2, 2, std::nullopt);
    QTest::newRow("1 non-ready pod") << false << QStringLiteral("fully") << QList<PodPtr>{newPod(QStringLiteral("pod1"), *fully, QStringLiteral("Pending"))}
                                     << QList<PodPtr>{} << status(1, 1, 0, 0, std::nullopt);
    QTest::newRow("1 ready but non-available pod") << false << QStringLiteral("longMinReady") << QList<PodPtr>{newPod(QStringLiteral("pod1"), *longMinReady, R)}
                                                   << QList<PodPtr>{} << status(1, 1, 1, 0, std::nullopt);
    QTest::newRow("1 fully labelled pod and 1 terminating without DeploymentPodReplacementPolicy")
        << false << QStringLiteral("fully") << QList<PodPtr>{newPod(QStringLiteral("pod1"), *fully, R)} << QList<PodPtr>{asTerminating(newPod(QStringLiteral("pod2"), *fully, R))}
        << status(1, 1, 1, 1, std::nullopt);
    QTest::newRow("1 fully labelled pods and 2 terminating with DeploymentPodReplacementPolicy")
        << true << QStringLiteral("fully") << QList<PodPtr>{newPod(QStringLiteral("pod1"), *fully, R)}
        << QList<PodPtr>{asTerminating(newPod(QStringLiteral("pod2"), *fully, R)), asTerminating(newPod(QStringLiteral("pod3"), *fully, R))} << status(1, 1, 1, 1, 2);
}

void TestReplicaSetStatus::testCalculateStatus()
{
    QFETCH(bool, enableTerminatingReplicas);
    QFETCH(QString, replicaset);
    QFETCH(QList<PodPtr>, activePods);
    QFETCH(QList<PodPtr>, terminatingPods);
    QFETCH(api::ReplicaSetStatus, expected);
    std::shared_ptr<api::ReplicaSet> rs;
    if (replicaset == QLatin1String("fully"))
        rs = newReplicaSet(2, kFullLabelMap);
    else if (replicaset == QLatin1String("notFully"))
        rs = newReplicaSet(1, kLabelMap);
    else {
        rs = newReplicaSet(1, kFullLabelMap);
        rs->spec.minReadySeconds = 3600;
    }
    const api::ReplicaSetStatus got = calculateStatus(*rs, activePods, terminatingPods, QString(), kNow, enableTerminatingReplicas);
    QCOMPARE(got.replicas, expected.replicas);
    QCOMPARE(got.fullyLabeledReplicas, expected.fullyLabeledReplicas);
    QCOMPARE(got.readyReplicas, expected.readyReplicas);
    QCOMPARE(got.availableReplicas, expected.availableReplicas);
    QCOMPARE(got.terminatingReplicas, expected.terminatingReplicas);
    QVERIFY(got == expected);
}

void TestReplicaSetStatus::testCalculateStatusConditions_data()
{
    QTest::addColumn<bool>("replicaFailureRS");   // replicas 10 with a ReplicaFailure condition, else replicas 2
    QTest::addColumn<int>("pods");
    QTest::addColumn<QString>("manageReplicasErr");
    QTest::addColumn<QList<api::Condition>>("expected");

    api::Condition failedCreate = cond(ReplicaSetReplicaFailure, QStringLiteral("FailedCreate"));
    failedCreate.message = QStringLiteral("fake manageReplicasErr");
    api::Condition failedDelete = cond(ReplicaSetReplicaFailure, QStringLiteral("FailedDelete"));
    failedDelete.message = QStringLiteral("fake manageReplicasErr");
    QTest::newRow("manageReplicasErr != nil && failureCond == nil, diff < 0")
        << false << 1 << QStringLiteral("fake manageReplicasErr") << QList<api::Condition>{failedCreate};
    QTest::newRow("manageReplicasErr != nil && failureCond == nil, diff > 0")
        << false << 3 << QStringLiteral("fake manageReplicasErr") << QList<api::Condition>{failedDelete};
    QTest::newRow("manageReplicasErr == nil && failureCond != nil") << true << 1 << QString() << QList<api::Condition>{};
    QTest::newRow("manageReplicasErr != nil && failureCond != nil")
        << true << 1 << QStringLiteral("fake manageReplicasErr") << QList<api::Condition>{cond(ReplicaSetReplicaFailure, QString())};
    QTest::newRow("manageReplicasErr == nil && failureCond == nil") << false << 1 << QString() << QList<api::Condition>{};
}

void TestReplicaSetStatus::testCalculateStatusConditions()
{
    QFETCH(bool, replicaFailureRS);
    QFETCH(int, pods);
    QFETCH(QString, manageReplicasErr);
    QFETCH(QList<api::Condition>, expected);
    auto rs = newReplicaSet(replicaFailureRS ? 10 : 2, kLabelMap);
    if (replicaFailureRS)
        rs->status.conditions = {cond(ReplicaSetReplicaFailure, QString())};
    QList<PodPtr> active;
    for (int i = 0; i < pods; ++i)
        active << newPod(QStringLiteral("pod%1").arg(i + 1), *rs, QStringLiteral("Running"));
    const api::ReplicaSetStatus got = calculateStatus(*rs, active, {}, manageReplicasErr, kNow + 1500);
    // All rows have at most one condition; a new one is stamped now (seconds precision).
    if (!got.conditions.isEmpty() && !expected.isEmpty()) {
        if (!replicaFailureRS)
            QCOMPARE(got.conditions.front().lastTransitionTime, kNow + 1000);
        expected[0].lastTransitionTime = got.conditions.front().lastTransitionTime;
    }
    QCOMPARE(got.conditions, expected);
}

void TestReplicaSetStatus::testGetCondition_data()
{
    QTest::addColumn<QString>("condType");
    QTest::addColumn<bool>("expected");
    QTest::newRow("condition exists") << ReplicaSetReplicaFailure << true;
    QTest::newRow("condition does not exist") << QStringLiteral("ImagePullBackOff") << false;
}

void TestReplicaSetStatus::testGetCondition()
{
    QFETCH(QString, condType);
    QFETCH(bool, expected);
    api::ReplicaSetStatus s;
    s.conditions = {cond(ReplicaSetReplicaFailure, QStringLiteral("OtherFailure"))};
    QCOMPARE(GetCondition(s, condType) != nullptr, expected);
}

void TestReplicaSetStatus::testSetCondition_data()
{
    QTest::addColumn<QList<api::Condition>>("status");
    QTest::addColumn<api::Condition>("condition");
    QTest::addColumn<QList<api::Condition>>("expected");
    const api::Condition imagePullBackOff = cond(QStringLiteral("ImagePullBackOff"), QStringLiteral("NonExistentImage"));
    const api::Condition replicaFailure = cond(ReplicaSetReplicaFailure, QStringLiteral("OtherFailure"));
    const api::Condition replicaFailure2 = cond(ReplicaSetReplicaFailure, QStringLiteral("AnotherFailure"));
    QTest::newRow("set for the first time") << QList<api::Condition>{} << replicaFailure << QList<api::Condition>{replicaFailure};
    QTest::newRow("simple set") << QList<api::Condition>{imagePullBackOff} << replicaFailure
                                << QList<api::Condition>{imagePullBackOff, replicaFailure};
    QTest::newRow("overwrite") << QList<api::Condition>{replicaFailure} << replicaFailure2 << QList<api::Condition>{replicaFailure2};
    api::Condition later = replicaFailure;
    later.lastTransitionTime = kNow;
    later.message = QStringLiteral("changed");
    QTest::newRow("lab: same status and reason: kept as it was") << QList<api::Condition>{replicaFailure} << later
                                                                 << QList<api::Condition>{replicaFailure};
}

void TestReplicaSetStatus::testSetCondition()
{
    QFETCH(QList<api::Condition>, status);
    QFETCH(api::Condition, condition);
    QFETCH(QList<api::Condition>, expected);
    api::ReplicaSetStatus s;
    s.conditions = status;
    SetCondition(s, condition);
    QCOMPARE(s.conditions, expected);
}

void TestReplicaSetStatus::testRemoveCondition_data()
{
    QTest::addColumn<QList<api::Condition>>("status");
    QTest::addColumn<QString>("condType");
    QTest::addColumn<QList<api::Condition>>("expected");
    const api::Condition replicaFailure = cond(ReplicaSetReplicaFailure, QStringLiteral("OtherFailure"));
    QTest::newRow("remove from empty status") << QList<api::Condition>{} << ReplicaSetReplicaFailure << QList<api::Condition>{};
    QTest::newRow("simple remove") << QList<api::Condition>{replicaFailure} << ReplicaSetReplicaFailure << QList<api::Condition>{};
    QTest::newRow("doesn't remove anything") << QList<api::Condition>{replicaFailure} << QStringLiteral("ImagePullBackOff")
                                             << QList<api::Condition>{replicaFailure};
}

void TestReplicaSetStatus::testRemoveCondition()
{
    QFETCH(QList<api::Condition>, status);
    QFETCH(QString, condType);
    QFETCH(QList<api::Condition>, expected);
    api::ReplicaSetStatus s;
    s.conditions = status;
    RemoveCondition(s, condType);
    QCOMPARE(s.conditions, expected);
}

void TestReplicaSetStatus::testMinReadySecondsAvailability_data()
{
    QTest::addColumn<int>("minReadySeconds");
    QTest::addColumn<qint64>("readySince");
    QTest::addColumn<qint64>("now");
    QTest::addColumn<int>("available");
    const qint64 t = kNow;
    QTest::newRow("lab: minReadySeconds 0: ready is available") << 0 << t << t << 1;
    QTest::newRow("lab: minReadySeconds 0, no lastTransitionTime") << 0 << qint64(0) << t << 1;
    QTest::newRow("lab: 10 s, ready for 9.999 s") << 10 << t << t + 9999 << 0;
    QTest::newRow("lab: 10 s, ready for exactly 10 s (not before now)") << 10 << t << t + 10000 << 0;
    QTest::newRow("lab: 10 s, ready for 10.001 s") << 10 << t << t + 10001 << 1;
    QTest::newRow("lab: 10 s, no lastTransitionTime: never") << 10 << qint64(0) << t + 3600000 << 0;
}

void TestReplicaSetStatus::testMinReadySecondsAvailability()
{
    QFETCH(int, minReadySeconds);
    QFETCH(qint64, readySince);
    QFETCH(qint64, now);
    QFETCH(int, available);
    ManualClock clock(kNow);
    auto rs = newReplicaSet(1, kFullLabelMap);
    rs->spec.minReadySeconds = minReadySeconds;
    const QList<PodPtr> pods{newPod(QStringLiteral("pod1"), *rs, QStringLiteral("Running"), readySince)};
    clock.advanceTo(now);   // the status is computed at the virtual clock's now
    const api::ReplicaSetStatus s = calculateStatus(*rs, pods, {}, QString(), clock.now());
    QCOMPARE(s.readyReplicas, 1);
    QCOMPARE(s.availableReplicas, available);
    QCOMPARE(IsPodAvailable(*pods.front(), minReadySeconds, clock.now()), available == 1);
}

void TestReplicaSetStatus::testUpdateReplicaSetStatus_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("updates");   // reads are not traced: a second update after a conflict
    QTest::addColumn<bool>("ok");       // succeeding shows the GET in between happened
    QTest::newRow("lab: steady state: no request") << QStringLiteral("steady") << 0 << true;
    QTest::newRow("lab: new generation only: observedGeneration follows") << QStringLiteral("generation") << 1 << true;
    QTest::newRow("lab: new counts") << QStringLiteral("counts") << 1 << true;
    QTest::newRow("lab: stale resourceVersion: conflict, GET, retry once") << QStringLiteral("stale") << 2 << true;
    // Upstream: the update fails every time; 1 GET and 2 updates, then the update error.
    QTest::newRow("TestControllerUpdateStatusWithFailure") << QStringLiteral("failure") << 2 << false;
    // The update fails (404) and so does the GET: no second update, the GET's error.
    QTest::newRow("lab: ReplicaSet gone: the GET error wins") << QStringLiteral("gone") << 1 << false;
}

void TestReplicaSetStatus::testUpdateReplicaSetStatus()
{
    QFETCH(QString, scenario);
    QFETCH(int, updates);
    QFETCH(bool, ok);

    TracedApi t;
    auto created = test::makeReplicaSet(QStringLiteral("web"), 3);
    auto r = t.api.create(created);
    QVERIFY(r.ok());
    auto rs = api::objectCast<api::ReplicaSet>(r.value);
    QCOMPARE(rs->metadata.generation, qint64(1));
    // Bring it to a known status: 1 replica, observedGeneration 1.
    {
        auto copy = std::static_pointer_cast<api::ReplicaSet>(rs->clone());
        copy->status = status(1, 1, 1, 1, 0);
        copy->status.observedGeneration = 1;
        auto u = t.api.updateStatus(copy);
        QVERIFY(u.ok());
        rs = api::objectCast<api::ReplicaSet>(u.value);
    }
    api::ReplicaSetStatus newStatus = rs->status;
    if (scenario == QLatin1String("generation")) {
        auto copy = std::static_pointer_cast<api::ReplicaSet>(rs->clone());
        copy->spec.replicas = 5;   // a spec change: generation 2
        auto u = t.api.update(copy);
        QVERIFY(u.ok());
        rs = api::objectCast<api::ReplicaSet>(u.value);
        QCOMPARE(rs->metadata.generation, qint64(2));
    } else if (scenario == QLatin1String("counts") || scenario == QLatin1String("stale")) {
        newStatus = status(3, 3, 2, 1, 0);
        if (scenario == QLatin1String("stale")) {
            auto copy = std::static_pointer_cast<api::ReplicaSet>(rs->clone());
            copy->metadata.annotations.insert(QStringLiteral("touched"), QStringLiteral("yes"));
            QVERIFY(t.api.update(copy).ok());   // rs is now one resourceVersion behind
        }
    } else if (scenario == QLatin1String("failure")) {
        newStatus = status(1, 1, 10, 1, 0);   // readyReplicas > replicas: Invalid every time
    } else if (scenario == QLatin1String("gone")) {
        newStatus = status(0, 0, 0, 0, 0);
        QVERIFY(t.api.remove(apiserver::resources::byKind(api::Kind::ReplicaSet), QStringLiteral("default"), QStringLiteral("web")).ok());
    }
    const int updatesBefore = t.requests(QStringLiteral("update"), QStringLiteral("status"));
    QString note;
    const auto result = updateReplicaSetStatus(t.client, rs, newStatus, &note);
    QCOMPARE(t.requests(QStringLiteral("update"), QStringLiteral("status")) - updatesBefore, updates);
    QCOMPARE(result.ok(), ok);
    if (scenario == QLatin1String("steady")) {
        QVERIFY(note.isEmpty());
        QCOMPARE(result.value, rs);
    }
    if (ok && scenario != QLatin1String("steady")) {
        QVERIFY(note.startsWith(QStringLiteral("Updating status for ReplicaSet: default/web, replicas ")));
        QCOMPARE(result.value->status.observedGeneration, result.value->metadata.generation);
        QCOMPARE(result.value->status.replicas, newStatus.replicas);
        QCOMPARE(result.value->status.availableReplicas, newStatus.availableReplicas);
    }
    if (scenario == QLatin1String("failure")) {
        QCOMPARE(result.error->code, 422);
        QVERIFY(result.error->message.contains(QStringLiteral("readyReplicas")));
    }
    if (scenario == QLatin1String("gone"))
        QCOMPARE(result.error->code, 404);
}

QTEST_GUILESS_MAIN(TestReplicaSetStatus)
#include "tst_replicasetstatus.moc"
