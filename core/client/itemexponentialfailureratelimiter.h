// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/lightmutex.h"
#include "core/client/ratelimiter.h"

#include <QHash>

#include <mutex>

namespace rlab {

// ItemExponentialFailureRateLimiter waits baseDelay * 2^failures for a key, capped at maxDelay
// (also when the product would not fit in 64 bits). failures counts when() calls since forget().
// Example, base 5 ms, max 1000 s: 5, 10, 20, 40, 80, 160, 320, 640 ms, 1.28, 2.56, 5.12, 10.24,
// 20.48, 40.96, 81.92 s (15th call), 163.84, 327.68, 655.36 s, then 1000 s for good.
// Thread rules: any thread.
class ItemExponentialFailureRateLimiter : public RateLimiter
{
public:
    ItemExponentialFailureRateLimiter(qint64 baseDelayMs, qint64 maxDelayMs);

    qint64 when(const QString &key) override;
    void forget(const QString &key) override;
    int numRequeues(const QString &key) const override;

private:
    const qint64 m_baseDelayMs;
    const qint64 m_maxDelayMs;
    mutable LightMutex m_mutex;
    QHash<QString, int> m_failures;
};

} // namespace rlab
