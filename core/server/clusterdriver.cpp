#include "core/server/clusterdriver.h"

#include "core/sim/simulation.h"

#include <algorithm>

namespace rlab::server {

ClusterDriver::ClusterDriver(Simulation &sim, QObject *parent)
    : QObject(parent), m_sim(sim)
{
    m_timer.setInterval(10);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &ClusterDriver::tick);
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
    m_eventScheduler = !m_sim.latency().isInstant();
    if (!m_eventScheduler)
        m_sim.startThreaded();
    m_virtualBase = m_sim.clock().now();
    m_real.start();
    m_timer.start();
}

void ClusterDriver::stop()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    if (!m_eventScheduler)
        m_sim.stopThreaded();
}

void ClusterDriver::tick()
{
    const qint64 target = m_virtualBase + qint64(double(m_real.elapsed()) * m_speed);
    if (m_eventScheduler)
        m_sim.runner().advance(std::max<qint64>(target - m_sim.clock().now(), 0));
    else
        m_sim.clock().advanceTo(std::max(target, m_sim.clock().now()));
}

} // namespace rlab::server
