// The registry strategies' PrepareForUpdate rules (issue #18 item 3), per kind, against
// pkg/registry/*/strategy.go: which updates bump metadata.generation (a Deployment's spec *or
// annotations*; a ReplicaSet's, StatefulSet's, Job's… spec only; never a Pod, Service or
// ConfigMap at v1.31) and what the status subresource keeps (a Deployment's labels; a Pod's
// ownerReferences). `statusUpdates` is upstream's deployment TestStatusUpdates, extended to
// the other kinds; the end-to-end row is `kubectl annotate deploy web
// kubernetes.io/change-cause=v2`: generation 3 -> 4, then the controller's observedGeneration 4.
#include "core/api/codec.h"
#include "core/api/genericobject.h"
#include "core/apiserver/featuregate.h"
#include "core/apiserver/strategy.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"

#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;

namespace {
MutableObjectPtr makeObject(const QString &kind)
{
    if (kind == QLatin1String("Deployment"))
        return test::makeDeployment(QStringLiteral("web"));
    if (kind == QLatin1String("ReplicaSet"))
        return test::makeReplicaSet(QStringLiteral("web"));
    if (kind == QLatin1String("Pod"))
        return test::makePod(QStringLiteral("web"));
    if (kind == QLatin1String("Node"))
        return test::makeNode(QStringLiteral("web"));
    QJsonObject json;
    if (kind == QLatin1String("StatefulSet"))
        json = QJsonDocument::fromJson(R"({"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"web"},
            "spec":{"replicas":1,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},
            "spec":{"containers":[{"name":"web","image":"nginx"}]}}},"status":{"replicas":0}})").object();
    else if (kind == QLatin1String("Job"))
        json = QJsonDocument::fromJson(R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"web"},
            "spec":{"parallelism":1,"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"web","image":"busybox"}]}}}})").object();
    else if (kind == QLatin1String("Service"))
        json = QJsonDocument::fromJson(R"({"apiVersion":"v1","kind":"Service","metadata":{"name":"web"},
            "spec":{"ports":[{"port":80}],"selector":{"app":"web"}}})").object();
    else
        json = QJsonDocument::fromJson(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"web"},"data":{"a":"1"}})").object();
    return decodeObject(json).object;
}

// One edit of the kind the row names: "spec", "annotation+", "annotation~", "annotation-",
// "label", "status", "nothing".
void edit(Object &o, const QString &change)
{
    if (change == QLatin1String("annotation+"))
        o.metadata.annotations.insert(QStringLiteral("kubernetes.io/change-cause"), QStringLiteral("v2"));
    else if (change == QLatin1String("annotation~"))
        o.metadata.annotations.insert(QStringLiteral("team"), QStringLiteral("red"));
    else if (change == QLatin1String("annotation-"))
        o.metadata.annotations.remove(QStringLiteral("team"));
    else if (change == QLatin1String("label"))
        o.metadata.labels.insert(QStringLiteral("tier"), QStringLiteral("front"));
    else if (change == QLatin1String("spec")) {
        switch (o.kind()) {
        case Kind::Deployment: static_cast<Deployment &>(o).spec.replicas = 5; break;
        case Kind::ReplicaSet: static_cast<ReplicaSet &>(o).spec.replicas = 5; break;
        case Kind::Pod: static_cast<Pod &>(o).spec.containers[0].image = QStringLiteral("nginx:1.26"); break;
        case Kind::Node: static_cast<Node &>(o).spec.unschedulable = true; break;
        case Kind::Generic: {
            auto &g = static_cast<GenericObject &>(o);
            QJsonObject spec = g.content.value(QLatin1String("spec")).toObject();
            spec.insert(QStringLiteral("parallelism"), 2);
            g.content.insert(QStringLiteral("spec"), spec);
            break;
        }
        default: break;
        }
    } else if (change == QLatin1String("status")) {
        if (o.kind() == Kind::Deployment)
            static_cast<Deployment &>(o).status.replicas = 7;
        else if (o.kind() == Kind::Generic) {
            auto &g = static_cast<GenericObject &>(o);
            g.content.insert(QStringLiteral("status"), QJsonObject{{QStringLiteral("replicas"), 7}});
        }
    }
}
} // namespace

