#pragma once
#include <QMap>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <functional>

namespace rlab {

// What one soak does: how long (virtual), which runner, how hard.
struct ChaosConfig
{
    qint64 virtualMs = 60 * 60 * 1000;   // an hour of chaos
    quint64 seed = 1;
    bool threaded = false;               // worker QThreads (true) or the deterministic runner
    int deployments = 3;
    int nodes = 5;
    qint64 actionEveryMs = 20'000;       // one fault or command every 20 s of virtual time
    QString latency = QStringLiteral("instant");
    // Tests of the checks themselves: half-way, one pod is stored (bypassing validation) with a
    // second controller reference — the soak must report it.
    bool injectTwoControllers = false;
    std::size_t traceMemoryBytes = 0;    // the trace's memory budget; 0: TraceLog's default (384 MiB)
};

struct ChaosReport
{
    qint64 virtualMs = 0;                // chaos + convergence
    qint64 actions = 0, checks = 0, watchEvents = 0;
    QMap<QString, int> actionCounts;     // "delete pod" → 41, …
    QStringList violations;              // the first few broken promises, with their time
    qint64 violationCount = 0;
    bool converged = false;              // every Deployment complete after the chaos stopped
    qint64 rssStartKb = 0, rssEndKb = 0; // resident memory after the first and the last check
    double cpuSeconds = 0;
    qint64 traceEvents = 0, traceBytes = 0;   // what the trace holds at the end (TraceLog's budget)
    bool ok() const { return violationCount == 0 && converged; }
};

// A chaos soak (issue #17): hours of virtual time on one Simulation with a seeded stream of
// faults and commands — pod deletions, node failures and recoveries, scales, image changes,
// undos, pauses — checking the control plane's promises every 10 s of virtual time:
//  - ownership: no pod has two controllers; a ReplicaSet's pods match its selector;
//  - workqueues: no key held by two workers, no worker holding two keys, no processing key
//    queued again (client-go's "stingy" promise);
//  - watch: a watch on every pod since the start repeats and skips nothing — its revisions
//    rise strictly and the pods it rebuilds equal the store's at the list's revision;
// then stops the chaos (nodes recovered, rollouts resumed) and requires every Deployment to
// converge: observed, updated = available = replicas = spec.replicas, one active ReplicaSet.
// Example: `rlab soak --hours 2 --seed 7` runs 360 actions and 720 checks deterministically.
// Thread rules: run() on one thread, which owns the Simulation (threaded: it moves the clock).
class ChaosSoak
{
public:
    explicit ChaosSoak(ChaosConfig config) : m_config(std::move(config)) { }
    // progress: fraction of the chaos done, called after every action.
    ChaosReport run(const std::function<void(double)> &progress = {});

private:
    ChaosConfig m_config;
};

} // namespace rlab
