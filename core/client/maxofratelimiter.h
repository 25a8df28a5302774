// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/client/ratelimiter.h"

#include <memory>
#include <vector>

namespace rlab {

// MaxOfRateLimiter asks every child and returns the worst (longest) delay. Every child's when()
// is called, so all their counters advance; numRequeues is the maximum; forget goes to all.
// Example: max(fast/slow 5 ms..3 s after 3, exponential 1 ms..1 s) gives 5, 5, 5 ms, 3 s, 3 s.
// With a token bucket child the burst can appear exceeded when some keys were delayed longer.
// Thread rules: any thread (the children lock themselves).
class MaxOfRateLimiter : public RateLimiter
{
public:
    explicit MaxOfRateLimiter(std::vector<std::unique_ptr<RateLimiter>> limiters);
    MaxOfRateLimiter(std::unique_ptr<RateLimiter> first, std::unique_ptr<RateLimiter> second);

    qint64 when(const QString &key) override;
    void forget(const QString &key) override;
    int numRequeues(const QString &key) const override;

private:
    const std::vector<std::unique_ptr<RateLimiter>> m_limiters;
};

} // namespace rlab
