// SPDX-License-Identifier: Apache-2.0
#include "core/client/itemfastslowratelimiter.h"

#include <limits>

namespace rlab {

ItemFastSlowRateLimiter::ItemFastSlowRateLimiter(qint64 fastDelayMs, qint64 slowDelayMs,
                                                 int maxFastAttempts)
    : m_fastDelayMs(fastDelayMs), m_slowDelayMs(slowDelayMs), m_maxFastAttempts(maxFastAttempts)
{
}

qint64 ItemFastSlowRateLimiter::when(const QString &key)
{
    std::lock_guard lock(m_mutex);
    int &failures = m_failures[key];
    if (failures < std::numeric_limits<int>::max())
        ++failures;
    return failures <= m_maxFastAttempts ? m_fastDelayMs : m_slowDelayMs;
}

void ItemFastSlowRateLimiter::forget(const QString &key)
{
    std::lock_guard lock(m_mutex);
    m_failures.remove(key);
}

int ItemFastSlowRateLimiter::numRequeues(const QString &key) const
{
    std::lock_guard lock(m_mutex);
    return m_failures.value(key, 0);
}

} // namespace rlab
