// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QtGlobal>

namespace rlab {
class Clock;
class TraceLog;
} // namespace rlab

namespace rlab::http {

// Tuning of an http::RestClient; the defaults are client-go's where it has one. A plain value.
struct ConnectOptions
{
    TraceLog *trace = nullptr;     // requests are traced here ("http" component; no secrets)
    Clock *clock = nullptr;        // null: the client's own wall clock (SystemClock)
    qint64 requestTimeoutMs = 30'000;
    // timeoutSeconds sent with each watch; 0 = random in [300, 600) like the Reflector's
    // minWatchTimeout (the server ends the stream then and the watch re-opens it).
    int watchTimeoutSeconds = 0;
    // The watchdog: a stream that delivered no byte (event, bookmark) for this long is
    // considered hung and re-opened from the last resourceVersion. Servers send a BOOKMARK about
    // every minute when allowWatchBookmarks is set, so the default leaves room for two.
    qint64 watchIdleTimeoutMs = 150'000;
    // Reflector backoff (client-go: 800 ms doubling to 30 s, reset after 2 min of health).
    qint64 backoffInitialMs = 800;
    qint64 backoffMaxMs = 30'000;
    // Page size of a list that asked for no limit (client-go's ListPager: 500).
    qint64 listPageSize = 500;
};

} // namespace rlab::http
