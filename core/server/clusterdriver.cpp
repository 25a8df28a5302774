#include "core/server/clusterdriver.h"

#include "core/client/sharedinformerfactory.h"
#include "core/controller/garbagecollector.h"
#include "core/sim/simulation.h"

#include <algorithm>

namespace rlab::server {

ClusterDriver::ClusterDriver(Simulation &sim, QObject *parent)
    : QObject(parent), m_sim(sim)
{
    m_timer.setInterval(10);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &ClusterDriver::tick);
    if (sim.config().controllers.contains(QStringLiteral("garbagecollector")))
        m_gc = std::make_unique<controller::GarbageCollector>(sim.api());
}

ClusterDriver::~ClusterDriver()
{
    stop();
}

void ClusterDriver::setSpeed(double speed)
{
    m_speed = std::max(0.0, speed);
    m_virtualBase = m_sim.clock().now();
    m_real.restart();
}

void ClusterDriver::start()
{
    if (m_timer.isActive())
        return;
    m_sim.startThreaded();
    m_virtualBase = m_sim.clock().now();
    m_real.start();
    m_gcTimer.start();
    m_timer.start();
}

void ClusterDriver::stop()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    m_sim.stopThreaded();
}

void ClusterDriver::tick()
{
    if (m_sim.informers().mode() != client::DriveMode::Threaded)
        m_sim.informers().processPending();
    if (m_gc && m_gcTimer.elapsed() >= 100) {
        m_gcTimer.restart();
        const qint64 rev = m_sim.api().currentRevision();
        if (rev != m_gcRevision && m_gc->collect() == 0)
            m_gcRevision = rev;
    }
    m_sim.compactIfDue();   // kube-apiserver's periodic etcd compaction (every 5 virtual minutes)
    const qint64 target = m_virtualBase + qint64(double(m_real.elapsed()) * m_speed);
    m_sim.clock().advanceTo(std::max(target, m_sim.clock().now()));
}

} // namespace rlab::server
