// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/client/delayingqueue.h"
#include "core/client/ratelimiter.h"

#include <memory>

namespace rlab {

// RateLimitingQueue is client-go's rate-limiting queue (rate_limiting_queue.go): a delaying
// queue whose retries wait as long as its RateLimiter says. The controller loop is
//   key = get(); err = sync(key); if ok: forget(key)
//   else if numRequeues(key) < maxRetries: addRateLimited(key) else forget(key); done(key)
// e.g. with defaultControllerRateLimiter a key failing 3 times waits 5, 10 and 20 ms.
// Thread rules: as DelayingQueue; the limiter has its own lock.
class RateLimitingQueue : public DelayingQueue
{
public:
    RateLimitingQueue(Clock &clock, std::unique_ptr<RateLimiter> limiter, QString name = {});
    ~RateLimitingQueue() override;

    // addAfter(key, limiter.when(key)): counts one more failure and parks the key.
    void addRateLimited(const QString &key);
    // Resets key's failure count. Does not remove the key from the queue or from waiting.
    void forget(const QString &key);
    int numRequeues(const QString &key) const;

    RateLimiter &rateLimiter() const { return *m_limiter; }

protected:
    int numRequeuesLocked(const QString &key) const override;

private:
    const std::unique_ptr<RateLimiter> m_limiter;
};

} // namespace rlab
