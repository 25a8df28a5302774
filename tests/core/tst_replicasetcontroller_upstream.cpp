// SPDX-License-Identifier: Apache-2.0
// The ReplicaSet controller on a real ApiServer + informers, deterministic runner: create
// failures and namespace errors, then upstream replica_set_test.go ports:
// TestSyncReplicaSetCreateFailures, TestSyncReplicaSetDormancy, TestControllerBurstReplicas,
// TestDeletionTimestamp, TestDeleteControllerAndExpectations, TestExpectationsOnRecreate,
// TestDoNotAdoptOrCreateIfBeingDeleted(Race), TestOverlappingRSs, TestUpdatePods.
// Rows of our own are named "lab: …".
#include "tests/core/replicasettesthelpers.h"

using namespace rlab::test::rsc;

class TestReplicaSetControllerUpstream : public QObject
{
    Q_OBJECT

private slots:
    void testCreateFailuresSetReplicaFailure();
    void testNamespaceErrors_data();
    void testNamespaceErrors();
    void testSyncReplicaSetDormancy();
    void testControllerBurstReplicas_data();
    void testControllerBurstReplicas();
    void testDeletionTimestamp();
    void testDeleteControllerAndExpectations();
    void testDoNotAdoptOrCreateIfBeingDeleted();
    void testDoNotAdoptOrCreateIfBeingDeletedRace();
    void testOverlappingRSs();
    void testUpdatePods_data();
    void testUpdatePods();
};

// --- Failures --------------------------------------------------------------------------------

// Upstream TestSyncReplicaSetCreateFailures: an RS of 100 under a quota of 10 makes at most
// 1+2+4+8 = 15 create calls in one sync; then the ReplicaFailure condition, and its removal
// once creates work again.
void TestReplicaSetControllerUpstream::testCreateFailuresSetReplicaFailure()
{
    Lab lab;
    auto quota = std::make_shared<QuotaPodControl>(lab.f.client, lab.rsc->recorder(), 10);
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

void TestReplicaSetControllerUpstream::testNamespaceErrors_data()
{
    QTest::addColumn<bool>("terminating");
    // The namespace is gone (the RS restored into it): every create fails, FailedCreate.
    QTest::newRow("lab: namespace not found: ReplicaFailure FailedCreate") << false;
    // Being deleted: NamespaceTerminatingCause counts as success (nothing can be created there).
    QTest::newRow("lab: namespace terminating: no failure, expectations wait") << true;
}

void TestReplicaSetControllerUpstream::testNamespaceErrors()
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
void TestReplicaSetControllerUpstream::testSyncReplicaSetDormancy()
{
    Lab lab;
    auto quota = std::make_shared<QuotaPodControl>(lab.f.client, lab.rsc->recorder(), 1000);
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


// --- Upstream controller tests ------------------------------------------------------------------

void TestReplicaSetControllerUpstream::testControllerBurstReplicas_data()
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
void TestReplicaSetControllerUpstream::testControllerBurstReplicas()
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
void TestReplicaSetControllerUpstream::testDeletionTimestamp()
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
void TestReplicaSetControllerUpstream::testDeleteControllerAndExpectations()
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
void TestReplicaSetControllerUpstream::testDoNotAdoptOrCreateIfBeingDeleted()
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
void TestReplicaSetControllerUpstream::testDoNotAdoptOrCreateIfBeingDeletedRace()
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
void TestReplicaSetControllerUpstream::testOverlappingRSs()
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

void TestReplicaSetControllerUpstream::testUpdatePods_data()
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

void TestReplicaSetControllerUpstream::testUpdatePods()
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

QTEST_GUILESS_MAIN(TestReplicaSetControllerUpstream)
#include "tst_replicasetcontroller_upstream.moc"
