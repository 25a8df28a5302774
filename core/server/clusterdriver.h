#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace rlab {
class Simulation;
} // namespace rlab

namespace rlab::server {

// Runs a Simulation live for `rlab serve` and the kubectl tests, following real time × speed
// from a QTimer (every 10 ms), so kubelet stages, backoffs and AGE columns move at that pace.
// With the instant latency model, Simulation::startThreaded() makes the whole control plane live
// (informer threads, controller worker QThreads, the housekeeping thread) and this driver only
// moves the virtual clock. With any other model the deterministic runner is the event scheduler
// that honours it: each tick runs it up to the new virtual time (requests from kubectl arrive on
// the server's threads meanwhile; the store and the API server are thread-safe).
// Example: speed 50, 200 ms of real time after start() ⇒ the clock is 10 s further on.
// Thread rules: construct, start, stop and destroy on the thread that owns the Simulation; the
// timer (and so every clock advance and timer callback) runs there.
class ClusterDriver : public QObject
{
    Q_OBJECT
public:
    explicit ClusterDriver(Simulation &sim, QObject *parent = nullptr);
    ~ClusterDriver() override;   // stop()

    void setSpeed(double speed);   // virtual ms per real ms (x50 for tests); keeps the current time
    double speed() const { return m_speed; }
    void start();
    void stop();
    bool isRunning() const { return m_timer.isActive(); }
    // One step: advance the clock to real time × speed. Public for tests.
    void tick();

private:
    Simulation &m_sim;
    double m_speed = 1.0;
    bool m_eventScheduler = false;   // runner().advance per tick instead of threads
    QTimer m_timer;
    QElapsedTimer m_real;
    qint64 m_virtualBase = 0;
};

} // namespace rlab::server