class TestStrategy : public QObject
{
    Q_OBJECT

private slots:
    void generationOnUpdate_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("change");
        QTest::addColumn<int>("created");    // generation after create
        QTest::addColumn<int>("after");      // after the update
        const QList<std::tuple<const char *, const char *, int, int>> rows{
            // deployment/strategy.go: spec or annotations
            {"Deployment", "spec", 1, 2},
            {"Deployment", "annotation+", 1, 2},
            {"Deployment", "annotation~", 1, 2},
            {"Deployment", "annotation-", 1, 2},
            {"Deployment", "label", 1, 1},
            {"Deployment", "status", 1, 1},
            {"Deployment", "nothing", 1, 1},
            // replicaset/strategy.go: spec only
            {"ReplicaSet", "spec", 1, 2},
            {"ReplicaSet", "annotation+", 1, 1},
            {"ReplicaSet", "label", 1, 1},
            // statefulset, job strategy.go: spec only (stored as given in the lab)
            {"StatefulSet", "spec", 1, 2},
            {"StatefulSet", "annotation+", 1, 1},
            {"StatefulSet", "status", 1, 1},
            {"Job", "spec", 1, 2},
            // pod (v1.31, before PodObservedGenerationTracking), node, service, configmap: none
            {"Pod", "annotation+", 0, 0},
            {"Pod", "spec", 0, 0},
            {"Node", "spec", 0, 0},
            {"Service", "spec", 0, 0},
            {"ConfigMap", "annotation+", 0, 0},
        };
        for (const auto &[kind, change, created, after] : rows)
            QTest::addRow("%s %s", kind, change) << QString::fromLatin1(kind) << QString::fromLatin1(change) << created << after;
    }
    void generationOnUpdate()
    {
        QFETCH(QString, kind);
        QFETCH(QString, change);
        QFETCH(int, created);
        QFETCH(int, after);
        test::ApiFixture f;
        MutableObjectPtr o = makeObject(kind);
        o->metadata.annotations.insert(QStringLiteral("team"), QStringLiteral("blue"));
        const Result<ObjectPtr> c = f.api.create(o);
        QVERIFY2(c.ok(), c.ok() ? "" : qPrintable(c.error->message));
        QCOMPARE(c.value->metadata.generation, created);
        MutableObjectPtr changed = c.value->clone();
        edit(*changed, change);
        const Result<ObjectPtr> u = f.api.update(changed);
        QVERIFY2(u.ok(), u.ok() ? "" : qPrintable(u.error->message));
        QCOMPARE(u.value->metadata.generation, after);
    }

    void mainResourceKeepsStoredStatus()
    {
        // statefulset strategy.go PrepareForUpdate: newStatefulSet.Status = oldStatefulSet.Status
        test::ApiFixture f;
        const Result<ObjectPtr> c = f.api.create(makeObject(QStringLiteral("StatefulSet")));
        QVERIFY(c.ok());
        MutableObjectPtr changed = c.value->clone();
        edit(*changed, QStringLiteral("status"));
        edit(*changed, QStringLiteral("label"));
        const Result<ObjectPtr> u = f.api.update(changed);
        QVERIFY(u.ok());
        const auto &g = static_cast<const GenericObject &>(*u.value);
        QCOMPARE(g.content.value(QLatin1String("status")), static_cast<const GenericObject &>(*c.value).content.value(QLatin1String("status")));
        QCOMPARE(g.metadata.labels.value(QStringLiteral("tier")), QStringLiteral("front"));
    }

    // Upstream TestStatusUpdates (deployment) plus the same edits on the other kinds' status
    // strategies, which keep spec but let labels and annotations through.
    void statusUpdates_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("change");
        QTest::addColumn<bool>("kept");   // the sneaky edit survives the status update
        QTest::newRow("deployment: sneaky label reverted") << "Deployment" << "label" << false;
        QTest::newRow("deployment: sneaky annotation kept") << "Deployment" << "annotation+" << true;
        QTest::newRow("deployment: spec reverted") << "Deployment" << "spec" << false;
        QTest::newRow("replicaset: label kept") << "ReplicaSet" << "label" << true;
        QTest::newRow("replicaset: spec reverted") << "ReplicaSet" << "spec" << false;
        QTest::newRow("pod: label kept") << "Pod" << "label" << true;
        QTest::newRow("node: label kept") << "Node" << "label" << true;
        QTest::newRow("node: spec reverted") << "Node" << "spec" << false;
    }
    void statusUpdates()
    {
        QFETCH(QString, kind);
        QFETCH(QString, change);
        QFETCH(bool, kept);
        MutableObjectPtr old = makeObject(kind);
        old->metadata.labels.insert(QStringLiteral("test"), QStringLiteral("label"));
        old->metadata.annotations.insert(QStringLiteral("test"), QStringLiteral("annotation"));
        old->metadata.generation = 3;
        MutableObjectPtr obj = old->clone();
        edit(*obj, change);
        MutableObjectPtr expected = kept ? obj->clone() : old->clone();
        strategy::prepareForStatusUpdate(*obj, *old);
        QCOMPARE(obj->toJson(), expected->toJson());
    }

    void podStatusKeepsOwnerReferencesAndQos()
    {
        auto old = test::makePod(QStringLiteral("p"));
        old->metadata.ownerReferences.append(OwnerReference{QStringLiteral("apps/v1"), QStringLiteral("ReplicaSet"),
                                                            QStringLiteral("web-1"), QStringLiteral("uid-1"), true, true});
        old->status.qosClass = QStringLiteral("BestEffort");
        auto obj = std::static_pointer_cast<Pod>(old->clone());
        obj->metadata.ownerReferences.clear();   // what an old kubelet did
        obj->status.qosClass.clear();
        obj->status.phase = QStringLiteral("Running");
        strategy::prepareForStatusUpdate(*obj, *old);
        QCOMPARE(obj->metadata.ownerReferences.size(), 1);
        QCOMPARE(obj->status.qosClass, QStringLiteral("BestEffort"));
        QCOMPARE(obj->status.phase, QStringLiteral("Running"));
    }

    // kubectl annotate deploy web kubernetes.io/change-cause=v2 (a merge patch of metadata):
    // generation 3 -> 4, and the deployment controller then reports observedGeneration 4.
    void annotateBumpsGenerationAndControllerObservesIt()
    {
        Simulation sim;
        QVERIFY(sim.api().create(test::makeDeployment(QStringLiteral("web"), 1)).ok());
        sim.runUntilIdle();
        const ResourceType rt = resources::byKind(Kind::Deployment);
        for (int replicas : {2, 3}) {   // two scales: generation 3
            const auto p = sim.api().patch(rt, QStringLiteral("default"), QStringLiteral("web"), PatchType::Merge,
                                           QByteArray(R"({"spec":{"replicas":)") + QByteArray::number(replicas) + "}}");
            QVERIFY(p.ok());
            sim.runUntilIdle();
        }
        QCOMPARE(sim.api().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"))->metadata.generation, 3);
        const auto a = sim.api().patch(rt, QStringLiteral("default"), QStringLiteral("web"), PatchType::Merge,
                                       R"({"metadata":{"annotations":{"kubernetes.io/change-cause":"v2"}}})");
        QVERIFY2(a.ok(), a.ok() ? "" : qPrintable(a.error->message));
        QCOMPARE(a.value->metadata.generation, 4);
        QCOMPARE(objectCast<Deployment>(a.value)->status.observedGeneration, 3);
        sim.runUntilIdle();
        const auto d = sim.api().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"));
        QCOMPARE(d->metadata.generation, 4);
        QCOMPARE(d->status.observedGeneration, 4);
    }

    // Issue #18 item 4: the version the lab reports decides the fields it serves. At v1.31
    // status.terminatingReplicas does not exist (1.33 alpha, 1.35 beta): the controllers do
    // not write it, a client that sends it sees it dropped, and no served JSON carries it.
    void servedVersionDecidesTerminatingReplicas()
    {
        const KubeVersion v = KubeVersion::served();
        QCOMPARE(v.gitVersion(), QStringLiteral("v1.31.0"));
        QVERIFY(!FeatureGate::enabled(FeatureGate::DeploymentReplicaSetTerminatingReplicas, v));
        QVERIFY(!FeatureGate::enabled(FeatureGate::DeploymentReplicaSetTerminatingReplicas, KubeVersion{1, 33, 0}));
        QVERIFY(FeatureGate::enabled(FeatureGate::DeploymentReplicaSetTerminatingReplicas, KubeVersion{1, 35, 0}));

        Simulation sim;
        QVERIFY(sim.api().create(test::makeDeployment(QStringLiteral("web"), 3)).ok());
        sim.runUntilIdle();
        const auto d = sim.api().getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"));
        QCOMPARE(d->status.availableReplicas, 3);
        QCOMPARE(d->status.terminatingReplicas, std::nullopt);
        QVERIFY(!d->toJson().value(QLatin1String("status")).toObject().contains(QLatin1String("terminatingReplicas")));
        const auto rss = sim.api().list(resources::byKind(Kind::ReplicaSet), QStringLiteral("default")).value.items;
        QCOMPARE(rss.size(), qsizetype(1));
        const auto rs = objectCast<ReplicaSet>(rss.front());
        QCOMPARE(rs->status.terminatingReplicas, std::nullopt);
        QVERIFY(!rs->toJson().value(QLatin1String("status")).toObject().contains(QLatin1String("terminatingReplicas")));

        // A status update that sends the field: dropped (the 1.31 decoder does not know it).
        auto copy = std::make_shared<ReplicaSet>(*rs);
        copy->status.terminatingReplicas = 5;
        const auto u = sim.api().updateStatus(copy);
        QVERIFY2(u.ok(), u.ok() ? "" : qPrintable(u.error->message));
        QCOMPARE(objectCast<ReplicaSet>(u.value)->status.terminatingReplicas, std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestStrategy)
#include "tst_strategy.moc"
