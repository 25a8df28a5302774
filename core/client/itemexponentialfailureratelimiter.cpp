// SPDX-License-Identifier: Apache-2.0
#include "core/client/itemexponentialfailureratelimiter.h"

#include <cmath>
#include <limits>

namespace rlab {

ItemExponentialFailureRateLimiter::ItemExponentialFailureRateLimiter(qint64 baseDelayMs,
                                                                     qint64 maxDelayMs)
    : m_baseDelayMs(baseDelayMs), m_maxDelayMs(maxDelayMs)
{
}

qint64 ItemExponentialFailureRateLimiter::when(const QString &key)
{
    std::lock_guard lock(m_mutex);
    int &failures = m_failures[key];
    const int exp = failures;
    if (failures < std::numeric_limits<int>::max())
        ++failures;

    // Computed in floating point so that it cannot overflow (2^1000 is just +inf-ish large).
    const double backoff = std::ldexp(static_cast<double>(m_baseDelayMs), exp);
    if (!(backoff < static_cast<double>(std::numeric_limits<qint64>::max())))
        return m_maxDelayMs;
    const auto calculated = static_cast<qint64>(backoff);
    return calculated > m_maxDelayMs ? m_maxDelayMs : calculated;
}

// Both are asked of every key a controller handles (forget after each good sync, numRequeues
// for each queue event's trace), and nearly always nothing has failed: an empty table answers
// without hashing the key.
void ItemExponentialFailureRateLimiter::forget(const QString &key)
{
    std::lock_guard lock(m_mutex);
    if (!m_failures.isEmpty())
        m_failures.remove(key);
}

int ItemExponentialFailureRateLimiter::numRequeues(const QString &key) const
{
    std::lock_guard lock(m_mutex);
    return m_failures.isEmpty() ? 0 : m_failures.value(key, 0);
}

} // namespace rlab
