#include "ui/clustersession.h"

#include "ui/apply/manifestapplier.h"

namespace rlab::ui {

namespace {
const QByteArray kRegistryPrefix = QByteArrayLiteral("/registry/");
}

ClusterSession::ClusterSession(const ClusterConfig &config, QObject *parent)
    : QObject(parent), m_config(config)
{
    SimulationConfig sc;
    sc.cluster = config;
    m_sim = std::make_unique<Simulation>(sc);
    m_monotonic.start();
    m_timer.setInterval(kFrameIntervalMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &ClusterSession::frame);
    startWatch();
}

ClusterSession::~ClusterSession()
{
    if (m_watcher)
        m_watcher->cancel();
}

void ClusterSession::startWatch()
{
    if (m_watcher)
        m_watcher->cancel();
    const store::KeyRange range = store::KeyRange::prefix(kRegistryPrefix);
    m_snapshot = m_sim->cluster().store().range(range);
    // Continue right after the snapshot's revision: no write is missed or seen twice.
    m_watcher = m_sim->cluster().store().watch(range, m_snapshot.revision + 1).watcher;
    m_traceSeq = 0;
}

void ClusterSession::reset()
{
    m_timer.stop();
    if (m_watcher)
        m_watcher->cancel();
    m_watcher.reset();
    m_watcher.reset();
    m_sim.reset();   // the old simulation's threads and watches go first
    SimulationConfig sc;
    sc.cluster = m_config;
    m_sim = std::make_unique<Simulation>(sc);
    m_carryMs = 0.0;
    startWatch();
    emit clusterReset();
    m_lastFrameMs = m_monotonic.elapsed();
    m_timer.start();
}

ApplyReport ClusterSession::apply(const QList<ManifestSource> &sources)
{
    const ApplyReport report = ManifestApplier::apply(m_sim->api(), sources);
    emit applied(report);
    return report;
}

void ClusterSession::start()
{
    m_lastFrameMs = m_monotonic.elapsed();
    m_timer.start();
}

void ClusterSession::stop()
{
    m_timer.stop();
}

void ClusterSession::setTimeRunning(bool running)
{
    m_timeRunning = running;
    m_lastFrameMs = m_monotonic.elapsed();
    m_carryMs = 0.0;
}

void ClusterSession::advance(qint64 ms)
{
    // The deterministic runner processes everything that becomes runnable up to now + ms
    // (informer events, one reconcile at a time, timers in order).
    m_sim->advance(qMax<qint64>(ms, 0));
}

qint64 ClusterSession::elapsedMs() const
{
    return m_sim->clock().now() - m_config.startTimeMs;
}

void ClusterSession::frame()
{
    const qint64 now = m_monotonic.elapsed();
    if (m_timeRunning && m_timer.isActive()) {
        m_carryMs += double(now - m_lastFrameMs) * m_speed;
        const qint64 step = qint64(m_carryMs);
        m_carryMs -= double(step);
        advance(step);
    }
    m_lastFrameMs = now;

    if (m_watcher) {
        const std::vector<store::WatchEvent> events = m_watcher->take();
        if (!events.empty())
            emit storeEvents(events);
    }
    TraceLog &trace = m_sim->trace();
    const qint64 last = trace.lastSeq();
    if (last > m_traceSeq) {
        m_traceSeq = qMax(m_traceSeq, last - kMaxTraceBatch);
        const std::vector<TraceEvent> batch = trace.since(m_traceSeq, std::size_t(kMaxTraceBatch));
        if (!batch.empty()) {
            m_traceSeq = batch.back().seq;
            emit traceEvents(batch);
        }
    }
    emit frameDone(now);
}

} // namespace rlab::ui
