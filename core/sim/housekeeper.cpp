#include "core/sim/housekeeper.h"

#include "core/store/keyrange.h"
#include "core/store/kvstore.h"
#include "core/store/watcher.h"

namespace rlab {

// Wake-up state shared by the thread and the watch's notify callback (which runs on writers'
// threads and may outlive a stop() by a moment).
struct Housekeeper::Signal
{
    std::mutex mutex;
    std::condition_variable cv;
    bool written = false;   // guarded by mutex
    bool stop = false;      // guarded by mutex

    void wake(bool stopping)
    {
        {
            std::lock_guard lock(mutex);
            (stopping ? stop : written) = true;
        }
        cv.notify_all();
    }
};

Housekeeper::Housekeeper(store::KvStore &store, std::function<void()> pass, std::chrono::milliseconds minInterval,
                         std::chrono::milliseconds maxInterval)
    : m_store(store), m_pass(std::move(pass)), m_minInterval(minInterval), m_maxInterval(maxInterval)
{
}

Housekeeper::~Housekeeper()
{
    stop();
}

void Housekeeper::start()
{
    if (m_thread.joinable())
        return;
    m_signal = std::make_shared<Signal>();
    std::weak_ptr<Signal> weak = m_signal;
    m_watcher = m_store.watch(store::KeyRange::prefix(QByteArrayLiteral("/registry/")), 0, [weak] {
                           if (const std::shared_ptr<Signal> s = weak.lock())
                               s->wake(false);
                       }).watcher;
    m_thread = std::thread([this] { loop(); });
}

void Housekeeper::stop()
{
    if (!m_thread.joinable())
        return;
    m_signal->wake(true);
    m_thread.join();
    if (m_watcher)
        m_watcher->cancel();
    m_watcher.reset();
    m_signal.reset();
}

void Housekeeper::loop()
{
    Signal &s = *m_signal;
    std::unique_lock lock(s.mutex);
    while (!s.stop) {
        s.written = false;
        lock.unlock();
        if (m_watcher)
            m_watcher->take();   // only the wake-up matters; drop the events
        m_pass();
        m_passes.fetch_add(1, std::memory_order_relaxed);
        lock.lock();
        // Coalesce bursts: no pass sooner than minInterval, then wait for a write or maxInterval.
        s.cv.wait_for(lock, m_minInterval, [&] { return s.stop; });
        s.cv.wait_for(lock, m_maxInterval - m_minInterval, [&] { return s.stop || s.written; });
    }
}

} // namespace rlab
