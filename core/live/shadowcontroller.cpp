#include "core/live/shadowcontroller.h"

#include "core/client/sharedinformerfactory.h"
#include "core/controller/deployment/deploymentcontroller.h"
#include "core/live/dryrunclient.h"
#include "core/base/tracelog.h"
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

void ShadowController::told(const Prediction &p)
{
    if (p.write.resource != QLatin1String("events")) {   // the window's trace: what the shadow said, and the verdict
        TraceEvent ev;
        ev.component = QStringLiteral("shadow/deployment");
        ev.type = p.state == Prediction::State::Pending ? QStringLiteral("Prediction") : QStringLiteral("PredictionResolved");
        ev.key = p.deployment;
        ev.detail = QJsonObject{{QStringLiteral("state"), Prediction::stateName(p.state)},
                                {QStringLiteral("signature"), p.signature}};
        ev.text = p.state == Prediction::State::Pending
                      ? QStringLiteral("syncDeployment will: %1 (%2)").arg(p.text, p.why.section(QLatin1Char('\n'), 0, 0))
                      : QStringLiteral("%1: %2 — %3").arg(Prediction::stateName(p.state), p.text, p.outcome);
        if (p.state != Prediction::State::Superseded)
            m_mirror.trace().append(std::move(ev));
    }
    if (m_listener)
        m_listener(p);
}

void ShadowController::traceSync(const QString &type, const QString &key, const QString &text)
{
    // The window's Controller activity and arithmetic step log read these as a reconcile of the
    // "shadow/deployment" controller (the cluster's own reconciles are not visible over the API).
    TraceEvent ev;
    ev.component = QStringLiteral("shadow/deployment");
    ev.type = type;
    ev.key = key;
    ev.worker = 0;
    ev.text = text;
    m_mirror.trace().append(std::move(ev));
}

void ShadowController::observe(const LiveEvent &event)
{
    for (const Prediction &p : m_book.observe(event))
        told(p);
    syncQueued(event.t);
}

void ShadowController::tick(qint64 t)
{
    for (const Prediction &p : m_book.expire(t))
        told(p);
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
        traceSync(QStringLiteral("ReconcileStart"), held->key, QStringLiteral("syncDeployment %1").arg(held->key));
        std::vector<CapturedWrite> writes;
        writes.swap(m_captured);
        for (const Prediction &p : m_book.add(held->key, t, writes, held->result.notes, current))
            told(p);
        const QString what = held->result.notes.isEmpty() ? QStringLiteral("nothing to do") : held->result.notes.join(QStringLiteral("; "));
        if (held->result.ok())
            traceSync(QStringLiteral("ReconcileEnd"), held->key, QStringLiteral("syncDeployment %1: %2").arg(held->key, what));
        else
            traceSync(QStringLiteral("ReconcileError"), held->key,
                      QStringLiteral("syncDeployment %1 failed: %2 after: %3").arg(held->key, held->result.error, what));
        c.endWorkItem(*held);
    }
}

} // namespace rlab::live
