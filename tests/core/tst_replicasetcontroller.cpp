// SPDX-License-Identifier: Apache-2.0
// The ReplicaSet controller end to end on a real ApiServer + informers, driven by the
// deterministic runner (pump the informer factory, processNextWorkItem(0, false), repeat):
// creation in slow-start batches, scale down, expectations, adoption and release, status,
// plus one threaded smoke test. Upstream TestSyncReplicaSetDoesNothing and
// TestDoNotPatchPodWithOtherControlRef; failures and the other upstream controller tests are
// in tst_replicasetcontroller_upstream.cpp, lookups and ClaimPods in
// tst_replicasetcontroller_lookup.cpp. Rows of our own are named "lab: …".
#include "tests/core/replicasettesthelpers.h"

using namespace rlab::test::rsc;

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
    void testObservedGenerationFollowsGeneration();
    void testMinReadySecondsRequeue_data();
    void testMinReadySecondsRequeue();
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
    // One Event per pod; from the 10th similar one within 10 minutes client-go's EventAggregator
    // writes "(combined from similar events): Created pod: …" instead (count 1 here: 10 pods).
    const QString combined = QStringLiteral("(combined from similar events): ");
    QStringList events = lab.events(QStringLiteral("SuccessfulCreate"));
    QCOMPARE(int(std::count_if(events.cbegin(), events.cend(), [&](const QString &e) { return e.startsWith(combined); })),
             replicas >= 10 ? 1 : 0);
    for (QString &e : events)
        e.remove(0, e.startsWith(combined) ? combined.size() : 0);
    QCOMPARE(sorted(events), sorted(created));

    const auto now = lab.rs(QStringLiteral("web-7c5b4f"));
    QCOMPARE(now->status.replicas, replicas);
    QCOMPARE(now->status.fullyLabeledReplicas, replicas);
    QCOMPARE(now->status.readyReplicas, 0);
    QCOMPARE(now->status.availableReplicas, 0);
    QCOMPARE(now->status.terminatingReplicas, std::optional<int>());   // not served at 1.31 (FeatureGate)
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
    // No replacement is created for the pods still terminating. (The status would count them in
    // terminatingReplicas from 1.33 on; at the served 1.31 the field does not exist.)
    const auto now = lab.rs(QStringLiteral("web"));
    QCOMPARE(now->status.replicas, scaleTo);
    QCOMPARE(now->status.terminatingReplicas, std::optional<int>());
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


// --- Threads ---------------------------------------------------------------------------------------

// The same controller on worker QThreads with threaded informers (batch calls in parallel).
// Waits on a condition variable fed by an informer handler: no sleeps.
void TestReplicaSetController::testThreadedWorkers()
{
    test::ApiFixture f;
    client::SharedInformerFactory informers(f.client);
    auto rsc = std::make_unique<ReplicaSetController>(f.client, informers);
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
