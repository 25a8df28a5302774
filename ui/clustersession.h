#pragma once
#include "core/sim/cluster.h"
#include "core/sim/simulation.h"
#include "core/sim/traceevent.h"
#include "core/store/kv.h"
#include "core/store/watchevent.h"
#include "ui/apply/applyproblem.h"
#include "ui/apply/manifestsource.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
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
// every write exactly once. Widgets act through apply() (and, later, a façade of commands).
// GUI thread only.
class ClusterSession : public QObject
{
    Q_OBJECT
public:
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
    // Throws the cluster away and starts a fresh one; emits clusterReset().
    void reset();

    void start();   // starts the frame timer
    void stop();
    bool isRunning() const { return m_timer.isActive(); }
    // Virtual time runs at `speed` × real time while timeRunning (default: on, ×1).
    void setTimeRunning(bool running);
    bool isTimeRunning() const { return m_timeRunning; }
    void setSpeed(double speed) { m_speed = speed; }
    double speed() const { return m_speed; }
    // Moves virtual time forward by `ms` at once (fires the timers due), as --after does.
    void advance(qint64 ms);
    // Virtual milliseconds since the cluster's start time.
    qint64 elapsedMs() const;

    // One frame: advance time (only while the frame timer runs), drain store events and trace,
    // emit. The timer calls it; tests and screenshots may call it directly.
    void frame();
    // Monotonic milliseconds since the session started, the clock of highlight fades.
    qint64 monotonicMs() const { return m_monotonic.elapsed(); }

    static constexpr int kFrameIntervalMs = 16;
    // The trace rows a frame hands on at most; when more arrived, only the newest are kept.
    static constexpr qint64 kMaxTraceBatch = 5000;

signals:
    void clusterReset();
    void storeEvents(const std::vector<rlab::store::WatchEvent> &events);
    void traceEvents(const std::vector<rlab::TraceEvent> &events);
    void frameDone(qint64 monotonicMs);
    void applied(const rlab::ui::ApplyReport &report);

private:
    void startWatch();

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
};

} // namespace rlab::ui
