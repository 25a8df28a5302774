// SPDX-License-Identifier: Apache-2.0
// The ReplicaSet controller end to end on a real ApiServer + informers, driven by the
// deterministic runner (pump the informer factory, processNextWorkItem(0, false), repeat),
// plus one threaded smoke test. Upstream tests ported (replica_set_test.go,
// controller_ref_manager_test.go): TestClaimPods (all rows), TestPodControllerLookup,
// TestGetReplicaSetsWithSameController, TestRelatedPodsLookup, TestSyncReplicaSetDoesNothing,
// TestSyncReplicaSetCreateFailures, TestSyncReplicaSetDormancy, TestControllerBurstReplicas,
// TestDeleteControllerAndExpectations, TestExpectationsOnRecreate, TestOverlappingRSs,
// TestUpdatePods, TestDeletionTimestamp, TestDoNotPatchPodWithOtherControlRef,
// TestDoNotAdoptOrCreateIfBeingDeleted(Race). Rows of our own are named "lab: …".
#include "core/api/namespace.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/controllerrefmanager.h"
#include "core/controller/replicaset/podcontrol.h"
#include "core/controller/replicaset/realpodcontrol.h"
#include "core/controller/replicaset/replicasetcontroller.h"
#include "core/controller/replicaset/replicasetstatus.h"
#include "tests/testutil/fixtures.h"

#include <QRegularExpression>
#include <QTest>

#include <condition_variable>
#include <tuple>
#include <mutex>

using namespace rlab;
using namespace rlab::controller;
using apiserver::ApiError;

namespace {

const QString kDefault = QStringLiteral("default");

apiserver::ResourceType podsRT() { return apiserver::resources::byKind(api::Kind::Pod); }
apiserver::ResourceType rsRT() { return apiserver::resources::byKind(api::Kind::ReplicaSet); }

// A PodControl that lets the first `limit` creates through (upstream FakePodControl.CreateLimit)
// and then fails like a ResourceQuota would. Thread-safe.
class QuotaPodControl : public PodControl
{
public:
    QuotaPodControl(apiserver::ApiServer &api, EventRecorder &recorder, int limit) : m_real(api, recorder), m_limit(limit) { }
    std::optional<ApiError> createPods(const QString &ns, const api::PodTemplateSpec &podTemplate, const api::Object &owner,
                                       const api::OwnerReference &controllerRef, QString *createdName) override
    {
        {
            std::lock_guard lock(m_mutex);
            ++m_calls;
            if (m_created >= m_limit)
                return ApiError::forbidden(QStringLiteral("pods"), QString(), owner.metadata.name + QStringLiteral("-x"),
                                           QStringLiteral("exceeded quota: pod-quota, requested: pods=1, used: pods=%1, limited: pods=%1")
                                               .arg(m_limit));
            ++m_created;
        }
        return m_real.createPods(ns, podTemplate, owner, controllerRef, createdName);
    }
    std::optional<ApiError> deletePod(const QString &ns, const QString &podName, const api::Object &owner) override
    {
        return m_real.deletePod(ns, podName, owner);
    }
    void setLimit(int limit)
    {
        std::lock_guard lock(m_mutex);
        m_limit = limit;
    }
    int calls() const
    {
        std::lock_guard lock(m_mutex);
        return m_calls;
    }
    int created() const
    {
        std::lock_guard lock(m_mutex);
        return m_created;
    }

private:
    RealPodControl m_real;
    mutable std::mutex m_mutex;
    int m_limit;
    int m_calls = 0;
    int m_created = 0;
};

// One store + ApiServer + informer factory + ReplicaSetController, run deterministically.
struct Lab
{
    test::ApiFixture f;
    client::SharedInformerFactory informers{f.api};
    std::unique_ptr<ReplicaSetController> rsc;
    QStringList notes;   // every sync's notes, in order ("<key>: <note>")
    QStringList errors;  // every failed sync ("<key>: <error>")
    int syncs = 0;

    explicit Lab(ReplicaSetControllerOptions options = {})
    {
        rsc = std::make_unique<ReplicaSetController>(f.api, informers, nullptr, options);
        rsc->controller().setSyncHandler([this](const QString &key) {
            ++syncs;
            SyncResult r = rsc->syncReplicaSet(key);
            for (const QString &n : r.notes)
                notes << key + QStringLiteral(": ") + n;
            if (!r.ok())
                errors << key + QStringLiteral(": ") + r.error;
            return r;
        });
        informers.start(client::DriveMode::Deterministic);
        if (!informers.waitForCacheSync())
            qFatal("caches did not sync");
    }
    ~Lab()
    {
        rsc.reset();   // removes its handlers before the informers go
        informers.shutdown();
    }

    qsizetype pump() { return informers.processPending(); }
    // The deterministic runner: informers, then every queued key, until nothing moves.
    int runUntilIdle()
    {
        int rounds = 0;
        for (; rounds < 1000; ++rounds) {
            qsizetype work = pump();
            while (rsc->processNextWorkItem(0, false))
                ++work;
            if (work == 0)
                break;
        }
        return rounds;
    }
    // Every key in the queue right now (drained without syncing).
    QStringList drainQueue()
    {
        QStringList keys;
        while (const std::optional<QString> k = rsc->controller().queue().tryGet(0)) {
            keys << *k;
            rsc->controller().queue().done(*k);
        }
        keys.sort();
        return keys;
    }

    std::shared_ptr<const api::ReplicaSet> createRS(const QString &name, int replicas, int minReadySeconds = 0,
                                                    const api::OwnerReference *owner = nullptr)
    {
        auto rs = test::makeReplicaSet(name, replicas);
        rs->spec.minReadySeconds = minReadySeconds;
        if (owner)
            rs->metadata.ownerReferences = {*owner};
        const auto r = f.api.create(rs);
        if (!r.ok())
            qFatal("create rs: %s", qPrintable(r.error->message));
        return api::objectCast<api::ReplicaSet>(r.value);
    }
    std::shared_ptr<const api::ReplicaSet> rs(const QString &name) { return f.api.getAs<api::ReplicaSet>(kDefault, name); }
    void scale(const QString &name, int replicas)
    {
        auto copy = std::static_pointer_cast<api::ReplicaSet>(rs(name)->clone());
        copy->spec.replicas = replicas;
        if (!f.api.update(copy).ok())
            qFatal("scale failed");
    }
    QList<std::shared_ptr<const api::Pod>> pods(const QString &ns = QStringLiteral("default"))
    {
        QList<std::shared_ptr<const api::Pod>> out;
        for (const api::ObjectPtr &o : f.api.list(podsRT(), ns).value.items)
            out << api::objectCast<api::Pod>(o);
        return out;
    }
    QStringList podNames()
    {
        QStringList out;
        for (const auto &p : pods())
            out << p->metadata.name;
        return out;
    }
    // Scheduler + kubelet by hand: bind to `node` ("" = stay unscheduled), set the phase and,
    // if ready, a Ready=True condition since now.
    void setPodState(const QString &name, const QString &node, const QString &phase, bool ready,
                     const QMap<QString, QString> &annotations = {})
    {
        if (!node.isEmpty() && !f.api.bind(kDefault, name, node).ok())
            qFatal("bind failed");
        if (!annotations.isEmpty()) {
            auto p = std::static_pointer_cast<api::Pod>(f.api.getAs<api::Pod>(kDefault, name)->clone());
            for (auto it = annotations.cbegin(); it != annotations.cend(); ++it)
                p->metadata.annotations.insert(it.key(), it.value());
            if (!f.api.update(p).ok())
                qFatal("annotate failed");
        }
        auto p = std::static_pointer_cast<api::Pod>(f.api.getAs<api::Pod>(kDefault, name)->clone());
        p->status.phase = phase;
        if (ready) {
            api::Condition c;
            c.type = QStringLiteral("Ready");
            c.status = QStringLiteral("True");
            c.lastTransitionTime = f.clock.now() / 1000 * 1000;
            p->status.conditions.append(c);
        }
        const auto r = f.api.updateStatus(p);
        if (!r.ok())
            qFatal("status failed: %s", qPrintable(r.error->message));
    }
    std::shared_ptr<api::Pod> orphan(const QString &name, const api::Labels &labels)
    {
        auto p = test::makePod(name);
        p->metadata.labels = labels;
        return p;
    }
    QStringList events(const QString &reason = {})
    {
        QStringList out;
        for (const api::ObjectPtr &o : f.api.list(apiserver::resources::byKind(api::Kind::Event), QString()).value.items) {
            const QJsonObject j = o->toJson();
            if (reason.isEmpty() || j.value(QStringLiteral("reason")).toString() == reason)
                out << j.value(QStringLiteral("message")).toString();
        }
        out.sort();
        return out;
    }
    // The "creating N" / "deleting N" numbers of the notes so far.
    QList<int> manageCounts(const QString &verb)
    {
        QList<int> out;
        const QRegularExpression re(QStringLiteral("manageReplicas: too (?:few|many) replicas .*, %1 (\\d+) ").arg(verb));
        for (const QString &n : notes) {
            const auto m = re.match(n);
            if (m.hasMatch())
                out << m.captured(1).toInt();
        }
        return out;
    }
};

api::OwnerReference deploymentRef(const QString &name, const QString &uid)
{
    api::OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("Deployment");
    ref.name = name;
    ref.uid = uid;
    ref.controller = true;
    ref.blockOwnerDeletion = true;
    return ref;
}

api::OwnerReference rsRef(const api::ReplicaSet &rs)
{
    api::OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("ReplicaSet");
    ref.name = rs.metadata.name;
    ref.uid = rs.metadata.uid;
    ref.controller = true;
    ref.blockOwnerDeletion = true;
    return ref;
}

QStringList sorted(QStringList l)
{
    l.sort();
    return l;
}
} // namespace

