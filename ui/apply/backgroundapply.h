#pragma once
#include "ui/apply/applyproblem.h"
#include "ui/apply/manifestsource.h"

#include <QObject>
#include <QSemaphore>
#include <QThread>
#include <QVariantMap>

#include <atomic>
#include <functional>
#include <memory>

namespace rlab::client {
class Interface;
}

namespace rlab::ui {

// A big `kubectl apply` batch (ManifestApplier, all or nothing) on a worker thread, so the
// window keeps painting: start() runs it, progress() reports each percent (decode, dry run,
// write), cancel() stops it before its first write (then nothing changed: the report is
// ManifestApplier::cancelled()), finished() delivers the report on the owner's thread.
// client::Interface is thread-safe; the owner (ClusterSession) does not run the cluster while a
// batch is in flight, so the deterministic runner never races the writes.
// The worker runs below the GUI thread's priority (BackgroundPriority), so a busy machine gives
// the window its frames first.
// Thread rules: create, start, cancel and destroy on the GUI thread. The worker writes m_step
// before it posts finished() and then waits (Handover::released) until the owner's thread has
// emitted it and let go of m_step; after that it touches only the shared Handover and its own
// copy of the step, so a destructor after finished() (in its slot too) does not wait for it to
// free that copy (~120 ms for 11,370 Deployments): the thread deletes itself when done.
// Destroyed before finished(), the job cancels and waits for the worker.
class BackgroundApply : public QObject
{
    Q_OBJECT
public:
    BackgroundApply(client::Interface &api, QList<ManifestSource> sources, QObject *parent = nullptr);
    ~BackgroundApply() override;

    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    bool isCancelRequested() const { return m_cancel.load(); }
    // True once the batch began writing: Cancel can no longer stop it.
    bool isWriting() const { return m_writing.load(); }
    // For tests: whether ManifestApplier ran on a thread other than the one that started it.
    bool ranOnWorkerThread() const { return m_ranOnWorker.load(); }
    // For tests: the worker's nice value once it started (Linux; 0 elsewhere, -1 before).
    int workerNice() const { return m_workerNice.load(); }
    const ApplyReport &report() const { return m_report; }
    // The batch as a recorded scenario step (StepForms::apply), built on the worker after a
    // successful apply (re-reading megabytes of YAML would block the window again); valid only
    // while finished() is emitted (a slot keeps what it needs): then it is let go, and the worker
    // frees it (a big batch's step takes a long frame to free).
    const QVariantMap &step() const { return m_step; }
    // For tests: the worker dropped the step's last reference (it was freed there).
    bool stepFreedOnWorker() const { return m_handover->freedOnWorker.load(); }
    // For tests: runs on the worker after the owner let go of the step, just before the worker
    // frees its copy (the job may be gone by then). Set before start().
    void setBeforeFreeHook(std::function<void()> hook) { m_beforeFree = std::move(hook); }
    // Sources larger than this go to a worker thread in the window; smaller ones apply at once.
    static constexpr qsizetype kBackgroundBytes = 256 * 1024;
    static qsizetype totalBytes(const QList<ManifestSource> &sources);

signals:
    // percent 0..100; phase as ManifestApplier::Phase (0 decode, 1 dry run, 2 write).
    void progress(int percent, int phase, qsizetype done, qsizetype total);
    void finished(const rlab::ui::ApplyReport &report);

private:
    client::Interface &m_api;
    QList<ManifestSource> m_sources;
    std::unique_ptr<QThread> m_thread;
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_writing{false};
    std::atomic<bool> m_ranOnWorker{false};
    std::atomic<int> m_workerNice{-1};
    std::atomic<int> m_lastPercent{-1};
    // What the worker still uses once the owner let go of the step: it may outlive the job.
    struct Handover
    {
        QSemaphore released;   // the owner let go of m_step (or gave up on finished())
        std::atomic<bool> freedOnWorker{false};
    };
    std::shared_ptr<Handover> m_handover = std::make_shared<Handover>();
    std::function<void()> m_beforeFree;
    bool m_released = false;     // m_handover->released was released (owner's thread only)
    bool m_running = false;
    ApplyReport m_report;
    QVariantMap m_step;
};

} // namespace rlab::ui
