#pragma once
#include <QtGlobal>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace rlab::ui {

// A thread of its own for the deterministic runner's frame work (issue #17): one job at a time
// (a ClusterSession frame's runner().advance within its budget), so a single long runner step —
// one syncReplicaSet creating 500 pods — no longer blocks the window. Whoever else drives the
// lab (commands, scenario steps) first wait()s, so everything still runs one step at a time.
// Thread rules: submit/isBusy/take/wait from ONE thread (the GUI's); the job runs on the worker;
// the result crosses back as a value under the mutex.
class ClusterSessionRunner
{
public:
    // What one job did: the virtual clock before and after, whether it stopped at its deadline,
    // and the thread it ran on.
    struct Outcome
    {
        qint64 clockBefore = 0;
        qint64 clockAfter = 0;
        bool hitDeadline = false;
        std::thread::id thread;
        bool frame = true;   // a frame's advance (paced); false: other work (a scenario slice)
    };
    using Job = std::function<Outcome()>;

    ClusterSessionRunner();
    ~ClusterSessionRunner();   // waits for the job in flight, then ends the thread
    ClusterSessionRunner(const ClusterSessionRunner &) = delete;
    ClusterSessionRunner &operator=(const ClusterSessionRunner &) = delete;

    // Starts `job` on the worker; false (nothing started) while one is in flight or unclaimed.
    bool submit(Job job);
    // A job submitted and not yet claimed by take()/wait() (running or finished).
    bool hasJob() const;
    // The finished job's outcome, claimed; nullopt while it runs or when there is none.
    std::optional<Outcome> take();
    // Waits for the job in flight and claims its outcome; nullopt when there was none.
    std::optional<Outcome> wait();
    std::thread::id threadId() const { return m_thread.get_id(); }
    qint64 jobsRun() const;

private:
    void loop();

    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    Job m_job;                       // set by submit, cleared by the worker when it starts
    std::optional<Outcome> m_done;   // set by the worker, claimed by take/wait
    bool m_pending = false;          // submitted, not claimed yet
    bool m_quit = false;
    qint64 m_jobsRun = 0;
    std::thread m_thread;            // last: starts after the members it uses
};

} // namespace rlab::ui
