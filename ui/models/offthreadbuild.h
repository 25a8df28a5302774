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
    void cancel();
    bool isRunning() const { return m_running; }
    // How many run()s handed their result over (for tests: the rebuild did go off-thread).
    int completed() const { return m_completed; }

private:
    void reapFinished();   // deletes the threads that have ended

    std::vector<std::unique_ptr<QThread>> m_threads;
    quint64 m_generation = 0;
    bool m_running = false;
    int m_completed = 0;
};

} // namespace rlab::ui
