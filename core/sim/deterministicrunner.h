#pragma once
#include <QString>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace rlab {

class ManualClock;
class VirtualWorker;

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
// Latency model (setLatency(true)): the runner becomes a discrete-event scheduler ordered by
// virtual time, then registration order. Each controller is a LANE with N workers (5 for
// Deployments and ReplicaSets, as upstream), each a VirtualWorker thread that runs only while
// the runner waits for it. A free worker gets the head key once it has waited `queueGetMs`
// since its add and starts the reconcile; each API request parks the worker until it completes
// (MeteredClient), so requests commit at their own times while the rest of the cluster moves;
// after the sync returns the worker HOLDS the key for the reconcile's own work (`costMs`),
// then handleErr and done() run. Informers hand out watch events at their delivery time
// (SharedInformerFactory::setDeliveryDelay). A step is one hop: the deliveries due now, then one
// worker finishing, else one parked request completing, else one worker starting; with nothing
// due, time jumps to the earliest timer, delivery, parked request, hold end or eligible get.
// Example, classroom, one key added at t = 0, a sync that writes twice: got at 180 ms, writes
// commit at 580 and 980 ms, the key is held until 980 + 180 = 1160 ms; an add at 500 ms parks
// it as dirty, and done() at 1160 requeues it.
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
    ~DeterministicRunner();   // finishes reconciles in flight (setLatency(false))

    void addPump(QString name, Pump pump);                 // informers
    void addController(QString name, WorkItem processOne); // controllers, scheduler, kubelets
    // Same, with the queue length that sizes each of its turns (see the class comment).
    void addController(QString name, WorkItem processOne, Pending pending);
    void addIdleTask(QString name, Pump task);             // garbage collector

    // --- Latency model -------------------------------------------------------------------
    // What a lane's begin() reports: how long the worker holds the key after the sync returned,
    // and what to run then. begin() runs on the lane worker's VirtualWorker thread.
    struct Started
    {
        qint64 costMs = 0;
        std::function<void()> finish;
    };
    using Begin = std::function<std::optional<Started>(int worker)>;
    using HeadSince = std::function<std::optional<qint64>()>;   // the FIFO head's add time
    using NextAt = std::function<std::optional<qint64>()>;      // e.g. the next watch delivery
    // A controller under the latency model (same order as addController).
    void addLane(QString name, int workers, HeadSince headSince, Begin begin);
    // On: the event-scheduler path with this get hop and delivery source. Off: every reconcile
    // in flight runs to its end now, every held key is finished, and the zero-time path
    // (turns, worker 0) resumes.
    void setLatency(bool on, qint64 queueGetMs = 0, NextAt nextDelivery = {});
    bool latencyOn() const { return m_latency; }
    // The earliest virtual time at which something other than a clock timer becomes due.
    std::optional<qint64> nextEventAt() const;
    // Keys held by workers now, per lane (for tests and the window).
    int heldCount() const;

    // One step: pumps, then one controller item. False when nothing ran (not even idle tasks).
    bool step();
    // Steps until nothing is runnable, letting virtual time jump to the next timer while it is
    // at most `maxVirtualMs` after the start. Returns the number of steps. Stops early after
    // maxSteps (a safety net against livelock; reported by hitStepLimit()).
    qint64 runUntilIdle(qint64 maxVirtualMs, qint64 maxSteps = 10'000'000);
    // Runs until the clock reaches now + ms, processing everything that becomes runnable.
    qint64 advance(qint64 ms, qint64 maxSteps = 10'000'000);
    // A wall-clock budget (the window's frame): the same, but it stops after the first step that
    // ends at or past `deadline` (at least one step or timer jump runs), leaving virtual time
    // where it got — not at now + ms — and hitDeadline() true. A later call continues exactly
    // where this one stopped: the same calls, cut anywhere, give the same trace as one run.
    using WallClock = std::chrono::steady_clock;
    qint64 advance(qint64 ms, qint64 maxSteps, WallClock::time_point deadline);
    qint64 runUntilIdle(qint64 maxVirtualMs, qint64 maxSteps, WallClock::time_point deadline);
    bool hitDeadline() const { return m_hitDeadline; }
    // When nothing is runnable: moves the clock to the next timer or latency event if it is at
    // most `deadline`, firing what is due there. False when there is none before the deadline.
    // (step() until false, then this, is runUntilIdle with a condition checked in between.)
    bool jumpToNextEvent(qint64 deadline);
    // The earliest clock timer or latency event (nullopt: nothing will ever happen by itself).
    std::optional<qint64> nextWakeAt() const { return nextWake(); }
    bool hitStepLimit() const { return m_hitLimit; }
    qint64 steps() const { return m_steps; }
    QString lastController() const { return m_last; }

private:
    qsizetype pumpAll();
    bool stepLatency();
    bool finishOneDue();
    bool resumeOneDue();
    bool startOne();
    std::optional<qint64> nextWake() const;
    bool advanceClockTo(qint64 at);

    // A lane worker: free, running (its VirtualWorker parked on a request until `until`) or
    // holding (the sync returned; the key is done at `until`).
    struct Worker
    {
        enum Phase { Free, Running, Holding };
        Phase phase = Free;
        bool busy = false;
        qint64 until = 0;
        std::optional<Started> started;   // written by begin() on the worker thread
        std::function<void()> finish;
        std::unique_ptr<VirtualWorker> thread;
    };
    void afterTurn(Worker &w, int state);
    struct Lane
    {
        QString name;
        HeadSince headSince;
        Begin begin;
        std::vector<Worker> workers;
    };
    std::vector<Lane> m_lanes;
    bool m_latency = false;
    qint64 m_queueGetMs = 0;
    NextAt m_nextDelivery;
    std::size_t m_nextLane = 0;

    bool runOneController();
    bool runIdle();
    qint64 runTo(qint64 target, bool moveClockToTarget, qint64 maxSteps, std::optional<WallClock::time_point> deadline);
    bool stepWithin(qint64 start, qint64 maxSteps, const std::optional<WallClock::time_point> &deadline);

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
    bool m_hitDeadline = false;
    QString m_last;
};

} // namespace rlab
