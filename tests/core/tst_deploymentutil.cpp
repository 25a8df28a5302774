// SPDX-License-Identifier: Apache-2.0
// The Deployment controller's pure ReplicaSet identity helpers: rows of upstream's
// pkg/controller/deployment/util/deployment_util_test.go (TestEqualIgnoreHash,
// TestFindNewReplicaSet, TestFindOldReplicaSets), revisions and orders, and ComputeHash
// properties. Replica arithmetic is in tst_deploymentutil_replicas.cpp, conditions and
// annotations in tst_deploymentutil_status.cpp.
#include "tests/core/deploymentutiltesthelpers.h"

using namespace rlab::test::dutil;

class TestDeploymentUtil : public QObject
{
    Q_OBJECT

private slots:
    void testEqualIgnoreHash_data();
    void testEqualIgnoreHash();
    void testFindNewReplicaSet_data();
    void testFindNewReplicaSet();
    void testFindOldReplicaSets_data();
    void testFindOldReplicaSets();
    void testLastRevision_data();
    void testLastRevision();
    void testFindActiveOrLatest_data();
    void testFindActiveOrLatest();
    void testReplicaSetsByRevision_data();
    void testReplicaSetsByRevision();
    void testComputeHashDeterministic();
    void testComputeHashSensitivity_data();
    void testComputeHashSensitivity();
    void testComputeHashAlphabetAndLength();
    void testSafeEncodeString_data();
    void testSafeEncodeString();
};

// --- TestEqualIgnoreHash --------------------------------------------------------------------

void TestDeploymentUtil::testEqualIgnoreHash_data()
{
    QTest::addColumn<QString>("formerName");
    QTest::addColumn<QString>("formerNode");
    QTest::addColumn<Labels>("formerAnnotations");
    QTest::addColumn<Labels>("formerLabels");
    QTest::addColumn<QString>("latterName");
    QTest::addColumn<QString>("latterNode");
    QTest::addColumn<Labels>("latterAnnotations");
    QTest::addColumn<Labels>("latterLabels");
    QTest::addColumn<bool>("expected");
    const QString s = QStringLiteral("something"), e = QStringLiteral("else");
    const Labels h1{{kHash, QStringLiteral("value-1")}, {s, e}};
    const Labels h2{{kHash, QStringLiteral("value-2")}, {s, e}};
    const Labels none;
    QTest::newRow("Same spec, same labels") << "foo" << "foo-node" << none << h1 << "foo" << "foo-node" << none << h1 << true;
    QTest::newRow("Same spec, only pod-template-hash label value is different")
        << "foo" << "foo-node" << none << h1 << "foo" << "foo-node" << none << h2 << true;
    QTest::newRow("Same spec, the former doesn't have pod-template-hash label")
        << "foo" << "foo-node" << none << Labels{{s, e}} << "foo" << "foo-node" << none << h2 << true;
    QTest::newRow("Same spec, the label is different, the former doesn't have pod-template-hash label, same number of labels")
        << "foo" << "foo-node" << none << Labels{{s, e}} << "foo" << "foo-node" << none << Labels{{kHash, QStringLiteral("value-2")}}
        << false;
    QTest::newRow("Same spec, the label is different, the latter doesn't have pod-template-hash label, same number of labels")
        << "foo" << "foo-node" << none << Labels{{kHash, QStringLiteral("value-1")}} << "foo" << "foo-node" << none << Labels{{s, e}}
        << false;
    QTest::newRow("Same spec, the label is different, and the pod-template-hash label value is the same")
        << "foo" << "foo-node" << none << Labels{{kHash, QStringLiteral("value-1")}} << "foo" << "foo-node" << none << h1 << false;
    QTest::newRow("Different spec, same labels") << "foo" << "foo-node" << Labels{{QStringLiteral("former"), QStringLiteral("value")}} << h1
                                                 << "foo" << "foo-node" << Labels{{QStringLiteral("latter"), QStringLiteral("value")}} << h1
                                                 << false;
    QTest::newRow("Different spec, different pod-template-hash label value")
        << "foo-1" << "foo-node" << none << h1 << "foo-2" << "foo-node" << none << h2 << false;
    QTest::newRow("Different spec, the former doesn't have pod-template-hash label")
        << "foo-1" << "foo-node-1" << none << Labels{{s, e}} << "foo-2" << "foo-node-2" << none << h2 << false;
    QTest::newRow("Different spec, different labels") << "foo" << "foo-node-1" << none << Labels{{s, e}} << "foo" << "foo-node-2" << none
                                                      << Labels{{QStringLiteral("nothing"), e}} << false;
}

