// SPDX-License-Identifier: Apache-2.0
#include "core/client/withmaxwaitratelimiter.h"

#include <utility>

namespace rlab {

WithMaxWaitRateLimiter::WithMaxWaitRateLimiter(std::unique_ptr<RateLimiter> limiter,
                                               qint64 maxDelayMs)
    : m_limiter(std::move(limiter)), m_maxDelayMs(maxDelayMs)
{
}

qint64 WithMaxWaitRateLimiter::when(const QString &key)
{
    return qMin(m_limiter->when(key), m_maxDelayMs);
}

void WithMaxWaitRateLimiter::forget(const QString &key)
{
    m_limiter->forget(key);
}

int WithMaxWaitRateLimiter::numRequeues(const QString &key) const
{
    return m_limiter->numRequeues(key);
}

} // namespace rlab
