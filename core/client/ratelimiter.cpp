// SPDX-License-Identifier: Apache-2.0
#include "core/client/ratelimiter.h"

#include "core/client/bucketratelimiter.h"
#include "core/client/itemexponentialfailureratelimiter.h"
#include "core/client/maxofratelimiter.h"

namespace rlab {

RateLimiter::~RateLimiter() = default;

std::unique_ptr<RateLimiter> defaultControllerRateLimiter(const Clock &clock)
{
    return std::make_unique<MaxOfRateLimiter>(
            std::make_unique<ItemExponentialFailureRateLimiter>(5, 1000 * 1000),
            // 10 qps, 100 bucket size: only the overall retry speed, not per key.
            std::make_unique<BucketRateLimiter>(clock, 10.0, 100));
}

std::unique_ptr<RateLimiter> defaultItemBasedRateLimiter()
{
    return std::make_unique<ItemExponentialFailureRateLimiter>(1, 1000 * 1000);
}

} // namespace rlab
