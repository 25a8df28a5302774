#include "core/controller/eventcorrelator.h"

#include <QHash>

#include <algorithm>

namespace rlab::controller {

QString EventCorrelator::compactKey(const QString &key)
{
    const quint64 h[2] = {quint64(qHash(key, size_t(0x9e3779b97f4a7c15ULL))), quint64(qHash(key, size_t(0xc2b2ae3d27d4eb4fULL)))};
    QString out(8, Qt::Uninitialized);
    for (int i = 0; i < 8; ++i)
        out[i] = QChar(ushort(h[i / 4] >> (16 * (i % 4))));
    return out;
}

EventCorrelator::Aggregated EventCorrelator::aggregate(const QString &aggregateKey, const QString &eventKey,
                                                       const QString &localKey, const QString &message, qint64 nowMs)
{
    AggregateRecord record;
    if (const AggregateRecord *found = m_aggregates.get(aggregateKey))
        record = *found;
    // Too old (or never seen): a fresh record.
    if (!record.seen || nowMs - record.lastMs > kMaxIntervalMs)
        record = AggregateRecord{};
    record.localKeys.insert(localKey);
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