class TestReplicaSetController : public QObject
{
    Q_OBJECT

private slots:
    void testCreatesInSlowStartBatches_data();
    void testCreatesInSlowStartBatches();
    void testSyncReplicaSetDoesNothing();
    void testScaleDownDeletesTheRightPods_data();
    void testScaleDownDeletesTheRightPods();
    void testExpectationsBlockSecondSync_data();
    void testExpectationsBlockSecondSync();
    void testAdoptsOrphan();
    void testDoNotPatchPodWithOtherControlRef();
    void testReleasesPodWhoseLabelsChanged();
    void testDeletedPodIsReplaced();
    void testCreateFailuresSetReplicaFailure();
    void testNamespaceErrors_data();
    void testNamespaceErrors();
    void testSyncReplicaSetDormancy();
    void testObservedGenerationFollowsGeneration();
    void testMinReadySecondsRequeue_data();
    void testMinReadySecondsRequeue();
    void testControllerBurstReplicas_data();
    void testControllerBurstReplicas();
    void testDeletionTimestamp();
    void testDeleteControllerAndExpectations();
    void testDoNotAdoptOrCreateIfBeingDeleted();
    void testDoNotAdoptOrCreateIfBeingDeletedRace();
    void testOverlappingRSs();
    void testUpdatePods_data();
    void testUpdatePods();
    void testPodControllerLookup_data();
    void testPodControllerLookup();
    void testGetReplicaSetsWithSameController_data();
    void testGetReplicaSetsWithSameController();
    void testRelatedPodsLookup_data();
    void testRelatedPodsLookup();
    void testClaimPods_data();
    void testClaimPods();
    void testThreadedWorkers();
};

// --- Creation ------------------------------------------------------------------------------

void TestReplicaSetController::testCreatesInSlowStartBatches_data()
{
    QTest::addColumn<int>("replicas");
    QTest::addColumn<QString>("batches");
    QTest::newRow("lab: RS of 1") << 1 << QStringLiteral("1");
    QTest::newRow("lab: RS of 3: batches 1+2") << 3 << QStringLiteral("1+2");
    QTest::newRow("lab: RS of 10: batches 1+2+4+3") << 10 << QStringLiteral("1+2+4+3");
}

void TestReplicaSetController::testCreatesInSlowStartBatches()
{
    QFETCH(int, replicas);
    QFETCH(QString, batches);
    Lab lab;
    const auto rs = lab.createRS(QStringLiteral("web-7c5b4f"), replicas);
    lab.runUntilIdle();

    const QList<std::shared_ptr<const api::Pod>> pods = lab.pods();
    QCOMPARE(pods.size(), qsizetype(replicas));
    QStringList created;
    for (const auto &p : pods) {
        created << QStringLiteral("Created pod: ") + p->metadata.name;
        QCOMPARE(p->metadata.generateName, QStringLiteral("web-7c5b4f-"));
        QVERIFY2(QRegularExpression(QStringLiteral("^web-7c5b4f-[bcdfghjklmnpqrstvwxz2456789]{5}$")).match(p->metadata.name).hasMatch(),
                 qPrintable(p->metadata.name));
        QCOMPARE(p->metadata.labels, rs->spec.template_.metadata.labels);
        QCOMPARE(p->spec.containers.size(), qsizetype(1));
        QCOMPARE(p->spec.containers.front().image, QStringLiteral("nginx:1.25"));
        QCOMPARE(p->metadata.ownerReferences.size(), qsizetype(1));
        const api::OwnerReference &ref = p->metadata.ownerReferences.front();
        QCOMPARE(ref.apiVersion, QStringLiteral("apps/v1"));
        QCOMPARE(ref.kind, QStringLiteral("ReplicaSet"));
        QCOMPARE(ref.name, QStringLiteral("web-7c5b4f"));
        QCOMPARE(ref.uid, rs->metadata.uid);
        QCOMPARE(ref.controller, std::optional<bool>(true));
        QCOMPARE(ref.blockOwnerDeletion, std::optional<bool>(true));
    }
    // The first sync created them all, in slow-start batches, and said so in upstream's words.
    const QString first = QStringLiteral("default/web-7c5b4f: manageReplicas: too few replicas for ReplicaSet default/web-7c5b4f, need %1, creating %1 (slowStartBatch %2)")
                              .arg(replicas)
                              .arg(batches);
    QVERIFY2(!lab.notes.isEmpty() && lab.notes.front().startsWith(first), qPrintable(lab.notes.join(QLatin1Char('\n'))));
    QCOMPARE(lab.manageCounts(QStringLiteral("creating")), QList<int>{replicas});   // exactly one round of creates
    QCOMPARE(lab.events(QStringLiteral("SuccessfulCreate")), sorted(created));

    const auto now = lab.rs(QStringLiteral("web-7c5b4f"));
    QCOMPARE(now->status.replicas, replicas);
    QCOMPARE(now->status.fullyLabeledReplicas, replicas);
    QCOMPARE(now->status.readyReplicas, 0);
    QCOMPARE(now->status.availableReplicas, 0);
    QCOMPARE(now->status.terminatingReplicas, std::optional<int>(0));
    QCOMPARE(now->status.observedGeneration, qint64(1));
    QVERIFY(now->status.conditions.isEmpty());
    QVERIFY(lab.rsc->expectations().satisfiedExpectations(QStringLiteral("default/web-7c5b4f")));
    QVERIFY(lab.errors.isEmpty());
}

// 2 running pods, a controller with 2 replicas: the sync creates and deletes nothing.
void TestReplicaSetController::testSyncReplicaSetDoesNothing()
{
    Lab lab;
    lab.createRS(QStringLiteral("web"), 2);
    lab.runUntilIdle();
    const QStringList before = lab.podNames();
    lab.notes.clear();
    const SyncResult r = lab.rsc->syncReplicaSet(QStringLiteral("default/web"));
    QVERIFY(r.ok());
    QVERIFY2(r.notes.isEmpty(), qPrintable(r.notes.join(QLatin1Char('\n'))));   // status unchanged too
    QCOMPARE(lab.podNames(), before);
}

// --- Scale down ------------------------------------------------------------------------------

void TestReplicaSetController::testScaleDownDeletesTheRightPods_data()
{
    // Pod states "node/phase/ready[/cost]" for the 3 pods in name order; "-" = unscheduled.
    QTest::addColumn<QStringList>("states");
    QTest::addColumn<bool>("ownedByDeployment");   // colocation ranks need a controller above the RS
    QTest::addColumn<int>("scaleTo");
    QTest::addColumn<QList<int>>("deleted");        // indexes; -1 = "one of the doubled-up pods"
    QTest::newRow("lab: unscheduled and pending go first")
        << QStringList{QStringLiteral("node-1/Running/ready"), QStringLiteral("node-1/Pending/-"), QStringLiteral("-/Pending/-")} << false << 1
        << QList<int>{2, 1};
    QTest::newRow("lab: not-ready before ready")
        << QStringList{QStringLiteral("node-1/Running/ready"), QStringLiteral("node-2/Running/-"), QStringLiteral("node-2/Running/ready")}
        << false << 2 << QList<int>{1};
    QTest::newRow("lab: lower pod-deletion-cost first")
        << QStringList{QStringLiteral("node-1/Running/ready/100"), QStringLiteral("node-2/Running/ready/-5"),
                       QStringLiteral("node-3/Running/ready")}
        << false << 2 << QList<int>{1};
    QTest::newRow("lab: doubled-up node first (Deployment-owned RS)")
        << QStringList{QStringLiteral("node-1/Running/ready"), QStringLiteral("node-2/Running/ready"), QStringLiteral("node-1/Running/ready")}
        << true << 2 << QList<int>{-1};
    QTest::newRow("lab: scale to 0 deletes all") << QStringList{QStringLiteral("node-1/Running/ready"), QStringLiteral("-/Pending/-"),
                                                                QStringLiteral("node-2/Pending/-")}
                                                 << false << 0 << QList<int>{0, 1, 2};
}

