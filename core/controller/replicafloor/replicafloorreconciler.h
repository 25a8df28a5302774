#pragma once
#include "core/api/deployment.h"
#include "core/client/lister.h"
#include "core/controller/runtime/reconciler.h"

#include <atomic>

namespace rlab::client {
class Interface;
}

namespace rlab::controller {

// The custom controller of the lab's controller-runtime lesson: a "replica floor". Any Deployment
// whose spec.replicas is below the floor is raised to it (default 3; the annotation
// rlab.dev/replica-floor overrides it per Deployment, "0" opts out). Scale a Deployment to 1 and
// watch this reconciler and the Deployment controller disagree — and converge, because both are
// level-based. Off by default; setEnabled() switches it at run time. Thread-safe.
class ReplicaFloorReconciler : public runtime::Reconciler
{
public:
    static constexpr const char *kFloorAnnotation = "rlab.dev/replica-floor";
    ReplicaFloorReconciler(client::Interface &api, client::Lister<api::Deployment> deployments, int defaultFloor = 3);
    runtime::Result reconcile(const runtime::Request &request) override;
    void setEnabled(bool on) { m_enabled = on; }
    bool isEnabled() const { return m_enabled; }
    int defaultFloor() const { return m_defaultFloor; }

private:
    client::Interface &m_api;
    client::Lister<api::Deployment> m_deployments;
    int m_defaultFloor;
    std::atomic<bool> m_enabled{false};
};

} // namespace rlab::controller
