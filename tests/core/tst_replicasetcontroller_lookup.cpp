// SPDX-License-Identifier: Apache-2.0
// The ReplicaSet controller's lookups and ControllerRefManager, ported from upstream
// (replica_set_test.go, controller_ref_manager_test.go): TestPodControllerLookup,
// TestGetReplicaSetsWithSameController, TestRelatedPodsLookup, TestClaimPods (all rows).
// Rows of our own are named "lab: …".
#include "tests/core/replicasettesthelpers.h"

using namespace rlab::test::rsc;

class TestReplicaSetControllerLookup : public QObject
{
    Q_OBJECT

private slots:
    void testPodControllerLookup_data();
    void testPodControllerLookup();
    void testGetReplicaSetsWithSameController_data();
    void testGetReplicaSetsWithSameController();
    void testRelatedPodsLookup_data();
    void testRelatedPodsLookup();
    void testClaimPods_data();
    void testClaimPods();
};

void TestReplicaSetControllerLookup::testPodControllerLookup_data()
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

void TestReplicaSetControllerLookup::testPodControllerLookup()
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

void TestReplicaSetControllerLookup::testGetReplicaSetsWithSameController_data()
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

void TestReplicaSetControllerLookup::testGetReplicaSetsWithSameController()
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

void TestReplicaSetControllerLookup::testRelatedPodsLookup_data()
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

void TestReplicaSetControllerLookup::testRelatedPodsLookup()
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

void TestReplicaSetControllerLookup::testClaimPods_data()
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

void TestReplicaSetControllerLookup::testClaimPods()
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
    ControllerRefManager cm(f.client, controller, *api::Selector::parse(QStringLiteral("type=production")), QStringLiteral("v1"),
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

QTEST_GUILESS_MAIN(TestReplicaSetControllerLookup)
#include "tst_replicasetcontroller_lookup.moc"