void TestReplicaSetController::testScaleDownDeletesTheRightPods()
{
    QFETCH(QStringList, states);
    QFETCH(bool, ownedByDeployment);
    QFETCH(int, scaleTo);
    QFETCH(QList<int>, deleted);
    Lab lab;
    const api::OwnerReference owner = deploymentRef(QStringLiteral("web"), QStringLiteral("deploy-uid-1"));
    lab.createRS(QStringLiteral("web"), 3, 0, ownedByDeployment ? &owner : nullptr);
    lab.runUntilIdle();
    QStringList names = lab.podNames();
    QCOMPARE(names.size(), qsizetype(3));
    for (qsizetype i = 0; i < 3; ++i) {
        const QStringList s = states.at(i).split(QLatin1Char('/'));
        QMap<QString, QString> annotations;
        if (s.size() > 3)
            annotations.insert(PodDeletionCost, s.at(3));
        lab.setPodState(names.at(i), s.at(0) == QLatin1String("-") ? QString() : s.at(0), s.at(1), s.at(2) == QLatin1String("ready"),
                        annotations);
    }
    lab.runUntilIdle();
    lab.notes.clear();
    lab.scale(QStringLiteral("web"), scaleTo);
    lab.runUntilIdle();

    // Which pods are gone or terminating?
    QStringList victims;
    for (const auto &p : lab.pods())
        if (p->metadata.deletionTimestamp != 0)
            victims << p->metadata.name;
    for (const QString &n : std::as_const(names))
        if (!lab.podNames().contains(n))
            victims << n;
    victims.sort();
    if (deleted == QList<int>{-1}) {
        QCOMPARE(victims.size(), qsizetype(1));
        QVERIFY2(victims.front() == names.at(0) || victims.front() == names.at(2), qPrintable(victims.join(QLatin1Char(','))));
    } else {
        QStringList want;
        for (int i : deleted)
            want << names.at(i);
        QCOMPARE(victims, sorted(want));
        // The note lists them in deletion order.
        QStringList inOrder;
        for (int i : deleted)
            inOrder << names.at(i);
        const QString note = QStringLiteral("default/web: manageReplicas: too many replicas for ReplicaSet default/web, need %1, deleting %2 (getPodsToDelete: %3)")
                                 .arg(scaleTo)
                                 .arg(deleted.size())
                                 .arg(inOrder.join(QStringLiteral(", ")));
        QVERIFY2(lab.notes.contains(note), qPrintable(note + QStringLiteral("\nnot in\n") + lab.notes.join(QLatin1Char('\n'))));
    }
    for (const QString &v : std::as_const(victims))
        QVERIFY(lab.events(QStringLiteral("SuccessfulDelete")).contains(QStringLiteral("Deleted pod: ") + v));
    // No replacement is created for the pods still terminating, and the status counts them.
    const auto now = lab.rs(QStringLiteral("web"));
    QCOMPARE(now->status.replicas, scaleTo);
    int terminating = 0;
    for (const auto &p : lab.pods())
        terminating += p->metadata.deletionTimestamp != 0 ? 1 : 0;
    QCOMPARE(now->status.terminatingReplicas, std::optional<int>(terminating));
    QCOMPARE(now->status.observedGeneration, qint64(2));
    QCOMPARE(lab.manageCounts(QStringLiteral("creating")), QList<int>{});
    QVERIFY(lab.rsc->expectations().satisfiedExpectations(QStringLiteral("default/web")));
}

// --- Expectations ----------------------------------------------------------------------------

void TestReplicaSetController::testExpectationsBlockSecondSync_data()
{
    QTest::addColumn<bool>("forgetExpectations");
    QTest::newRow("lab: expectations hold the second sync until the pods are observed") << false;
    // The control: without expectations the stale cache makes the second sync double the pods.
    QTest::newRow("lab: without expectations the stale cache doubles the pods") << true;
}

void TestReplicaSetController::testExpectationsBlockSecondSync()
{
    QFETCH(bool, forgetExpectations);
    Lab lab;
    const QString key = QStringLiteral("default/web");
    lab.createRS(QStringLiteral("web"), 3);
    QVERIFY(lab.pump() > 0);                              // the RS add enqueues it
    QVERIFY(lab.rsc->processNextWorkItem(0, false));      // sync 1: creates 3
    QCOMPARE(lab.pods().size(), qsizetype(3));
    QCOMPARE(lab.rsc->expectations().getExpectations(key)->add, qint64(3));
    QVERIFY(!lab.rsc->expectations().satisfiedExpectations(key));

    // A second sync before the informer has delivered the pods (the cache still shows none).
    if (forgetExpectations)
        lab.rsc->expectations().deleteExpectations(key);
    lab.rsc->controller().enqueue(key);
    QVERIFY(lab.rsc->processNextWorkItem(0, false));
    if (forgetExpectations) {
        QCOMPARE(lab.pods().size(), qsizetype(6));
        return;
    }
    QCOMPARE(lab.pods().size(), qsizetype(3));
    QVERIFY2(lab.notes.contains(QStringLiteral("default/web: Controller still waiting on expectations (add 3, del 0): manageReplicas skipped")),
             qPrintable(lab.notes.join(QLatin1Char('\n'))));

    // The informer delivers the 3 pod adds: creationObserved x3, the RS is satisfied and
    // the next sync finds 3 pods: nothing to create.
    lab.runUntilIdle();
    QVERIFY(lab.rsc->expectations().satisfiedExpectations(key));
    QCOMPARE(lab.rsc->expectations().getExpectations(key)->add, qint64(0));
    QCOMPARE(lab.pods().size(), qsizetype(3));
    QCOMPARE(lab.manageCounts(QStringLiteral("creating")), QList<int>{3});
}

// --- Adoption and release --------------------------------------------------------------------

void TestReplicaSetController::testAdoptsOrphan()
{
    Lab lab;
    QVERIFY(lab.f.api.create(lab.orphan(QStringLiteral("orphan"), {{QStringLiteral("app"), QStringLiteral("web")}})).ok());
    QVERIFY(lab.f.api.create(lab.orphan(QStringLiteral("stranger"), {{QStringLiteral("app"), QStringLiteral("db")}})).ok());
    const auto rs = lab.createRS(QStringLiteral("web"), 3);
    lab.runUntilIdle();

    const auto orphan = lab.f.api.getAs<api::Pod>(kDefault, QStringLiteral("orphan"));
    QCOMPARE(orphan->metadata.ownerReferences.size(), qsizetype(1));
    QCOMPARE(orphan->metadata.ownerReferences.front(), rsRef(*rs));   // controller + blockOwnerDeletion
    QVERIFY(lab.f.api.getAs<api::Pod>(kDefault, QStringLiteral("stranger"))->metadata.ownerReferences.isEmpty());
    QCOMPARE(lab.pods().size(), qsizetype(4));   // orphan + 2 created + stranger
    QVERIFY(lab.notes.contains(QStringLiteral("default/web: claimPods: adopted orphan pod orphan (controller ownerReference added)")));
    QCOMPARE(lab.manageCounts(QStringLiteral("creating")), QList<int>{2});
    QCOMPARE(lab.rs(QStringLiteral("web"))->status.replicas, 3);
}

// A matching pod controlled by another controller is left alone: 2 pods are created.
void TestReplicaSetController::testDoNotPatchPodWithOtherControlRef()
{
    Lab lab;
    auto other = lab.orphan(QStringLiteral("pod"), {{QStringLiteral("app"), QStringLiteral("web")}});
    api::OwnerReference ref = deploymentRef(QStringLiteral("AnotherRS"), QStringLiteral("another-uid"));
    ref.kind = QStringLiteral("ReplicaSet");
    other->metadata.ownerReferences = {ref};
    QVERIFY(lab.f.api.create(other).ok());
    const QString rvBefore = lab.f.api.getAs<api::Pod>(kDefault, QStringLiteral("pod"))->metadata.resourceVersion;
    lab.createRS(QStringLiteral("web"), 2);
    lab.runUntilIdle();
    QCOMPARE(lab.f.api.getAs<api::Pod>(kDefault, QStringLiteral("pod"))->metadata.resourceVersion, rvBefore);   // no patch
    QCOMPARE(lab.manageCounts(QStringLiteral("creating")), QList<int>{2});
    QCOMPARE(lab.pods().size(), qsizetype(3));
}

