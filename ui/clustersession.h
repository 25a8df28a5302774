#pragma once
#include "core/sim/cluster.h"
#include "core/sim/simulation.h"
#include "core/base/traceevent.h"
#include "core/store/kv.h"
#include "core/store/watchevent.h"
#include "ui/apply/applyproblem.h"
#include "ui/apply/manifestsource.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <QVariantMap>
#include <memory>
#include <vector>

namespace rlab::ui {

// The window's side of one simulated cluster: owns the rlab::Simulation (store, virtual clock,
// trace, API server with three Ready nodes, and every controller, scheduler and kubelet on the
// deterministic runner), and once per frame (a ~16 ms QTimer on the GUI
// thread) advances virtual time while it runs, takes the pending writes from its store watch on
// "/registry/" and the new TraceLog events, and hands both batches to whoever listens. The
// watch and the trace are drained here only: no core thread ever calls into the GUI.
// Models start from snapshot(), taken at the revision the watch continues from, so they see
// every write exactly once. Widgets act through apply() and ClusterCommands (ui/commands).
// Two modes: Deterministic (default; the frame advances the deterministic runner, which runs
// every controller on this thread) and Live (Simulation::startThreaded(): informers and
// controllers on worker QThreads; the frame only advances the virtual clock and drains, so the
// GUI never waits for a reconcile). GUI thread only.
class ClusterSession : public QObject
{
    Q_OBJECT
public:
    enum class Mode { Deterministic, Live };
    Q_ENUM(Mode)

    explicit ClusterSession(const ClusterConfig &config = {}, QObject *parent = nullptr);
    ~ClusterSession() override;

    Cluster &cluster() { return m_sim->cluster(); }
    Simulation &simulation() { return *m_sim; }
    apiserver::ApiServer &api() { return m_sim->api(); }
    store::KvStore &store() { return m_sim->cluster().store(); }
    // The keys under /registry/ when the watch started (after the last reset).
    const store::RangeResult &snapshot() const { return m_snapshot; }

    // kubectl apply of every source, all or nothing (ManifestApplier); emits applied().
    ApplyReport apply(const QList<ManifestSource> &sources);
    // Throws the cluster away and starts a fresh one (in the current mode); emits clusterReset().
    void reset();

    // Deterministic <-> Live (startThreaded / stopThreaded); emits modeChanged() on a change.
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }

    void start();   // starts the frame timer
    void stop();
    bool isRunning() const { return m_timer.isActive(); }
    // Virtual time runs at `speed` × real time while timeRunning (default: on, ×1).
    void setTimeRunning(bool running);   // emits timeRunningChanged() on a change
    bool isTimeRunning() const { return m_timeRunning; }
    // Clamped to [kMinSpeed, kMaxSpeed]; emits speedChanged() on a change.
    void setSpeed(double speed);
    double speed() const { return m_speed; }
    static constexpr double kMinSpeed = 0.1;
    static constexpr double kMaxSpeed = 100.0;
    // Moves virtual time forward by `ms` at once (fires the timers due), as --after does. In
    // Deterministic mode everything that becomes runnable runs; in Live mode only the clock
    // moves (the worker threads do the rest, concurrently).
    void advance(qint64 ms);
    // Virtual milliseconds since the cluster's start time.
    qint64 elapsedMs() const;

    // One frame: advance time (only while the frame timer runs), drain store events and trace,
    // emit. The timer calls it; tests and screenshots may call it directly.
    void frame();
    // The second half of a frame: drain the store watch and the trace and emit them, without
    // moving time (after a step or a run-until, which moved it themselves).
    void drain();
    // Monotonic milliseconds since the session started, the clock of highlight fades.
    qint64 monotonicMs() const { return m_monotonic.elapsed(); }

    static constexpr int kFrameIntervalMs = 16;
    // The trace rows a frame hands on at most; when more arrived, only the newest are kept.
    static constexpr qint64 kMaxTraceBatch = 5000;

    // Time travel (helper h8; ui/timetravel/, ui/record/) --------------------------------------
    // viewRevision(rev) pauses virtual time and shows the past: snapshot() becomes the keys of
    // "/registry/" AT revision rev (its .revision is rev), storeEvents and traceEvents are held
    // back, clusterReset() makes every panel rebuild as it was. The past is read-only: apply()
    // (and every command) refuses with readOnlyError(). returnToLive() snapshots the current
    // revision, restarts the watch after it (no write is lost), emits clusterReset() and
    // resumes the time-running state from before. False when rev < oldestViewableRevision()
    // (compacted) or rev > the current revision. E.g. writes at 2..118: viewRevision(42) shows
    // the 42nd state; snapshot().revision == 42; viewedRevision() == 42; isLive() == false.
    bool viewRevision(qint64 rev);
    void returnToLive();
    bool isLive() const { return m_ttViewed == 0; }
    qint64 viewedRevision() const;            // the current revision while live
    qint64 oldestViewableRevision() const;    // the compact revision (1 before any compaction)
    // "viewing revision N (read-only): return to live first", empty while live.
    QString readOnlyError() const;
    // Commands (apply, scale, …) report what the user did as a scenario step (StepForms); it is
    // emitted as stepPerformed() for the SessionRecorder.
    void recordStep(const QVariantMap &step);
    // Counts reset()s: a new value means a new cluster (clusterReset() also follows time travel).
    qint64 clusterEpoch() const { return m_ttEpoch; }
    // The seq of the last trace event with rev <= rev (0 when none).
    qint64 lastTraceSeqAt(qint64 rev) const;
signals:
    void liveChanged(bool live);
    void stepPerformed(const QVariantMap &step);
public:
    // ------------------------------------------------------------------ end of time travel

signals:
    // reset() is about to destroy the cluster (ApiServer, store): drop every reference to it now.
    void aboutToReset();
    void clusterReset();
    void modeChanged(rlab::ui::ClusterSession::Mode mode);
    void timeRunningChanged(bool running);
    void speedChanged(double speed);
    void storeEvents(const std::vector<rlab::store::WatchEvent> &events);
    void traceEvents(const std::vector<rlab::TraceEvent> &events);
    void frameDone(qint64 monotonicMs);
    void applied(const rlab::ui::ApplyReport &report);

private:
    void startWatch();
    void createSimulation();

    ClusterConfig m_config;
    std::unique_ptr<Simulation> m_sim;
    std::shared_ptr<store::Watcher> m_watcher;
    store::RangeResult m_snapshot;
    qint64 m_traceSeq = 0;
    QTimer m_timer;
    QElapsedTimer m_monotonic;
    qint64 m_lastFrameMs = 0;
    double m_speed = 1.0;
    double m_carryMs = 0.0;
    bool m_timeRunning = true;
    // Time travel (h8): the revision shown while in the past (0 = live), the state to resume.
    qint64 m_ttViewed = 0;
    bool m_ttResumeRunning = true;
    qint64 m_ttEpoch = 0;
    Mode m_mode = Mode::Deterministic;
};

} // namespace rlab::ui
