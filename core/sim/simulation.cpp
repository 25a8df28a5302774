#include "core/sim/simulation.h"

#include "core/api/deployment.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/garbagecollector.h"
#include "core/controller/replicafloor/replicafloorreconciler.h"
#include "core/controller/replicaset/replicasetcontroller.h"
#include "core/controller/runtime/builder.h"
#include "core/controller/scheduler/scheduler.h"

namespace rlab {

using namespace rlab::controller;

QStringList SimulationConfig::knownControllers()
{
    return {QStringLiteral("deployment"), QStringLiteral("replicaset"), QStringLiteral("scheduler"),
            QStringLiteral("kubelet"), QStringLiteral("garbagecollector"), QStringLiteral("replicafloor")};
}

Simulation::Simulation(const SimulationConfig &config)
    : m_config(config), m_cluster(std::make_unique<Cluster>(config.cluster))
{
    m_informers = std::make_unique<client::SharedInformerFactory>(api());
    m_runner = std::make_unique<DeterministicRunner>(clock());
    const auto on = [&](const char *name) { return m_config.controllers.contains(QLatin1String(name)); };
    if (on("replicaset")) {
        m_replicaSets = std::make_unique<ReplicaSetController>(api(), *m_informers, &trace());
        m_replicaSets->setBatchExecution(BatchExecution::Sequential);
    }
    if (on("scheduler"))
        m_scheduler = std::make_unique<Scheduler>(api(), *m_informers, clock(), &trace());
    if (on("garbagecollector"))
        m_gc = std::make_unique<GarbageCollector>(api());
    // The controller-runtime custom controller: always built (its queue is visible), reconciles
    // only when enabled.
    m_manager = std::make_unique<runtime::Manager>(api(), *m_informers, clock(), &trace());
    m_floor = std::make_shared<ReplicaFloorReconciler>(api(), m_informers->lister<api::Deployment>());
    m_floorController = &runtime::Builder(*m_manager).named(QStringLiteral("replicafloor")).forType<api::Deployment>().complete(m_floor);

    m_informers->start(client::DriveMode::Deterministic);
    m_runner->addPump(QStringLiteral("informers"), [this] { return m_informers->processPending(); });
    for (Controller *c : controllers())
        m_runner->addController(c->name(), [c] { return c->processNextWorkItem(0, false); });
    if (m_gc) {
        // The collector scans the store, so it runs only when something was written since its
        // last pass that found nothing to do.
        m_runner->addIdleTask(QStringLiteral("garbagecollector"), [this]() -> qsizetype {
            const qint64 rev = api().currentRevision();
            if (rev == m_gcRevision)
                return 0;
            const int writes = m_gc->collect();
            if (writes == 0)
                m_gcRevision = rev;
            return writes;
        });
    }
    m_runner->runUntilIdle(0);   // initial lists
}

Simulation::~Simulation()
{
    stopThreaded();
    m_informers->shutdown();
}

std::vector<Controller *> Simulation::controllers() const
{
    std::vector<Controller *> out;
    if (m_replicaSets)
        out.push_back(&m_replicaSets->controller());
    if (m_scheduler)
        out.push_back(&m_scheduler->controller());
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

void Simulation::startThreaded()
{
    if (m_threaded)
        return;
    m_threaded = true;
    if (m_replicaSets)
        m_replicaSets->run(m_config.replicaSetWorkers);
    if (m_scheduler)
        m_scheduler->controller().run(1);
    if (m_floorController)
        m_floorController->run(1);
}

void Simulation::stopThreaded()
{
    if (!m_threaded)
        return;
    for (Controller *c : controllers())
        c->shutDown(false);
    m_threaded = false;
}

} // namespace rlab
