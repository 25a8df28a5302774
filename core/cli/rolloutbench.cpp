#include "core/cli/rolloutbench.h"

#include "core/api/deployment.h"
#include "core/cli/benchobjects.h"
#include "core/controller/controller.h"
#include "core/kubectl/rollout.h"
#include "core/sim/simulation.h"

#include <QElapsedTimer>


namespace rlab::cli {

using namespace rlab::api;

namespace {
using benchobjects::nameOf;
using benchobjects::processCpuS;
const auto benchDeployment = benchobjects::deployment;
} // namespace

RolloutBenchResult runRolloutBench(const RolloutBenchOptions &o)
{
    RolloutBenchResult r;
    SimulationConfig config;
    config.cluster.nodes = o.nodes;
    config.cluster.seed = 1;
    Simulation sim(config);
    const qint64 start = sim.clock().now();
    QElapsedTimer wall;
    wall.start();
    double cpu = processCpuS();
    for (int i = 0; i < o.deployments; ++i)
        sim.api().create(benchDeployment(nameOf(i), o.replicas));
    sim.runUntilIdle(600'000);
    r.createWallS = double(wall.nsecsElapsed()) / 1e9;
    r.createCpuS = processCpuS() - cpu;
    wall.restart();
    cpu = processCpuS();
    for (int i = 0; i < o.deployments; ++i)
        kubectl::rollout::setImage(sim.client(), QStringLiteral("default"), nameOf(i), QStringLiteral("app"), QStringLiteral("nginx:1.26"));
    sim.runUntilIdle(1'200'000);
    r.rolloutWallS = double(wall.nsecsElapsed()) / 1e9;
    r.rolloutCpuS = processCpuS() - cpu;
    r.revision = sim.api().currentRevision();
    r.traceEvents = sim.trace().lastSeq();
    r.virtualMs = sim.clock().now() - start;
    for (controller::Controller *c : sim.controllers()) {
        const QString name = c->name().startsWith(QLatin1String("kubelet/")) ? QStringLiteral("kubelet") : c->name();
        r.syncs.insert(name, r.syncs.value(name).toInteger() + c->syncs());
    }
    r.complete = true;
    for (int i = 0; i < o.deployments; ++i) {
        const auto d = sim.api().getAs<Deployment>(QStringLiteral("default"), nameOf(i));
        r.complete = r.complete && d && d->status.updatedReplicas == o.replicas && d->status.availableReplicas == o.replicas
                     && d->status.replicas == o.replicas;
    }
    return r;
}

QJsonObject RolloutBenchResult::toJson(const RolloutBenchOptions &o) const
{
    return QJsonObject{{QStringLiteral("benchmark"), QStringLiteral("rollout")},
                       {QStringLiteral("deployments"), o.deployments},
                       {QStringLiteral("replicas"), o.replicas},
                       {QStringLiteral("nodes"), o.nodes},
                       {QStringLiteral("createWallSeconds"), createWallS},
                       {QStringLiteral("createCpuSeconds"), createCpuS},
                       {QStringLiteral("rolloutWallSeconds"), rolloutWallS},
                       {QStringLiteral("rolloutCpuSeconds"), rolloutCpuS},
                       {QStringLiteral("virtualSeconds"), double(virtualMs) / 1000.0},
                       {QStringLiteral("storeRevision"), revision},
                       {QStringLiteral("traceEvents"), traceEvents},
                       {QStringLiteral("syncs"), syncs},
                       {QStringLiteral("complete"), complete}};
}

QString RolloutBenchResult::toText(const RolloutBenchOptions &o) const
{
    QStringList perController;
    for (auto it = syncs.constBegin(); it != syncs.constEnd(); ++it)
        perController << QStringLiteral("%1 %2").arg(it.key()).arg(it.value().toInteger());
    return QStringLiteral("rollout bench: %1 Deployment(s) x %2 replicas on %3 nodes, deterministic runner, trace on\n")
               .arg(o.deployments).arg(o.replicas).arg(o.nodes)
           + QStringLiteral("  create until available: %1 s wall, %2 s CPU\n").arg(createWallS, 0, 'f', 3).arg(createCpuS, 0, 'f', 3)
           + QStringLiteral("  rolling update (setImage) until done: %1 s wall, %2 s CPU\n").arg(rolloutWallS, 0, 'f', 3).arg(rolloutCpuS, 0, 'f', 3)
           + QStringLiteral("  total: %1 s wall, %2 s CPU for %3 s of virtual time; store revision %4, %5 trace events\n")
                 .arg(createWallS + rolloutWallS, 0, 'f', 3).arg(createCpuS + rolloutCpuS, 0, 'f', 3)
                 .arg(double(virtualMs) / 1000.0, 0, 'f', 1).arg(revision).arg(traceEvents)
           + QStringLiteral("  syncs: %1\n").arg(perController.join(QStringLiteral(", ")))
           + QStringLiteral("  every rollout complete: %1\n").arg(complete ? QStringLiteral("yes") : QStringLiteral("NO"));
}

} // namespace rlab::cli
