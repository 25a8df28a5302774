// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/client/ratelimiter.h"

#include <mutex>

namespace rlab {

// BucketRateLimiter is one token bucket shared by all keys (golang.org/x/time/rate Limiter,
// Reserve().Delay()): it refills at qps tokens per second of Clock time up to burst, and every
// when() takes a token, going into debt if need be; the delay is the time until that debt is
// paid. It starts full. Example, 10 qps, burst 100, all at t = 0: calls 1..100 wait 0 ms, call
// 101 waits 100 ms, call 102 200 ms; at t = 1000 the 10 refilled tokens pay the 2 of debt, so
// 8 calls wait 0 and the next one 100 ms. numRequeues is always 0, forget does nothing.
// Thread rules: any thread.
class BucketRateLimiter : public RateLimiter
{
public:
    // qps may be +infinity (never waits). burst < 1 means a request can never be served: when()
    // then answers the largest delay there is, like Go's InfDuration.
    BucketRateLimiter(const Clock &clock, double qps, int burst);

    qint64 when(const QString &key) override;
    void forget(const QString &key) override;
    int numRequeues(const QString &key) const override;

    // Tokens in the bucket at the current time (negative = debt), for display and tests.
    double tokens() const;

private:
    double tokensAtLocked(qint64 nowMs) const;

    const Clock &m_clock;
    const double m_qps;
    const int m_burst;
    mutable std::mutex m_mutex;
    double m_tokens;
    qint64 m_lastMs;
};

} // namespace rlab
