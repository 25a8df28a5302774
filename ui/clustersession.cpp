#include "ui/clustersession.h"

#include "core/sim/latencymodel.h"
#include "core/sim/deterministicrunner.h"
#include "core/base/manualclock.h"
#include "core/sim/labfile.h"
#include "core/live/livesource.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "core/sim/view/watchfeed.h"
#include "ui/apply/backgroundapply.h"
#include "ui/apply/manifestapplier.h"
#include "ui/clustersessioninputguard.h"
#include "ui/record/stepforms.h"

#include <QCoreApplication>
#include <QEvent>

#include <algorithm>
#include <utility>

namespace rlab::ui {

ClusterSession::ClusterSession(const ClusterConfig &config, QObject *parent)
    : QObject(parent), m_config(config)
{
    createSimulation();
    m_monotonic.start();
    m_timer.setInterval(kFrameIntervalMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] { runFrame(m_useRunnerThread, true); });
    // Whatever a click or key does to the lab happens between two runner steps.
    auto *guard = new ClusterSessionInputGuard([this] { settle(); }, this);
    guard->setObjectName(QStringLiteral("clusterSessionInputGuard"));
    startFeed();
}

ClusterSession::~ClusterSession()
{
    settle();   // the runner thread's job reads m_sim
    delete std::exchange(m_applying, nullptr);   // cancels and joins: it writes to m_sim
    m_feed.reset();   // before the store it watches
    if (m_live)
        m_live->detach();
}

client::Interface &ClusterSession::client()
{
    settle();   // a command lands between two runner steps, never inside one
    return m_live ? m_live->commandClient() : m_sim->client();
}

client::Interface &ClusterSession::readClient()
{
    return m_sim->client();   // a live session's mirror holds what the cluster sent
}

QString ClusterSession::namespace_() const
{
    const QString ns = m_live ? m_live->namespace_() : QString();
    return ns.isEmpty() ? QStringLiteral("default") : ns;
}

void ClusterSession::startFeed(std::optional<view::Snapshot> taken)
{
    m_feed.reset();
    m_backlog.clear();   // the snapshot holds what it carried
    m_backlogAt = 0;
    if (taken && taken->revision == m_view->revision())
        m_snapshot = std::make_shared<const view::Snapshot>(std::move(*taken));
    else
        m_snapshot = std::make_shared<const view::Snapshot>(m_view->objects().value_or(view::Snapshot{}));
    // Continue right after the snapshot's revision: no write is missed or seen twice.
    m_feed = m_view->watch(m_snapshot->revision + 1);
    m_traceSeq = 0;
    m_nsPerTraceEvent = kFirstNsPerTraceEvent;
}

void ClusterSession::createSimulation(const SimulationConfig *restoreFrom, std::unique_ptr<Simulation> built)
{
    SimulationConfig sc;
    if (restoreFrom) {
        sc = *restoreFrom;
        m_config = sc.cluster;
        m_config.storeImage.reset();   // a later reset() starts fresh
        m_config.nameGeneratorState.clear();
        m_config.resumeAtMs = 0;
        m_latency = sc.latency.name;
    } else if (m_live) {
        sc = m_live->mirrorConfig();   // a mirror: nothing of its own runs
        m_config = sc.cluster;
    } else {
        sc.cluster = m_config;
        sc.latency = LatencyModel::preset(m_latency).value_or(LatencyModel{});
    }
    m_sim = built ? std::move(built) : std::make_unique<Simulation>(sc);
    m_view = std::make_unique<view::ClusterView>(*m_sim);
    if (m_live)
        m_live->attach(*m_sim);
    else if (m_mode == Mode::Live)
        m_sim->startThreaded();
}

void ClusterSession::openLive(std::unique_ptr<live::LiveSource> source)
{
    settle();
    if (m_live)
        m_live->detach();
    m_feed.reset();
    emit aboutToReset();
    m_view.reset();
    m_sim.reset();
    m_live = std::move(source);
    if (!m_live)
        m_config = ClusterConfig{};
    const bool wasRunning = m_timer.isActive();
    m_timer.stop();
    createSimulation();
    m_carryMs = 0.0;
    startFeed();
    ++m_epoch;
    if (m_frozen) {
        m_frozen = false;
        m_frozenReason.clear();
        emit frozenChanged(false);
    }
    emit clusterReset();
    emit liveChanged(m_live.get());
    m_lastFrameMs = m_monotonic.elapsed();
    if (wasRunning)
        m_timer.start();
}