void TestReplicaSetController::testReleasesPodWhoseLabelsChanged()
{
    Lab lab;
    lab.createRS(QStringLiteral("web"), 2);
    lab.runUntilIdle();
    const QString victim = lab.podNames().front();
    // kubectl label pod <victim> app=debug --overwrite: take it out of the ReplicaSet.
    auto p = std::static_pointer_cast<api::Pod>(lab.f.api.getAs<api::Pod>(kDefault, victim)->clone());
    p->metadata.labels.insert(QStringLiteral("app"), QStringLiteral("debug"));
    QVERIFY(lab.f.api.update(p).ok());
    lab.notes.clear();
    lab.runUntilIdle();

    const auto released = lab.f.api.getAs<api::Pod>(kDefault, victim);
    QVERIFY(released->metadata.ownerReferences.isEmpty());
    QVERIFY(lab.notes.contains(QStringLiteral("default/web: claimPods: released pod %1 (its labels no longer match the selector)").arg(victim)));
    QCOMPARE(lab.manageCounts(QStringLiteral("creating")), QList<int>{1});   // a replacement
    int owned = 0;
    for (const auto &pod : lab.pods())
        owned += pod->metadata.controllerRef() ? 1 : 0;
    QCOMPARE(owned, 2);
    QCOMPARE(lab.pods().size(), qsizetype(3));
    QCOMPARE(lab.rs(QStringLiteral("web"))->status.replicas, 2);
}

void TestReplicaSetController::testDeletedPodIsReplaced()
{
    Lab lab;
    lab.createRS(QStringLiteral("web"), 2);
    lab.runUntilIdle();
    const QString gone = lab.podNames().front();
    QVERIFY(lab.f.api.remove(podsRT(), kDefault, gone).ok());   // unscheduled: deleted at once
    lab.runUntilIdle();
    QCOMPARE(lab.pods().size(), qsizetype(2));
    QVERIFY(!lab.podNames().contains(gone));
    QCOMPARE(lab.manageCounts(QStringLiteral("creating")), (QList<int>{2, 1}));
}

// --- Failures --------------------------------------------------------------------------------

// Upstream TestSyncReplicaSetCreateFailures: an RS of 100 under a quota of 10 makes at most
// 1+2+4+8 = 15 create calls in one sync; then the ReplicaFailure condition, and its removal
// once creates work again.
void TestReplicaSetController::testCreateFailuresSetReplicaFailure()
{
    Lab lab;
    auto quota = std::make_shared<QuotaPodControl>(lab.f.api, lab.rsc->recorder(), 10);
    lab.rsc->setPodControl(quota);
    const QString key = QStringLiteral("default/web");
    lab.createRS(QStringLiteral("web"), 100);
    QVERIFY(lab.pump() > 0);
    QVERIFY(lab.rsc->processNextWorkItem(0, false));
    QCOMPARE(quota->created(), 10);
    QCOMPARE(quota->calls(), 15);
    QCOMPARE(lab.errors.size(), qsizetype(1));
    QVERIFY(lab.errors.front().contains(QStringLiteral("exceeded quota")));
    // The 90 pods never created are not expected any more; the 10 created still are.
    QCOMPARE(lab.rsc->expectations().getExpectations(key)->add, qint64(10));
    QVERIFY(lab.notes.contains(QStringLiteral("default/web: Slow-start failure. Skipping creation of 90 pods, decrementing expectations: ")
                               + lab.errors.front().mid(key.size() + 2)));

    auto rs = lab.rs(QStringLiteral("web"));
    QCOMPARE(rs->status.replicas, 0);   // the cache had none yet
    const api::Condition *c = GetCondition(rs->status, ReplicaSetReplicaFailure);
    QVERIFY(c);
    QCOMPARE(c->status, QStringLiteral("True"));
    QCOMPARE(c->reason, QStringLiteral("FailedCreate"));
    QVERIFY(c->message.contains(QStringLiteral("exceeded quota: pod-quota")));
    QCOMPARE(c->lastTransitionTime, lab.f.clock.now() / 1000 * 1000);

    // The failed sync was requeued with backoff (5 ms); it fails again while the quota lasts
    // and the condition stays as first written.
    const api::Condition first = *c;
    lab.f.clock.advance(5);
    lab.runUntilIdle();
    rs = lab.rs(QStringLiteral("web"));
    QCOMPARE(rs->status.replicas, 10);
    QCOMPARE(*GetCondition(rs->status, ReplicaSetReplicaFailure), first);

    // Quota raised: the next retry creates the other 90 and removes the condition.
    quota->setLimit(1000);
    lab.f.clock.advance(1000);   // past the exponential backoff
    lab.runUntilIdle();
    rs = lab.rs(QStringLiteral("web"));
    QCOMPARE(lab.pods().size(), qsizetype(100));
    QCOMPARE(rs->status.replicas, 100);
    QVERIFY(!GetCondition(rs->status, ReplicaSetReplicaFailure));
}

void TestReplicaSetController::testNamespaceErrors_data()
{
    QTest::addColumn<bool>("terminating");
    // The namespace is gone (the RS restored into it): every create fails, FailedCreate.
    QTest::newRow("lab: namespace not found: ReplicaFailure FailedCreate") << false;
    // Being deleted: NamespaceTerminatingCause counts as success (nothing can be created there).
    QTest::newRow("lab: namespace terminating: no failure, expectations wait") << true;
}

void TestReplicaSetController::testNamespaceErrors()
{
    QFETCH(bool, terminating);
    Lab lab;
    const QString ns = QStringLiteral("doomed");
    if (terminating) {
        auto n = std::make_shared<api::Namespace>();
        n->metadata.name = ns;
        n->metadata.deletionTimestamp = lab.f.clock.now();
        n->metadata.finalizers = {QStringLiteral("kubernetes")};
        n->spec.finalizers = {QStringLiteral("kubernetes")};
        n->status.phase = QStringLiteral("Terminating");
        QVERIFY(lab.f.api.restore(n).ok());
    }
    auto rs = test::makeReplicaSet(QStringLiteral("web"), 3);
    rs->metadata.namespace_ = ns;
    QVERIFY(lab.f.api.restore(rs).ok());
    lab.runUntilIdle();
    const auto now = lab.f.api.getAs<api::ReplicaSet>(ns, QStringLiteral("web"));
    QCOMPARE(lab.pods(ns).size(), qsizetype(0));
    const api::Condition *c = GetCondition(now->status, ReplicaSetReplicaFailure);
    if (terminating) {
        QVERIFY(!c);
        QVERIFY(lab.errors.isEmpty());
        QCOMPARE(lab.rsc->expectations().getExpectations(QStringLiteral("doomed/web"))->add, qint64(3));
        QCOMPARE(lab.manageCounts(QStringLiteral("creating")), QList<int>{3});   // one sync, then waiting
    } else {
        QVERIFY(c);
        QCOMPARE(c->reason, QStringLiteral("FailedCreate"));
        QCOMPARE(c->message, QStringLiteral("namespaces \"doomed\" not found"));
        QVERIFY(!lab.errors.isEmpty());
        QVERIFY(lab.rsc->expectations().satisfiedExpectations(QStringLiteral("doomed/web")));   // nothing expected
    }
}

