#pragma once
#include "core/sim/view/apiendpoint.h"

namespace rlab::server {

class HttpApiServer;

// view::ApiEndpoint served by an HttpApiServer over one Simulation's ApiServer and virtual
// clock — what the window's "Serve the API" dock runs, the same API as `rlab serve` — plus the
// kubeconfig that points kubectl at it, with the bearer token the server requires and its
// self-signed certificate (HTTPS, loopback only). factory() is what the app injects into the window.
// Thread rules: as view::ApiEndpoint (the owning thread; the HTTP server has its own thread).
class LabApiEndpoint : public view::ApiEndpoint
{
public:
    explicit LabApiEndpoint(Simulation &sim);
    ~LabApiEndpoint() override;   // stop()

    view::EndpointStatus start(const QString &host, quint16 port, const QString &kubeconfigPath) override;
    void stop() override;
    view::EndpointStatus status() const override;
    void setReadOnly(const QString &reason) override;

    static view::ApiEndpointFactory factory();

private:
    Simulation &m_sim;
    std::unique_ptr<HttpApiServer> m_server;
    QString m_kubeconfigPath;
    QString m_error;
    QString m_readOnly;   // kept across stop/start
};

} // namespace rlab::server
