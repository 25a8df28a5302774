// Namespace termination: the API server's namespace Delete (deletionTimestamp, Terminating,
// the "kubernetes" finalizer kept), namespaces/finalize, and the namespace controller deleting a
// terminating namespace's content (pods through their kubelets), its status conditions, and
// the finalize that removes the namespace. Upstream: registry/core/namespace/storage,
// pkg/controller/namespace.
#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/namespace.h"
#include "core/api/pod.h"
#include "core/apiserver/strategy.h"
#include "core/controller/namespace/namespaceconditionupdater.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"

#include <QJsonArray>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;

namespace {
const QString kProd = QStringLiteral("prod");

ResourceType rt(Kind k)
{
    return resources::byKind(k);
}

std::shared_ptr<Namespace> makeNamespace(const QString &name)
{
    auto ns = std::make_shared<Namespace>();
    ns->metadata.name = name;
    return ns;
}

int count(Simulation &sim, Kind k, const QString &ns)
{
    return int(sim.api().list(rt(k), ns).value.items.size());
}

std::shared_ptr<const Namespace> getNs(Simulation &sim, const QString &name)
{
    return sim.api().getAs<Namespace>(QString(), name);
}

QJsonObject conditionOf(const Namespace &ns, const QString &type)
{
    for (const QJsonValue &v : ns.status.extra.value(QLatin1String("conditions")).toArray())
        if (v.toObject().value(QLatin1String("type")).toString() == type)
            return v.toObject();
    return {};
}
} // namespace

class TestNamespaceController : public QObject
{
    Q_OBJECT

private slots:
    // namespaceStrategy.PrepareForCreate: Active, and "kubernetes" appended to the finalizers.
    void createdWithTheKubernetesFinalizer_data()
    {
        QTest::addColumn<QStringList>("given");
        QTest::addColumn<QStringList>("stored");
        QTest::newRow("none given") << QStringList{} << QStringList{QStringLiteral("kubernetes")};
        QTest::newRow("another given") << QStringList{QStringLiteral("example.com/x")}
                                       << QStringList{QStringLiteral("example.com/x"), QStringLiteral("kubernetes")};
        QTest::newRow("already there") << QStringList{QStringLiteral("kubernetes")} << QStringList{QStringLiteral("kubernetes")};
    }
    void createdWithTheKubernetesFinalizer()
    {
        QFETCH(QStringList, given);
        QFETCH(QStringList, stored);
        Simulation sim;
        auto ns = makeNamespace(kProd);
        ns->spec.finalizers = given;
        ns->status.phase = QStringLiteral("Terminating");   // a request cannot set it
        QVERIFY(sim.api().create(ns).ok());
        const auto got = getNs(sim, kProd);
        QCOMPARE(got->spec.finalizers, stored);
        QCOMPARE(got->status.phase, QStringLiteral("Active"));
    }

