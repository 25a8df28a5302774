#pragma once
#include "core/controller/compactkey.h"
#include "core/controller/lrucache.h"

#include <QString>

#include <memory>
#include <vector>

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
        CompactKey key;          // the key the event logger correlates by
    };
    // EventAggregate: `eventKey` is the event's full key (with the message), `aggregateKey` the
    // same without the message, `localKey` what tells the message apart (the message, or its
    // CompactKey::of()).
    Aggregated aggregate(const CompactKey &aggregateKey, const CompactKey &eventKey, const CompactKey &localKey,
                         const QString &message, qint64 nowMs);
    // A compact key built from its parts without joining them: each part's hash seeds the next,
    // so a shared prefix (the event's source) is hashed once for the spam, aggregate and event
    // keys. Same odds as CompactKey::of() (its values differ from CompactKey::of the joined text).
    struct KeyHash
    {
        quint64 a = 0x9e3779b97f4a7c15ULL, b = 0xc2b2ae3d27d4eb4fULL;
        KeyHash then(QStringView part) const;
        // A part given by its compact key (e.g. a message's CompactKey::of, remembered).
        KeyHash then(const CompactKey &part) const;
        CompactKey compact() const { return {a, b}; }
    };
    // EventSourceObjectSpamFilter.Filter, inverted: true = a token was taken, write the event.
    bool allow(const CompactKey &spamKey, qint64 nowMs);

private:
    struct AggregateRecord
    {
        // The distinct messages seen (none: a fresh record), sorted: PopAny takes the first
        // (deterministic here). Most records see one message (one per object and reason), kept
        // in place; the others are on the heap (1,000 kubelets' caches held ~1.2 M records at
        // rlab bench --size large, each with a 16-byte heap block when it was a std::vector).
        CompactKey first;
        std::unique_ptr<std::vector<CompactKey>> rest;
        qint64 lastMs = 0;
        int size = 0;
        // Adds `key` unless it is there; removes the first key.
        void insert(const CompactKey &key);
        void popFirst();
    };
    struct SpamRecord
    {
        double tokens = kSpamBurst;
        qint64 lastMs = 0;
    };
    LruCache<CompactKey, AggregateRecord> m_aggregates{kCacheSize};
    LruCache<CompactKey, SpamRecord> m_spam{kCacheSize};
};

} // namespace rlab::controller
