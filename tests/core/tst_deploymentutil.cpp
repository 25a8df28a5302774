// SPDX-License-Identifier: Apache-2.0
// The Deployment controller's pure arithmetic and predicates: every row of upstream's
// pkg/controller/deployment/util/deployment_util_test.go tables, plus revision history,
// proportions and ComputeHash properties.
#include "core/client/threadsafestore.h"
#include "core/controller/deployment/computehash.h"
#include "core/controller/deployment/deploymentutil.h"

#include <QSet>
#include <QTest>

#include <cmath>

using namespace rlab;
using namespace rlab::api;
using rlab::controller::ReplicaSetPtr;
namespace du = rlab::controller::deploymentutil;

namespace {

const QString kHash = du::DefaultDeploymentUniqueLabelKey;

// 2016-01-01T00:00:00Z + min:sec, like upstream's timeFn.
qint64 timeFn(int min, int sec)
{
    return 1451606400000LL + (min * 60 + sec) * 1000LL;
}

// generateDeployment(image): one container named after the image, label name=<image>.
Deployment generateDeployment(const QString &image)
{
    Deployment d;
    d.metadata.name = image;
    d.metadata.namespace_ = QStringLiteral("default");
    d.spec.replicas = 1;
    d.spec.strategy.type = QStringLiteral("RollingUpdate");
    const Labels podLabels{{QStringLiteral("name"), image}};
    LabelSelector s;
    s.matchLabels = podLabels;
    d.spec.selector = s;
    d.spec.template_.metadata.labels = podLabels;
    Container c;
    c.name = image;
    c.image = image;
    c.imagePullPolicy = QStringLiteral("Always");
    c.terminationMessagePath = QStringLiteral("/dev/termination-log");
    d.spec.template_.spec.containers = {c};
    d.spec.template_.spec.dnsPolicy = QStringLiteral("ClusterFirst");
    d.spec.template_.spec.terminationGracePeriodSeconds = 30;
    d.spec.template_.spec.restartPolicy = QStringLiteral("Always");
    return d;
}

// generateRS(deployment): the deployment's template, labels = template labels, spec 0.
std::shared_ptr<ReplicaSet> generateRS(const Deployment &d, const QString &name)
{
    auto rs = std::make_shared<ReplicaSet>();
    rs->metadata.name = name;
    rs->metadata.uid = QStringLiteral("uid-") + name;
    rs->metadata.namespace_ = d.metadata.namespace_;
    rs->metadata.labels = d.spec.template_.metadata.labels;
    rs->spec.replicas = 0;
    rs->spec.template_ = d.spec.template_;
    LabelSelector s;
    s.matchLabels = d.spec.template_.metadata.labels;
    rs->spec.selector = s;
    return rs;
}

PodTemplateSpec generatePodTemplateSpec(const QString &name, const QString &nodeName, const Labels &annotations,
                                        const Labels &labels)
{
    PodTemplateSpec t;
    t.metadata.name = name;
    t.metadata.annotations = annotations;
    t.metadata.labels = labels;
    t.spec.nodeName = nodeName;
    return t;
}

Deployment rollingDeployment(int replicas, std::optional<IntOrString> maxSurge, std::optional<IntOrString> maxUnavailable)
{
    Deployment d;
    d.spec.replicas = replicas;
    d.spec.strategy.type = QStringLiteral("RollingUpdate");
    RollingUpdateDeployment ru;
    ru.maxSurge = maxSurge;
    ru.maxUnavailable = maxUnavailable;
    d.spec.strategy.rollingUpdate = ru;
    return d;
}

IntOrString fromString(const QString &s)
{
    return IntOrString::fromString(s);
}

std::optional<IntOrString> optionalIntOrString(const QString &s)
{
    if (s == QLatin1String("nil"))
        return std::nullopt;
    bool isInt = false;
    const int v = s.toInt(&isInt);
    return isInt ? IntOrString::fromInt(v) : IntOrString::fromString(s);
}

Condition cond(const QString &text)   // "Type/Status/Reason"
{
    const QStringList p = text.split(QLatin1Char('/'));
    Condition c;
    c.type = p.value(0);
    c.status = p.value(1);
    c.reason = p.value(2);
    return c;
}

QStringList condStrings(const DeploymentStatus &s)
{
    QStringList out;
    for (const Condition &c : s.conditions)
        out << c.type + QLatin1Char('/') + c.status + QLatin1Char('/') + c.reason;
    return out;
}

std::shared_ptr<ReplicaSet> withRevision(const QString &name, const QString &revision, qint64 created = 0)
{
    auto rs = std::make_shared<ReplicaSet>();
    rs->metadata.name = name;
    rs->metadata.uid = name;
    rs->metadata.creationTimestamp = created;
    if (revision != QLatin1String("-"))
        rs->metadata.annotations.insert(du::RevisionAnnotation, revision);
    return rs;
}

QStringList names(const QList<ReplicaSetPtr> &rss)
{
    QStringList out;
    for (const ReplicaSetPtr &rs : rss)
        out << (rs ? rs->metadata.name : QStringLiteral("nil"));
    return out;
}

} // namespace

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
    void testGetReplicaCountForReplicaSets_data();
    void testGetReplicaCountForReplicaSets();
    void testResolveFenceposts_data();
    void testResolveFenceposts();
    void testNewRSNewReplicas_data();
    void testNewRSNewReplicas();
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
    void testMaxUnavailable_data();
    void testMaxUnavailable();
    void testMaxSurge_data();
    void testMaxSurge();
    void testMinAvailable_data();
    void testMinAvailable();
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
    void testGetReplicaSetFraction_data();
    void testGetReplicaSetFraction();
    void testGetProportion_data();
    void testGetProportion();
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

