#pragma once
#include "core/sim/view/endpointstatus.h"

#include <functional>
#include <memory>

namespace rlab {
class Simulation;
}

namespace rlab::view {

// A lab's Kubernetes API served to the outside (kubectl, client libraries) — implemented by
// core/server (the same HTTP API as `rlab serve`) and injected into the window by the app, so the
// window never links the HTTP server. start() listens on host:port (port 0: a free one) and
// writes a kubeconfig pointing at it; stop() closes it (watches end, connections are refused).
// Thread rules: every method on the Simulation's owning thread (the server answers requests on
// its own threads). An endpoint must be destroyed before its Simulation.
class ApiEndpoint
{
public:
    virtual ~ApiEndpoint() = default;
    virtual EndpointStatus start(const QString &host, quint16 port, const QString &kubeconfigPath) = 0;
    virtual void stop() = 0;
    virtual EndpointStatus status() const = 0;
    // A non-empty reason refuses every write from outside (HTTP 403 Forbidden with that reason,
    // kubectl: "Error from server (Forbidden): forbidden: <reason>"); reads and watches go on.
    // The window sets it while it views the past (time travel). Any time after construction.
    virtual void setReadOnly(const QString &reason) = 0;
};

// Makes an (unstarted) endpoint over one Simulation; empty when the build has no HTTP server.
using ApiEndpointFactory = std::function<std::unique_ptr<ApiEndpoint>(Simulation &)>;

} // namespace rlab::view
