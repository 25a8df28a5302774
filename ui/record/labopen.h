#pragma once
#include "core/sim/simulation.h"
#include "core/sim/view/snapshot.h"

#include <QObject>
#include <QString>
#include <QThread>

#include <atomic>
#include <memory>
#include <optional>

namespace rlab::ui {

// Opens a saved lab off the GUI thread: reads and checks the file (LabFile::load) and builds its
// Simulation (for a lab of 20,000 pods: seconds of restoring the store, informer lists and first
// syncs) on a worker thread, with the snapshot of its keys the window's panels start from;
// finished() on the owner's thread hands them over (config(), takeSimulation(), takeSnapshot())
// or says why not (error()). Nothing else holds the new lab while it is built
// and it is not running, so the build needs no locks. cancel() drops the result: a lab built
// after it is destroyed on the worker, and finished(false) follows with error() "cancelled".
// The worker runs below the GUI thread's priority (BackgroundPriority).
// Thread rules: create, start, cancel and destroy on the GUI thread; the destructor waits for
// the worker (delete it after finished()).
class LabOpen : public QObject
{
    Q_OBJECT
public:
    enum class Phase { Reading, Building };
    Q_ENUM(Phase)

    explicit LabOpen(QString path, QObject *parent = nullptr);
    ~LabOpen() override;

    void start();
    void cancel() { m_cancel = true; }
    bool isRunning() const { return m_running; }

    // After finished(): the lab's settings (its store image already given to the Simulation)
    // and the Simulation built from them; or the reason it failed.
    const SimulationConfig &config() const { return *m_config; }
    std::unique_ptr<Simulation> takeSimulation() { return std::move(m_sim); }
    // The built lab's keys under "/registry/" at its current revision (ClusterView::objects).
    std::optional<view::Snapshot> takeSnapshot() { return std::move(m_snapshot); }
    QString error() const { return m_error; }
    // For tests: whether the Simulation was built on a thread other than the one that started it.
    bool builtOnWorkerThread() const { return m_builtOnWorker.load(); }
    // For tests: the worker's nice value (BackgroundPriority; Linux, 0 elsewhere, -1 before).
    int workerNice() const { return m_workerNice.load(); }

signals:
    void phaseChanged(rlab::ui::LabOpen::Phase phase);   // queued from the worker
    void finished(bool ok);

private:
    QString m_path;
    std::unique_ptr<QThread> m_thread;
    std::optional<SimulationConfig> m_config;
    std::unique_ptr<Simulation> m_sim;
    std::optional<view::Snapshot> m_snapshot;
    QString m_error;
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_builtOnWorker{false};
    std::atomic<int> m_workerNice{-1};
    bool m_running = false;
};

} // namespace rlab::ui
