#pragma once
#include "core/live/capturedwrite.h"
#include "core/live/liveevent.h"
#include "core/live/predictionbook.h"

#include <functional>
#include <memory>
#include <vector>

namespace rlab {
class Simulation;
namespace client {
class SharedInformerFactory;
}
namespace controller {
class DeploymentController;
}
} // namespace rlab

namespace rlab::live {

class DryRunClient;

// The shadow controller: this lab's own DeploymentController (upstream's syncDeployment) run
// read-only on a live mirror's state, through a DryRunClient, so its writes become predictions
// ("syncDeployment will: scale up ReplicaSet web-7c5b4f from 1 to 2") before the real cluster
// acts. After each mirror event (observe) the pending predictions are judged against it
// (PredictionBook), then the shadow's informers see the change and every queued Deployment is
// synced once; tick() expires what the cluster did not do in time and runs requeues that fell
// due (progressDeadlineSeconds). Each prediction and verdict is also a "shadow/deployment" row
// of the mirror's trace, and so is each sync (ReconcileStart, then ReconcileEnd with its notes).
// Thread rules: the mirror's owning thread only.
class ShadowController
{
public:
    static constexpr qint64 kDefaultWindowMs = 30'000;
    using Listener = std::function<void(const Prediction &prediction)>;

    explicit ShadowController(Simulation &mirror, qint64 windowMs = kDefaultWindowMs);
    ~ShadowController();
    ShadowController(const ShadowController &) = delete;
    ShadowController &operator=(const ShadowController &) = delete;

    void observe(const LiveEvent &event);
    void tick(qint64 t);
    // Each prediction when made, and again when it is resolved.
    void setListener(Listener listener) { m_listener = std::move(listener); }
    const PredictionBook &book() const { return m_book; }
    qint64 syncs() const { return m_syncs; }

private:
    void syncQueued(qint64 t);
    void told(const Prediction &p);
    void traceSync(const QString &type, const QString &key, const QString &text);   // traced into the mirror ("shadow/deployment"), then the listener

    Simulation &m_mirror;
    std::vector<CapturedWrite> m_captured;
    std::unique_ptr<DryRunClient> m_client;
    std::unique_ptr<client::SharedInformerFactory> m_informers;
    std::unique_ptr<controller::DeploymentController> m_controller;
    PredictionBook m_book;
    Listener m_listener;
    qint64 m_syncs = 0;
};

} // namespace rlab::live