void TestDeploymentUtil::testEqualIgnoreHash()
{
    QFETCH(QString, formerName);
    QFETCH(QString, formerNode);
    QFETCH(Labels, formerAnnotations);
    QFETCH(Labels, formerLabels);
    QFETCH(QString, latterName);
    QFETCH(QString, latterNode);
    QFETCH(Labels, latterAnnotations);
    QFETCH(Labels, latterLabels);
    QFETCH(bool, expected);
    const PodTemplateSpec former = generatePodTemplateSpec(formerName, formerNode, formerAnnotations, formerLabels);
    const PodTemplateSpec latter = generatePodTemplateSpec(latterName, latterNode, latterAnnotations, latterLabels);
    QCOMPARE(du::EqualIgnoreHash(former, latter), expected);
    QCOMPARE(du::EqualIgnoreHash(latter, former), expected);   // reverse order
    // The inputs keep their hash label.
    QCOMPARE(former.metadata.labels, formerLabels);
}

// --- TestFindNewReplicaSet / TestFindOldReplicaSets ----------------------------------------

namespace {
struct FindFixture
{
    qint64 now = 1463709600000;   // any fixed time
    Deployment deployment = generateDeployment(QStringLiteral("nginx"));
    Deployment gated = generateDeployment(QStringLiteral("nginx"));
    QMap<QString, std::shared_ptr<ReplicaSet>> byName;

    FindFixture()
    {
        auto newRS = generateRS(deployment, QStringLiteral("newRS"));
        newRS->spec.replicas = 1;
        newRS->metadata.labels.insert(kHash, QStringLiteral("hash"));
        newRS->spec.template_.metadata.labels.insert(kHash, QStringLiteral("hash"));   // Go shares the map
        newRS->metadata.creationTimestamp = now + 60000;
        auto newRSDup = generateRS(deployment, QStringLiteral("newRSDup"));
        newRSDup->metadata.labels.insert(kHash, QStringLiteral("different-hash"));
        newRSDup->spec.template_.metadata.labels.insert(kHash, QStringLiteral("different-hash"));
        newRSDup->metadata.creationTimestamp = now;
        Deployment oldDeployment = generateDeployment(QStringLiteral("nginx"));
        oldDeployment.spec.template_.spec.containers[0].name = QStringLiteral("nginx-old-1");
        auto oldRS = generateRS(oldDeployment, QStringLiteral("oldRS"));
        oldRS->status.fullyLabeledReplicas = oldRS->replicas();
        oldRS->metadata.creationTimestamp = now - 60000;
        // A deployment setting a field (container restartPolicy) and an RS identical to it.
        gated.spec.template_.spec.containers[0].extra.insert(QStringLiteral("restartPolicy"), QStringLiteral("Never"));
        auto droppedFieldsRS = generateRS(gated, QStringLiteral("droppedFieldsRS"));
        droppedFieldsRS->spec.template_.metadata.labels.insert(kHash, controller::ComputeHash(gated.spec.template_, std::nullopt));
        droppedFieldsRS->spec.template_.spec.containers[0].extra.remove(QStringLiteral("restartPolicy"));
        droppedFieldsRS->metadata.creationTimestamp = now;
        auto exactRS = generateRS(gated, QStringLiteral("exactRS"));
        exactRS->spec.template_.metadata.labels.insert(kHash, QStringLiteral("exact-hash"));
        exactRS->metadata.creationTimestamp = now + 60000;
        for (const auto &r : {newRS, newRSDup, oldRS, droppedFieldsRS, exactRS})
            byName.insert(r->metadata.name, r);
    }
    QList<ReplicaSetPtr> list(const QStringList &names) const
    {
        QList<ReplicaSetPtr> out;
        for (const QString &n : names)
            out.append(byName.value(n));
        return out;
    }
};
} // namespace

