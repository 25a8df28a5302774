#pragma once
#include <QString>

#include <functional>
#include <vector>

namespace rlab {

class ManualClock;

// Drives the whole control plane on ONE thread in a fixed order (design.md §3), calling the very
// same functions the worker threads call: first every informer delivers what its watch has
// pending (handlers enqueue keys), then one work item of the first controller, in registration
// order, round robin, that has one; when nothing is runnable, the `idle` tasks (the garbage
// collector's pass) run; when those do nothing either, virtual time jumps to the next timer
// (addAfter, backoff, kubelet stages, progress deadlines). Same inputs + seed ⇒ same sequence.
// Thread rules: everything on the thread that calls step()/runUntilIdle().
class DeterministicRunner
{
public:
    // Returns how much work it did (0 = nothing was pending).
    using Pump = std::function<qsizetype()>;
    // Processes at most one item; false when it had none.
    using WorkItem = std::function<bool()>;

    explicit DeterministicRunner(ManualClock &clock);

    void addPump(QString name, Pump pump);                 // informers
    void addController(QString name, WorkItem processOne); // controllers, scheduler, kubelets
    void addIdleTask(QString name, Pump task);             // garbage collector

    // One step: pumps, then one controller item. False when nothing ran (not even idle tasks).
    bool step();
    // Steps until nothing is runnable, letting virtual time jump to the next timer while it is
    // at most `maxVirtualMs` after the start. Returns the number of steps. Stops early after
    // maxSteps (a safety net against livelock; reported by hitStepLimit()).
    qint64 runUntilIdle(qint64 maxVirtualMs, qint64 maxSteps = 10'000'000);
    // Runs until the clock reaches now + ms, processing everything that becomes runnable.
    qint64 advance(qint64 ms, qint64 maxSteps = 10'000'000);
    bool hitStepLimit() const { return m_hitLimit; }
    qint64 steps() const { return m_steps; }
    QString lastController() const { return m_last; }

private:
    qsizetype pumpAll();
    bool runOneController();
    bool runIdle();

    struct Named
    {
        QString name;
        Pump pump;
        WorkItem item;
    };
    ManualClock &m_clock;
    std::vector<Named> m_pumps, m_controllers, m_idle;
    std::size_t m_next = 0;
    qint64 m_steps = 0;
    bool m_hitLimit = false;
    QString m_last;
};

} // namespace rlab