void ClusterSession::reset()
{
    rebuild(nullptr);
}

void ClusterSession::restore(const SimulationConfig &config, std::unique_ptr<Simulation> built,
                             std::optional<view::Snapshot> builtSnapshot)
{
    if (m_live)
        openLive(nullptr);   // a saved lab replaces a live session too: back to the lab first
    const QString latency = m_latency;
    rebuild(&config, std::move(built), std::move(builtSnapshot));
    if (m_latency != latency)
        emit latencyChanged(m_latency);
}

bool ClusterSession::saveLab(const QString &path, QString *error)
{
    settle();
    return LabFile::save(*m_sim, path, error);
}

void ClusterSession::rebuild(const SimulationConfig *restoreFrom, std::unique_ptr<Simulation> built,
                             std::optional<view::Snapshot> builtSnapshot)
{
    delete std::exchange(m_applying, nullptr);   // cancels and joins a batch in flight
    m_timer.stop();
    settle();
    m_feed.reset();
    emit aboutToReset();
    if (m_live)
        m_live->detach();   // its informers and shadow hold the mirror
    m_view.reset();
    m_sim.reset();   // the old simulation's threads and watches go first
    createSimulation(restoreFrom, std::move(built));
    m_carryMs = 0.0;
    startFeed(std::move(builtSnapshot));
    ++m_epoch;
    if (m_frozen) {   // a fresh cluster is live
        m_frozen = false;
        m_frozenReason.clear();
        emit frozenChanged(false);
    }
    emit clusterReset();
    m_lastFrameMs = m_monotonic.elapsed();
    m_timer.start();
}

ApplyReport ClusterSession::apply(const QList<ManifestSource> &sources)
{
    settle();
    if (m_frozen || m_applying) {
        ApplyReport refused;
        const QString why = m_frozen ? readOnlyError() : tr("another batch is being applied");
        refused.problems.append(ApplyProblem{sources.isEmpty() ? QString() : sources.first().name, 0, 0, why, {}});
        emit applied(refused);
        return refused;
    }
    const ApplyReport report = ManifestApplier::apply(client(), sources);
    if (report.ok())
        recordStep(StepForms::apply(sources));
    emit applied(report);
    return report;
}

BackgroundApply *ClusterSession::applyInBackground(const QList<ManifestSource> &sources)
{
    settle();   // the batch writes from its worker while frames run nothing
    if (m_frozen || m_applying) {
        ApplyReport refused;
        const QString why = m_frozen ? readOnlyError() : tr("another batch is being applied");
        refused.problems.append(ApplyProblem{sources.isEmpty() ? QString() : sources.first().name, 0, 0, why, {}});
        emit applied(refused);
        return nullptr;
    }
    auto *job = new BackgroundApply(client(), sources, this);   // the live command client in a live session
    m_applying = job;
    connect(job, &BackgroundApply::finished, this, [this, job](const ApplyReport &report) {
        m_applying = nullptr;
        m_lastFrameMs = m_monotonic.elapsed();   // the time spent applying does not run the cluster
        m_carryMs = 0.0;
        if (report.ok())
            recordStep(job->step());   // built on the worker
        emit applied(report);
        job->deleteLater();
    });
    job->start();
    return job;
}

void ClusterSession::start()
{
    m_lastFrameMs = m_monotonic.elapsed();
    m_timer.start();
}

void ClusterSession::stop()
{
    m_timer.stop();
    settle();
    postAtFrameStartWaiting();
}

void ClusterSession::atFrameStart(QObject *owner, std::function<void()> work)
{
    m_atFrameStart.emplace_back(owner, std::move(work));
    if (!m_timer.isActive())
        postAtFrameStartWaiting();
}

void ClusterSession::postAtFrameStartWaiting()
{
    for (auto &[owner, work] : std::exchange(m_atFrameStart, {}))
        if (owner)
            QMetaObject::invokeMethod(owner, std::move(work), Qt::QueuedConnection);
}