void TestDeploymentUtil::testFindNewReplicaSet_data()
{
    QTest::addColumn<QString>("deployment");
    QTest::addColumn<QStringList>("rsList");
    QTest::addColumn<QString>("expected");
    // Upstream's first row, "Get new ReplicaSet with fields dropped by the API server", belongs
    // to EqualIgnoreHashAndDroppedFields (newer than the specified EqualIgnoreHash): not ported.
    QTest::newRow("Prefer a ReplicaSet with the same template over one with dropped fields")
        << "gated" << QStringList{"droppedFieldsRS", "exactRS"} << "exactRS";
    QTest::newRow("Get new ReplicaSet with the same template as Deployment spec but different pod-template-hash value")
        << "deployment" << QStringList{"newRS", "oldRS"} << "newRS";
    QTest::newRow("Get the oldest new ReplicaSet when there are more than one ReplicaSet with the same template")
        << "deployment" << QStringList{"newRS", "oldRS", "newRSDup"} << "newRSDup";
    QTest::newRow("Get nil new ReplicaSet") << "deployment" << QStringList{"oldRS"} << "nil";
}

void TestDeploymentUtil::testFindNewReplicaSet()
{
    QFETCH(QString, deployment);
    QFETCH(QStringList, rsList);
    QFETCH(QString, expected);
    const FindFixture f;
    QList<ReplicaSetPtr> list = f.list(rsList);
    const ReplicaSetPtr rs = du::FindNewReplicaSet(deployment == QLatin1String("gated") ? f.gated : f.deployment, list);
    QCOMPARE(rs ? rs->metadata.name : QStringLiteral("nil"), expected);
}

void TestDeploymentUtil::testFindOldReplicaSets_data()
{
    QTest::addColumn<QStringList>("rsList");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QStringList>("expectedRequire");
    QTest::newRow("Get old ReplicaSets") << QStringList{"newRS", "oldRS"} << QStringList{"oldRS"} << QStringList{};
    QTest::newRow("Get old ReplicaSets with no new ReplicaSet") << QStringList{"oldRS"} << QStringList{"oldRS"} << QStringList{};
    QTest::newRow("Get old ReplicaSets with two new ReplicaSets, only the oldest new ReplicaSet is seen as new ReplicaSet")
        << QStringList{"oldRS", "newRS", "newRSDup"} << QStringList{"oldRS", "newRS"} << QStringList{"newRS"};
    QTest::newRow("Get empty old ReplicaSets") << QStringList{"newRS"} << QStringList{} << QStringList{};
}

void TestDeploymentUtil::testFindOldReplicaSets()
{
    QFETCH(QStringList, rsList);
    QFETCH(QStringList, expected);
    QFETCH(QStringList, expectedRequire);
    const FindFixture f;
    QList<ReplicaSetPtr> list = f.list(rsList);
    auto [required, all] = du::FindOldReplicaSets(f.deployment, list);
    std::stable_sort(all.begin(), all.end(), du::ReplicaSetsByCreationTimestamp);
    QCOMPARE(names(all), expected);
    QCOMPARE(names(required), expectedRequire);
}


// --- Revisions and orders -------------------------------------------------------------------

void TestDeploymentUtil::testLastRevision_data()
{
    QTest::addColumn<QStringList>("revisions");   // "-" = no annotation
    QTest::addColumn<qint64>("expectedLast");
    QTest::addColumn<qint64>("expectedMax");
    QTest::newRow("no replica sets") << QStringList{} << qint64(0) << qint64(0);
    QTest::newRow("one revision") << QStringList{"1"} << qint64(0) << qint64(1);
    QTest::newRow("second largest") << QStringList{"1", "3", "2"} << qint64(2) << qint64(3);
    QTest::newRow("order does not matter") << QStringList{"3", "1", "2"} << qint64(2) << qint64(3);
    QTest::newRow("a duplicate of the max pushes it down") << QStringList{"3", "3"} << qint64(3) << qint64(3);
    QTest::newRow("missing annotation counts as 0") << QStringList{"-", "4"} << qint64(0) << qint64(4);
    QTest::newRow("unparsable revisions are skipped") << QStringList{"x", "2", "5"} << qint64(2) << qint64(5);
}

