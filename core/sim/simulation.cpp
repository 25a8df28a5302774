#include "core/sim/simulation.h"

#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/apiserver/callerscope.h"
#include "core/base/clocksleeper.h"
#include "core/client/sharedinformerfactory.h"
#include "core/api/node.h"
#include "core/controller/deployment/deploymentcontroller.h"
#include "core/controller/garbagecollector.h"
#include "core/controller/kubelet/kubelet.h"
#include "core/controller/kubelet/kubeletpodrouter.h"
#include "core/controller/namespace/namespacecontroller.h"
#include "core/controller/nodelifecycle/nodelifecyclecontroller.h"
#include "core/controller/replicafloor/replicafloorreconciler.h"
#include "core/controller/replicaset/replicasetcontroller.h"
#include "core/controller/runtime/builder.h"
#include "core/controller/scheduler/scheduler.h"
#include "core/sim/housekeeper.h"
#include "core/sim/meteredclient.h"

namespace rlab {

using namespace rlab::controller;

namespace {

// kube-apiserver --event-ttl (ApiServer::expireEvents), traced as etcd's lease expiry.
int expireEvents(apiserver::ApiServer &api, qint64 now, TraceLog &trace)
{
    const int expired = api.expireEvents(now);
    if (expired > 0) {
        TraceEvent ev;
        ev.component = QStringLiteral("etcd");
        ev.type = QStringLiteral("LeaseExpired");
        ev.text = QStringLiteral("%1 Event%2 not written for an hour expired (kube-apiserver --event-ttl=1h)")
                      .arg(expired).arg(expired == 1 ? QString() : QStringLiteral("s"));
        trace.append(std::move(ev));
    }
    return expired;
}

} // namespace

QStringList SimulationConfig::knownControllers()
{
    return {QStringLiteral("deployment"), QStringLiteral("replicaset"), QStringLiteral("scheduler"),
            QStringLiteral("kubelet"), QStringLiteral("garbagecollector"), QStringLiteral("replicafloor"),
            QStringLiteral("namespace")};
}

Simulation::Simulation(const SimulationConfig &config)
    : m_config(config)
{
    ClusterConfig cc = config.cluster;
    if (!config.nodes.isEmpty())
        cc.nodes = 0;
    m_cluster = std::make_unique<Cluster>(cc);
    m_config.cluster.storeImage.reset();   // a saved lab's store: the Cluster's store holds it now
    for (const QStringList &n : config.nodes)
        m_cluster->addNode(n.value(0), n.value(1), n.value(2), n.value(3).toInt());
    api().store().setQuotaBackendBytes(config.quotaBackendBytes);
    api().setPodCapacity(config.podCapacity);
    m_informers = std::make_unique<client::SharedInformerFactory>(client());
    m_sleeper = std::make_unique<ClockSleeper>(clock());
    m_runner = std::make_unique<DeterministicRunner>(clock());
    const auto on = [&](const char *name) { return m_config.controllers.contains(QLatin1String(name)); };
    using Role = MeteredClient::Role;
    if (on("deployment")) {
        MeteredClient &mc = newClient(int(Role::Controller));
        m_deployments = std::make_unique<DeploymentController>(mc, *m_informers, &trace());
    }
    if (on("replicaset")) {
        MeteredClient &mc = newClient(int(Role::Controller));
        m_replicaSets = std::make_unique<ReplicaSetController>(mc, *m_informers, &trace());
        m_replicaSets->setBatchExecution(BatchExecution::Sequential);
    }
    if (on("scheduler")) {
        MeteredClient &mc = newClient(int(Role::Scheduler));
        m_scheduler = std::make_unique<Scheduler>(mc, *m_informers, clock(), &trace());
        m_scheduler->setSeed(config.cluster.seed);   // the scenario's seed: its ties break the same way every run
    }
    if (on("garbagecollector"))
        m_gc = std::make_unique<GarbageCollector>(newClient(int(Role::Controller)));
    if (on("namespace"))
        m_namespaces = std::make_unique<NamespaceController>(newClient(int(Role::Controller)), *m_informers, clock(), &trace());
    if (on("kubelet")) {
        KubeletConfig kc;
        kc.pullDelayMs = config.pullDelayMs;
        kc.startDelayMs = config.startDelayMs;
        kc.readyDelayMs = config.readyDelayMs;
        kc.terminationDelayMs = config.terminationDelayMs;
        QStringList names;
        for (const api::ObjectPtr &n : api().list(apiserver::resources::byKind(api::Kind::Node), QString()).value.items)
            names << n->metadata.name;
        const auto router = std::make_shared<KubeletPodRouter>(*m_informers);
        for (const QString &n : names) {
            MeteredClient &mc = newClient(int(Role::Kubelet));
            m_kubelets.push_back(std::make_unique<Kubelet>(n, mc, *m_informers, clock(), &trace(), kc, router.get()));
        }
        MeteredClient &nlc = newClient(int(Role::Controller));
        m_nodeLifecycle = std::make_unique<NodeLifecycleController>(nlc, *m_informers, clock(), &trace());
        for (auto &k : m_kubelets)
            m_nodeLifecycle->addKubelet(*k);
    }
    // The controller-runtime custom controller: always built (its queue is visible), reconciles
    // only when enabled.
    MeteredClient &floorClient = newClient(int(Role::Controller));
    m_manager = std::make_unique<runtime::Manager>(floorClient, *m_informers, clock(), &trace());
    m_floor = std::make_shared<ReplicaFloorReconciler>(floorClient, m_informers->lister<api::Deployment>());
    m_floorController = &runtime::Builder(*m_manager).named(QStringLiteral("replicafloor")).forType<api::Deployment>().complete(m_floor);

    m_informers->start(client::DriveMode::Deterministic);
    m_runner->addPump(QStringLiteral("informers"), [this] { return m_informers->processPending(); });
    for (Controller *c : controllers()) {
        m_runner->addController(c->name(), [c] { return c->processNextWorkItem(0, false); },
                                [c] { return qsizetype(c->queue().len()); });
        const bool isScheduler = m_scheduler && c == &m_scheduler->controller();
        // On the lane worker's thread: get and sync (its requests park the worker until they
        // complete, MeteredClient), then hold the key for the sync's own work.
        m_runner->addLane(c->name(), workersFor(c), [c] { return c->queue().headDirtySinceMs(); },
                          [this, c, isScheduler](int worker) -> std::optional<DeterministicRunner::Started> {
                              std::optional<Controller::HeldItem> held = c->beginWorkItem(worker);
                              if (!held)
                                  return std::nullopt;
                              const LatencyModel &m = m_config.latency;
                              return DeterministicRunner::Started{isScheduler ? m.schedulerCycleMs : m.reconcileBaseMs,
                                                                  [c, h = std::move(*held)] { c->endWorkItem(h); }};
                          });
    }
    if (m_gc) {
        // The collector scans the store, so it runs only when something was written since its
        // last pass that found nothing to do.
        m_runner->addIdleTask(QStringLiteral("garbagecollector"), [this] { return collectGarbage(); });
    }
    m_compactAt = clock().now() + kCompactionIntervalMs;
    m_runner->addIdleTask(QStringLiteral("compaction"), [this]() -> qsizetype { return compactIfDue(); });
    // The revision-count bound may not wait for the runner to idle: a burst with no idle step
    // in it (rlab bench --size large: 100,000 pods created at t = 0) kept every version it wrote
    // (the medium bench peaked at 135,000 retained revisions for a bound of 100,000).
    m_runner->addPump(QStringLiteral("retention"), [this]() -> qsizetype { return compactIfOverRetained(); });
    applyLatency();
    m_runner->runUntilIdle(0);   // initial lists
}

MeteredClient &Simulation::newClient(int role)
{
    m_metered.push_back(std::make_unique<MeteredClient>(client(), MeteredClient::Role(role)));
    return *m_metered.back();
}

int Simulation::workersFor(const Controller *c) const
{
    if (m_deployments && c == &m_deployments->controller())
        return m_config.deploymentWorkers;
    if (m_replicaSets && c == &m_replicaSets->controller())
        return m_config.replicaSetWorkers;
    return 1;
}

void Simulation::setLatency(const LatencyModel &model)
{
    m_config.latency = model;
    applyLatency();
}

void Simulation::applyLatency()
{
    const LatencyModel &m = m_config.latency;
    for (const auto &mc : m_metered)
        mc->setModel(m);
    m_queueGetMs.store(m.queueGetMs);
    m_reconcileBaseMs.store(m.reconcileBaseMs);
    m_schedulerCycleMs.store(m.schedulerCycleMs);
    // Watch delivery is paid on the informers' side in both modes: the runner wakes for it
    // (nextDeliveryAt), an informer thread arms a clock timer for it.
    m_informers->setDeliveryDelay(m.isInstant() ? 0 : m.watchDeliveryMs);
    const bool runnerOn = !m.isInstant() && !m_threaded;
    client::SharedInformerFactory *informers = m_informers.get();
    m_runner->setLatency(runnerOn, m.queueGetMs, [informers] { return informers->nextDeliveryAt(); });
}

qsizetype Simulation::collectGarbage()
{
    const qint64 rev = api().currentRevision();
    if (!m_gc || rev == m_gcRevision)
        return 0;
    if (m_runner->latencyOn()) {
        // Under the latency model the runner is idle between almost every two hops; the
        // collector's scan (O(objects)) runs at most every kGcIntervalMs of virtual time then,
        // like the Housekeeper thread's pass in threaded mode. A timer wakes the runner for it.
        const qint64 now = clock().now();
        if (now < m_gcNotBefore) {
            if (!m_gcWakeScheduled) {
                m_gcWakeScheduled = true;
                clock().schedule(m_gcNotBefore, [this] { m_gcWakeScheduled = false; });
            }
            return 0;
        }
        m_gcNotBefore = now + kGcIntervalMs;
    }
    const int writes = m_gc->collect();
    if (writes == 0)
        m_gcRevision = rev;
    return writes;
}

int Simulation::compactIfDue()
{
    if (!m_config.compaction)   // a live-mode mirror keeps its whole history (core/live)
        return 0;
    const store::StoreStats st = api().store().stats();
    if (st.alarmNoSpace && st.compactRevision < st.revision) {
        compactTo(st.revision, QStringLiteral("compacted all history up to revision %1: etcd's quota of %2 bytes was exceeded "
                                              "(mvcc: database space exceeded); %3 bytes were in use")
                                   .arg(st.revision).arg(st.quotaBytes).arg(st.bytesInUse));
        return 0;
    }
    if (compactOverRetained(st))
        return 0;
    if (clock().now() < m_compactAt)
        return 0;
    m_compactAt = clock().now() + kCompactionIntervalMs;
    {
        apiserver::CallerScope caller(QStringLiteral("kube-apiserver"));
        expireEvents(api(), clock().now(), trace());
    }
    const qint64 target = m_compactCandidate;
    m_compactCandidate = api().currentRevision();
    compactTo(target, QStringLiteral("compacted the history before revision %1 (kube-apiserver compacts every 5 minutes)").arg(target));
    return 0;   // housekeeping: does not count as work that makes the runner step again
}

bool Simulation::compactOverRetained(const store::StoreStats &st)
{
    if (m_config.maxRetainedRevisions <= 0 || st.retainedRevisions <= m_config.maxRetainedRevisions)
        return false;
    const qint64 target = st.revision - m_config.maxRetainedRevisions / 2;
    compactTo(target, QStringLiteral("compacted the history before revision %1: more than %2 revisions were retained")
                          .arg(target).arg(m_config.maxRetainedRevisions));
    return true;
}

qsizetype Simulation::compactIfOverRetained()
{
    // One atomic read per runner step until the store's revision reaches the check point: the
    // first revision at which the bound could be passed (a transaction's keys each count as a
    // retained change, so the count may pass it a little before; the next check catches that).
    store::KvStore &store = api().store();
    if (!m_config.compaction || m_config.maxRetainedRevisions <= 0 || store.revision() < m_retentionCheckAt)
        return 0;
    compactOverRetained(store.stats());
    const qint64 retained = store.stats().retainedRevisions;
    m_retentionCheckAt = store.revision() + std::max<qint64>(1, m_config.maxRetainedRevisions - retained);
    return 0;   // housekeeping, like compactIfDue
}

void Simulation::compactTo(qint64 target, const QString &why)
{
    if (target <= api().store().compactRevision())
        return;
    const bool alarm = api().store().alarmNoSpace();
    if (api().store().compact(target) != store::StoreError::None)
        return;
    TraceEvent ev;
    ev.component = QStringLiteral("etcd");
    ev.type = QStringLiteral("Compact");
    ev.text = why;
    if (alarm && !api().store().alarmNoSpace())
        ev.text += QStringLiteral("; the NOSPACE alarm is disarmed");
    trace().append(std::move(ev));
}

Simulation::~Simulation()
{
    stopThreaded();
    m_runner->setLatency(false);   // reconciles in flight end while the controllers exist
    m_informers->shutdown();
}

std::vector<Controller *> Simulation::controllers() const
{
    std::vector<Controller *> out;
    if (m_deployments)
        out.push_back(&m_deployments->controller());
    if (m_replicaSets)
        out.push_back(&m_replicaSets->controller());
    if (m_scheduler)
        out.push_back(&m_scheduler->controller());
    for (const auto &k : m_kubelets)
        out.push_back(&k->controller());
    if (m_nodeLifecycle) {
        out.push_back(&m_nodeLifecycle->controller());
        out.push_back(&m_nodeLifecycle->taintEviction().controller());
    }
    if (m_namespaces)
        out.push_back(&m_namespaces->controller());
    if (m_floorController)
        out.push_back(m_floorController);
    return out;
}

void Simulation::setReplicaFloorEnabled(bool enabled)
{
    m_floor->setEnabled(enabled);
    if (enabled) {
        for (const auto &d : m_informers->lister<api::Deployment>().list())
            m_floorController->enqueue(d->key());
    }
}

bool Simulation::sync(const QString &name, const QString &key, QStringList *notes)
{
    m_informers->processPending();
    for (Controller *c : controllers()) {
        if (c->name() != name)
            continue;
        const SyncResult r = c->syncKey(key, 0);
        if (notes)
            *notes = r.ok() ? r.notes : QStringList{r.error};
        m_informers->processPending();
        return true;
    }
    return false;
}

bool Simulation::failNode(const QString &name)
{
    if (!m_nodeLifecycle || !api().get(apiserver::resources::byKind(api::Kind::Node), QString(), name).ok())
        return false;
    m_nodeLifecycle->failNode(name);
    return true;
}

bool Simulation::recoverNode(const QString &name)
{
    if (!m_nodeLifecycle || !api().get(apiserver::resources::byKind(api::Kind::Node), QString(), name).ok())
        return false;
    m_nodeLifecycle->recoverNode(name);
    return true;
}

void Simulation::startThreaded()
{
    if (m_threaded)
        return;
    m_threaded = true;
    applyLatency();   // hands every held key back (done) and delivers what is in flight
    m_sleeper->resume();
    for (const auto &mc : m_metered)
        mc->setSleeper(m_sleeper.get(), std::this_thread::get_id());
    m_informers->setDriveMode(client::DriveMode::Threaded);
    if (m_replicaSets)
        m_replicaSets->setBatchExecution(BatchExecution::Parallel);   // upstream's slowStartBatch goroutines
    ClockSleeper *sleeper = m_sleeper.get();
    for (Controller *c : controllers()) {
        const bool isScheduler = m_scheduler && c == &m_scheduler->controller();
        std::atomic<qint64> *holdMs = isScheduler ? &m_schedulerCycleMs : &m_reconcileBaseMs;
        // A free worker gets the head key one queue hop after its add, then holds it for the
        // sync's requests (they sleep on the client) plus the reconcile's own work.
        c->setWorkerPacing({[this, sleeper](RateLimitingQueue &q) {
                                while (q.waitNotEmpty()) {
                                    const qint64 hop = m_queueGetMs.load();
                                    const std::optional<qint64> since = q.headDirtySinceMs();
                                    if (hop <= 0 || !since)
                                        return true;
                                    if (!sleeper->sleepUntil(*since + hop))
                                        return false;
                                    if (q.len() > 0)
                                        return true;
                                }
                                return false;
                            },
                            [sleeper, holdMs] {
                                const qint64 ms = holdMs->load();
                                if (ms > 0)
                                    sleeper->sleepUntil(sleeper->clock().now() + ms);
                            }});
        c->run(workersFor(c));
    }
    m_housekeeper = std::make_unique<Housekeeper>(api().store(), [this] {
        collectGarbage();
        compactIfDue();
    });
    m_housekeeper->start();
}

int Simulation::threadedSleeping() const
{
    return m_sleeper->sleeping();
}

void Simulation::stopThreaded()
{
    if (!m_threaded)
        return;
    const std::vector<Controller *> all = controllers();
    // Ask everything to stop first, then join: the waits overlap instead of adding up. Threads
    // sleeping in virtual time wake at once (their request goes through now).
    m_sleeper->interrupt();
    for (Controller *c : all)
        c->queue().setGetInterrupted(true);
    m_housekeeper->stop();
    m_housekeeper.reset();
    for (Controller *c : all)
        c->stop();
    m_informers->setDriveMode(client::DriveMode::Deterministic);
    for (const auto &mc : m_metered)
        mc->setSleeper(nullptr);
    if (m_replicaSets)
        m_replicaSets->setBatchExecution(BatchExecution::Sequential);
    m_threaded = false;
    applyLatency();
}

} // namespace rlab
