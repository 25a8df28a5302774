#pragma once
#include <QObject>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace rlab::ui {

// Runs a model's rebuild off the GUI thread (issue #17: a saved lab of 20,000 pods is handed
// over without a long frame): run(work, done) calls work() on this object's worker thread, then
// done() on the owner's thread. A newer run() or cancel() drops an older result: its done() never
// runs, and a work() not begun yet is skipped (what it captured is freed on the worker all the
// same). work() reads only immutable values (a snapshot's shared_ptr<const> objects) and writes
// only what it owns. The worker is one thread for the object's life, started with it and lowered
// (BackgroundPriority::idleCurrentThread) before its first work: a thread started for each build
// ran its first scheduler slice at the GUI thread's priority — three builds started as a lab
// opened took the cores from the GUI thread for 12 ms (issue #17, row (d)).
// Thread rules: run, cancel and destroy on the owner's (GUI) thread; the destructor waits for a
// work() in progress.
class OffThreadBuild : public QObject
{
public:
    explicit OffThreadBuild(QObject *parent = nullptr);
    ~OffThreadBuild() override;

    void run(std::function<void()> work, std::function<void()> done);
    // Set: a finished work's done() is handed to `handOver`, which runs it when it suits (the
    // session: at the start of a coming frame, in that frame's budget, so a big model reset is
    // not added on top of a frame; issue #17). Until then isRunning() stays true; a newer run()
    // or cancel() meanwhile still drops it. Unset: done() runs as soon as the work ends.
    using HandOver = std::function<void(std::function<void()>)>;
    void setHandOver(HandOver handOver) { m_handOver = std::move(handOver); }
    void cancel();
    bool isRunning() const { return m_running; }
    // How many run()s handed their result over (for tests: the rebuild did go off-thread).
    int completed() const { return m_completed; }
    // The worker thread's nice value once it is running (BackgroundPriority; for tests).
    int workerNice() const;

private:
    struct Job
    {
        std::function<void()> work;
        std::uint64_t generation = 0;
    };
    void loop();
    void finished(std::uint64_t generation);   // on the owner's thread

    // The owner's thread only.
    HandOver m_handOver;
    std::function<void()> m_done;   // the newest run()'s
    std::uint64_t m_generation = 0;
    bool m_running = false;
    int m_completed = 0;

    // Shared with the worker, under m_mutex.
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<Job> m_jobs;
    std::uint64_t m_latest = 0;   // = m_generation, for the worker to skip stale jobs
    int m_workerNice = 0;
    bool m_niced = false;
    bool m_quit = false;
    std::thread m_worker;   // last: started once the members above exist
};

} // namespace rlab::ui
