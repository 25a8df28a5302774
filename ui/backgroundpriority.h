#pragma once

namespace rlab::ui {

// The priority of the window's worker threads (issue #17), Linux policies and nice values, per
// thread (other systems: no-ops). QThread::setPriority cannot: under SCHED_OTHER its levels below
// Normal change nothing on Linux.
// - lowerCurrentThread(): work the user waits for (opening a lab, applying a file): 10 nice
//   levels below the thread that started it (at most 19), so with equal priorities an
//   11,370-object apply no longer keeps the GUI thread runnable but not running for ~200 ms, and
//   SCHED_BATCH: a waking batch thread never preempts a running one (its turn comes at a tick).
// - idleCurrentThread(): work nobody waits for at once (the models' rebuilds, autosave): the
//   same nice value, and SCHED_IDLE: it runs on what the other threads leave of the cores. At
//   nice 10 a model build on the GUI thread's core still took a 4 ms tick slice every ~40 ms of
//   GUI time (perf sched, a 20,000-pod lab opening: the GUI thread runnable, not running, in
//   frames of 13-20 ms wall with 10-13 ms of GUI CPU; Linux's EEVDF gives SCHED_IDLE a slice
//   about once a second of the other's). They wait while other work keeps every core busy: a
//   model build holds the session's intake gate, so the cluster's time stands still and the
//   runner leaves its core; an autosave is only later.
// - batchCurrentThread(): SCHED_BATCH alone, the nice value (its share) unchanged: the session's
//   runner, which the GUI thread wakes every frame and which preempted it on its own core for
//   4-5 ms while the other core stayed idle.
// Thread rules: each function acts on, or reads, the calling thread only.
class BackgroundPriority
{
public:
    static constexpr int kNiceSteps = 10;
    enum class Policy { Normal, Batch, Idle };
    static void lowerCurrentThread();
    static void idleCurrentThread();
    static void batchCurrentThread();
    // The calling thread's nice value (0 where unsupported).
    static int currentNice();
    // The calling thread's policy (Normal where unsupported).
    static Policy currentPolicy();
};

} // namespace rlab::ui
