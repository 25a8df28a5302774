// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <memory>

namespace rlab {

class Clock;

// RateLimiter is client-go's RateLimiter (util/workqueue/default_rate_limiters.go): how long a
// key must wait before it is retried. when() counts as one more failure of key; forget() says
// the key is finished being retried (success or give up) and resets it; numRequeues() is the
// failure count. Thread rules: implementations are thread-safe (own std::mutex).
class RateLimiter
{
public:
    virtual ~RateLimiter();

    // Delay in (Clock) milliseconds before key should be retried; records a failure.
    virtual qint64 when(const QString &key) = 0;
    virtual void forget(const QString &key) = 0;
    virtual int numRequeues(const QString &key) const = 0;
};

// DefaultControllerRateLimiter: max(per-key exponential 5 ms .. 1000 s, overall token bucket of
// 10 qps with burst 100). The bucket only matters when more than 100 retries pile up at once.
// Example for one key failing over and over: 5, 10, 20, 40 ms ... 81.92 s (15th) ... 1000 s.
std::unique_ptr<RateLimiter> defaultControllerRateLimiter(const Clock &clock);

// DefaultItemBasedRateLimiter: per-key exponential 1 ms .. 1000 s.
std::unique_ptr<RateLimiter> defaultItemBasedRateLimiter();

} // namespace rlab
