// Seeded objects are not reconciled before the first step (issue #18 item 2; design.md §5:
// `objects:` are "stored as given before step 1" and `sync` is "exactly one reconcile of that
// key, now"). The issue's case: an old ReplicaSet at 10 (all available) under a Deployment whose
// template changed, maxSurge 0 / maxUnavailable 1. One sync of the Deployment creates the new
// ReplicaSet at 0 and scales the old one to 9, then stops (rolloutRolling: the new RS cannot
// surge; reconcileOldReplicaSets may take one down). Before the fix the runner reconciled once
// on its own, so the sync step was the second reconcile and the new RS was already at 1.
#include "core/api/deployment.h"
#include "core/api/replicaset.h"
#include "core/sim/scenario.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;

namespace {
const QByteArray kScenario = R"(apiVersion: rlab.dev/v1alpha1
kind: Scenario
metadata: {name: seeded-sync}
spec:
  seed: 42
  controllers: [deployment, replicaset, scheduler, kubelet, garbagecollector]
  objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: default, uid: d-1, generation: 2, annotations: {deployment.kubernetes.io/revision: "1"}}
    spec:
      replicas: 10
      selector: {matchLabels: {app: web}}
      strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 0, maxUnavailable: 1}}
      template:
        metadata: {labels: {app: web}}
        spec: {containers: [{name: web, image: "nginx:1.26"}]}
    status: {observedGeneration: 1, replicas: 10, updatedReplicas: 0, readyReplicas: 10, availableReplicas: 10}
  - apiVersion: apps/v1
    kind: ReplicaSet
    metadata:
      name: web-old
      namespace: default
      labels: {app: web, pod-template-hash: old}
      annotations: {deployment.kubernetes.io/revision: "1", deployment.kubernetes.io/desired-replicas: "10", deployment.kubernetes.io/max-replicas: "10"}
      ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: web, uid: d-1, controller: true, blockOwnerDeletion: true}]
    spec:
      replicas: 10
      selector: {matchLabels: {app: web, pod-template-hash: old}}
      template:
        metadata: {labels: {app: web, pod-template-hash: old}}
        spec: {containers: [{name: web, image: "nginx:1.25"}]}
    status: {replicas: 10, fullyLabeledReplicas: 10, readyReplicas: 10, availableReplicas: 10, observedGeneration: 1}
  steps:
  - sync: {controller: deployment, key: default/web}
)";
} // namespace

class TestScenarioSeed : public QObject
{
    Q_OBJECT

private slots:
    void firstSyncIsTheFirstReconcile()
    {
        QStringList errors;
        const std::optional<Scenario> s = Scenario::parse(kScenario, QStringLiteral("seeded.yaml"), &errors);
        QVERIFY2(s, qPrintable(errors.join(QLatin1Char('\n'))));
        ScenarioRunner runner(*s);
        QCOMPARE(runner.run(), ScenarioRunner::Outcome::Passed);
        Simulation &sim = runner.simulation();
        const auto rsList = sim.api().list(apiserver::resources::byKind(Kind::ReplicaSet), QStringLiteral("default")).value.items;
        QCOMPARE(rsList.size(), 2);   // the new ReplicaSet exists…
        int oldReplicas = -1, newReplicas = -1;
        for (const ObjectPtr &o : rsList) {
            const auto rs = objectCast<ReplicaSet>(o);
            (rs->metadata.name == QLatin1String("web-old") ? oldReplicas : newReplicas) = rs->replicas();
        }
        QCOMPARE(oldReplicas, 9);   // …the old one gave up one replica…
        QCOMPARE(newReplicas, 0);   // …and the new one has not surged
        // Nothing else acted: no pods were created or deleted by the ReplicaSet controller.
        QCOMPARE(sim.api().list(apiserver::resources::byKind(Kind::Pod), QStringLiteral("default")).value.items.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestScenarioSeed)
#include "tst_scenarioseed.moc"
