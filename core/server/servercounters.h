#pragma once
#include <QtGlobal>

#include <atomic>

namespace rlab::server {

// What the HTTP server has done so far, for the GUI, `rlab serve` and the benchmarks. Written on
// the HTTP server's thread, read from any thread (relaxed atomics: figures, not synchronisation).
struct ServerCounters
{
    std::atomic<qint64> requests{0};
    std::atomic<qint64> watchesOpened{0};
    std::atomic<qint64> openWatches{0};
    std::atomic<qint64> watchEvents{0};     // events written to watch streams
    std::atomic<qint64> watchBytes{0};
    std::atomic<qint64> openConnections{0};
    std::atomic<qint64> refusedConnections{0};    // over HttpLimits::maxConnections, all busy: closed at once
    std::atomic<qint64> evictedConnections{0};    // closed at the cap to make room (ConnectionGuard::evict)
    std::atomic<qint64> peakOpenConnections{0};   // the most open since free memory was last released
    std::atomic<qint64> limitRefusals{0};         // 413 / 431 / 400 from the ConnectionGuard
    std::atomic<qint64> timedOutConnections{0};   // idle, header or body timeout
    // Requests received and not yet answered that hold a seat of the InflightLimiter (watches
    // and other long-running requests hold none), and the 429s it answered.
    std::atomic<qint64> inflightReadOnly{0};
    std::atomic<qint64> inflightMutating{0};
    std::atomic<qint64> tooManyRequests{0};
};

} // namespace rlab::server
