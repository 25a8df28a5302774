#include "core/sim/deterministicrunner.h"

#include "core/base/manualclock.h"

#include <algorithm>

namespace rlab {

DeterministicRunner::DeterministicRunner(ManualClock &clock)
    : m_clock(clock)
{
}

void DeterministicRunner::addPump(QString name, Pump pump)
{
    m_pumps.push_back(Named{std::move(name), std::move(pump), {}, {}});
}

void DeterministicRunner::addController(QString name, WorkItem processOne)
{
    m_controllers.push_back(Named{std::move(name), {}, std::move(processOne), {}});
}

void DeterministicRunner::addController(QString name, WorkItem processOne, Pending pending)
{
    m_controllers.push_back(Named{std::move(name), {}, std::move(processOne), std::move(pending)});
}

void DeterministicRunner::addIdleTask(QString name, Pump task)
{
    m_idle.push_back(Named{std::move(name), std::move(task), {}, {}});
}

qsizetype DeterministicRunner::pumpAll()
{
    qsizetype total = 0;
    // Until quiet: a handler may write (rarely), which makes more events pending.
    for (int round = 0; round < 100; ++round) {
        qsizetype n = 0;
        for (Named &p : m_pumps)
            n += p.pump();
        total += n;
        if (n == 0)
            break;
    }
    return total;
}

bool DeterministicRunner::runOneController()
{
    const std::size_t n = m_controllers.size();
    // A turn in progress: the same controller again, while its budget lasts and it has items.
    if (m_turnLeft > 0) {
        Named &c = m_controllers[m_next];
        if (c.item()) {
            m_last = c.name;
            if (--m_turnLeft == 0)
                m_next = (m_next + 1) % n;
            return true;
        }
        m_turnLeft = 0;
        m_next = (m_next + 1) % n;
    }
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t at = (m_next + i) % n;
        Named &c = m_controllers[at];
        // Sized before the first item: what is queued now, not what arrives during the turn.
        const qsizetype budget = c.pending ? std::max<qsizetype>(c.pending(), 1) : 1;
        if (c.item()) {
            m_last = c.name;
            m_next = at;
            m_turnLeft = budget - 1;
            if (m_turnLeft == 0)
                m_next = (at + 1) % n;
            return true;
        }
    }
    return false;
}

bool DeterministicRunner::runIdle()
{
    bool any = false;
    for (Named &t : m_idle)
        any = t.pump() > 0 || any;
    return any;
}

bool DeterministicRunner::step()
{
    const qsizetype pumped = pumpAll();
    bool ran = runOneController();
    if (!ran && pumped == 0)
        ran = runIdle();
    if (ran || pumped > 0)
        ++m_steps;
    return ran || pumped > 0;
}

qint64 DeterministicRunner::runUntilIdle(qint64 maxVirtualMs, qint64 maxSteps)
{
    const qint64 deadline = m_clock.now() + maxVirtualMs;
    const qint64 start = m_steps;
    m_hitLimit = false;
    for (;;) {
        while (step()) {
            if (m_steps - start >= maxSteps) {
                m_hitLimit = true;
                return m_steps - start;
            }
        }
        const std::optional<qint64> next = m_clock.nextTimerAt();
        if (!next || *next > deadline)
            break;
        m_clock.advanceTo(std::max(*next, m_clock.now()));
    }
    return m_steps - start;
}

qint64 DeterministicRunner::advance(qint64 ms, qint64 maxSteps)
{
    const qint64 target = m_clock.now() + ms;
    const qint64 start = m_steps;
    m_hitLimit = false;
    for (;;) {
        while (step()) {
            if (m_steps - start >= maxSteps) {
                m_hitLimit = true;
                return m_steps - start;
            }
        }
        const std::optional<qint64> next = m_clock.nextTimerAt();
        if (!next || *next > target)
            break;
        m_clock.advanceTo(std::max(*next, m_clock.now()));
    }
    m_clock.advanceTo(target);
    while (step()) {
        if (m_steps - start >= maxSteps) {
            m_hitLimit = true;
            break;
        }
    }
    return m_steps - start;
}

} // namespace rlab
