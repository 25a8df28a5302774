// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/client/ratelimiter.h"

#include <QHash>

#include <mutex>

namespace rlab {

// ItemFastSlowRateLimiter retries a key quickly for maxFastAttempts failures, slowly after.
// Example, fast 5 ms, slow 10 s, 3 fast attempts: 5 ms, 5 ms, 5 ms, 10 s, 10 s, ...
// Thread rules: any thread.
class ItemFastSlowRateLimiter : public RateLimiter
{
public:
    ItemFastSlowRateLimiter(qint64 fastDelayMs, qint64 slowDelayMs, int maxFastAttempts);

    qint64 when(const QString &key) override;
    void forget(const QString &key) override;
    int numRequeues(const QString &key) const override;

private:
    const qint64 m_fastDelayMs;
    const qint64 m_slowDelayMs;
    const int m_maxFastAttempts;
    mutable std::mutex m_mutex;
    QHash<QString, int> m_failures;
};

} // namespace rlab