// Upstream TestSyncReplicaSetDormancy: expectations stop creates; a failed create is not
// waited for. The cache holds the RS and one of its pods; nothing else is pumped in between.
void TestReplicaSetController::testSyncReplicaSetDormancy()
{
    Lab lab;
    auto quota = std::make_shared<QuotaPodControl>(lab.f.api, lab.rsc->recorder(), 1000);
    lab.rsc->setPodControl(quota);
    const QString key = QStringLiteral("default/web");
    const auto rs = lab.createRS(QStringLiteral("web"), 2);
    auto pod0 = lab.orphan(QStringLiteral("pod0"), rs->spec.selector->matchLabels);
    pod0->metadata.ownerReferences = {rsRef(*rs)};
    QVERIFY(lab.f.api.create(pod0).ok());
    lab.pump();
    // Creates a replica and sets expectations.
    QVERIFY(lab.rsc->syncReplicaSet(key).ok());
    QCOMPARE(quota->calls(), 1);
    // Expectations prevent replicas.
    QVERIFY(lab.rsc->syncReplicaSet(key).ok());
    QCOMPARE(quota->calls(), 1);
    // Lowering expectations leads to a sync that creates a replica; the error leaves them at 0.
    lab.rsc->expectations().creationObserved(key);
    quota->setLimit(quota->created());
    QVERIFY(!lab.rsc->syncReplicaSet(key).ok());
    QCOMPARE(quota->calls(), 2);
    QVERIFY(lab.rsc->expectations().satisfiedExpectations(key));
    // This replica should not need a lowering of expectations, since the previous create failed.
    quota->setLimit(1000);
    QVERIFY(lab.rsc->syncReplicaSet(key).ok());
    QCOMPARE(quota->calls(), 3);
    QCOMPARE(quota->created(), 2);
}

// --- Status ------------------------------------------------------------------------------------

void TestReplicaSetController::testObservedGenerationFollowsGeneration()
{
    Lab lab;
    lab.createRS(QStringLiteral("web"), 1);
    lab.runUntilIdle();
    QCOMPARE(lab.rs(QStringLiteral("web"))->status.observedGeneration, qint64(1));
    lab.scale(QStringLiteral("web"), 2);
    QCOMPARE(lab.rs(QStringLiteral("web"))->metadata.generation, qint64(2));
    QCOMPARE(lab.rs(QStringLiteral("web"))->status.observedGeneration, qint64(1));   // not seen yet
    lab.runUntilIdle();
    QCOMPARE(lab.rs(QStringLiteral("web"))->status.observedGeneration, qint64(2));
    QCOMPARE(lab.rs(QStringLiteral("web"))->status.replicas, 2);
    // A spec change that needs no pod change still moves observedGeneration.
    auto copy = std::static_pointer_cast<api::ReplicaSet>(lab.rs(QStringLiteral("web"))->clone());
    copy->spec.minReadySeconds = 5;
    QVERIFY(lab.f.api.update(copy).ok());
    lab.runUntilIdle();
    QCOMPARE(lab.rs(QStringLiteral("web"))->metadata.generation, qint64(3));
    QCOMPARE(lab.rs(QStringLiteral("web"))->status.observedGeneration, qint64(3));
    // Metadata only: no new generation, no status write.
    const QString rv = lab.rs(QStringLiteral("web"))->metadata.resourceVersion;
    copy = std::static_pointer_cast<api::ReplicaSet>(lab.rs(QStringLiteral("web"))->clone());
    copy->metadata.annotations.insert(QStringLiteral("note"), QStringLiteral("x"));
    QVERIFY(lab.f.api.update(copy).ok());
    const QString rvAfterAnnotate = lab.rs(QStringLiteral("web"))->metadata.resourceVersion;
    QVERIFY(rvAfterAnnotate != rv);
    lab.runUntilIdle();
    QCOMPARE(lab.rs(QStringLiteral("web"))->metadata.generation, qint64(3));
    QCOMPARE(lab.rs(QStringLiteral("web"))->metadata.resourceVersion, rvAfterAnnotate);
}

void TestReplicaSetController::testMinReadySecondsRequeue_data()
{
    QTest::addColumn<qint64>("readyAtMs");          // when the pod turns Ready, after a whole second
    QTest::addColumn<QList<qint64>>("advances");    // clock steps
    QTest::addColumn<QList<int>>("available");      // availableReplicas after each step
    // lastTransitionTime is stored in seconds. Ready at a whole second: the sync's AddAfter
    // (10 s) comes exactly at lastTransitionTime + 10 s, which is not *before* now, and the
    // pod update's later AddAfter (11 s) was merged into the earlier one by the delaying
    // queue; the next resync, 10 s later, sees it available.
    QTest::newRow("lab: ready at a whole second: available at the second resync") << qint64(0) << QList<qint64>{10000, 10000}
                                                                                 << QList<int>{0, 1};
    // Ready half a second in: the stored time is truncated, so the first resync is late enough.
    QTest::newRow("lab: ready mid-second: available at the first resync") << qint64(500) << QList<qint64>{9999, 1}
                                                                        << QList<int>{0, 1};
}

// minReadySeconds 10: a Ready pod becomes available with no event at all; only the requeue
// after minReadySeconds (syncReplicaSet step 8) brings the RS back to notice.
void TestReplicaSetController::testMinReadySecondsRequeue()
{
    QFETCH(qint64, readyAtMs);
    QFETCH(QList<qint64>, advances);
    QFETCH(QList<int>, available);
    Lab lab;
    lab.createRS(QStringLiteral("web"), 1, 10);
    lab.runUntilIdle();
    lab.f.clock.advance(readyAtMs);
    lab.setPodState(lab.podNames().front(), QStringLiteral("node-1"), QStringLiteral("Running"), true);
    lab.runUntilIdle();
    auto rs = lab.rs(QStringLiteral("web"));
    QCOMPARE(rs->status.readyReplicas, 1);
    QCOMPARE(rs->status.availableReplicas, 0);
    QVERIFY(lab.notes.contains(QStringLiteral("default/web: 0 of 1 ready pods available: sync again in minReadySeconds 10s")));
    for (qsizetype i = 0; i < advances.size(); ++i) {
        const int syncsBefore = lab.syncs;
        lab.f.clock.advance(advances.at(i));
        lab.runUntilIdle();
        QCOMPARE(lab.rs(QStringLiteral("web"))->status.availableReplicas, available.at(i));
        if (available.at(i) == 1)
            QVERIFY(lab.syncs > syncsBefore);   // an AddAfter fired on the virtual clock
    }
}

// --- Upstream controller tests ------------------------------------------------------------------

void TestReplicaSetController::testControllerBurstReplicas_data()
{
    QTest::addColumn<int>("burstReplicas");
    QTest::addColumn<int>("numReplicas");
    QTest::addColumn<QList<int>>("rounds");
    QTest::newRow("doTestControllerBurstReplicas(5, 30)") << 5 << 30 << QList<int>{5, 5, 5, 5, 5, 5};
    QTest::newRow("doTestControllerBurstReplicas(5, 12)") << 5 << 12 << QList<int>{5, 5, 2};
    QTest::newRow("doTestControllerBurstReplicas(3, 2)") << 3 << 2 << QList<int>{2};
}

// Size up, then down to 0: each sync creates / deletes at most burstReplicas and then waits
// for the informer to observe them all.
void TestReplicaSetController::testControllerBurstReplicas()
{
    QFETCH(int, burstReplicas);
    QFETCH(int, numReplicas);
    QFETCH(QList<int>, rounds);
    ReplicaSetControllerOptions options;
    options.burstReplicas = burstReplicas;
    Lab lab(options);
    lab.createRS(QStringLiteral("web"), numReplicas);
    lab.runUntilIdle();
    QCOMPARE(lab.pods().size(), qsizetype(numReplicas));
    QCOMPARE(lab.manageCounts(QStringLiteral("creating")), rounds);
    lab.scale(QStringLiteral("web"), 0);
    lab.runUntilIdle();
    QCOMPARE(lab.pods().size(), qsizetype(0));
    QCOMPARE(lab.manageCounts(QStringLiteral("deleting")), rounds);
}

// Upstream TestDeletionTimestamp, through the informer: an update that sets the
// deletionTimestamp counts as the deletion; the later delete event does not count again.
void TestReplicaSetController::testDeletionTimestamp()
{
    Lab lab;
    const QString key = QStringLiteral("default/web");
    lab.createRS(QStringLiteral("web"), 2);
    lab.runUntilIdle();
    const QStringList names = lab.podNames();
    lab.setPodState(names.at(0), QStringLiteral("node-1"), QStringLiteral("Running"), true);
    lab.runUntilIdle();
    const QString podKey = QStringLiteral("default/") + names.at(0);
    const QString secondKey = QStringLiteral("default/secondPod");
    lab.rsc->expectations().expectDeletions(key, {podKey, secondKey});
    // Graceful deletion: the pod stays with a deletionTimestamp; the update is the deletion.
    QVERIFY(lab.f.api.remove(podsRT(), kDefault, names.at(0)).ok());
    QVERIFY(lab.f.api.getAs<api::Pod>(kDefault, names.at(0))->metadata.deletionTimestamp != 0);
    lab.pump();
    QCOMPARE(lab.rsc->expectations().getExpectations(key)->del, qint64(1));
    QCOMPARE(*lab.rsc->expectations().getUIDs(key), QSet<QString>{secondKey});
    QCOMPARE(lab.drainQueue(), QStringList{key});
    // The kubelet confirms (grace 0): the delete event must not count a second time.
    apiserver::DeleteOptions now;
    now.gracePeriodSeconds = 0;
    QVERIFY(lab.f.api.remove(podsRT(), kDefault, names.at(0), now).ok());
    QVERIFY(!lab.f.api.getAs<api::Pod>(kDefault, names.at(0)));
    lab.pump();
    QCOMPARE(lab.rsc->expectations().getExpectations(key)->del, qint64(1));
    QVERIFY(!lab.rsc->expectations().satisfiedExpectations(key));
    // Deleting the second pod clears the expectations.
    lab.rsc->expectations().deletionObserved(key, secondKey);
    QVERIFY(lab.rsc->expectations().satisfiedExpectations(key));
}

