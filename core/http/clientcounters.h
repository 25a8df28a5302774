// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <atomic>

namespace rlab::http {

// What one RestClient has done, for tests, the status bar and load figures. Plain atomics:
// read and bumped from any thread.
struct ClientCounters
{
    std::atomic<long long> requests{0};          // every HTTP request sent (watches included)
    std::atomic<long long> watchesOpened{0};     // watch streams that got their 200
    std::atomic<long long> watchReconnects{0};   // re-opened from the last resourceVersion
    std::atomic<long long> watchdogFired{0};     // streams silent for watchIdleTimeoutMs
    std::atomic<long long> watchExpired{0};      // 410 Gone (status or ERROR event)
    std::atomic<long long> bookmarks{0};         // BOOKMARK events received
    std::atomic<long long> listPages{0};         // list requests (one per page)
    std::atomic<long long> execRuns{0};          // exec credential plugin runs
    std::atomic<long long> unauthorizedRetries{0};   // 401 → new credentials → retried once
    std::atomic<long long> backoffRefusals{0};   // calls refused while backing off
};

} // namespace rlab::http