void ClusterSession::setMode(Mode mode)
{
    if (mode == m_mode || m_live)   // a mirror runs nothing of its own
        return;
    settle();
    m_mode = mode;
    if (mode == Mode::Live)
        m_sim->startThreaded();
    else
        m_sim->stopThreaded();   // joins the workers: from here on one thread runs everything
    emit modeChanged(mode);
}

void ClusterSession::setTimeRunning(bool running)
{
    settle();
    const bool changed = running != m_timeRunning;
    m_timeRunning = running;
    m_lastFrameMs = m_monotonic.elapsed();
    m_carryMs = 0.0;
    if (changed)
        emit timeRunningChanged(running);
}

void ClusterSession::setLatency(const QString &preset)
{
    const std::optional<LatencyModel> model = LatencyModel::preset(preset);
    if (!model || preset == m_latency)
        return;
    settle();
    m_latency = preset;
    m_sim->setLatency(*model);
    emit latencyChanged(preset);
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
    settle();
    if (m_live) {
        m_live->advance(ms);   // a live cluster takes what arrived; a recording plays ms of it
        return;
    }
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
    return m_view->now() - m_config.startTimeMs;
}

void ClusterSession::frame()
{
    runFrame(false, false);
}

int ClusterSession::frameBudgetLeftMs() const
{
    if (m_frameIntakeBudgetMs <= 0)
        return -1;
    const qint64 spentMs = (m_monotonic.nsecsElapsed() - m_frameStartNs) / 1'000'000;
    return int(qMax<qint64>(0, m_frameIntakeBudgetMs - spentMs));
}

void ClusterSession::runFrame(bool onRunnerThread, bool timerFrame)
{
    m_frameStartNs = m_monotonic.nsecsElapsed();
    ++m_frameSeq;
    // This frame's intake: what the last frame's animation, painting and tail left of the target.
    if (m_intakeBudgetMs > 0 && m_frameTargetMs > 0) {
        const qint64 restNs = m_frameDoneNs + std::max(m_tailNs, m_paintNs);
        m_restNs = restNs >= m_restNs ? restNs : m_restNs - (m_restNs - restNs) / 4;
        const qint64 tailMs = m_restNs / 1'000'000;
        m_frameIntakeBudgetMs = int(std::clamp<qint64>(m_frameTargetMs - tailMs, qMin(kMinIntakeBudgetMs, m_intakeBudgetMs), m_intakeBudgetMs));
    } else if (m_intakeBudgetMs > 0) {
        m_frameIntakeBudgetMs = m_intakeBudgetMs;
    } else {
        m_frameIntakeBudgetMs = 0;
    }
    m_paintNs = 0;
    m_tailNs = 0;
    // The job a previous frame started: collected when done (or waited for: a direct frame()).
    if (!onRunnerThread && !m_workDone)
        settle();
    else if (m_runner)   // a scenario slice in flight is not waited for either
        if (const std::optional<ClusterSessionRunner::Outcome> done = m_runner->take())
            takeOutcome(*done);
    const qint64 now = m_monotonic.elapsed();
    // The past does not run; nor does the cluster while the panels have not taken its last writes.
    const bool gated = isIntakeGated();
    // While a job runs, the wall time passing is not carried (as behind: slower, not later).
    if (!isRunnerBusy() && m_timeRunning && m_timer.isActive() && !m_frozen && !m_applying && m_timeHeld == 0
        && intakeBacklog() == 0 && !gated) {
        m_carryMs += double(now - m_lastFrameMs) * m_speed;
        const qint64 step = qint64(m_carryMs);
        m_carryMs -= double(step);
        if (m_mode == Mode::Deterministic && !m_live && m_frameBudgetMs > 0) {
            Simulation *sim = m_sim.get();
            const qint64 ms = qMax<qint64>(step, 0);
            const int budgetMs = m_frameBudgetMs;
            auto job = [sim, ms, budgetMs] {
                ClusterSessionRunner::Outcome o;
                o.clockBefore = sim->clock().now();
                const auto deadline = DeterministicRunner::WallClock::now() + std::chrono::milliseconds(budgetMs);
                sim->runner().advance(ms, 10'000'000, deadline);
                o.hitDeadline = sim->runner().hitDeadline();
                o.clockAfter = sim->clock().now();
                o.thread = std::this_thread::get_id();
                return o;
            };
            m_jobStartedMs = m_lastFrameMs;
            if (onRunnerThread) {
                if (!m_runner)
                    m_runner = std::make_unique<ClusterSessionRunner>();
                m_runner->submit(std::move(job));
            } else {
                takeOutcome(job());
            }
        } else {
            advance(step);
        }
    }
    m_lastFrameMs = now;
    // The panels' deferred work first; what it took comes out of the intake.
    const qint64 startedNs = m_monotonic.nsecsElapsed();
    while (!m_atFrameStart.empty()) {
        auto [owner, work] = std::move(m_atFrameStart.front());
        m_atFrameStart.pop_front();
        if (owner) {
            work();
            break;   // one a frame
        }
    }
    emit frameStarted();
    const int startedMs = int((m_monotonic.nsecsElapsed() - startedNs) / 1'000'000);
    handOn(m_frameIntakeBudgetMs > 0 ? qMax(m_frameIntakeBudgetMs - startedMs, 0) : -1, !gated);
    const qint64 doneStartNs = m_monotonic.nsecsElapsed();
    m_budgetedNs = 0;
    emit frameDone(now);
    m_frameDoneNs = std::max<qint64>(0, m_monotonic.nsecsElapsed() - doneStartNs - m_budgetedNs);
    runDrainWaiters();
    if (timerFrame) {
        // Posted last, at the painting's low priority: it runs after the window's painting and
        // the work this frame posted (customEvent), unless another frame started first.
        m_tailMarkSeq = m_frameSeq;
        m_tailMarkNs = m_monotonic.nsecsElapsed();
        QCoreApplication::postEvent(this, new QEvent(kTailMarkEvent), Qt::LowEventPriority);
    }
}