// Upstream TestDeleteControllerAndExpectations + TestExpectationsOnRecreate.
void TestReplicaSetController::testDeleteControllerAndExpectations()
{
    Lab lab;
    const QString key = QStringLiteral("default/web");
    const auto oldRS = lab.createRS(QStringLiteral("web"), 1);
    lab.pump();
    QVERIFY(lab.rsc->processNextWorkItem(0, false));   // sets expectations: 1 create
    QVERIFY(!lab.rsc->expectations().getExpectations(key)->fulfilled());
    QVERIFY(lab.f.api.remove(rsRT(), kDefault, QStringLiteral("web")).ok());
    lab.pump();   // deleteRS: expectations gone, key queued
    QVERIFY(!lab.rsc->expectations().getExpectations(key).has_value());
    QVERIFY(lab.rsc->processNextWorkItem(0, false));
    QVERIFY(lab.notes.contains(QStringLiteral("default/web: ReplicaSet default/web has been deleted: its expectations are forgotten")));
    // Re-created under the same name with a new uid: fresh expectations, its own pod.
    lab.drainQueue();
    const auto newRS = lab.createRS(QStringLiteral("web"), 1);
    QVERIFY(newRS->metadata.uid != oldRS->metadata.uid);
    lab.pump();
    QVERIFY(lab.rsc->processNextWorkItem(0, false));
    QCOMPARE(lab.rsc->expectations().getExpectations(key)->add, qint64(1));
    QCOMPARE(lab.manageCounts(QStringLiteral("creating")), (QList<int>{1, 1}));
}

// RS being deleted: no adoption, no create.
void TestReplicaSetController::testDoNotAdoptOrCreateIfBeingDeleted()
{
    Lab lab;
    QVERIFY(lab.f.api.create(lab.orphan(QStringLiteral("pod1"), {{QStringLiteral("app"), QStringLiteral("web")}})).ok());
    lab.createRS(QStringLiteral("web"), 2);
    apiserver::DeleteOptions fg;
    fg.propagationPolicy = QStringLiteral("Foreground");   // stays, with a deletionTimestamp
    QVERIFY(lab.f.api.remove(rsRT(), kDefault, QStringLiteral("web"), fg).ok());
    QVERIFY(lab.rs(QStringLiteral("web"))->metadata.deletionTimestamp != 0);
    lab.runUntilIdle();
    QVERIFY(lab.f.api.getAs<api::Pod>(kDefault, QStringLiteral("pod1"))->metadata.ownerReferences.isEmpty());
    QCOMPARE(lab.pods().size(), qsizetype(1));
    QVERIFY(lab.errors.isEmpty());
}

// The cache says "not deleted", the API server says "deleted": the recheck before the first
// adoption stops the sync with an error; no patch, no create.
void TestReplicaSetController::testDoNotAdoptOrCreateIfBeingDeletedRace()
{
    Lab lab;
    QVERIFY(lab.f.api.create(lab.orphan(QStringLiteral("pod1"), {{QStringLiteral("app"), QStringLiteral("web")}})).ok());
    lab.createRS(QStringLiteral("web"), 2);
    lab.pump();
    lab.drainQueue();
    apiserver::DeleteOptions fg;
    fg.propagationPolicy = QStringLiteral("Foreground");
    QVERIFY(lab.f.api.remove(rsRT(), kDefault, QStringLiteral("web"), fg).ok());   // not pumped
    const SyncResult r = lab.rsc->syncReplicaSet(QStringLiteral("default/web"));
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(QStringLiteral("can't adopt Pod default/pod1")) && r.error.contains(QStringLiteral("has just been deleted at")),
             qPrintable(r.error));
    QVERIFY(lab.f.api.getAs<api::Pod>(kDefault, QStringLiteral("pod1"))->metadata.ownerReferences.isEmpty());
    QCOMPARE(lab.pods().size(), qsizetype(1));
}

// Nine ReplicaSets select the same pods; a pod with a ControllerRef wakes only its owner.
void TestReplicaSetController::testOverlappingRSs()
{
    Lab lab;
    QList<std::shared_ptr<const api::ReplicaSet>> rss;
    for (int j = 1; j < 10; ++j) {
        auto rs = test::makeReplicaSet(QStringLiteral("rs%1").arg(j), 0);
        rs->spec.selector->matchLabels = {{QStringLiteral("foo"), QStringLiteral("bar")}};
        rs->spec.template_.metadata.labels = {{QStringLiteral("foo"), QStringLiteral("bar")}};
        rss << api::objectCast<api::ReplicaSet>(lab.f.api.create(rs).value);
    }
    lab.runUntilIdle();
    auto pod = lab.orphan(QStringLiteral("pod"), {{QStringLiteral("foo"), QStringLiteral("bar")}});
    pod->metadata.ownerReferences = {rsRef(*rss.at(3))};
    QVERIFY(lab.f.api.create(pod).ok());
    lab.pump();
    QCOMPARE(lab.drainQueue(), QStringList{QStringLiteral("default/rs4")});
}

void TestReplicaSetController::testUpdatePods_data()
{
    // Two RSs: rs1 selects foo=bar, rs2 selects bar=foo. A pod goes from (labels, owner) to
    // (labels, owner); which keys get queued? Owner "" = orphan.
    QTest::addColumn<QString>("oldLabels");
    QTest::addColumn<QString>("oldOwner");
    QTest::addColumn<QString>("newLabels");
    QTest::addColumn<QString>("newOwner");
    QTest::addColumn<QStringList>("expected");
    const QString rs1 = QStringLiteral("default/foobar"), rs2 = QStringLiteral("default/barfoo");
    QTest::newRow("case 1: Pod with a ControllerRef") << "foo=bar" << "foobar" << "bar=foo" << "foobar" << QStringList{rs1};
    QTest::newRow("case 2: Remove ControllerRef (orphan). Expect to sync label-matching RS")
        << "bar=foo" << "barfoo" << "bar=foo" << "" << QStringList{rs2};
    QTest::newRow("case 3: Remove ControllerRef (orphan). Expect to sync both former owner and any label-matching RS")
        << "bar=foo" << "foobar" << "bar=foo" << "" << QStringList{rs2, rs1};
    QTest::newRow("case 4: Keep ControllerRef, change labels. Expect to sync owning RS")
        << "foo=bar" << "barfoo" << "bar=foo" << "barfoo" << QStringList{rs2};
}

void TestReplicaSetController::testUpdatePods()
{
    QFETCH(QString, oldLabels);
    QFETCH(QString, oldOwner);
    QFETCH(QString, newLabels);
    QFETCH(QString, newOwner);
    QFETCH(QStringList, expected);
    Lab lab;
    QHash<QString, std::shared_ptr<const api::ReplicaSet>> rss;
    for (const auto &[name, key, value] : {std::tuple{QStringLiteral("foobar"), QStringLiteral("foo"), QStringLiteral("bar")},
                                           std::tuple{QStringLiteral("barfoo"), QStringLiteral("bar"), QStringLiteral("foo")}}) {
        auto rs = test::makeReplicaSet(name, 0);
        rs->spec.selector->matchLabels = {{key, value}};
        rs->spec.template_.metadata.labels = {{key, value}};
        rss.insert(name, api::objectCast<api::ReplicaSet>(lab.f.api.create(rs).value));
    }
    auto labels = [](const QString &kv) {
        const QStringList p = kv.split(QLatin1Char('='));
        return api::Labels{{p.at(0), p.at(1)}};
    };
    auto pod = lab.orphan(QStringLiteral("pod0"), labels(oldLabels));
    if (!oldOwner.isEmpty())
        pod->metadata.ownerReferences = {rsRef(*rss.value(oldOwner))};
    QVERIFY(lab.f.api.create(pod).ok());
    lab.pump();
    lab.drainQueue();
    auto cur = std::static_pointer_cast<api::Pod>(lab.f.api.getAs<api::Pod>(kDefault, QStringLiteral("pod0"))->clone());
    cur->metadata.labels = labels(newLabels);
    cur->metadata.ownerReferences.clear();
    if (!newOwner.isEmpty())
        cur->metadata.ownerReferences = {rsRef(*rss.value(newOwner))};
    QVERIFY(lab.f.api.update(cur).ok());
    lab.pump();
    QCOMPARE(lab.drainQueue(), expected);
}

