// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/base/clock.h"

#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace rlab::http {

// Real time for a live cluster: now() is the system's wall clock (ms since the epoch) and timers
// fire on the clock's own std::thread when that time comes (workqueue AddAfter, resync). Thread
// rules: every method from any thread; callbacks run on the timer thread, one at a time, with no
// lock held (they may schedule and cancel); the destructor drops pending timers and joins.
class SystemClock : public Clock
{
public:
    SystemClock();
    ~SystemClock() override;
    SystemClock(const SystemClock &) = delete;
    SystemClock &operator=(const SystemClock &) = delete;

    qint64 now() const override;
    TimerId schedule(qint64 atMs, std::function<void()> fn) override;
    bool cancel(TimerId id) override;

private:
    void loop();

    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::multimap<qint64, TimerId> m_due;                       // time -> id, in scheduling order
    std::unordered_map<TimerId, std::function<void()>> m_fns;   // pending callbacks
    TimerId m_next = 1;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace rlab::http
