#pragma once

namespace rlab::ui {

// The priority of the window's worker threads (issue #17): a worker that lowers its own
// priority (Linux: 10 nice levels below the thread that started it, at most 19) leaves the GUI
// thread the core on a busy machine — with equal priorities the scheduler let an 11,370-object
// apply keep the GUI thread runnable but not running for ~200 ms. QThread::setPriority cannot:
// under SCHED_OTHER its levels below Normal change nothing on Linux.
// Thread rules: each function acts on, or reads, the calling thread only.
class BackgroundPriority
{
public:
    static constexpr int kNiceSteps = 10;
    // Lowers the calling thread's priority by kNiceSteps (no-op where unsupported).
    static void lowerCurrentThread();
    // The calling thread's nice value (0 where unsupported).
    static int currentNice();
};

} // namespace rlab::ui
