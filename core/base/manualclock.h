// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/clock.h"
#include "core/base/lightmutex.h"

#include <atomic>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>

namespace rlab {

// ManualClock is virtual time that moves only when told to: advance()/advanceTo() walk the
// pending timers in (time, scheduling order) and fire each on the calling thread, with now()
// already set to that timer's time. Same schedule calls => same firing order, always.
// Thread rules: now/schedule/cancel/nextTimerAt from any thread (short LightMutex, now() is
// lock-free); advance/advanceTo/fireDue/setNow from one driving thread at a time (serialised).
// Callbacks run with no clock lock held, so they may schedule or cancel, but must not advance.
class ManualClock : public Clock
{
public:
    explicit ManualClock(qint64 startMs = 0);
    ~ManualClock() override;

    ManualClock(const ManualClock &) = delete;
    ManualClock &operator=(const ManualClock &) = delete;

    qint64 now() const override;
    TimerId schedule(qint64 atMs, std::function<void()> fn) override;
    bool cancel(TimerId id) override;

    // Moves time forward by ms (>= 0) and fires every timer due on the way. Returns how many fired.
    // Example: timers a@150, b@100, c@100 (scheduled a, b, c), now 0: advance(200) fires b, c, a
    // with now() = 100, 100, 150 inside the callbacks, and leaves now() = 200.
    int advance(qint64 ms);
    // Like advance, to an absolute time. A target in the past does not move time back; it only
    // fires what is already due.
    int advanceTo(qint64 targetMs);
    // Fires every timer due at the current time (including ones scheduled by those callbacks).
    int fireDue();
    // Jumps to the earliest pending timer and fires everything due then. Returns 0 if none.
    int advanceToNextTimer();
    // Sets the time without firing anything (scenario start time). May move backwards.
    void setNow(qint64 ms);

    std::optional<qint64> nextTimerAt() const;
    std::size_t pendingTimers() const;

private:
    using TimerKey = std::pair<qint64, TimerId>; // (due time, id); ids grow, so ties keep order

    LightMutex m_driveMutex; // serialises advancing threads; held while callbacks run
    mutable LightMutex m_mutex; // guards the timer maps and the next id
    std::atomic<qint64> m_now;
    TimerId m_nextId = 1;
    std::map<TimerKey, std::function<void()>> m_timers;
    std::unordered_map<TimerId, qint64> m_dueById;
};

} // namespace rlab
