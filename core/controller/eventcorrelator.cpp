#include "core/controller/eventcorrelator.h"

#include <QHash>

#include <algorithm>
#include <cstring>

namespace rlab::controller {

namespace {
constexpr quint64 kMulA = 0x9e3779b97f4a7c15ULL, kMulB = 0xc2b2ae3d27d4eb4fULL;

// Murmur3's 64-bit finaliser: every input bit moves every output bit.
inline quint64 fmix(quint64 x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

inline quint64 rotl(quint64 x, int r)
{
    return (x << r) | (x >> (64 - r));
}
} // namespace

EventCorrelator::KeyHash EventCorrelator::KeyHash::then(QStringView part) const
{
    // Two lanes over the part's UTF-16 bytes, eight at a time, each seeded by the state so far
    // and by the part's length (an empty part still moves the state: a field moved from one part
    // to the next must not give the same key), then finalised. Inline: the recorder hashes ~13
    // parts an Event (two qHash calls a part cost ~150 instructions).
    const auto *p = reinterpret_cast<const unsigned char *>(part.utf16());
    std::size_t len = std::size_t(part.size()) * sizeof(char16_t);
    quint64 x = a ^ (quint64(len) * kMulB), y = b + quint64(len);
    for (; len >= 8; p += 8, len -= 8) {
        quint64 w;
        std::memcpy(&w, p, 8);
        x = rotl(x ^ (w * kMulA), 31) * kMulB;
        y = rotl(y + (w * kMulB), 27) * kMulA;
    }
    if (len > 0) {
        quint64 w = 0;
        std::memcpy(&w, p, len);
        x = rotl(x ^ (w * kMulA), 31) * kMulB;
        y = rotl(y + (w * kMulB), 27) * kMulA;
    }
    return KeyHash{fmix(x) + 0x2545f4914f6cdd1dULL, fmix(y ^ x) + 0x9fb21c651e98df25ULL};
}

EventCorrelator::KeyHash EventCorrelator::KeyHash::then(const CompactKey &part) const
{
    // Both words of the part in each lane, told apart from a text part by constants of their own.
    const quint64 x = rotl(a ^ (part.a * kMulA), 31) * kMulB ^ (part.b + 0x7c0f4d91a5e3b627ULL);
    const quint64 y = rotl(b + (part.b * kMulB), 27) * kMulA ^ (part.a + 0x3a8f05c5d1e4b9e1ULL);
    return KeyHash{fmix(x) + 0x6a09e667f3bcc909ULL, fmix(y ^ x) + 0xbb67ae8584caa73bULL};
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
