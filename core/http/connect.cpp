// SPDX-License-Identifier: Apache-2.0
#include "core/http/connect.h"

#include "core/http/kubeconfigloader.h"

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
    Q_UNUSED(error);
    return std::make_unique<RestClient>(config, options);
}

} // namespace rlab::http