void TestDeploymentUtil::testLastRevision()
{
    QFETCH(QStringList, revisions);
    QFETCH(qint64, expectedLast);
    QFETCH(qint64, expectedMax);
    QList<ReplicaSetPtr> rss;
    for (int i = 0; i < revisions.size(); ++i)
        rss.append(withRevision(QStringLiteral("rs-%1").arg(i), revisions[i]));
    QCOMPARE(du::LastRevision(rss), expectedLast);
    QCOMPARE(du::MaxRevision(rss), expectedMax);
}

void TestDeploymentUtil::testFindActiveOrLatest_data()
{
    QTest::addColumn<int>("newReplicas");       // -1: no new RS
    QTest::addColumn<QList<int>>("oldReplicas");   // old-0 oldest
    QTest::addColumn<QString>("expected");
    QTest::newRow("nothing at all") << -1 << QList<int>{} << "nil";
    QTest::newRow("none active: the new RS") << 0 << QList<int>{0, 0} << "new";
    QTest::newRow("none active, no new RS: the newest old RS") << -1 << QList<int>{0, 0, 0} << "old-2";
    QTest::newRow("exactly one active old RS") << 0 << QList<int>{0, 3} << "old-1";
    QTest::newRow("exactly one active: the new RS") << 2 << QList<int>{0} << "new";
    QTest::newRow("several active: none") << 2 << QList<int>{1} << "nil";
}