void TestReplicaSetController::testPodControllerLookup_data()
{
    QTest::addColumn<QString>("rsName");
    QTest::addColumn<QString>("rsNamespace");
    QTest::addColumn<QString>("podNamespace");
    QTest::addColumn<bool>("podHasLabels");
    QTest::addColumn<QString>("outRSName");
    // Upstream's RS "basic" has no selector; a stored RS must have one, so it selects foo=bar
    // and the pod's missing labels are what makes it match nothing.
    QTest::newRow("pods without labels don't match any ReplicaSets") << "basic" << "default" << "default" << false << "";
    QTest::newRow("Matching labels, not namespace") << "foo" << "default" << "ns" << true << "";
    QTest::newRow("Matching ns and labels returns the key to the ReplicaSet, not the ReplicaSet name")
        << "bar" << "ns" << "ns" << true << "bar";
}

void TestReplicaSetController::testPodControllerLookup()
{
    QFETCH(QString, rsName);
    QFETCH(QString, rsNamespace);
    QFETCH(QString, podNamespace);
    QFETCH(bool, podHasLabels);
    QFETCH(QString, outRSName);
    Lab lab;
    auto ns = std::make_shared<api::Namespace>();
    ns->metadata.name = QStringLiteral("ns");
    QVERIFY(lab.f.api.create(ns).ok());
    auto rs = test::makeReplicaSet(rsName, 0);
    rs->metadata.namespace_ = rsNamespace;
    rs->spec.selector->matchLabels = {{QStringLiteral("foo"), QStringLiteral("bar")}};
    rs->spec.template_.metadata.labels = {{QStringLiteral("foo"), QStringLiteral("bar")}};
    QVERIFY(lab.f.api.create(rs).ok());
    lab.pump();
    api::Pod pod;
    pod.metadata.name = QStringLiteral("foo1");
    pod.metadata.namespace_ = podNamespace;
    if (podHasLabels)
        pod.metadata.labels = {{QStringLiteral("foo"), QStringLiteral("bar")}};
    const QList<ReplicaSetPtr> got = lab.rsc->getPodReplicaSets(pod);
    if (outRSName.isEmpty()) {
        QVERIFY(got.isEmpty());
    } else {
        QCOMPARE(got.size(), qsizetype(1));
        QCOMPARE(got.front()->metadata.name, outRSName);
    }
}

namespace {
// replica_set_test.go's RSs for the "same controller" tests: rs1/foo1 and rs2/foo2 are owned
// by controller "123", rs3/bar1 by "456", rs4/foo3 by "789" and being deleted.
QHash<QString, std::shared_ptr<const api::ReplicaSet>> relatedRSs(Lab &lab, const QStringList &names)
{
    struct Spec
    {
        QString selectorValue;
        QString ownerUid;
        bool pendingDeletion;
    };
    const QHash<QString, Spec> specs{
        {QStringLiteral("rs1"), {QStringLiteral("bar"), QStringLiteral("123"), false}},
        {QStringLiteral("rs2"), {QStringLiteral("baz"), QStringLiteral("123"), false}},
        {QStringLiteral("rs3"), {QStringLiteral("quux"), QStringLiteral("456"), false}},
        {QStringLiteral("rs4"), {QStringLiteral("xyzzy"), QStringLiteral("789"), true}},
        {QStringLiteral("foo1"), {QStringLiteral("bar"), QStringLiteral("123"), false}},
        {QStringLiteral("foo2"), {QStringLiteral("baz"), QStringLiteral("123"), false}},
        {QStringLiteral("bar1"), {QStringLiteral("quux"), QStringLiteral("456"), false}},
        {QStringLiteral("foo3"), {QStringLiteral("xyzzy"), QStringLiteral("789"), true}},
    };
    QHash<QString, std::shared_ptr<const api::ReplicaSet>> out;
    for (const QString &n : names) {
        const Spec s = specs.value(n);
        auto rs = test::makeReplicaSet(n, 1);
        rs->spec.selector->matchLabels = {{QStringLiteral("foo"), s.selectorValue}};
        rs->spec.template_.metadata.labels = {{QStringLiteral("foo"), s.selectorValue}};
        rs->metadata.ownerReferences = {deploymentRef(QStringLiteral("owner-") + s.ownerUid, s.ownerUid)};
        if (s.pendingDeletion) {
            rs->metadata.deletionTimestamp = lab.f.clock.now();
            rs->metadata.finalizers = {QStringLiteral("foregroundDeletion")};
        }
        const auto r = lab.f.api.restore(rs);
        if (!r.ok())
            qFatal("restore %s: %s", qPrintable(n), qPrintable(r.error->message));
        out.insert(n, api::objectCast<api::ReplicaSet>(r.value));
    }
    return out;
}
} // namespace

void TestReplicaSetController::testGetReplicaSetsWithSameController_data()
{
    QTest::addColumn<QStringList>("rss");
    QTest::addColumn<QString>("rs");
    QTest::addColumn<QStringList>("expectedRSs");
    QTest::newRow("expect to get back a ReplicaSet that is pending deletion")
        << QStringList{"rs4", "rs3"} << "rs4" << QStringList{"rs4"};
    QTest::newRow("expect to get back only the given ReplicaSet if there is no related ReplicaSet")
        << QStringList{"rs1", "rs3"} << "rs1" << QStringList{"rs1"};
    QTest::newRow("expect to get back the given ReplicaSet as well as any related ReplicaSet but not an unrelated ReplicaSet")
        << QStringList{"rs1", "rs2", "rs3"} << "rs1" << QStringList{"rs1", "rs2"};
}

void TestReplicaSetController::testGetReplicaSetsWithSameController()
{
    QFETCH(QStringList, rss);
    QFETCH(QString, rs);
    QFETCH(QStringList, expectedRSs);
    Lab lab;
    const auto stored = relatedRSs(lab, rss);
    lab.pump();
    QStringList got;
    for (const ReplicaSetPtr &r : lab.rsc->getReplicaSetsWithSameController(*stored.value(rs)))
        got << r->metadata.name;
    QCOMPARE(sorted(got), sorted(expectedRSs));
}

void TestReplicaSetController::testRelatedPodsLookup_data()
{
    QTest::addColumn<QStringList>("rss");
    QTest::addColumn<QStringList>("pods");   // "<pod>:<owning rs>"
    QTest::addColumn<QString>("rs");
    QTest::addColumn<QStringList>("expectedPodNames");
    QTest::newRow("expect to get a pod even if its owning ReplicaSet is pending deletion")
        << QStringList{"foo3", "bar1"} << QStringList{"pod:foo3"} << "foo3" << QStringList{"pod"};
    QTest::newRow("expect to get only the ReplicaSet's own pods if there is no related ReplicaSet")
        << QStringList{"foo1", "bar1"} << QStringList{"pod1:foo1", "pod2:foo1", "pod4:bar1"} << "foo1" << QStringList{"pod1", "pod2"};
    QTest::newRow("expect to get own pods as well as any related ReplicaSet's but not an unrelated ReplicaSet's")
        << QStringList{"foo1", "foo2", "bar1"} << QStringList{"pod1:foo1", "pod2:foo1", "pod3:foo2", "pod4:bar1"} << "foo1"
        << QStringList{"pod1", "pod2", "pod3"};
}

void TestReplicaSetController::testRelatedPodsLookup()
{
    QFETCH(QStringList, rss);
    QFETCH(QStringList, pods);
    QFETCH(QString, rs);
    QFETCH(QStringList, expectedPodNames);
    Lab lab;
    // The lookup alone: the controller does not run (no pump of the queue), so it cannot
    // create or delete anything in between.
    const auto stored = relatedRSs(lab, rss);
    for (const QString &p : pods) {
        const QStringList parts = p.split(QLatin1Char(':'));
        const auto owner = stored.value(parts.at(1));
        auto pod = lab.orphan(parts.at(0), owner->spec.selector->matchLabels);
        pod->metadata.ownerReferences = {rsRef(*owner)};
        QVERIFY(lab.f.api.create(pod).ok());
    }
    lab.pump();
    QStringList got;
    for (const PodPtr &p : lab.rsc->getIndirectlyRelatedPods(*stored.value(rs)))
        got << p->metadata.name;
    QCOMPARE(sorted(got), sorted(expectedPodNames));
}

