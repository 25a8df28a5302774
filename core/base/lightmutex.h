#pragma once
#include <atomic>

namespace rlab {

// A mutex whose uncontended lock() and unlock() are one atomic instruction each, inline
// (std::mutex calls into pthread: ~50 instructions a lock/unlock pair, and the trace log alone
// takes ~2.5 M locks at rlab bench --size medium). Contended, lock() sleeps on
// std::atomic::wait (a futex on Linux) — the three-state mutex of Drepper's "Futexes Are
// Tricky": 0 free, 1 locked, 2 locked and maybe waited for. E.g. a lock taken while another
// thread holds it: 1 -> 2, sleep; the holder's unlock sees 2, -> 0, wakes one waiter, which
// takes it as 2 (it cannot know whether others wait). Lockable: std::lock_guard,
// std::unique_lock and std::scoped_lock take it; a std::condition_variable does not (classes
// whose mutex a condition variable waits on keep std::mutex). ThreadSanitizer sees its
// acquire and release, so it checks what it guards as it does for std::mutex.
// Thread rules: any thread; not recursive.
class LightMutex
{
public:
    LightMutex() = default;
    LightMutex(const LightMutex &) = delete;
    LightMutex &operator=(const LightMutex &) = delete;

    void lock()
    {
        int seen = 0;
        if (!m_state.compare_exchange_strong(seen, 1, std::memory_order_acquire, std::memory_order_relaxed))
            lockContended(seen);
    }
    bool try_lock()
    {
        int seen = 0;
        return m_state.compare_exchange_strong(seen, 1, std::memory_order_acquire, std::memory_order_relaxed);
    }
    void unlock()
    {
        if (m_state.exchange(0, std::memory_order_release) == 2)
            m_state.notify_one();
    }

private:
    void lockContended(int seen);
    std::atomic<int> m_state{0};
};

} // namespace rlab
