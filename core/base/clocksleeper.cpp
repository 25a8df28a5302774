// SPDX-License-Identifier: Apache-2.0
#include "core/base/clocksleeper.h"

namespace rlab {

ClockSleeper::ClockSleeper(Clock &clock) : m_clock(clock), m_state(std::make_shared<State>()) { }

ClockSleeper::~ClockSleeper()
{
    interrupt();
}

bool ClockSleeper::sleepUntil(qint64 atMs)
{
    State &s = *m_state;
    std::unique_lock lock(s.mutex);
    if (s.interrupted)
        return false;
    if (m_clock.now() >= atMs)
        return true;
    ++s.sleeping;
    lock.unlock();
    // The timer holds the state, not this object: it may fire after we are gone.
    const TimerId id = m_clock.schedule(atMs, [state = m_state] {
        {
            std::lock_guard l(state->mutex);
            ++state->fired;
        }
        state->cv.notify_all();
    });
    lock.lock();
    s.cv.wait(lock, [&] { return s.interrupted || m_clock.now() >= atMs; });
    --s.sleeping;
    const bool reached = !s.interrupted || m_clock.now() >= atMs;
    lock.unlock();
    if (!reached)
        m_clock.cancel(id);
    return reached;
}

void ClockSleeper::interrupt()
{
    {
        std::lock_guard lock(m_state->mutex);
        m_state->interrupted = true;
    }
    m_state->cv.notify_all();
}

void ClockSleeper::resume()
{
    std::lock_guard lock(m_state->mutex);
    m_state->interrupted = false;
}

bool ClockSleeper::interrupted() const
{
    std::lock_guard lock(m_state->mutex);
    return m_state->interrupted;
}

int ClockSleeper::sleeping() const
{
    std::lock_guard lock(m_state->mutex);
    return m_state->sleeping;
}

} // namespace rlab
