#include "core/server/inflightlimiter.h"

namespace rlab::server {

InflightLimiter::InflightLimiter(int readOnlyLimit, int mutatingLimit, ServerCounters &counters)
    : m_readOnlyLimit(readOnlyLimit), m_mutatingLimit(mutatingLimit), m_counters(counters)
{
}

void InflightLimiter::setLimits(int readOnlyLimit, int mutatingLimit)
{
    m_readOnlyLimit = readOnlyLimit;
    m_mutatingLimit = mutatingLimit;
}

std::atomic<qint64> &InflightLimiter::seats(Kind kind)
{
    return kind == Kind::Mutating ? m_counters.inflightMutating : m_counters.inflightReadOnly;
}

bool InflightLimiter::tryAcquire(Kind kind)
{
    const int limit = kind == Kind::Mutating ? m_mutatingLimit : m_readOnlyLimit;
    std::atomic<qint64> &taken = seats(kind);
    if (limit > 0 && taken.load() >= limit)
        return false;
    ++taken;
    return true;
}

void InflightLimiter::release(Kind kind)
{
    --seats(kind);
}

} // namespace rlab::server
