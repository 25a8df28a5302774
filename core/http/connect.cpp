// SPDX-License-Identifier: Apache-2.0
#include "core/http/connect.h"

#include "core/http/kubeconfigloader.h"
#include "core/http/proxysettings.h"
#include "core/http/tlssetup.h"

namespace rlab::http {

std::optional<RestConfig> loadKubeconfig(const KubeconfigSelection &sel, QString *error)
{
    QString ignored;
    return KubeconfigLoader::load(sel, error ? error : &ignored);
}

std::unique_ptr<RestClient> connect(const KubeconfigSelection &sel, QString *error, const ConnectOptions &options)
{
    const std::optional<RestConfig> config = loadKubeconfig(sel, error);
    if (!config)
        return nullptr;
    return connect(*config, error, options);
}

std::unique_ptr<RestClient> connect(const RestConfig &config, QString *error, const ConnectOptions &options)
{
    QString ignored;
    QString *err = error ? error : &ignored;
    const std::optional<QSslConfiguration> tls = TlsSetup::configuration(config, err);
    if (!tls)
        return nullptr;
    const std::optional<QNetworkProxy> proxy = ProxySettings::proxyFor(config, QProcessEnvironment::systemEnvironment(), err);
    if (!proxy)
        return nullptr;
    return std::make_unique<RestClient>(config, options, *tls, *proxy);
}

} // namespace rlab::http