// --- TestGetReplicaCountForReplicaSets ------------------------------------------------------

void TestDeploymentUtil::testGetReplicaCountForReplicaSets_data()
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

void TestDeploymentUtil::testGetReplicaCountForReplicaSets()
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

void TestDeploymentUtil::testResolveFenceposts_data()
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

void TestDeploymentUtil::testResolveFenceposts()
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

void TestDeploymentUtil::testNewRSNewReplicas_data()
{
    QTest::addColumn<QString>("strategyType");
    QTest::addColumn<int>("depReplicas");
    QTest::addColumn<int>("newRSReplicas");
    QTest::addColumn<int>("maxSurge");
    QTest::addColumn<int>("expected");
    QTest::newRow("can not scale up - to newRSReplicas") << "RollingUpdate" << 1 << 5 << 1 << 5;
    QTest::newRow("scale up - to depReplicas") << "RollingUpdate" << 6 << 2 << 10 << 6;
    QTest::newRow("recreate - to depReplicas") << "Recreate" << 3 << 1 << 1 << 3;
}

void TestDeploymentUtil::testNewRSNewReplicas()
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

// --- Conditions -----------------------------------------------------------------------------

void TestDeploymentUtil::testGetCondition_data()
{
    QTest::addColumn<QString>("condType");
    QTest::addColumn<bool>("expected");
    QTest::newRow("condition exists") << "Available" << true;
    QTest::newRow("condition does not exist") << "ReplicaFailure" << false;
}

void TestDeploymentUtil::testGetCondition()
{
    QFETCH(QString, condType);
    QFETCH(bool, expected);
    DeploymentStatus status;
    status.conditions = {cond("Progressing/False/ForSomeReason"), cond("Available/True/AwesomeController")};
    QCOMPARE(du::GetDeploymentCondition(status, condType) != nullptr, expected);
}

void TestDeploymentUtil::testSetCondition_data()
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

void TestDeploymentUtil::testSetCondition()
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

void TestDeploymentUtil::testSetConditionKeepsTimes()
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

void TestDeploymentUtil::testRemoveCondition_data()
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

void TestDeploymentUtil::testRemoveCondition()
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

void TestDeploymentUtil::testDeploymentComplete_data()
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