    // The first delete only starts termination; a second one changes nothing while the
    // finalizer stays; an update of the main resource cannot drop it; finalize can, and that
    // removes the namespace.
    void deleteStartsTerminationAndFinalizeEndsIt()
    {
        SimulationConfig c;
        c.controllers = {QStringLiteral("deployment")};   // no namespace controller: finalized by hand
        Simulation sim(c);
        QVERIFY(sim.api().create(makeNamespace(kProd)).ok());
        sim.advance(10'000);
        const qint64 at = sim.clock().now();
        const auto first = sim.api().remove(rt(Kind::Namespace), QString(), kProd);
        QVERIFY(first.ok());
        auto ns = getNs(sim, kProd);
        QVERIFY(ns);
        QCOMPARE(ns->metadata.deletionTimestamp, at / 1000 * 1000);
        QCOMPARE(ns->status.phase, QStringLiteral("Terminating"));
        QCOMPARE(ns->spec.finalizers, QStringList{QStringLiteral("kubernetes")});
        const QString rv = ns->metadata.resourceVersion;
        QVERIFY(sim.api().remove(rt(Kind::Namespace), QString(), kProd).ok());
        QCOMPARE(getNs(sim, kProd)->metadata.resourceVersion, rv);   // nothing written

        // Creates in it are forbidden now (NamespaceLifecycle).
        auto late = test::makePod(QStringLiteral("late"));
        late->metadata.namespace_ = kProd;
        const auto created = sim.api().create(rt(Kind::Pod), kProd, late);
        QVERIFY(!created.ok());
        QCOMPARE(created.error->code, 403);

        // A plain update keeps spec.finalizers; a status update does not remove it either.
        auto edit = std::static_pointer_cast<Namespace>(ns->clone());
        edit->spec.finalizers.clear();
        edit->metadata.labels.insert(QStringLiteral("team"), QStringLiteral("a"));
        QVERIFY(sim.api().update(edit).ok());
        QCOMPARE(getNs(sim, kProd)->spec.finalizers, QStringList{QStringLiteral("kubernetes")});
        auto status = std::static_pointer_cast<Namespace>(getNs(sim, kProd)->clone());
        QVERIFY(sim.api().updateStatus(status).ok());
        QVERIFY(getNs(sim, kProd));

        // finalize with an invalid finalizer name: 422, nothing changes.
        WriteOptions finalize;
        finalize.subresource = QStringLiteral("finalize");
        auto bad = std::static_pointer_cast<Namespace>(getNs(sim, kProd)->clone());
        bad->spec.finalizers = {QStringLiteral("not a name")};
        const auto rejected = sim.api().update(rt(Kind::Namespace), QString(), bad, finalize);
        QVERIFY(!rejected.ok());
        QCOMPARE(rejected.error->code, 422);
        QVERIFY2(rejected.error->message.contains(QLatin1String("spec.finalizers[0]")), qPrintable(rejected.error->message));

        auto done = std::static_pointer_cast<Namespace>(getNs(sim, kProd)->clone());
        done->spec.finalizers.clear();
        QVERIFY(sim.api().update(rt(Kind::Namespace), QString(), done, finalize).ok());
        QVERIFY(!getNs(sim, kProd));
    }

    // The namespace a create names is read again after every write to a namespace (the API
    // server keeps the last it read meanwhile): created, terminating, gone.
    void createFollowsItsNamespace()
    {
        test::ApiFixture f;
        const QString prod = QStringLiteral("prod");
        const auto podIn = [&](const QString &name) {
            auto p = test::makePod(name);
            p->metadata.namespace_ = prod;
            return f.api.create(p);
        };
        QCOMPARE(podIn(QStringLiteral("a")).error->code, 404);
        auto ns = std::make_shared<Namespace>();
        ns->metadata.name = prod;
        ns->metadata.finalizers = {QStringLiteral("example.com/hold")};
        QVERIFY(f.api.create(ns).ok());
        QVERIFY(podIn(QStringLiteral("b")).ok());
        QVERIFY(f.api.remove(f.rt(Kind::Namespace), QString(), prod).ok());   // held: terminating
        const auto refused = podIn(QStringLiteral("c"));
        QCOMPARE(refused.error->code, 403);
        QCOMPARE(refused.error->message,   // NamespaceLifecycle's words, with the name the create asked for
                 QStringLiteral("pods \"c\" is forbidden: unable to create new content in namespace prod because it is being terminated"));
        auto generated = test::makePod(QString());
        generated->metadata.generateName = QStringLiteral("web-");
        generated->metadata.namespace_ = prod;
        QCOMPARE(f.api.create(generated).error->message,   // no name yet: none quoted (apierrors.NewForbidden)
                 QStringLiteral("pods is forbidden: unable to create new content in namespace prod because it is being terminated"));
        auto held = f.api.get(f.rt(Kind::Namespace), QString(), prod).value->clone();
        held->metadata.finalizers.clear();
        QVERIFY(f.api.update(held).ok());   // the metadata finalizer gone; spec.finalizers [kubernetes] still hold it
        QVERIFY(f.api.get(f.rt(Kind::Namespace), QString(), prod).ok());
        auto finalized = std::static_pointer_cast<Namespace>(f.api.get(f.rt(Kind::Namespace), QString(), prod).value->clone());
        finalized->spec.finalizers.clear();
        WriteOptions finalize;
        finalize.subresource = QStringLiteral("finalize");
        QVERIFY(f.api.update(f.rt(Kind::Namespace), QString(), finalized, finalize).ok());   // the namespace controller's step: deleted
        QVERIFY(!f.api.get(f.rt(Kind::Namespace), QString(), prod).ok());
        QCOMPARE(podIn(QStringLiteral("d")).error->message, QStringLiteral("namespaces \"prod\" not found"));
    }

    // The immortal namespaces stay; a namespace whose other finalizer remains after the
    // controller's is gone stays Terminating until that one goes too.
    void finalizeKeepsOtherFinalizers()
    {
        Simulation sim;
        auto ns = makeNamespace(kProd);
        ns->spec.finalizers = {QStringLiteral("example.com/x")};
        QVERIFY(sim.api().create(ns).ok());
        QVERIFY(!sim.api().remove(rt(Kind::Namespace), QString(), QStringLiteral("default")).ok());
        QVERIFY(sim.api().remove(rt(Kind::Namespace), QString(), kProd).ok());
        sim.advance(60'000);
        const auto left = getNs(sim, kProd);
        QVERIFY(left);
        QCOMPARE(left->spec.finalizers, QStringList{QStringLiteral("example.com/x")});
        QCOMPARE(left->status.phase, QStringLiteral("Terminating"));
    }

    // The whole loop: a Deployment's pods running in prod; `kubectl delete ns prod`; 5 s later
    // the controller deletes everything, waits for the pods (grace 30 s: again after 16 s), then
    // finalizes and the namespace is gone. The conditions say what remained on the way.
    void controllerDeletesTheContentThenTheNamespace()
    {
        Simulation sim;
        QVERIFY(sim.api().create(makeNamespace(kProd)).ok());
        auto d = test::makeDeployment(QStringLiteral("web"), 2);
        d->metadata.namespace_ = kProd;
        QVERIFY(sim.api().create(rt(Kind::Deployment), kProd, d).ok());
        sim.runUntilIdle();
        QCOMPARE(count(sim, Kind::Pod, kProd), 2);
        QVERIFY(count(sim, Kind::Event, kProd) > 0);
        const auto web = test::makeDeployment(QStringLiteral("web"), 1);   // the same name in default, untouched
        QVERIFY(sim.api().create(web).ok());
        sim.runUntilIdle();

        QVERIFY(sim.api().remove(rt(Kind::Namespace), QString(), kProd).ok());
        sim.advance(4'000);   // within namespaceDeletionGracePeriod: nothing deleted yet
        QCOMPARE(count(sim, Kind::Pod, kProd), 2);
        QCOMPARE(count(sim, Kind::Deployment, kProd), 1);
        sim.advance(2'000);   // the controller's first pass
        QCOMPARE(count(sim, Kind::Deployment, kProd), 0);
        QCOMPARE(count(sim, Kind::ReplicaSet, kProd), 0);
        auto ns = getNs(sim, kProd);
        QVERIFY(ns);
        // The pods were Terminating when it looked: content remained, with no finalizer on it.
        const QJsonObject remaining = conditionOf(*ns, QStringLiteral("NamespaceContentRemaining"));
        QCOMPARE(remaining.value(QLatin1String("status")).toString(), QStringLiteral("True"));
        QCOMPARE(remaining.value(QLatin1String("reason")).toString(), QStringLiteral("SomeResourcesRemain"));
        QCOMPARE(remaining.value(QLatin1String("message")).toString(),
                 QStringLiteral("Some resources are remaining: pods. has 2 resource instances"));
        QCOMPARE(conditionOf(*ns, QStringLiteral("NamespaceDeletionContentFailure")).value(QLatin1String("reason")).toString(),
                 QStringLiteral("ContentDeleted"));
        QCOMPARE(conditionOf(*ns, QStringLiteral("NamespaceFinalizersRemaining")).value(QLatin1String("status")).toString(),
                 QStringLiteral("False"));

        sim.advance(30'000);   // the kubelets stopped the pods; the next pass (16 s on) finalized
        QCOMPARE(count(sim, Kind::Pod, kProd), 0);
        QVERIFY(!getNs(sim, kProd));
        QCOMPARE(count(sim, Kind::Event, kProd), 0);
        QCOMPARE(count(sim, Kind::Deployment, QStringLiteral("default")), 1);   // another namespace's content stays
        QCOMPARE(count(sim, Kind::Pod, QStringLiteral("default")), 1);
        // The controller's key waited in its queue and its syncs are in the trace.
        bool synced = false;
        for (const TraceEvent &t : sim.trace().since(0))
            synced = synced || (t.component == QLatin1String("namespace-controller") && t.text.contains(QLatin1String("finalized namespace prod")));
        QVERIFY(synced);
    }

    // status_condition_utils: a condition keeps its lastTransitionTime while its status stays,
    // other condition types stay first, and an unchanged set is no change.
    void conditionUpdater()
    {
        Namespace ns;
        ns.status.extra.insert(QStringLiteral("conditions"),
                               QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("Custom")}, {QStringLiteral("status"), QStringLiteral("True")}}});
        controller::NamespaceContentTotals left;
        left.resourceToNumRemaining[QStringLiteral("replicasets.apps")] = 1;
        left.resourceToNumRemaining[QStringLiteral("pods.")] = 3;
        left.finalizersToNumRemaining[QStringLiteral("foregroundDeletion")] = 1;
        controller::NamespaceConditionUpdater u1;
        u1.processContentTotals(left, 10'000);
        QVERIFY(u1.update(ns, 10'000));
        const QJsonArray first = ns.status.extra.value(QLatin1String("conditions")).toArray();
        QCOMPARE(first.size(), 6);
        QCOMPARE(first[0].toObject().value(QLatin1String("type")).toString(), QStringLiteral("Custom"));
        QCOMPARE(conditionOf(ns, QStringLiteral("NamespaceContentRemaining")).value(QLatin1String("message")).toString(),
                 QStringLiteral("Some resources are remaining: pods. has 3 resource instances, replicasets.apps has 1 resource instances"));
        QCOMPARE(conditionOf(ns, QStringLiteral("NamespaceFinalizersRemaining")).value(QLatin1String("message")).toString(),
                 QStringLiteral("Some content in the namespace has finalizers remaining: foregroundDeletion in 1 resource instances"));
        QVERIFY(!u1.update(ns, 20'000));   // the same again: no change, times kept
        controller::NamespaceConditionUpdater u2;   // everything gone
        u2.processContentTotals({}, 30'000);
        QVERIFY(u2.update(ns, 30'000));
        const QJsonObject removed = conditionOf(ns, QStringLiteral("NamespaceContentRemaining"));
        QCOMPARE(removed.value(QLatin1String("status")).toString(), QStringLiteral("False"));
        QCOMPARE(removed.value(QLatin1String("reason")).toString(), QStringLiteral("ContentRemoved"));
        QCOMPARE(removed.value(QLatin1String("lastTransitionTime")).toString(), formatTime(30'000));
        const QJsonObject discovered = conditionOf(ns, QStringLiteral("NamespaceDeletionDiscoveryFailure"));
        QCOMPARE(discovered.value(QLatin1String("lastTransitionTime")).toString(), formatTime(10'000));   // status unchanged: kept
    }
};

QTEST_GUILESS_MAIN(TestNamespaceController)
#include "tst_namespacecontroller.moc"
