// SPDX-License-Identifier: Apache-2.0
#include "core/base/manualclock.h"

namespace rlab {

namespace {
// The ManualClock this thread is currently advancing, to catch an advance() from a callback
// (that would deadlock on the drive mutex).
thread_local const ManualClock *t_driving = nullptr;

class DrivingScope
{
public:
    explicit DrivingScope(const ManualClock *clock) : m_previous(t_driving) { t_driving = clock; }
    ~DrivingScope() { t_driving = m_previous; }
    DrivingScope(const DrivingScope &) = delete;
    DrivingScope &operator=(const DrivingScope &) = delete;

private:
    const ManualClock *m_previous;
};
} // namespace

ManualClock::ManualClock(qint64 startMs) : m_now(startMs) { }

ManualClock::~ManualClock() = default;

qint64 ManualClock::now() const
{
    return m_now.load(std::memory_order_acquire);
}

TimerId ManualClock::schedule(qint64 atMs, std::function<void()> fn)
{
    std::lock_guard lock(m_mutex);
    const TimerId id = m_nextId++;
    m_timers.emplace(TimerKey{atMs, id}, std::move(fn));
    m_dueById.emplace(id, atMs);
    return id;
}

bool ManualClock::cancel(TimerId id)
{
    std::lock_guard lock(m_mutex);
    const auto due = m_dueById.find(id);
    if (due == m_dueById.end())
        return false;
    m_timers.erase(TimerKey{due->second, id});
    m_dueById.erase(due);
    return true;
}

int ManualClock::advance(qint64 ms)
{
    Q_ASSERT_X(ms >= 0, "ManualClock::advance", "time only moves forward");
    return advanceTo(now() + qMax<qint64>(ms, 0));
}

int ManualClock::advanceTo(qint64 targetMs)
{
    Q_ASSERT_X(t_driving != this, "ManualClock::advanceTo", "called from one of its own timers");
    if (t_driving == this)
        return 0;
    std::lock_guard drive(m_driveMutex);
    DrivingScope scope(this);
    int fired = 0;
    for (;;) {
        std::function<void()> fn;
        {
            std::lock_guard lock(m_mutex);
            const auto first = m_timers.begin();
            const qint64 current = m_now.load(std::memory_order_relaxed);
            if (first == m_timers.end() || first->first.first > qMax(targetMs, current)) {
                if (targetMs > current)
                    m_now.store(targetMs, std::memory_order_release);
                break;
            }
            if (first->first.first > current)
                m_now.store(first->first.first, std::memory_order_release);
            fn = std::move(first->second);
            m_dueById.erase(first->first.second);
            m_timers.erase(first);
        }
        if (fn)
            fn();
        ++fired;
    }
    return fired;
}

int ManualClock::fireDue()
{
    return advanceTo(now());
}

int ManualClock::advanceToNextTimer()
{
    const std::optional<qint64> next = nextTimerAt();
    return next ? advanceTo(*next) : 0;
}

void ManualClock::setNow(qint64 ms)
{
    if (t_driving == this) { // from a timer callback: the drive mutex is ours already
        std::lock_guard lock(m_mutex);
        m_now.store(ms, std::memory_order_release);
        return;
    }
    std::lock_guard drive(m_driveMutex);
    std::lock_guard lock(m_mutex);
    m_now.store(ms, std::memory_order_release);
}

std::optional<qint64> ManualClock::nextTimerAt() const
{
    std::lock_guard lock(m_mutex);
    if (m_timers.empty())
        return std::nullopt;
    return m_timers.begin()->first.first;
}

std::size_t ManualClock::pendingTimers() const
{
    std::lock_guard lock(m_mutex);
    return m_timers.size();
}

} // namespace rlab
