// SPDX-License-Identifier: Apache-2.0
#include "core/http/credentialsource.h"

#include "core/http/execplugin.h"

#include <QDateTime>
#include <QFile>

namespace rlab::http {

namespace {
constexpr qint64 kTokenFileMaxAgeMs = 60'000;   // client-go's cachingTokenSource period
} // namespace

CredentialSource::CredentialSource(RestConfig config, qint64 execTimeoutMs, ClientCounters &counters, QObject *parent)
    : QObject(parent), m_config(std::move(config)), m_execTimeoutMs(execTimeoutMs), m_counters(counters)
{
}

CredentialSource::~CredentialSource() = default;

void CredentialSource::staticCredential()
{
    Credential c;
    QByteArray token = m_config.token;
    if (!m_config.tokenFile.isEmpty()) {
        QFile f(m_config.tokenFile);
        if (f.open(QIODevice::ReadOnly))
            token = f.readAll().trimmed();
        m_tokenFileAge.start();
    }
    if (!token.isEmpty())
        c.authorization = "Bearer " + token;
    else if (!m_config.username.isEmpty() || !m_config.password.isEmpty())
        c.authorization = "Basic " + (m_config.username + QLatin1Char(':') + m_config.password).toUtf8().toBase64();
    const bool changed = c.authorization != m_cached.authorization;
    c.generation = changed ? ++m_generation : m_generation;
    m_cached = c;
    m_valid = true;
}

void CredentialSource::acquire(Done done)
{
    if (!m_config.exec) {
        if (!m_valid || (!m_config.tokenFile.isEmpty() && m_tokenFileAge.elapsed() > kTokenFileMaxAgeMs))
            staticCredential();
        done(m_cached, {});
        return;
    }
    if (m_valid && (m_cached.expiresAtMs == 0 || QDateTime::currentMSecsSinceEpoch() < m_cached.expiresAtMs)) {
        done(m_cached, {});
        return;
    }
    m_valid = false;
    m_waiting.push_back(std::move(done));
    if (!m_running)
        runPlugin();
}

void CredentialSource::runPlugin()
{
    auto *plugin = new ExecPlugin(m_config, m_execTimeoutMs, this);
    m_running = plugin;
    connect(plugin, &ExecPlugin::finished, this, [this, plugin](const Credential &c, const QString &error) {
        plugin->deleteLater();
        m_running = nullptr;
        if (error.isEmpty()) {
            m_cached = c;
            m_cached.generation = ++m_generation;
            m_valid = true;
        }
        std::vector<Done> waiting;
        waiting.swap(m_waiting);
        for (const Done &d : waiting)
            d(m_cached, error.isEmpty() ? QString() : QStringLiteral("getting credentials: ") + error);
    });
    ++m_counters.execRuns;
    plugin->start();
}

bool CredentialSource::invalidate(const Credential &used)
{
    if (m_config.exec) {
        if (used.generation == m_generation)
            m_valid = false;   // the next acquire re-runs the plugin (once for all 401s of it)
        return true;
    }
    if (m_config.tokenFile.isEmpty())
        return false;
    const quint64 before = m_generation;
    if (used.generation == m_generation)
        staticCredential();
    return m_generation != before || used.generation != m_generation;
}

} // namespace rlab::http
