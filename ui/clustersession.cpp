#include "ui/clustersession.h"

#include "ui/apply/manifestapplier.h"
#include "ui/record/stepforms.h"

namespace rlab::ui {

namespace {
const QByteArray kRegistryPrefix = QByteArrayLiteral("/registry/");
}

ClusterSession::ClusterSession(const ClusterConfig &config, QObject *parent)
    : QObject(parent), m_config(config)
{
    createSimulation();
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

void ClusterSession::createSimulation()
{
    SimulationConfig sc;
    sc.cluster = m_config;
    m_sim = std::make_unique<Simulation>(sc);
    if (m_mode == Mode::Live)
        m_sim->startThreaded();
}

void ClusterSession::reset()
{
    m_timer.stop();
    if (m_watcher)
        m_watcher->cancel();
    m_watcher.reset();
    emit aboutToReset();
    m_sim.reset();   // the old simulation's threads and watches go first
    createSimulation();
    m_carryMs = 0.0;
    startWatch();
    ++m_ttEpoch;   // Time travel (h8): a fresh cluster is live
    if (!isLive()) {
        m_ttViewed = 0;
        emit liveChanged(true);
    }
    emit clusterReset();
    m_lastFrameMs = m_monotonic.elapsed();
    m_timer.start();
}

ApplyReport ClusterSession::apply(const QList<ManifestSource> &sources)
{
    if (!isLive()) {   // Time travel (h8): the past is read-only
        ApplyReport refused;
        refused.problems.append(ApplyProblem{sources.isEmpty() ? QString() : sources.first().name, 0, 0, readOnlyError(), {}});
        emit applied(refused);
        return refused;
    }
    const ApplyReport report = ManifestApplier::apply(m_sim->api(), sources);
    if (report.ok())
        recordStep(StepForms::apply(sources));   // Time travel (h8): for the SessionRecorder
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

void ClusterSession::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    if (mode == Mode::Live)
        m_sim->startThreaded();
    else
        m_sim->stopThreaded();   // joins the workers: from here on one thread runs everything
    emit modeChanged(mode);
}

void ClusterSession::setTimeRunning(bool running)
{
    const bool changed = running != m_timeRunning;
    m_timeRunning = running;
    m_lastFrameMs = m_monotonic.elapsed();
    m_carryMs = 0.0;
    if (changed)
        emit timeRunningChanged(running);
}

void ClusterSession::setSpeed(double speed)
{
    speed = qBound(kMinSpeed, speed, kMaxSpeed);
    if (qFuzzyCompare(speed, m_speed))
        return;
    m_speed = speed;
    emit speedChanged(speed);
}

void ClusterSession::advance(qint64 ms)
{
    ms = qMax<qint64>(ms, 0);
    if (m_mode == Mode::Live) {
        // The worker threads react to what the timers fire; this thread only moves the clock.
        m_sim->clock().advance(ms);
        return;
    }
    // The deterministic runner processes everything that becomes runnable up to now + ms
    // (informer events, one reconcile at a time, timers in order).
    m_sim->advance(ms);
}

qint64 ClusterSession::elapsedMs() const
{
    return m_sim->clock().now() - m_config.startTimeMs;
}

void ClusterSession::frame()
{
    const qint64 now = m_monotonic.elapsed();
    if (m_timeRunning && m_timer.isActive() && isLive()) {   // (h8) the past does not run
        m_carryMs += double(now - m_lastFrameMs) * m_speed;
        const qint64 step = qint64(m_carryMs);
        m_carryMs -= double(step);
        advance(step);
    }
    m_lastFrameMs = now;
    drain();
    emit frameDone(now);
}

void ClusterSession::drain()
{
    if (!isLive())
        return;   // Time travel (h8): the past holds back new writes and trace (see returnToLive)
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
}

// Time travel (helper h8) ---------------------------------------------------------------------

qint64 ClusterSession::viewedRevision() const
{
    return isLive() ? m_sim->cluster().store().revision() : m_ttViewed;
}

qint64 ClusterSession::oldestViewableRevision() const
{
    return qMax<qint64>(1, m_sim->cluster().store().compactRevision());
}

QString ClusterSession::readOnlyError() const
{
    return isLive() ? QString() : QStringLiteral("viewing revision %1 (read-only): return to live first").arg(m_ttViewed);
}

void ClusterSession::recordStep(const QVariantMap &step)
{
    if (!step.isEmpty())
        emit stepPerformed(step);
}

qint64 ClusterSession::lastTraceSeqAt(qint64 rev) const
{
    // Trace revisions never decrease along seq: binary search the last event with rev <= rev.
    // E.g. revs [1 1 2 5 5 7] at seqs 1..6, rev 5 -> seq 5; rev 0 -> 0 (none).
    const TraceLog &trace = m_sim->trace();
    const std::vector<TraceEvent> first = trace.since(0, 1);
    if (first.empty() || first.front().rev > rev)
        return first.empty() ? 0 : first.front().seq - 1;
    qint64 lo = first.front().seq, hi = trace.lastSeq();   // invariant: rev(lo) <= rev
    while (lo < hi) {
        const qint64 mid = lo + (hi - lo + 1) / 2;
        const std::vector<TraceEvent> e = trace.since(mid - 1, 1);
        if (!e.empty() && e.front().rev <= rev)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

bool ClusterSession::viewRevision(qint64 rev)
{
    store::KvStore &kv = m_sim->cluster().store();
    if (rev < oldestViewableRevision() || rev > kv.revision())
        return false;
    store::RangeOptions options;
    options.rev = rev;
    store::RangeResult past = kv.range(store::KeyRange::prefix(kRegistryPrefix), options);
    if (!past.ok())
        return false;
    const bool wasLive = isLive();
    if (wasLive) {
        drain();   // hand on everything up to now before the present is frozen
        m_ttResumeRunning = m_timeRunning;
        setTimeRunning(false);
        if (m_watcher)
            m_watcher->cancel();
        m_watcher.reset();   // returnToLive() starts a new watch after a new snapshot
    }
    past.revision = rev;
    m_snapshot = std::move(past);
    m_ttViewed = rev;
    if (wasLive)
        emit liveChanged(false);
    emit clusterReset();
    // The trace that led there (the newest kMaxTraceBatch events with rev <= rev).
    const qint64 end = lastTraceSeqAt(rev);
    const qint64 begin = qMax<qint64>(0, end - kMaxTraceBatch);
    if (end > begin) {
        const std::vector<TraceEvent> batch = m_sim->trace().since(begin, std::size_t(end - begin));
        if (!batch.empty())
            emit traceEvents(batch);
    }
    return true;
}

void ClusterSession::returnToLive()
{
    if (isLive())
        return;
    m_ttViewed = 0;
    startWatch();   // the current revision; the next drain re-sends the newest trace
    emit clusterReset();
    emit liveChanged(true);
    setTimeRunning(m_ttResumeRunning);
}

} // namespace rlab::ui
