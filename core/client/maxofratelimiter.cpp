// SPDX-License-Identifier: Apache-2.0
#include "core/client/maxofratelimiter.h"

#include <utility>

namespace rlab {

namespace {
std::vector<std::unique_ptr<RateLimiter>> pair(std::unique_ptr<RateLimiter> first,
                                               std::unique_ptr<RateLimiter> second)
{
    std::vector<std::unique_ptr<RateLimiter>> limiters;
    limiters.push_back(std::move(first));
    limiters.push_back(std::move(second));
    return limiters;
}
} // namespace

MaxOfRateLimiter::MaxOfRateLimiter(std::vector<std::unique_ptr<RateLimiter>> limiters)
    : m_limiters(std::move(limiters))
{
}

MaxOfRateLimiter::MaxOfRateLimiter(std::unique_ptr<RateLimiter> first,
                                   std::unique_ptr<RateLimiter> second)
    : MaxOfRateLimiter(pair(std::move(first), std::move(second)))
{
}

qint64 MaxOfRateLimiter::when(const QString &key)
{
    qint64 worst = 0;
    for (const auto &limiter : m_limiters)
        worst = qMax(worst, limiter->when(key));
    return worst;
}

void MaxOfRateLimiter::forget(const QString &key)
{
    for (const auto &limiter : m_limiters)
        limiter->forget(key);
}

int MaxOfRateLimiter::numRequeues(const QString &key) const
{
    int most = 0;
    for (const auto &limiter : m_limiters)
        most = qMax(most, limiter->numRequeues(key));
    return most;
}

} // namespace rlab