void ClusterSession::customEvent(QEvent *event)
{
    if (event->type() != kTailMarkEvent) {
        QObject::customEvent(event);
        return;
    }
    if (m_tailMarkSeq == m_frameSeq)   // else the next frame has started: it measures nothing
        m_tailNs = m_monotonic.nsecsElapsed() - m_tailMarkNs;
}

void ClusterSession::recordStep(const QVariantMap &step)
{
    if (!step.isEmpty())
        emit stepPerformed(step);
}

bool ClusterSession::freeze(qint64 rev, const QString &reason)
{
    settle();
    if (rev < m_view->oldestRevision() || rev > m_view->revision())
        return false;
    std::optional<view::Snapshot> past = m_view->objects(rev);
    if (!past)
        return false;
    const bool wasFrozen = m_frozen;
    if (!wasFrozen) {
        // The writes the frames have not handed on yet are dropped, not handed on: every panel
        // that takes them starts again from the past's snapshot (clusterReset below), and
        // unfreeze() starts a new feed after a new snapshot. (Handing them on here took 0.5 s
        // for the first seek after 300,000 quick writes: issue #16.) The trace up to now is.
        m_feed.reset();
        m_backlog.clear();
        m_backlogAt = 0;
        QElapsedTimer clock;
        clock.start();
        handOnTrace(-1, clock);
    }
    m_snapshot = std::make_shared<const view::Snapshot>(std::move(*past));
    const qint64 seq = m_view->lastTraceSeqAt(rev);
    const std::vector<TraceEvent> last = seq > 0 ? m_view->trace(seq - 1, 1) : std::vector<TraceEvent>{};
    m_frozenElapsedMs = last.empty() ? 0 : last.front().t;
    m_frozen = true;
    m_frozenReason = reason;
    if (!wasFrozen)
        emit frozenChanged(true);
    emit clusterReset();
    emitTraceUpTo(rev);
    return true;
}

void ClusterSession::emitTraceUpTo(qint64 rev)
{
    const qint64 end = m_view->lastTraceSeqAt(rev);
    const qint64 begin = qMax<qint64>(0, end - kMaxTraceBatch);
    if (end <= begin)
        return;
    const std::vector<TraceEvent> batch = m_view->trace(begin, std::size_t(end - begin));
    if (!batch.empty())
        emit traceEvents(batch);
}

void ClusterSession::unfreeze()
{
    if (!m_frozen)
        return;
    m_frozen = false;
    m_frozenReason.clear();
    startFeed();   // the current revision; the next drain re-sends the newest trace
    emit clusterReset();
    emit frozenChanged(false);
}

} // namespace rlab::ui
