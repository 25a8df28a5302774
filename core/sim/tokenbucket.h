#pragma once
#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace rlab {

// client-go's client-side rate limiter (flowcontrol.NewTokenBucketRateLimiter, i.e.
// golang.org/x/time/rate Reserve) in virtual time: `qps` tokens a second up to `burst`, full at
// first; reserve(at) takes one token and says when the request may go. Time never runs
// backwards in the bucket (a reserve before the last one counts from the last one).
// Example, 20 qps, burst 30, all at t = 0: requests 1..30 go at 0, the 31st at 50 ms, the
// 32nd at 100 ms; at t = 1100 ms 20 tokens have come back and a request goes at once.
// A plain value; qps <= 0 never throttles.
struct TokenBucket
{
    double qps = 0;
    int burst = 0;
    double tokens = 0;
    qint64 lastMs = 0;

    void reset(double q, int b)
    {
        qps = q;
        burst = b;
        tokens = b;
    }
    qint64 reserve(qint64 atMs)
    {
        if (qps <= 0)
            return atMs;
        const qint64 at = std::max(atMs, lastMs);
        tokens = std::min<double>(burst, tokens + double(at - lastMs) * qps / 1000.0);
        lastMs = at;
        tokens -= 1.0;
        return tokens >= 0 ? at : at + qint64(std::ceil(-tokens * 1000.0 / qps));
    }
};

} // namespace rlab
