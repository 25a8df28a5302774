#pragma once
#include <QJsonObject>
#include <QString>

namespace rlab::cli {

// `rlab bench rollout`: the issue-5 figure without a scenario file — N Deployments of R replicas
// (cpu 10m, memory 16Mi each) on M nodes, created and run until idle (600 s of virtual time),
// then a rolling update of every one (setImage) run until idle (1,200 s), all on the
// deterministic runner, trace on. Example: --deployments 1 --replicas 1000 --nodes 20 is
// resources/bench/rolling-1000.yaml. Reports wall and process CPU seconds per phase, the
// store revision, syncs per controller and whether every rollout completed.
// Thread rules: one thread (the runner's); the figures are measured, never asserted.
struct RolloutBenchOptions
{
    int deployments = 1;
    int replicas = 1000;
    int nodes = 20;
};

struct RolloutBenchResult
{
    double createWallS = 0, createCpuS = 0, rolloutWallS = 0, rolloutCpuS = 0;
    qint64 revision = 0, traceEvents = 0, virtualMs = 0;
    QJsonObject syncs;   // controller name -> syncs
    bool complete = false;
    QJsonObject toJson(const RolloutBenchOptions &o) const;
    QString toText(const RolloutBenchOptions &o) const;
};

RolloutBenchResult runRolloutBench(const RolloutBenchOptions &options);

} // namespace rlab::cli
