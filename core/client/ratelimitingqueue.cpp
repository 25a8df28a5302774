// SPDX-License-Identifier: Apache-2.0
#include "core/client/ratelimitingqueue.h"

#include <utility>

namespace rlab {

RateLimitingQueue::RateLimitingQueue(Clock &clock, std::unique_ptr<RateLimiter> limiter,
                                     QString name)
    : DelayingQueue(clock, std::move(name)), m_limiter(std::move(limiter))
{
    Q_ASSERT(m_limiter);
}

RateLimitingQueue::~RateLimitingQueue()
{
    stopTimers(); // a timer firing now would ask m_limiter for numRequeues
}

void RateLimitingQueue::addRateLimited(const QString &key)
{
    addAfter(key, m_limiter->when(key), true);
}

void RateLimitingQueue::forget(const QString &key)
{
    m_limiter->forget(key);
    Lock lock(m_mutex);
    if (hasEventHook()) {
        QueueEvent event;
        event.type = QueueEventType::Forget;
        event.key = key;
        emitLocked(std::move(event));
    }
}

int RateLimitingQueue::numRequeues(const QString &key) const
{
    return m_limiter->numRequeues(key);
}

int RateLimitingQueue::numRequeuesLocked(const QString &key) const
{
    return m_limiter->numRequeues(key);
}

} // namespace rlab
