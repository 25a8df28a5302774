#include "core/live/shadowcontroller.h"

#include "core/client/sharedinformerfactory.h"
#include "core/controller/deployment/deploymentcontroller.h"
#include "core/live/dryrunclient.h"
#include "core/sim/simulation.h"

namespace rlab::live {

ShadowController::ShadowController(Simulation &mirror, qint64 windowMs)
    : m_mirror(mirror), m_book(windowMs)
{
    m_client = std::make_unique<DryRunClient>(mirror.client(), [this](CapturedWrite w) { m_captured.push_back(std::move(w)); });
    m_informers = std::make_unique<client::SharedInformerFactory>(*m_client);
    m_controller = std::make_unique<controller::DeploymentController>(*m_client, *m_informers, nullptr);
    m_informers->start(client::DriveMode::Deterministic);
}

ShadowController::~ShadowController()
{
    m_controller.reset();
    m_informers->shutdown();
}

void ShadowController::observe(const LiveEvent &event)
{
    for (const Prediction &p : m_book.observe(event))
        if (m_listener)
            m_listener(p);
    syncQueued(event.t);
}

void ShadowController::tick(qint64 t)
{
    for (const Prediction &p : m_book.expire(t))
        if (m_listener)
            m_listener(p);
    syncQueued(t);
}

void ShadowController::syncQueued(qint64 t)
{
    while (m_informers->processPending() > 0) {
    }
    controller::Controller &c = m_controller->controller();
    const auto current = [this](const CapturedWrite &w) -> api::ObjectPtr {
        const auto r = m_mirror.client().get(apiserver::resources::lookup(w.resource), w.namespace_, w.name);
        return r.ok() ? r.value : nullptr;
    };
    // Each queued key once per call: a key the sync re-adds waits for the next event or tick.
    for (qsizetype budget = c.queue().len(); budget > 0; --budget) {
        std::optional<controller::Controller::HeldItem> held = c.beginWorkItem(0);
        if (!held)
            break;
        ++m_syncs;
        std::vector<CapturedWrite> writes;
        writes.swap(m_captured);
        for (const Prediction &p : m_book.add(held->key, t, writes, held->result.notes, current))
            if (m_listener)
                m_listener(p);
        c.endWorkItem(*held);
    }
}

} // namespace rlab::live
