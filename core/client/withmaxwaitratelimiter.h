// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/client/ratelimiter.h"

#include <memory>

namespace rlab {

// WithMaxWaitRateLimiter caps another limiter's delay at maxDelay; counting is the inner one's.
// Example: a limiter answering 5 ms a hundred times and 1000 s after, capped at 500 s, answers
// 5 ms a hundred times and 500 s after. Thread rules: as the wrapped limiter.
class WithMaxWaitRateLimiter : public RateLimiter
{
public:
    WithMaxWaitRateLimiter(std::unique_ptr<RateLimiter> limiter, qint64 maxDelayMs);

    qint64 when(const QString &key) override;
    void forget(const QString &key) override;
    int numRequeues(const QString &key) const override;

private:
    const std::unique_ptr<RateLimiter> m_limiter;
    const qint64 m_maxDelayMs;
};

} // namespace rlab
