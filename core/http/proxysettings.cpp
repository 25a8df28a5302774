// SPDX-License-Identifier: Apache-2.0
#include "core/http/proxysettings.h"

#include <QHostAddress>

namespace rlab::http {

namespace {

QString envValue(const QProcessEnvironment &env, const char *upper)
{
    const QString u = QLatin1String(upper);
    const QString v = env.value(u);
    return v.isEmpty() ? env.value(u.toLower()) : v;
}

bool excluded(const QString &host, const QString &noProxy)
{
    for (QString entry : noProxy.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        entry = entry.trimmed().toLower();
        if (entry == QLatin1String("*"))
            return true;
        if (!entry.startsWith(QLatin1Char('[')) && entry.count(QLatin1Char(':')) == 1)
            entry = entry.section(QLatin1Char(':'), 0, 0);   // "host:port": the host decides here
        if (entry.startsWith(QLatin1Char('.')))
            entry.remove(0, 1);
        if (host == entry || host.endsWith(QLatin1Char('.') + entry))
            return true;
    }
    return false;
}

} // namespace

std::optional<QNetworkProxy> ProxySettings::proxyFor(const RestConfig &config, const QProcessEnvironment &env, QString *error)
{
    QUrl u = config.proxyUrl;
    if (u.isEmpty()) {
        const QString host = config.server.host().toLower();
        const QHostAddress ip(host);
        if (host == QLatin1String("localhost") || (!ip.isNull() && ip.isLoopback()))
            return QNetworkProxy(QNetworkProxy::NoProxy);
        const bool https = config.server.scheme() == QLatin1String("https");
        const QString fromEnv = envValue(env, https ? "HTTPS_PROXY" : "HTTP_PROXY");
        if (fromEnv.isEmpty() || excluded(host, envValue(env, "NO_PROXY")))
            return QNetworkProxy(QNetworkProxy::NoProxy);
        u = QUrl(fromEnv.contains(QLatin1String("://")) ? fromEnv : QStringLiteral("http://") + fromEnv);
    }
    const QString scheme = u.scheme();
    if (scheme == QLatin1String("https")) {
        *error = QStringLiteral("error: proxy %1: https:// proxies are not supported by this client; use http:// or socks5://")
                         .arg(u.toString(QUrl::RemoveUserInfo));
        return std::nullopt;
    }
    if (scheme != QLatin1String("http") && scheme != QLatin1String("socks5")) {
        *error = QStringLiteral("error: proxy %1: unsupported scheme \"%2\"").arg(u.toString(QUrl::RemoveUserInfo), scheme);
        return std::nullopt;
    }
    const bool socks = scheme == QLatin1String("socks5");
    return QNetworkProxy(socks ? QNetworkProxy::Socks5Proxy : QNetworkProxy::HttpProxy, u.host(), quint16(u.port(socks ? 1080 : 80)),
                         u.userName(), u.password());
}

} // namespace rlab::http
