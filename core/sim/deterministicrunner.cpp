#include "core/sim/deterministicrunner.h"

#include "core/base/manualclock.h"
#include "core/sim/virtualworker.h"

#include <algorithm>
#include <utility>

namespace rlab {

DeterministicRunner::DeterministicRunner(ManualClock &clock)
    : m_clock(clock)
{
}

DeterministicRunner::~DeterministicRunner()
{
    setLatency(false);
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

void DeterministicRunner::addLane(QString name, int workers, HeadSince headSince, Begin begin)
{
    Lane lane{std::move(name), std::move(headSince), std::move(begin), {}};
    lane.workers.resize(std::size_t(std::max(workers, 1)));
    m_lanes.push_back(std::move(lane));
}

void DeterministicRunner::setLatency(bool on, qint64 queueGetMs, NextAt nextDelivery)
{
    if (!on) {
        // Run what is in flight to its end and finish what the workers hold, in lane and
        // worker order, before zero-time turns resume.
        for (Lane &lane : m_lanes) {
            for (Worker &w : lane.workers) {
                if (w.phase == Worker::Running) {
                    w.thread->finishNow();
                    afterTurn(w, int(VirtualWorker::State::Finished));
                }
                if (w.phase == Worker::Holding) {
                    w.phase = Worker::Free;
                    w.busy = false;
                    if (w.finish)
                        std::exchange(w.finish, {})();
                }
            }
        }
    }
    m_latency = on;
    m_queueGetMs = queueGetMs;
    m_nextDelivery = std::move(nextDelivery);
}

int DeterministicRunner::heldCount() const
{
    int n = 0;
    for (const Lane &lane : m_lanes)
        n += int(std::count_if(lane.workers.begin(), lane.workers.end(), [](const Worker &w) { return w.busy; }));
    return n;
}

void DeterministicRunner::afterTurn(Worker &w, int state)
{
    if (VirtualWorker::State(state) == VirtualWorker::State::Parked) {
        w.phase = Worker::Running;
        w.busy = true;
        w.until = w.thread->parkedUntil();
        return;
    }
    // The sync returned (or there was nothing to get): hold the key for its own work.
    std::optional<Started> started = std::exchange(w.started, std::nullopt);
    if (!started) {
        w.phase = Worker::Free;
        w.busy = false;
        return;
    }
    w.phase = Worker::Holding;
    w.busy = true;
    w.until = m_clock.now() + std::max<qint64>(started->costMs, 0);
    w.finish = std::move(started->finish);
}

bool DeterministicRunner::finishOneDue()
{
    Lane *bestLane = nullptr;
    Worker *best = nullptr;
    const qint64 now = m_clock.now();
    for (Lane &lane : m_lanes) {
        for (Worker &w : lane.workers) {
            if (w.phase == Worker::Holding && w.until <= now && (!best || w.until < best->until)) {
                best = &w;
                bestLane = &lane;
            }
        }
    }
    if (!best)
        return false;
    best->phase = Worker::Free;
    best->busy = false;
    m_last = bestLane->name;
    if (best->finish)
        std::exchange(best->finish, {})();
    return true;
}

bool DeterministicRunner::resumeOneDue()
{
    Lane *bestLane = nullptr;
    Worker *best = nullptr;
    const qint64 now = m_clock.now();
    for (Lane &lane : m_lanes) {
        for (Worker &w : lane.workers) {
            if (w.phase == Worker::Running && w.until <= now && (!best || w.until < best->until)) {
                best = &w;
                bestLane = &lane;
            }
        }
    }
    if (!best)
        return false;
    m_last = bestLane->name;
    afterTurn(*best, int(best->thread->resume()));
    return true;
}

bool DeterministicRunner::startOne()
{
    const std::size_t n = m_lanes.size();
    const qint64 now = m_clock.now();
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t at = (m_nextLane + i) % n;
        Lane &lane = m_lanes[at];
        const auto free = std::find_if(lane.workers.begin(), lane.workers.end(), [](const Worker &w) { return w.phase == Worker::Free; });
        if (free == lane.workers.end())
            continue;
        const std::optional<qint64> since = lane.headSince();
        if (!since || *since + m_queueGetMs > now)
            continue;
        const int index = int(free - lane.workers.begin());
        Worker &w = *free;
        if (!w.thread)
            w.thread = std::make_unique<VirtualWorker>(QStringLiteral("%1-worker-%2").arg(lane.name).arg(index));
        Begin &begin = lane.begin;
        const VirtualWorker::State state = w.thread->start([&begin, &w, index] { w.started = begin(index); });
        if (state == VirtualWorker::State::Finished && !w.started)
            continue;   // nothing to get after all
        afterTurn(w, int(state));
        m_last = lane.name;
        m_nextLane = (at + 1) % n;
        return true;
    }
    return false;
}

bool DeterministicRunner::stepLatency()
{
    const qsizetype pumped = pumpAll();
    bool ran = finishOneDue();
    if (!ran)
        ran = resumeOneDue();
    if (!ran)
        ran = startOne();
    if (!ran && pumped == 0)
        ran = runIdle();
    if (ran || pumped > 0)
        ++m_steps;
    return ran || pumped > 0;
}

std::optional<qint64> DeterministicRunner::nextEventAt() const
{
    if (!m_latency)
        return std::nullopt;
    std::optional<qint64> next = m_nextDelivery ? m_nextDelivery() : std::nullopt;
    const auto consider = [&next](qint64 at) {
        if (!next || at < *next)
            next = at;
    };
    for (const Lane &lane : m_lanes) {
        bool anyFree = false;
        for (const Worker &w : lane.workers) {
            if (w.busy)
                consider(w.until);
            else
                anyFree = true;
        }
        if (anyFree) {
            if (const std::optional<qint64> since = lane.headSince())
                consider(*since + m_queueGetMs);
        }
    }
    return next;
}

std::optional<qint64> DeterministicRunner::nextWake() const
{
    std::optional<qint64> next = m_clock.nextTimerAt();
    if (const std::optional<qint64> ev = nextEventAt(); ev && (!next || *ev < *next))
        next = ev;
    return next;
}

bool DeterministicRunner::step()
{
    if (m_latency)
        return stepLatency();
    const qsizetype pumped = pumpAll();
    bool ran = runOneController();
    if (!ran && pumped == 0)
        ran = runIdle();
    if (ran || pumped > 0)
        ++m_steps;
    return ran || pumped > 0;
}

bool DeterministicRunner::advanceClockTo(qint64 at)
{
    if (at > m_clock.now()) {
        m_clock.advanceTo(at);
        return true;
    }
    // Due now but nothing ran: only a clock timer can be (advanceTo fires it); a latency event
    // due now that no step could take would spin, so stop.
    const std::optional<qint64> timer = m_clock.nextTimerAt();
    if (timer && *timer <= m_clock.now()) {
        m_clock.advanceTo(m_clock.now());
        return true;
    }
    return false;
}

bool DeterministicRunner::jumpToNextEvent(qint64 deadline)
{
    const std::optional<qint64> next = nextWake();
    if (!next || *next > deadline)
        return false;
    return advanceClockTo(*next);
}

// One step, unless a limit says stop (false: nothing ran, or a limit was hit — see the flags).
bool DeterministicRunner::stepWithin(qint64 start, qint64 maxSteps, const std::optional<WallClock::time_point> &deadline)
{
    if (m_hitLimit || m_hitDeadline || !step())
        return false;
    if (m_steps - start >= maxSteps)
        m_hitLimit = true;
    else if (deadline && WallClock::now() >= *deadline)
        m_hitDeadline = true;
    return !m_hitLimit && !m_hitDeadline;
}

qint64 DeterministicRunner::runTo(qint64 target, bool moveClockToTarget, qint64 maxSteps,
                                  std::optional<WallClock::time_point> deadline)
{
    const qint64 start = m_steps;
    m_hitLimit = false;
    m_hitDeadline = false;
    for (;;) {
        while (stepWithin(start, maxSteps, deadline)) {
        }
        if (m_hitLimit || m_hitDeadline)
            return m_steps - start;
        const std::optional<qint64> next = nextWake();
        if (!next || *next > target)
            break;
        if (!advanceClockTo(*next))
            break;
        if (deadline && WallClock::now() >= *deadline) {   // the timers fired were the work
            m_hitDeadline = true;
            return m_steps - start;
        }
    }
    if (!moveClockToTarget)
        return m_steps - start;
    m_clock.advanceTo(target);
    while (stepWithin(start, maxSteps, deadline)) {
    }
    return m_steps - start;
}

qint64 DeterministicRunner::runUntilIdle(qint64 maxVirtualMs, qint64 maxSteps)
{
    return runTo(m_clock.now() + maxVirtualMs, false, maxSteps, std::nullopt);
}

qint64 DeterministicRunner::runUntilIdle(qint64 maxVirtualMs, qint64 maxSteps, WallClock::time_point deadline)
{
    return runTo(m_clock.now() + maxVirtualMs, false, maxSteps, deadline);
}

qint64 DeterministicRunner::advance(qint64 ms, qint64 maxSteps)
{
    return runTo(m_clock.now() + ms, true, maxSteps, std::nullopt);
}

qint64 DeterministicRunner::advance(qint64 ms, qint64 maxSteps, WallClock::time_point deadline)
{
    return runTo(m_clock.now() + ms, true, maxSteps, deadline);
}

} // namespace rlab
