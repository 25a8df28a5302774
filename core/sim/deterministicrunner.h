#pragma once
#include <QString>

#include <functional>
#include <vector>

namespace rlab {

class ManualClock;

// Drives the whole control plane on ONE thread in a fixed order (design.md §3), calling the very
// same functions the worker threads call: first every informer delivers what its watch has
// pending (handlers enqueue keys), then one work item of the controller whose TURN it is; when
// nothing is runnable, the `idle` tasks (the garbage collector's pass) run; when those do nothing
// either, virtual time jumps to the next timer (addAfter, backoff, kubelet stages, progress
// deadlines). Same inputs + seed ⇒ same sequence.
// Turns go round robin in registration order. A controller registered with its queue length
// keeps its turn for as many items as were queued when the turn began (one item per step,
// informers pumped in between); keys added meanwhile, its own included, wait for its next turn.
// Example: the ReplicaSet controller creates 500 pods; on its turn the scheduler binds all 500
// back to back while the ReplicaSet key, re-added 500 times by the pod updates, stays ONE queued
// key (the workqueue's dedup) and is synced once on the ReplicaSet controller's next turn — as
// upstream, where the scheduler binds far faster than a 1,000-pod syncReplicaSet runs. Without a
// queue length a turn is one item.
// Thread rules: everything on the thread that calls step()/runUntilIdle().
class DeterministicRunner
{
public:
    // Returns how much work it did (0 = nothing was pending).
    using Pump = std::function<qsizetype()>;
    // Processes at most one item; false when it had none.
    using WorkItem = std::function<bool()>;
    // How many items are queued now (WorkQueue::len()).
    using Pending = std::function<qsizetype()>;

    explicit DeterministicRunner(ManualClock &clock);

    void addPump(QString name, Pump pump);                 // informers
    void addController(QString name, WorkItem processOne); // controllers, scheduler, kubelets
    // Same, with the queue length that sizes each of its turns (see the class comment).
    void addController(QString name, WorkItem processOne, Pending pending);
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
        Pending pending;
    };
    ManualClock &m_clock;
    std::vector<Named> m_pumps, m_controllers, m_idle;
    std::size_t m_next = 0;        // whose turn comes next (or continues)
    qsizetype m_turnLeft = 0;      // items left in the turn of m_controllers[m_next]; 0: new turn
    qint64 m_steps = 0;
    bool m_hitLimit = false;
    QString m_last;
};

} // namespace rlab
