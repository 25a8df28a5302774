#include "core/controller/eventcorrelator.h"

#include <QHash>

#include <algorithm>

namespace rlab::controller {

EventCorrelator::KeyHash EventCorrelator::KeyHash::then(QStringView part) const
{
    // The constants keep an empty part from leaving the state unchanged (a field moved from one
    // part to the next must not give the same key).
    return KeyHash{quint64(qHash(part, size_t(a ^ 0x517cc1b727220a95ULL))) + 0x2545f4914f6cdd1dULL,
                   quint64(qHash(part, size_t(b ^ 0xff51afd7ed558ccdULL))) + 0x9fb21c651e98df25ULL};
}

EventCorrelator::Aggregated EventCorrelator::aggregate(const CompactKey &aggregateKey, const CompactKey &eventKey,
                                                       const CompactKey &localKey, const QString &message, qint64 nowMs)
{
    // The record is changed where the cache keeps it (get and add both make it the most
    // recently used; a new one may evict the least recently used record).
    AggregateRecord *record = m_aggregates.get(aggregateKey);
    if (!record) {
        m_aggregates.add(aggregateKey, AggregateRecord{});
        record = m_aggregates.get(aggregateKey);
    }
    // Too old (or never seen): a fresh record.
    if (record->size == 0 || nowMs - record->lastMs > kMaxIntervalMs)
        *record = AggregateRecord{};
    record->insert(localKey);
    record->lastMs = nowMs;
    const bool combine = record->size >= kMaxEvents;
    if (combine)
        record->popFirst();   // PopAny: the set stays below the max
    if (!combine)
        return Aggregated{false, message, eventKey};
    return Aggregated{true, QStringLiteral("(combined from similar events): ") + message, aggregateKey};
}

void EventCorrelator::AggregateRecord::insert(const CompactKey &key)
{
    if (size == 0) {
        first = key;
        size = 1;
        return;
    }
    if (key == first)
        return;
    if (!rest)
        rest = std::make_unique<std::vector<CompactKey>>();
    if (key < first) {
        rest->insert(rest->begin(), first);
        first = key;
        ++size;
        return;
    }
    const auto at = std::lower_bound(rest->begin(), rest->end(), key);
    if (at != rest->end() && *at == key)
        return;
    rest->insert(at, key);
    ++size;
}

void EventCorrelator::AggregateRecord::popFirst()
{
    if (!rest || rest->empty()) {
        size = 0;
        return;
    }
    first = rest->front();
    rest->erase(rest->begin());
    --size;
}

bool EventCorrelator::allow(const CompactKey &spamKey, qint64 nowMs)
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