// --- ControllerRefManager ------------------------------------------------------------------------

void TestReplicaSetController::testClaimPods_data()
{
    // Pods "<name>:<labels production|testing>:<owner controller|other|->[:deleting][:ns=<ns>]".
    QTest::addColumn<bool>("controllerDeleting");
    QTest::addColumn<QString>("controllerNamespace");
    QTest::addColumn<QStringList>("finalizers");
    QTest::addColumn<QStringList>("pods");
    QTest::addColumn<QStringList>("claimed");
    QTest::addColumn<int>("patches");
    QTest::newRow("Claim pods with correct label") << false << "default" << QStringList{}
                                                   << QStringList{"pod1:production:-", "pod2:testing:-"} << QStringList{"pod1"} << 1;
    QTest::newRow("Controller marked for deletion can not claim pods")
        << true << "default" << QStringList{} << QStringList{"pod1:production:-", "pod2:production:-"} << QStringList{} << 0;
    QTest::newRow("Controller marked for deletion can not claim new pods")
        << true << "default" << QStringList{} << QStringList{"pod1:production:controller", "pod2:production:-"} << QStringList{"pod1"} << 0;
    QTest::newRow("Controller can not claim pods owned by another controller")
        << false << "default" << QStringList{} << QStringList{"pod1:production:controller", "pod2:production:other"} << QStringList{"pod1"}
        << 0;
    QTest::newRow("Controller releases claimed pods when selector doesn't match")
        << false << "default" << QStringList{} << QStringList{"pod1:production:controller", "pod2:testing:controller"}
        << QStringList{"pod1"} << 1;
    QTest::newRow("Controller does not claim orphaned pods marked for deletion")
        << false << "default" << QStringList{} << QStringList{"pod1:production:controller:deleting", "pod2:production:-:deleting"}
        << QStringList{"pod1"} << 0;
    // Upstream's "foo-finalizer" is not a valid name for a real API server: qualified here.
    QTest::newRow("Controller claims or release pods according to selector with finalizers")
        << false << "default" << QStringList{"example.com/foo-finalizer", "example.com/bar-finalizer"}
        << QStringList{"pod1:production:controller", "pod2:testing:controller", "pod3:production:-"} << QStringList{"pod1", "pod3"} << 2;
    QTest::newRow("Controller does not claim pods of different namespace")
        << false << "default" << QStringList{} << QStringList{"pod1:production:-", "pod2:production:-:ns=fakens"} << QStringList{"pod1"}
        << 1;
    QTest::newRow("Cluster scoped controller claims pods of specified namespace")
        << false << "" << QStringList{} << QStringList{"pod1:production:-", "pod2:production:-:ns=fakens"}
        << QStringList{"pod1", "pod2"} << 2;
}

void TestReplicaSetController::testClaimPods()
{
    QFETCH(bool, controllerDeleting);
    QFETCH(QString, controllerNamespace);
    QFETCH(QStringList, finalizers);
    QFETCH(QStringList, pods);
    QFETCH(QStringList, claimed);
    QFETCH(int, patches);
    test::ApiFixture f;
    auto fakens = std::make_shared<api::Namespace>();
    fakens->metadata.name = QStringLiteral("fakens");
    QVERIFY(f.api.create(fakens).ok());
    // The controller (upstream: a ReplicationController, never stored).
    auto controller = std::make_shared<api::ReplicaSet>();
    controller->metadata.name = QStringLiteral("ctrl");
    controller->metadata.namespace_ = controllerNamespace;
    controller->metadata.uid = QStringLiteral("123");
    if (controllerDeleting)
        controller->metadata.deletionTimestamp = f.clock.now();
    api::OwnerReference mine = rsRef(*controller);
    api::OwnerReference theirs = mine;
    theirs.uid = QStringLiteral("AAAAA");
    theirs.name = QStringLiteral("other");

    QList<PodPtr> input;
    QHash<QString, QString> rvBefore;
    for (const QString &spec : pods) {
        const QStringList parts = spec.split(QLatin1Char(':'));
        auto pod = test::makePod(parts.at(0));
        pod->metadata.labels = {{QStringLiteral("type"), parts.at(1)}};
        if (parts.at(2) == QLatin1String("controller"))
            pod->metadata.ownerReferences = {mine};
        else if (parts.at(2) == QLatin1String("other"))
            pod->metadata.ownerReferences = {theirs};
        for (const QString &extra : parts.mid(3)) {
            if (extra == QLatin1String("deleting")) {
                pod->metadata.deletionTimestamp = f.clock.now();
                pod->metadata.deletionGracePeriodSeconds = 30;
                pod->spec.nodeName = QStringLiteral("node");
            } else if (extra.startsWith(QLatin1String("ns="))) {
                pod->metadata.namespace_ = extra.mid(3);
            }
        }
        const auto r = f.api.restore(pod);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        input << api::objectCast<api::Pod>(r.value);
        rvBefore.insert(pod->metadata.namespace_ + QLatin1Char('/') + pod->metadata.name, r.value->metadata.resourceVersion);
    }
    ControllerRefManager cm(f.api, controller, *api::Selector::parse(QStringLiteral("type=production")), QStringLiteral("v1"),
                            QStringLiteral("ReplicationController"), podsRT(), [] { return QString(); }, finalizers);
    ControllerRefManager::ClaimResult result;
    const QList<PodPtr> got = cm.claimPods(input, &result);
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
    QStringList gotNames;
    for (const PodPtr &p : got)
        gotNames << p->metadata.name;
    QCOMPARE(gotNames, claimed);
    // Patches: pods whose stored version changed; each carries the controller uid and finalizers.
    int patched = 0;
    for (const PodPtr &p : input) {
        const auto now = f.api.getAs<api::Pod>(p->metadata.namespace_, p->metadata.name);
        if (now->metadata.resourceVersion == rvBefore.value(p->metadata.namespace_ + QLatin1Char('/') + p->metadata.name))
            continue;
        ++patched;
        const bool adopted = now->metadata.controllerRef() != nullptr;
        if (adopted) {
            QCOMPARE(now->metadata.controllerRef()->uid, QStringLiteral("123"));
            QCOMPARE(now->metadata.controllerRef()->blockOwnerDeletion, std::optional<bool>(true));
            for (const QString &fin : finalizers)
                QVERIFY(now->metadata.finalizers.contains(fin));
        } else {
            QVERIFY(now->metadata.ownerReferences.isEmpty());   // released
        }
    }
    QCOMPARE(patched, patches);
}

// --- Threads ---------------------------------------------------------------------------------------

// The same controller on worker QThreads with threaded informers (batch calls in parallel).
// Waits on a condition variable fed by an informer handler: no sleeps.
void TestReplicaSetController::testThreadedWorkers()
{
    test::ApiFixture f;
    client::SharedInformerFactory informers(f.api);
    auto rsc = std::make_unique<ReplicaSetController>(f.api, informers);
    std::mutex mutex;
    std::condition_variable cv;
    int statusReplicas = -1;
    auto reg = informers.informerFor<api::ReplicaSet>().addEventHandler(client::ResourceEventHandlerFuncs(
        {}, [&](const api::ObjectPtr &, const api::ObjectPtr &cur) {
            std::lock_guard lock(mutex);
            statusReplicas = api::objectCast<api::ReplicaSet>(cur)->status.replicas;
            cv.notify_all();
        }));
    informers.start(client::DriveMode::Threaded);
    QVERIFY(informers.waitForCacheSync(std::chrono::seconds(30)));
    rsc->run(3);
    QVERIFY(f.api.create(test::makeReplicaSet(QStringLiteral("web"), 7)).ok());
    {
        std::unique_lock lock(mutex);
        QVERIFY(cv.wait_for(lock, std::chrono::seconds(60), [&] { return statusReplicas == 7; }));
    }
    rsc->shutDown();
    informers.informerFor<api::ReplicaSet>().removeEventHandler(reg.id);
    QCOMPARE(f.api.list(podsRT(), kDefault).value.items.size(), qsizetype(7));
    rsc.reset();
    informers.shutdown();
}

QTEST_GUILESS_MAIN(TestReplicaSetController)
#include "tst_replicasetcontroller.moc"
