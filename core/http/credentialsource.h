// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/http/clientcounters.h"
#include "core/http/credential.h"
#include "core/http/restconfig.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <functional>
#include <vector>

namespace rlab::http {

class ExecPlugin;

// Who the client is, per request: a static token, a tokenFile (re-read every minute and after a
// 401, as client-go's cachingTokenSource), basic auth, or an exec plugin whose ExecCredential is
// cached until its expirationTimestamp and re-run after a 401 (the request is then retried once).
// Requests waiting while the plugin runs are answered together. Thread rules: lives on the
// network thread and is used only there; acquire() never blocks (the plugin runs as a QProcess).
class CredentialSource : public QObject
{
    Q_OBJECT
public:
    using Done = std::function<void(const Credential &credential, const QString &error)>;

    CredentialSource(RestConfig config, qint64 execTimeoutMs, ClientCounters &counters, QObject *parent = nullptr);
    ~CredentialSource() override;

    void acquire(Done done);
    // A request with `used` got 401: drop it (once per generation). True when a fresh credential
    // may differ (exec plugin, token file), so a retry makes sense.
    bool invalidate(const Credential &used);

private:
    void runPlugin();
    void staticCredential();

    const RestConfig m_config;
    const qint64 m_execTimeoutMs;
    ClientCounters &m_counters;
    Credential m_cached;
    bool m_valid = false;
    quint64 m_generation = 0;
    QElapsedTimer m_tokenFileAge;
    QPointer<ExecPlugin> m_running;
    std::vector<Done> m_waiting;
};

} // namespace rlab::http
