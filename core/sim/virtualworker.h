#pragma once
#include <QString>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace rlab {

// One controller worker of the latency model's runner: a std::thread that runs a job (a
// reconcile) in turns with the runner, never at the same time (a baton: exactly one of the two
// runs). A job that must wait virtual time — an API request that completes later, a client
// throttled by its token bucket — calls park(at): the baton goes back to the runner, which moves
// the clock and resumes the worker when `at` has come. So every request of a reconcile happens
// at its own virtual time, interleaved with what the rest of the cluster does meanwhile, and the
// run stays deterministic (one thread at a time, in the runner's order).
// Example: syncReplicaSet creating 3 pods under classroom: creates commit at +400, +800, +1200
// ms; between them the scheduler may already bind the first pod.
// Thread rules: start/resume/finishNow from the runner thread; park from the job (worker
// thread) only; current() on any thread (thread-local).
class VirtualWorker
{
public:
    enum class State { Idle, Parked, Finished };

    explicit VirtualWorker(QString name);
    ~VirtualWorker();   // finishes a parked job (without further parking), joins the thread
    VirtualWorker(const VirtualWorker &) = delete;
    VirtualWorker &operator=(const VirtualWorker &) = delete;

    // Runs job on the worker thread until it parks or returns; then reports which.
    State start(std::function<void()> job);
    // Resumes a parked job until it parks again or returns.
    State resume();
    // Resumes a parked job with parking switched off, so it runs to its end now.
    void finishNow();
    State state() const { return m_state; }
    qint64 parkedUntil() const { return m_until; }

    // From the job: wait until virtual time `at` (returns at once when parking is off).
    void park(qint64 at);
    // The worker whose job runs on this thread (nullptr elsewhere).
    static VirtualWorker *current();

private:
    void loop();
    State handOver();   // runner side: give the baton, wait for it back

    QString m_name;
    std::mutex m_mutex;
    std::condition_variable m_cond;
    bool m_workerTurn = false;      // guarded by m_mutex: who holds the baton
    bool m_quit = false;
    bool m_noPark = false;
    std::function<void()> m_job;
    State m_state = State::Idle;    // written by the baton holder only
    qint64 m_until = 0;
    std::thread m_thread;
};

} // namespace rlab
