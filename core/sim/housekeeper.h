#pragma once
#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace rlab::store {
class KvStore;
class Watcher;
} // namespace rlab::store

namespace rlab {

// The Simulation's background housekeeping in threaded mode (what the deterministic runner does
// as idle tasks): one std::thread that calls `pass` (the garbage collector's collect(), the
// periodic etcd compaction) after every burst of writes under /registry/ — a KvStore watch wakes
// it — but at most once per `minInterval` of real time, and at least once per `maxInterval`
// even when nothing was written (virtual-time tasks such as compaction come due on their own).
// Example: minInterval 50 ms, 300 pod writes spread over 1 s ⇒ about 20 passes, not 300.
// Thread rules: start/stop/destroy from the owning thread; `pass` runs on the housekeeping
// thread only, one call at a time; stop() wakes the thread and joins it once the pass in flight
// returns.
class Housekeeper
{
public:
    Housekeeper(store::KvStore &store, std::function<void()> pass,
                std::chrono::milliseconds minInterval = std::chrono::milliseconds(50),
                std::chrono::milliseconds maxInterval = std::chrono::milliseconds(250));
    ~Housekeeper();   // stop()
    Housekeeper(const Housekeeper &) = delete;
    Housekeeper &operator=(const Housekeeper &) = delete;

    void start();
    void stop();
    bool isRunning() const { return m_thread.joinable(); }
    qint64 passes() const { return m_passes.load(std::memory_order_relaxed); }

private:
    struct Signal;
    void loop();

    store::KvStore &m_store;
    const std::function<void()> m_pass;
    const std::chrono::milliseconds m_minInterval, m_maxInterval;
    std::shared_ptr<Signal> m_signal;   // shared with the watch's notify callback
    std::shared_ptr<store::Watcher> m_watcher;
    std::thread m_thread;
    std::atomic<qint64> m_passes{0};
};

} // namespace rlab
