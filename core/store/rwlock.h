#pragma once
#include <mutex>
#include <shared_mutex>

namespace rlab::store {

// A writer-preferring reader/writer lock for std::unique_lock / std::shared_lock. glibc's
// std::shared_mutex prefers readers: with two threads calling range() back to back a writer can
// wait for seconds (the store stress test measured 5.8 s instead of 0.3 s). Here a writer takes
// the gate first, so readers arriving after it queue behind it while the current ones finish.
// Any thread; not recursive.
class RwLock
{
public:
    void lock()
    {
        std::lock_guard gate(m_gate);
        m_rw.lock();
    }
    void unlock() { m_rw.unlock(); }
    void lock_shared()
    {
        std::lock_guard gate(m_gate);
        m_rw.lock_shared();
    }
    void unlock_shared() { m_rw.unlock_shared(); }

private:
    std::mutex m_gate;
    std::shared_mutex m_rw;
};

} // namespace rlab::store