void TestDeploymentUtil::testDeploymentComplete()
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

void TestDeploymentUtil::testDeploymentProgressing_data()
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

void TestDeploymentUtil::testDeploymentProgressing()
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

void TestDeploymentUtil::testDeploymentTimedOut_data()
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

void TestDeploymentUtil::testDeploymentTimedOut()
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

// --- TestMaxUnavailable / MaxSurge / TestMinAvailable ---------------------------------------

void TestDeploymentUtil::testMaxUnavailable_data()
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

void TestDeploymentUtil::testMaxUnavailable()
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

void TestDeploymentUtil::testMaxSurge_data()
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

void TestDeploymentUtil::testMaxSurge()
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

void TestDeploymentUtil::testMinAvailable_data()
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

void TestDeploymentUtil::testMinAvailable()
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

// --- Annotations ----------------------------------------------------------------------------

void TestDeploymentUtil::testGetNonNegativeInt32FromAnnotation_data()
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

void TestDeploymentUtil::testGetNonNegativeInt32FromAnnotation()
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

void TestDeploymentUtil::testAnnotationUtils()
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

void TestDeploymentUtil::testSetNewReplicaSetAnnotations_data()
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

void TestDeploymentUtil::testSetNewReplicaSetAnnotations()
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

void TestDeploymentUtil::testRevisionHistoryCap_data()
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

void TestDeploymentUtil::testRevisionHistoryCap()
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

void TestDeploymentUtil::testReplicasAnnotationsNeedUpdate_data()
{
    QTest::addColumn<Labels>("annotations");
    QTest::addColumn<bool>("expected");
    const QString desired = du::DesiredReplicasAnnotation, max = du::MaxReplicasAnnotation;
    QTest::newRow("test Annotations nil") << Labels{} << true;
    QTest::newRow("test desiredReplicas update") << Labels{{desired, "8"}, {max, "20"}} << true;
    QTest::newRow("test maxReplicas update") << Labels{{desired, "10"}, {max, "16"}} << true;
    QTest::newRow("test needn't update") << Labels{{desired, "10"}, {max, "20"}} << false;
}

void TestDeploymentUtil::testReplicasAnnotationsNeedUpdate()
{
    QFETCH(Labels, annotations);
    QFETCH(bool, expected);
    ReplicaSet rs;
    rs.metadata.name = QStringLiteral("hello");
    rs.metadata.namespace_ = QStringLiteral("test");
    rs.metadata.annotations = annotations;
    QCOMPARE(du::ReplicasAnnotationsNeedUpdate(rs, 10, 20), expected);
}

void TestDeploymentUtil::testGetDeploymentsForReplicaSet_data()
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

void TestDeploymentUtil::testGetDeploymentsForReplicaSet()
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
    for (const auto &d : du::GetDeploymentsForReplicaSet(client::Lister<Deployment>(&store), r, &error))
        got << d->metadata.name;
    QCOMPARE(got, expect);
    QCOMPARE(error, err);
}

// --- TestGetReplicaSetFraction / GetProportion ----------------------------------------------

void TestDeploymentUtil::testGetReplicaSetFraction_data()
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
    QTest::newRow("scale down with maxSurge by 1/6 should decrease RS replicas approximately by 1/6")
        << 100 << 0 << 10 << 50 << "130" << -8;
    // Rounding is half away from zero (integer.RoundToInt32 = math.Round), not to even.
    QTest::newRow("half rounds up: 1 * 3 / 2 = 1.5 -> 2") << 3 << 0 << 0 << 1 << "2" << 1;
    QTest::newRow("half rounds up: 5 * 5 / 2 = 12.5 -> 13") << 5 << 0 << 0 << 5 << "2" << 8;
    QTest::newRow("invalid annotation falls back to status.replicas") << 20 << 10 << 0 << 5 << "x" << 5;
}

void TestDeploymentUtil::testGetReplicaSetFraction()
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

void TestDeploymentUtil::testGetProportion_data()
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

void TestDeploymentUtil::testGetProportion()
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
