// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/base/traceevent.h"
#include "core/base/tracelog.h"
#include "core/http/clientcounters.h"
#include "core/http/connectoptions.h"
#include "core/http/restconfig.h"

#include <QNetworkProxy>
#include <QSslConfiguration>

namespace rlab::http {

class CredentialSource;
class ResourceVersions;

// What every request and watch connection of one RestClient shares on the network thread: the
// resolved config, TLS and proxy settings, the credential source, counters and the trace. It
// traces hops as component "http" with the method and path only (never headers or bodies).
// Thread rules: built before the network thread starts, then read only on it.
struct TransportContext
{
    RestConfig config;
    ConnectOptions options;
    QSslConfiguration tls;
    QNetworkProxy proxy{QNetworkProxy::NoProxy};
    ClientCounters *counters = nullptr;
    CredentialSource *credentials = nullptr;   // owned by the Transport
    ResourceVersions *resourceVersions = nullptr;   // owned by the RestClient (thread-safe)

    bool https() const { return config.server.scheme() == QLatin1String("https"); }
    // Server URL path prefix (Rancher-style https://host/k8s/clusters/c-1), no trailing '/'.
    QString basePath() const
    {
        QString p = config.server.path();
        while (p.endsWith(QLatin1Char('/')))
            p.chop(1);
        return p;
    }
    QString url(const QString &pathAndQuery) const
    {
        QUrl u = config.server;
        return u.toString(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveUserInfo | QUrl::StripTrailingSlash)
               + basePath() + pathAndQuery;
    }
    void trace(const char *type, const QString &text) const
    {
        TraceLog *log = options.trace;
        if (!log || !log->isEnabled())
            return;
        TraceEvent ev;
        ev.component = QStringLiteral("http");
        ev.type = QLatin1String(type);
        ev.text = text;
        log->append(std::move(ev));
    }
};

} // namespace rlab::http
