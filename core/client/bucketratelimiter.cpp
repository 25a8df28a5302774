// SPDX-License-Identifier: Apache-2.0
#include "core/client/bucketratelimiter.h"

#include "core/base/clock.h"

#include <cmath>
#include <limits>

namespace rlab {

BucketRateLimiter::BucketRateLimiter(const Clock &clock, double qps, int burst)
    : m_clock(clock), m_qps(qps), m_burst(burst), m_tokens(burst), m_lastMs(clock.now())
{
}

double BucketRateLimiter::tokensAtLocked(qint64 nowMs) const
{
    // rate.Limiter.advance: time before the last update counts as no time at all.
    const qint64 elapsedMs = nowMs > m_lastMs ? nowMs - m_lastMs : 0;
    const double tokens = m_tokens + static_cast<double>(elapsedMs) * m_qps / 1000.0;
    return qMin(tokens, static_cast<double>(m_burst));
}

qint64 BucketRateLimiter::when(const QString &)
{
    if (std::isinf(m_qps) && m_qps > 0)
        return 0;
    if (m_burst < 1 || !(m_qps > 0))
        return std::numeric_limits<qint64>::max();

    std::lock_guard lock(m_mutex);
    const qint64 now = m_clock.now();
    const double tokens = tokensAtLocked(now) - 1.0;
    m_lastMs = now;
    m_tokens = tokens;
    if (tokens >= 0)
        return 0;
    // The debt in time; rounded up to whole milliseconds so a key is never released before its
    // token exists (10 qps: exactly 100 ms per token of debt).
    const double waitMs = -tokens * 1000.0 / m_qps;
    return static_cast<qint64>(std::ceil(waitMs - 1e-6));
}

void BucketRateLimiter::forget(const QString &)
{
}

int BucketRateLimiter::numRequeues(const QString &) const
{
    return 0;
}

double BucketRateLimiter::tokens() const
{
    std::lock_guard lock(m_mutex);
    return tokensAtLocked(m_clock.now());
}

} // namespace rlab
