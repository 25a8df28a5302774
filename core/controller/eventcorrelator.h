#pragma once
#include "core/controller/lrucache.h"

#include <QString>

#include <set>

namespace rlab::controller {

// The two halves of client-go's record.EventCorrelator (tools/record/events_cache.go) that sit
// around the event logger (EventLogCache): the EventAggregator and the
// EventSourceObjectSpamFilter, on the lab's virtual clock (ms).
// - aggregate(): events alike but for their message (same source, object, type, reason) are
//   counted per aggregate key over a rolling 10 minutes; the 10th distinct message turns the
//   event into "(combined from similar events): <message>", correlated by the aggregate key, so
//   every later one updates that one Event (count + 1) instead of writing a new one.
//   Worked example: an RS creating 30 pods writes 9 "Created pod: web-…" Events, then one
//   "(combined from similar events): Created pod: web-…" whose count goes up.
// - allow(): a token bucket per source + object, 25 events of burst refilled at 1 per 5 minutes
//   (qps 1/300); an event without a token is not written (Skip).
// Both keep 4,096 keys (LRU). Not thread-safe: EventRecorder locks around it.
class EventCorrelator
{
public:
    static constexpr int kMaxEvents = 10;                 // defaultAggregateMaxEvents
    static constexpr qint64 kMaxIntervalMs = 600'000;     // defaultAggregateIntervalInSeconds
    static constexpr int kSpamBurst = 25;                 // defaultSpamBurst
    static constexpr qint64 kSpamRefillMs = 300'000;      // defaultSpamQPS = 1/300 per second
    static constexpr std::size_t kCacheSize = 4096;       // maxLruCacheEntries

    struct Aggregated
    {
        bool combined = false;   // the event became the aggregate one
        QString message;         // the message to write
        QString key;             // the key the event logger correlates by
    };
    // EventAggregate: `eventKey` is the event's full key (with the message), `aggregateKey` the
    // same without the message, `localKey` what tells the message apart (the message, or its
    // compactKey()).
    Aggregated aggregate(const QString &aggregateKey, const QString &eventKey, const QString &localKey,
                         const QString &message, qint64 nowMs);
    // A key kept in these caches as 8 characters (a 128-bit hash of it) instead of its ~120:
    // the lab runs every node's kubelet in one process, each with caches of 4,096 keys (at
    // 1,000 nodes the full strings took ~380 MB). Equal keys stay equal; distinct ones collide
    // with odds of about 2^-64.
    static QString compactKey(const QString &key);
    // A compact key built from its parts without joining them: each part's hash seeds the next,
    // so a shared prefix (the event's source) is hashed once for the spam, aggregate and event
    // keys. Same odds as compactKey() (its values differ from compactKey of the joined text).
    struct KeyHash
    {
        quint64 a = 0x9e3779b97f4a7c15ULL, b = 0xc2b2ae3d27d4eb4fULL;
        KeyHash then(QStringView part) const;
        QString compact() const;
    };
    // EventSourceObjectSpamFilter.Filter, inverted: true = a token was taken, write the event.
    bool allow(const QString &spamKey, qint64 nowMs);

private:
    struct AggregateRecord
    {
        std::set<QString> localKeys;   // the distinct messages seen (ordered: PopAny is deterministic here)
        qint64 lastMs = 0;
        bool seen = false;
    };
    struct SpamRecord
    {
        double tokens = kSpamBurst;
        qint64 lastMs = 0;
    };
    LruCache<AggregateRecord> m_aggregates{kCacheSize};
    LruCache<SpamRecord> m_spam{kCacheSize};
};

} // namespace rlab::controller
