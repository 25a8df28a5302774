#include "core/live/liveconnect.h"

#if __has_include("core/http/connect.h")
#include "core/http/connect.h"
#define RLAB_LIVE_HAS_HTTP 1
#endif

namespace rlab::live {

std::unique_ptr<LiveClusterSource> connectLive(const LiveConnectRequest &request, QString *error)
{
#ifdef RLAB_LIVE_HAS_HTTP
    http::KubeconfigSelection sel;
    sel.files = request.kubeconfigs;
    sel.context = request.context;
    sel.namespace_ = request.namespace_;
    std::unique_ptr<http::RestClient> client = http::connect(sel, error);
    if (!client)
        return nullptr;
    LiveClusterInfo info;
    info.server = client->config().server.toString();
    info.context = client->config().contextName;
    info.namespace_ = request.allNamespaces ? QString() : client->config().namespace_;
    const auto version = client->getJson(QStringLiteral("/version"));
    if (!version.ok()) {
        *error = version.error->message;
        return nullptr;
    }
    info.serverVersion = version.value.value(QStringLiteral("gitVersion")).toString();
    return std::make_unique<LiveClusterSource>(std::shared_ptr<client::Interface>(std::move(client)), info);
#else
    Q_UNUSED(request);
    *error = QStringLiteral("this build has no HTTP client for real clusters (core/http)");
    return nullptr;
#endif
}

} // namespace rlab::live