void TestDeploymentUtil::testFindActiveOrLatest()
{
    QFETCH(int, newReplicas);
    QFETCH(QList<int>, oldReplicas);
    QFETCH(QString, expected);
    std::shared_ptr<ReplicaSet> newRS;
    if (newReplicas >= 0) {
        newRS = withRevision(QStringLiteral("new"), QStringLiteral("-"), 100'000);
        newRS->spec.replicas = newReplicas;
    }
    QList<ReplicaSetPtr> old;
    for (int i = 0; i < oldReplicas.size(); ++i) {
        auto rs = withRevision(QStringLiteral("old-%1").arg(i), QStringLiteral("-"), 1000 * i);
        rs->spec.replicas = oldReplicas[i];
        old.append(rs);
    }
    const ReplicaSetPtr got = du::FindActiveOrLatest(newRS, old);
    QCOMPARE(got ? got->metadata.name : QStringLiteral("nil"), expected);
}

void TestDeploymentUtil::testReplicaSetsByRevision_data()
{
    QTest::addColumn<QStringList>("revisions");   // of foo-1 … foo-n, created in that order
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("revision order: rs1 < rs2") << QStringList{"1", "2"} << QStringList{"foo-1", "foo-2"};
    QTest::newRow("revision order: rs2 < rs1") << QStringList{"2", "1"} << QStringList{"foo-2", "foo-1"};
    QTest::newRow("missing revision sorts first (0)") << QStringList{"1", "-"} << QStringList{"foo-2", "foo-1"};
    QTest::newRow("equal revisions: by creation") << QStringList{"3", "3"} << QStringList{"foo-1", "foo-2"};
    QTest::newRow("unparsable: by creation") << QStringList{"9", "x"} << QStringList{"foo-1", "foo-2"};
    QTest::newRow("rs2 < rs4 < rs1 < rs3") << QStringList{"3", "1", "4", "2"} << QStringList{"foo-2", "foo-4", "foo-1", "foo-3"};
}

void TestDeploymentUtil::testReplicaSetsByRevision()
{
    QFETCH(QStringList, revisions);
    QFETCH(QStringList, expected);
    QList<ReplicaSetPtr> rss;
    for (int i = 0; i < revisions.size(); ++i)
        rss.append(withRevision(QStringLiteral("foo-%1").arg(i + 1), revisions[i], 60'000 * i));
    std::stable_sort(rss.begin(), rss.end(), du::ReplicaSetsByRevision);
    QCOMPARE(names(rss), expected);
}

// --- ComputeHash ----------------------------------------------------------------------------

void TestDeploymentUtil::testComputeHashDeterministic()
{
    const Deployment d = generateDeployment(QStringLiteral("nginx"));
    const QString h = controller::ComputeHash(d.spec.template_, std::nullopt);
    QCOMPARE(controller::ComputeHash(d.spec.template_, std::nullopt), h);
    PodTemplateSpec copy = d.spec.template_;
    QCOMPARE(controller::ComputeHash(copy, std::nullopt), h);
    // Label insertion order cannot matter (keys are serialised sorted).
    PodTemplateSpec a, b;
    a.metadata.labels.insert(QStringLiteral("x"), QStringLiteral("1"));
    a.metadata.labels.insert(QStringLiteral("a"), QStringLiteral("2"));
    b.metadata.labels.insert(QStringLiteral("a"), QStringLiteral("2"));
    b.metadata.labels.insert(QStringLiteral("x"), QStringLiteral("1"));
    QCOMPARE(controller::ComputeHash(a, 3), controller::ComputeHash(b, 3));
}

void TestDeploymentUtil::testComputeHashSensitivity_data()
{
    QTest::addColumn<QString>("change");
    QTest::newRow("image") << "image";
    QTest::newRow("a label") << "label";
    QTest::newRow("a template annotation (kubectl rollout restart)") << "annotation";
    QTest::newRow("collisionCount nil -> 0") << "collision0";
    QTest::newRow("collisionCount 0 -> 1") << "collision1";
}

void TestDeploymentUtil::testComputeHashSensitivity()
{
    QFETCH(QString, change);
    const Deployment d = generateDeployment(QStringLiteral("nginx"));
    PodTemplateSpec t = d.spec.template_;
    std::optional<int> baseCount, count;
    if (change == QLatin1String("image"))
        t.spec.containers[0].image = QStringLiteral("nginx:1.25");
    else if (change == QLatin1String("label"))
        t.metadata.labels.insert(QStringLiteral("tier"), QStringLiteral("web"));
    else if (change == QLatin1String("annotation"))
        t.metadata.annotations.insert(QStringLiteral("kubectl.kubernetes.io/restartedAt"), QStringLiteral("2026-01-01T00:00:00Z"));
    else if (change == QLatin1String("collision0"))
        count = 0;
    else {
        baseCount = 0;
        count = 1;
    }
    QVERIFY(controller::ComputeHash(d.spec.template_, baseCount) != controller::ComputeHash(t, count));
}

void TestDeploymentUtil::testComputeHashAlphabetAndLength()
{
    const QString alphabet = QStringLiteral("bcdfghjklmnpqrstvwxz2456789");
    const QString digits = QStringLiteral("456789bcdf");   // what 0-9 map to
    Deployment d = generateDeployment(QStringLiteral("nginx"));
    QSet<QString> seen;
    for (int i = 0; i < 200; ++i) {
        d.spec.template_.spec.containers[0].image = QStringLiteral("nginx:1.%1").arg(i);
        const QString h = controller::ComputeHash(d.spec.template_, i % 3 == 0 ? std::optional<int>(i) : std::nullopt);
        QVERIFY2(h.size() >= 1 && h.size() <= 10, qPrintable(h));
        for (const QChar c : h) {
            QVERIFY2(alphabet.contains(c), qPrintable(h));
            QVERIFY2(digits.contains(c), qPrintable(h));   // only digit images occur
        }
        seen.insert(h);
    }
    QCOMPARE(seen.size(), 200);   // no collision among 200 templates
}

void TestDeploymentUtil::testSafeEncodeString_data()
{
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::newRow("digits") << "0123456789" << "456789bcdf";
    QTest::newRow("a sum") << "3405691582" << "7849bf59d6";
}

void TestDeploymentUtil::testSafeEncodeString()
{
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(controller::SafeEncodeString(in), out);
}

QTEST_GUILESS_MAIN(TestDeploymentUtil)
#include "tst_deploymentutil.moc"
