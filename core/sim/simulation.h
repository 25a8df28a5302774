#pragma once
#include "core/sim/cluster.h"
#include "core/sim/deterministicrunner.h"
#include "core/sim/latencymodel.h"

#include <QSet>
#include <QStringList>
#include <atomic>
#include <memory>

namespace rlab {
class ClockSleeper;
class Housekeeper;
class MeteredClient;
namespace client {
class SharedInformerFactory;
}
namespace controller {
class Controller;
class DeploymentController;
class GarbageCollector;
class Kubelet;
class NodeLifecycleController;
class NamespaceController;
class ReplicaFloorReconciler;
class ReplicaSetController;
class Scheduler;
namespace runtime {
class Manager;
}
} // namespace controller

// Which parts of the control plane run (a scenario's `controllers:`), and how.
struct SimulationConfig
{
    ClusterConfig cluster;
    QSet<QString> controllers{QStringLiteral("deployment"), QStringLiteral("replicaset"), QStringLiteral("scheduler"),
                              QStringLiteral("kubelet"), QStringLiteral("garbagecollector"), QStringLiteral("namespace")};
    int deploymentWorkers = 5;   // kube-controller-manager --concurrent-deployment-syncs
    int replicaSetWorkers = 5;   // --concurrent-replicaset-syncs
    qint64 pullDelayMs = 2000, startDelayMs = 1000, readyDelayMs = 1000, terminationDelayMs = 2000;   // kubelet stages
    QList<QStringList> nodes;    // {name, cpu, memory, pods}; empty: cluster.nodes default nodes
    LatencyModel latency;        // what each hop costs (instant: nothing)
    // etcd's --quota-backend-bytes (etcd's default is 2 GiB; 0: no quota, the lab's default, as
    // metering costs an encoding per write); `rlab serve` sets it.
    qint64 quotaBackendBytes = 0;
    // Compaction by revision count as well as by time: when more revisions than this are
    // retained, the next housekeeping pass compacts to keep the newest half.
    qint64 maxRetainedRevisions = 1'000'000;
    // The lab's capacity (ApiServer::setPodCapacity): pods at once, and the most replicas one
    // Deployment or ReplicaSet may ask for; 0 = no limit (rlab bench sets that).
    qint64 podCapacity = 100'000;
    // kube-apiserver's 5-minute etcd compaction (compactIfDue). Off for a live-mode mirror
    // (core/live), whose history is the recording the window's time travel rewinds.
    bool compaction = true;
    static QStringList knownControllers();
};

// A whole running cluster: the Cluster (store, clock, API server, trace), one shared informer
// factory, and the controllers the config enables — Deployment, ReplicaSet, scheduler, one
// kubelet per node, garbage collector, and the controller-runtime replica-floor controller (its
// reconciler is off until enabled). Two ways to run it, sharing every line of controller code:
//  - deterministic (the default; runner()): one thread, fixed order, virtual time jumps;
//  - threaded (startThreaded): every informer pumps on its own std::thread, every controller's
//    workers loop processNextWorkItem on QThreads (5 Deployment + 5 ReplicaSet workers, one
//    each for the scheduler, kubelets, node lifecycle), and a Housekeeper thread runs the
//    garbage collector after writes and compacts etcd when due. The caller only advances
//    clock() (ManualClock::advanceTo) from its own thread; timers fire there and just enqueue.
//    Under a latency model the threads pay each hop by sleeping in virtual time (ClockSleeper):
//    requests and reconciles on their worker, watch delivery on the informer's thread, the
//    queue hop before a paced worker's get — so time only passes as fast as the caller moves it.
// stopThreaded() parks all of it promptly (in-flight syncs finish; queues, caches, watches and
// timers stay) so that runner().runUntilIdle() resumes deterministically from that state.
// Thread rules: construct, start/stop threaded, run the runner and destroy on one owning
// thread. While threaded, the owning thread may advance the clock, call api() and the
// thread-safe readers (store, listers, trace, queues), sync(), failNode/recoverNode and
// setReplicaFloorEnabled; it must not call runner(), runUntilIdle() or advance().
class Simulation
{
public:
    explicit Simulation(const SimulationConfig &config = {});
    ~Simulation();

    Cluster &cluster() { return *m_cluster; }
    apiserver::ApiServer &api() { return m_cluster->api(); }
    client::Interface &client() { return m_cluster->client(); }
    ManualClock &clock() { return m_cluster->clock(); }
    TraceLog &trace() { return m_cluster->trace(); }
    client::SharedInformerFactory &informers() { return *m_informers; }
    DeterministicRunner &runner() { return *m_runner; }
    const SimulationConfig &config() const { return m_config; }

