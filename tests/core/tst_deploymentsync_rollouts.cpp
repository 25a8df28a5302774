// SPDX-License-Identifier: Apache-2.0
// syncDeployment over whole rollouts: legacy rollback (rollback.go), Recreate (pod deletion
// enqueues the Deployment, the rollout itself), the revision-history limit, and a ReplicaSet
// that can never be created (retries, then dropped).
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

const QString ns = QStringLiteral("default");

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
class TestDeploymentSyncRollouts : public QObject
{
    Q_OBJECT

private slots:
    void testLegacyRollback_data();
    void testLegacyRollback();
    void testPodDeletionEnqueuesRecreateDeployment_data();
    void testPodDeletionEnqueuesRecreateDeployment();
    void testRecreateRollout();
    void testRevisionHistoryLimitKeepsTwo();
    void testReplicaSetCreateErrorRetriesThenDrops();
};
// --- rollback.go ----------------------------------------------------------------------------

void TestDeploymentSyncRollouts::testLegacyRollback_data()
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

void TestDeploymentSyncRollouts::testLegacyRollback()
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

void TestDeploymentSyncRollouts::testPodDeletionEnqueuesRecreateDeployment_data()
{
    QTest::addColumn<bool>("orphanSecondRS");
    QTest::addColumn<bool>("otherPod");
    QTest::addColumn<bool>("expectEnqueued");
    QTest::newRow("TestPodDeletionEnqueuesRecreateDeployment") << false << false << true;
    QTest::newRow("TestPodDeletionDoesntEnqueueRecreateDeployment") << false << true << false;
    QTest::newRow("TestPodDeletionPartialReplicaSetOwnershipEnqueueRecreateDeployment") << true << false << true;
    QTest::newRow("TestPodDeletionPartialReplicaSetOwnershipDoesntEnqueueRecreateDeployment") << true << true << false;
}

void TestDeploymentSyncRollouts::testPodDeletionEnqueuesRecreateDeployment()
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
void TestDeploymentSyncRollouts::testRecreateRollout()
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
void TestDeploymentSyncRollouts::testRevisionHistoryLimitKeepsTwo()
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
void TestDeploymentSyncRollouts::testReplicaSetCreateErrorRetriesThenDrops()
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
QTEST_GUILESS_MAIN(TestDeploymentSyncRollouts)
#include "tst_deploymentsync_rollouts.moc"
