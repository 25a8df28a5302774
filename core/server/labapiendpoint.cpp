#include "core/server/labapiendpoint.h"

#include "core/server/httpapiserver.h"
#include "core/server/kubeconfig.h"
#include "core/server/tlsidentity.h"
#include "core/sim/simulation.h"

namespace rlab::server {

LabApiEndpoint::LabApiEndpoint(Simulation &sim)
    : m_sim(sim)
{
}

LabApiEndpoint::~LabApiEndpoint()
{
    stop();
}

view::EndpointStatus LabApiEndpoint::start(const QString &host, quint16 port, const QString &kubeconfigPath)
{
    stop();
    m_error.clear();
    m_kubeconfigPath = kubeconfigPath;
    auto server = std::make_unique<HttpApiServer>(m_sim.api(), m_sim.clock());
    const QHostAddress address = host == QLatin1String("localhost") ? QHostAddress(QHostAddress::LocalHost) : QHostAddress(host);
    QString error;
    bool ok = !address.isNull();
    if (!ok)
        error = QStringLiteral("not an IP address: %1").arg(host);
    // As `rlab serve`: a bearer token on loopback too (any local process or web page can reach
    // the port), hence HTTPS (kubectl sends tokens only over TLS); both go into the kubeconfig.
    const QByteArray token = Kubeconfig::generateToken();
    std::optional<TlsIdentity> tls;
    if (ok) {
        tls = TlsIdentity::createSelfSigned({QStringLiteral("127.0.0.1"), QStringLiteral("::1")}, {QStringLiteral("localhost")}, &error);
        ok = tls.has_value();
    }
    if (ok) {
        server->setTlsConfiguration(tls->configuration);
        server->setBearerToken(token);
        server->setReadOnly(m_readOnly);
    }
    ok = ok && server->listen(address, port, &error);
    ok = ok && Kubeconfig::write(kubeconfigPath, server->url(), token, &error, tls->certificatePem);
    if (ok)
        m_server = std::move(server);
    else   // the unique_ptr closes a server that listened but could not write its kubeconfig
        m_error = error.isEmpty() ? QStringLiteral("cannot serve on %1:%2").arg(host).arg(port) : error;
    return status();
}

void LabApiEndpoint::stop()
{
    if (!m_server)
        return;
    m_server->close();
    m_server.reset();
}

void LabApiEndpoint::setReadOnly(const QString &reason)
{
    m_readOnly = reason;
    if (m_server)
        m_server->setReadOnly(reason);
}

view::EndpointStatus LabApiEndpoint::status() const
{
    view::EndpointStatus s;
    s.kubeconfigPath = m_kubeconfigPath;
    s.error = m_error;
    if (!m_server || !m_server->isListening())
        return s;
    const ServerCounters &c = m_server->counters();
    s.serving = true;
    s.url = m_server->url();
    s.port = m_server->port();
    s.requests = c.requests.load(std::memory_order_relaxed);
    s.watchesOpened = c.watchesOpened.load(std::memory_order_relaxed);
    s.openWatches = c.openWatches.load(std::memory_order_relaxed);
    s.watchEvents = c.watchEvents.load(std::memory_order_relaxed);
    return s;
}

view::ApiEndpointFactory LabApiEndpoint::factory()
{
    return [](Simulation &sim) -> std::unique_ptr<view::ApiEndpoint> { return std::make_unique<LabApiEndpoint>(sim); };
}

} // namespace rlab::server