    // Deterministic mode (the default after construction).
    qint64 runUntilIdle(qint64 maxVirtualMs = 600'000) { return m_runner->runUntilIdle(maxVirtualMs); }
    qint64 advance(qint64 ms) { return m_runner->advance(ms); }
    // Exactly one reconcile of `key` by `controller` ("deployment", "replicaset", "scheduler",
    // "replicafloor", "kubelet/<node>"), now, with nothing else moving (informers are pumped
    // first so the caches are current). False if that controller does not run.
    bool sync(const QString &controller, const QString &key, QStringList *notes = nullptr);

    // Threaded mode: informers on their threads, controllers on worker QThreads, the garbage
    // collector and compaction on the housekeeping thread. Both idempotent; stopThreaded joins
    // every thread (each only finishes the sync or pass it is in) and is called by ~Simulation.
    void startThreaded();
    void stopThreaded();
    bool isThreaded() const { return m_threaded; }
    // Threads asleep in virtual time right now (threaded mode under a latency model).
    int threadedSleeping() const;

    // The latency model (design.md §3): each controller, scheduler and kubelet talks through its
    // own MeteredClient; the deterministic runner becomes an event scheduler unless the model is
    // instant; threaded mode's threads sleep each hop in virtual time.
    void setLatency(const LatencyModel &model);
    const LatencyModel &latency() const { return m_config.latency; }

    // Every controller's queue, by name (for the GUI's workqueue panel).
    std::vector<controller::Controller *> controllers() const;
    controller::ReplicaFloorReconciler *replicaFloor() const { return m_floor.get(); }
    void setReplicaFloorEnabled(bool on);
    // Teacher's faults: a node's kubelet stops, the node goes NotReady and its pods are evicted
    // after their toleration (300 s); recovery brings it back.
    bool failNode(const QString &name);
    bool recoverNode(const QString &name);
    // The API server's periodic etcd compaction (every 5 min of virtual time, to the revision
    // of 5 min before); called by the runner when idle. Also, at once: to keep the newest half
    // when more than config.maxRetainedRevisions are retained, and to the current revision when
    // the quota's NOSPACE alarm is up (what an operator would do; it disarms the alarm once the
    // history's bytes are freed). Returns 0 (housekeeping does not count as work).
    int compactIfDue();
    static constexpr qint64 kCompactionIntervalMs = 5 * 60 * 1000;

private:
    void compactTo(qint64 target, const QString &why);
    // Keeps the newest half when more than config.maxRetainedRevisions are retained; true if it
    // compacted. compactIfOverRetained: the same as a runner pump, checked once the revision
    // reaches m_retentionCheckAt.
    bool compactOverRetained(const store::StoreStats &st);
    qsizetype compactIfOverRetained();
    qint64 m_retentionCheckAt = 0;
    // The garbage collector's pass when something was written since its last idle pass.
    qsizetype collectGarbage();

    SimulationConfig m_config;
    std::unique_ptr<Cluster> m_cluster;
    // One client per control-plane component (declared before, so destroyed after, the
    // controllers that hold them).
    std::vector<std::unique_ptr<MeteredClient>> m_metered;
    std::unique_ptr<client::SharedInformerFactory> m_informers;
    std::unique_ptr<controller::DeploymentController> m_deployments;
    std::unique_ptr<controller::ReplicaSetController> m_replicaSets;
    std::vector<std::unique_ptr<controller::Kubelet>> m_kubelets;
    std::unique_ptr<controller::NodeLifecycleController> m_nodeLifecycle;
    std::unique_ptr<controller::Scheduler> m_scheduler;
    std::unique_ptr<controller::GarbageCollector> m_gc;
    std::unique_ptr<controller::NamespaceController> m_namespaces;
    std::unique_ptr<controller::runtime::Manager> m_manager;
    std::shared_ptr<controller::ReplicaFloorReconciler> m_floor;
    controller::Controller *m_floorController = nullptr;
    std::unique_ptr<DeterministicRunner> m_runner;
    MeteredClient &newClient(int role);
    int workersFor(const controller::Controller *c) const;
    void applyLatency();
    std::unique_ptr<Housekeeper> m_housekeeper;   // threaded mode only
    qint64 m_gcRevision = -1;
    qint64 m_gcNotBefore = 0;        // latency model: the collector's next pass
    bool m_gcWakeScheduled = false;
    static constexpr qint64 kGcIntervalMs = 1000;
    // kube-apiserver compacts etcd every 5 minutes to the revision it saw 5 minutes earlier.
    qint64 m_compactAt = 0, m_compactCandidate = 0;
    bool m_threaded = false;
    // Threaded mode under the latency model: the hops the worker threads sleep (read there).
    std::unique_ptr<ClockSleeper> m_sleeper;
    std::atomic<qint64> m_queueGetMs{0}, m_reconcileBaseMs{0}, m_schedulerCycleMs{0};
};

} // namespace rlab
