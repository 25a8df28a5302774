#pragma once
#include <QObject>
#include <QThread>

#include <functional>
#include <memory>
#include <vector>

namespace rlab::ui {

// Runs a model's rebuild off the GUI thread (issue #17: a saved lab of 20,000 pods is handed
// over without a long frame): run(work, done) calls work() on a worker thread, then done() on
// the owner's thread. A newer run() or cancel() drops an older result: its done() never runs,
// its work() still ends on its own thread (and frees there what it captured). work() reads only
// immutable values (a snapshot's shared_ptr<const> objects) and writes only what it owns. The
// worker runs niced (BackgroundPriority), so on a busy machine the GUI thread keeps its frames.
// Thread rules: run, cancel and destroy on the owner's (GUI) thread; the destructor waits for
// the workers still running.
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

private:
    void reapFinished();   // deletes the threads that have ended

    std::vector<std::unique_ptr<QThread>> m_threads;
    HandOver m_handOver;
    quint64 m_generation = 0;
    bool m_running = false;
    int m_completed = 0;
};

} // namespace rlab::ui
