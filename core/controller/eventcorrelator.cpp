#include "core/controller/eventcorrelator.h"

#include <algorithm>

namespace rlab::controller {

EventCorrelator::Aggregated EventCorrelator::aggregate(const QString &aggregateKey, const QString &eventKey,
                                                       const QString &message, qint64 nowMs)
{
    AggregateRecord record;
    if (const AggregateRecord *found = m_aggregates.get(aggregateKey))
        record = *found;
    // Too old (or never seen): a fresh record.
    if (!record.seen || nowMs - record.lastMs > kMaxIntervalMs)
        record = AggregateRecord{};
    record.localKeys.insert(message);
    record.lastMs = nowMs;
    record.seen = true;
    const bool combine = int(record.localKeys.size()) >= kMaxEvents;
    if (combine)
        record.localKeys.erase(record.localKeys.begin());   // PopAny: the set stays below the max
    m_aggregates.add(aggregateKey, std::move(record));
    if (!combine)
        return Aggregated{false, message, eventKey};
    return Aggregated{true, QStringLiteral("(combined from similar events): ") + message, aggregateKey};
}

bool EventCorrelator::allow(const QString &spamKey, qint64 nowMs)
{
    SpamRecord record;
    if (const SpamRecord *found = m_spam.get(spamKey)) {
        record = *found;
        // The passive token bucket refills by the time passed, up to the burst.
        record.tokens = std::min<double>(kSpamBurst, record.tokens + double(nowMs - record.lastMs) / double(kSpamRefillMs));
    }
    record.lastMs = nowMs;
    const bool accept = record.tokens >= 1.0;
    if (accept)
        record.tokens -= 1.0;
    m_spam.add(spamKey, record);
    return accept;
}

} // namespace rlab::controller
