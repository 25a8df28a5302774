// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QtGlobal>

#include <optional>

namespace rlab::client {

// Marks the requests made on this thread, while it lives, as issued together: what upstream's
// slowStartBatch does with one goroutine per call, done one after the other on one thread.
// A metered client (sim/MeteredClient) charges every request of the scope from the time the
// first one was issued, so a batch of 4 creates at 400 ms each commits all 4 at +400 ms,
// not at +400, +800, +1200, +1600. Scopes nest (the innermost wins). Thread rules: thread-local;
// construct and destroy on one thread, in stack order.
class ConcurrentRequests
{
public:
    ConcurrentRequests();
    ~ConcurrentRequests();
    ConcurrentRequests(const ConcurrentRequests &) = delete;
    ConcurrentRequests &operator=(const ConcurrentRequests &) = delete;

    // The scope open on this thread, nullptr if none.
    static ConcurrentRequests *current();
    // When the scope's first request was issued (the metered client sets it).
    std::optional<qint64> issuedAtMs;

private:
    ConcurrentRequests *m_outer;
};

} // namespace rlab::client
