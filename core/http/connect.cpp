// SPDX-License-Identifier: Apache-2.0
#include "core/http/connect.h"

#include "core/http/kubeconfigloader.h"
#include "core/http/tlssetup.h"

namespace rlab::http {

namespace {

// proxy-url as Qt's proxy: http:// (CONNECT) or socks5://; Qt cannot speak TLS to a proxy.
bool proxyFor(const RestConfig &config, QNetworkProxy *proxy, QString *error)
{
    if (config.proxyUrl.isEmpty()) {
        *proxy = QNetworkProxy(QNetworkProxy::NoProxy);
        return true;
    }
    const QUrl &u = config.proxyUrl;
    const QString scheme = u.scheme();
    if (scheme == QLatin1String("https")) {
        *error = QStringLiteral("error: proxy-url %1: https:// proxies are not supported by this client; use http:// or socks5://")
                         .arg(u.toString(QUrl::RemoveUserInfo));
        return false;
    }
    const bool socks = scheme == QLatin1String("socks5");
    *proxy = QNetworkProxy(socks ? QNetworkProxy::Socks5Proxy : QNetworkProxy::HttpProxy, u.host(),
                           quint16(u.port(socks ? 1080 : 80)), u.userName(), u.password());
    return true;
}

} // namespace

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
    QNetworkProxy proxy;
    if (!proxyFor(config, &proxy, err))
        return nullptr;
    return std::make_unique<RestClient>(config, options, *tls, proxy);
}

} // namespace rlab::http
