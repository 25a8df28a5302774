#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>

namespace rlab {
class Simulation;
namespace controller {
class GarbageCollector;
}
} // namespace rlab

namespace rlab::server {

// Runs a Simulation live for `rlab serve` and the kubectl tests: controllers on their worker
// threads (Simulation::startThreaded) and the virtual clock following real time × speed,
// advanced from a QTimer (every 10 ms), so kubelet stages, backoffs and AGE columns move at the
// chosen pace. While the threaded mode leaves the informers in deterministic mode and runs no
// garbage collector, the tick also pumps the informers, runs the collector (cascading deletes)
// at most every 100 ms of real time, and lets the Simulation compact etcd when due.
// Thread rules: construct, start, stop and destroy on the thread that owns the Simulation; the
// timer runs there.
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
    // One step: pump informers, collect garbage, advance the clock to now. Public for tests.
    void tick();

private:
    Simulation &m_sim;
    double m_speed = 1.0;
    QTimer m_timer;
    QElapsedTimer m_real;
    qint64 m_virtualBase = 0;
    std::unique_ptr<controller::GarbageCollector> m_gc;
    QElapsedTimer m_gcTimer;
    qint64 m_gcRevision = -1;
};

} // namespace rlab::server
