#pragma once
#include "core/server/servercounters.h"

namespace rlab::server {

// kube-apiserver's WithMaxInFlightLimit (k8s.io/apiserver/pkg/server/filters/maxinflight.go):
// two pools of seats, --max-requests-inflight for read-only requests (verbs get, list) and
// --max-mutating-requests-inflight for the rest; a request that finds its pool full is
// answered 429 at once (tooManyRequests: "Retry-After: 1"). A limit of 0 means no limit for
// that pool. Long-running requests (watches, logs) never take a seat; the caller decides that,
// and that system:masters is exempt, as upstream. Seats live in `counters` (inflight*), so
// anyone may read them. Thread rules: acquire/release on one thread (the HTTP server's).
class InflightLimiter
{
public:
    enum class Kind { ReadOnly, Mutating };

    InflightLimiter(int readOnlyLimit, int mutatingLimit, ServerCounters &counters);
    void setLimits(int readOnlyLimit, int mutatingLimit);   // before the first acquire

    // Takes a seat of `kind`'s pool; false when it is full.
    bool tryAcquire(Kind kind);
    void release(Kind kind);

    // Upstream's 429 answer: text/plain "Too many requests, please try again later.\n" with
    // Retry-After: 1 (http.Error, not a Status object).
    static constexpr const char *kRetryAfter = "1";
    static constexpr const char *kMessage = "Too many requests, please try again later.";

private:
    std::atomic<qint64> &seats(Kind kind);
    int m_readOnlyLimit, m_mutatingLimit;
    ServerCounters &m_counters;
};

} // namespace rlab::server
