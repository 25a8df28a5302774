// SPDX-License-Identifier: Apache-2.0
#include "core/http/backoffgate.h"

namespace rlab::http {

std::optional<apiserver::ApiError> BackoffGate::check(const QString &key)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_states.constFind(key);
    if (it == m_states.cend() || m_clock.elapsed() >= it->notBeforeMs)
        return std::nullopt;
    return it->error;
}

void BackoffGate::record(const QString &key, const std::optional<apiserver::ApiError> &error)
{
    std::lock_guard lock(m_mutex);
    if (!error || error->code == 410) {
        m_states.remove(key);
        return;
    }
    auto it = m_states.find(key);
    if (it == m_states.end())
        it = m_states.insert(key, State{Backoff(m_initialMs, m_maxMs), 0, {}});
    it->error = *error;
    qint64 delay = it->backoff.next();
    if (error->retryAfterSeconds > 0)
        delay = std::max<qint64>(delay, qint64(error->retryAfterSeconds) * 1000);
    it->notBeforeMs = m_clock.elapsed() + delay;
}

} // namespace rlab::http
