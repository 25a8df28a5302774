// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/clock.h"

#include <condition_variable>
#include <memory>
#include <mutex>

namespace rlab {

// Lets threads wait in virtual time: sleepUntil(at) blocks the calling thread until the Clock
// reaches `at` (a timer on the clock wakes it) or until interrupt(). The threaded runner's
// workers use it to pay the latency model's hops while another thread moves the clock.
// Example: now 1000, a worker calls sleepUntil(1400); the driver's advance(250) does not wake
// it, the next advance(250) fires its timer at 1400 and the worker returns true.
// Thread rules: sleepUntil from any thread except the one that advances the clock (it would
// wait forever); interrupt/resume/sleeping from any thread.
class ClockSleeper
{
public:
    explicit ClockSleeper(Clock &clock);
    ~ClockSleeper();

    ClockSleeper(const ClockSleeper &) = delete;
    ClockSleeper &operator=(const ClockSleeper &) = delete;

    // true: the clock reached atMs (at once if it already has); false: interrupted.
    bool sleepUntil(qint64 atMs);
    // Wakes every sleeper with false; later sleeps return false at once until resume().
    void interrupt();
    void resume();
    bool interrupted() const;
    // Threads sleeping right now (for tests and the window's "waiting on time" hint).
    int sleeping() const;

    Clock &clock() const { return m_clock; }

private:
    struct State
    {
        std::mutex mutex;
        std::condition_variable cv;
        quint64 fired = 0;       // bumps on every timer that fires: sleepers re-check the time
        bool interrupted = false;
        int sleeping = 0;
    };

    Clock &m_clock;
    std::shared_ptr<State> m_state;   // shared with pending timers, which may outlive us
};

} // namespace rlab
