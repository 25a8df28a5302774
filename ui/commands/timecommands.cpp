#include "ui/commands/timecommands.h"

#include "core/api/deployment.h"
#include "core/client/interface.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "core/base/manualclock.h"
#include "core/base/tracelog.h"
#include "ui/clustersession.h"
#include "ui/live/labonly.h"
#include "ui/commands/rolloutstatus.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

namespace rlab::ui {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("rlab::ui::TimeCommands", text);
}

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', ms % 1000 == 0 ? 0 : 1) + QStringLiteral(" s");
}
} // namespace

TimeCommands::TimeCommands(ClusterSession &session)
    : m_session(session)
{
}

bool TimeCommands::prepare(Report *refused)
{
    if (m_session.isFrozen()) {   // time travel: the past does not run
        refused->text = m_session.readOnlyError();
        return false;
    }
    if (LabOnly::isLive(m_session)) {   // a real cluster (or its recording) is not stepped
        refused->text = LabOnly::refusal(LabOnly::Reason::Stepping);
        return false;
    }
    m_session.setMode(ClusterSession::Mode::Deterministic);
    return true;
}

qint64 TimeCommands::reconciles() const
{
    return m_session.view().reconciles();
}

QString TimeCommands::describeSince(qint64 traceSeq) const
{
    // The reconciles that ran, by controller, and the etcd writes: "replicaset ×2, kubelet/node-1 · 3 writes".
    QStringList order;
    QHash<QString, int> counts;
    int writes = 0;
    for (const TraceEvent &e : m_session.view().trace(traceSeq)) {
        if (e.type == QLatin1String("Put") || e.type == QLatin1String("Delete"))
            ++writes;
        if (e.type != QLatin1String("ReconcileStart"))
            continue;
        if (!counts.contains(e.component))
            order << e.component;
        ++counts[e.component];
    }
    QStringList parts;
    for (const QString &c : order)
        parts << (counts.value(c) > 1 ? QStringLiteral("%1 ×%2").arg(c).arg(counts.value(c)) : c);
    QString text = parts.isEmpty() ? tr("no reconcile") : parts.join(QStringLiteral(", "));
    return text + tr(" · %1 etcd writes").arg(writes);
}

TimeCommands::Report TimeCommands::stepOneReconcile(qint64 maxJumpMs)
{
    Report report;
    if (!prepare(&report))
        return report;
    Simulation &sim = m_session.simulation();
    ManualClock &clock = sim.clock();
    const qint64 start = clock.now();
    const qint64 traceSeq = sim.trace().lastSeq();
    const qint64 before = reconciles();
    for (qint64 n = 0; n < kMaxSteps && reconciles() == before; ++n) {
        if (sim.runner().step())
            continue;
        if (!sim.runner().jumpToNextEvent(start + maxJumpMs))
            break;
    }
    report.advancedMs = clock.now() - start;
    report.ok = reconciles() > before;
    if (report.ok) {
        // The reconcile's own sentence: "syncDeployment default/nginx: rolloutRolling → …".
        for (const TraceEvent &e : sim.trace().since(traceSeq)) {
            if (e.type == QLatin1String("ReconcileEnd") || e.type == QLatin1String("ReconcileError"))
                report.text = QStringLiteral("%1: %2").arg(e.component, e.text);
        }
        if (report.advancedMs > 0)
            report.text = tr("+%1 · ").arg(seconds(report.advancedMs)) + report.text;
    } else {
        report.text = tr("Nothing to reconcile: every workqueue is empty and no timer is due within %1").arg(seconds(maxJumpMs));
    }
    m_session.drain();
    return report;
}

TimeCommands::Report TimeCommands::stepToNextEvent()
{
    Report report;
    if (!prepare(&report))
        return report;
    Simulation &sim = m_session.simulation();
    ManualClock &clock = sim.clock();
    const qint64 start = clock.now();
    const qint64 traceSeq = sim.trace().lastSeq();
    qint64 steps = 0;
    while (steps < kMaxSteps && sim.runner().step())
        ++steps;
    if (steps == 0) {
        const std::optional<qint64> next = sim.runner().nextWakeAt();
        if (!next) {
            report.text = tr("No event pending: every workqueue is empty and no timer is set");
            m_session.drain();
            return report;
        }
        // The next timer, or (latency model) the next watch delivery, request completing or
        // key becoming gettable.
        const std::optional<qint64> timer = clock.nextTimerAt();
        const int fired = timer && *timer <= *next ? clock.advanceToNextTimer() : 0;
        if (fired == 0)
            sim.runner().jumpToNextEvent(*next);
        while (steps < kMaxSteps && sim.runner().step())
            ++steps;
        report.advancedMs = clock.now() - start;
        report.text = fired > 0 ? tr("+%1 · %2 timer(s) fired · ").arg(seconds(report.advancedMs)).arg(fired)
                                : tr("+%1 · next hop · ").arg(seconds(report.advancedMs));
    } else {
        report.text = tr("no time passed (work was pending) · ");
    }
    report.ok = true;
    report.text += describeSince(traceSeq);
    m_session.drain();
    return report;
}

TimeCommands::Report TimeCommands::runUntilComplete(const QString &ns, const QString &deployment, qint64 capMs)
{
    Report report;
    if (!prepare(&report))
        return report;
    Simulation &sim = m_session.simulation();
    ManualClock &clock = sim.clock();
    const qint64 start = clock.now();
    const qint64 deadline = start + capMs;
    RolloutStatus status;
    qint64 steps = 0;
    if (!sim.client().getAs<api::Deployment>(ns, deployment)) {   // a typo moves nothing
        report.text = tr("Error from server (NotFound): deployments.apps \"%1\" not found").arg(deployment);
        return report;
    }
    for (;;) {
        // Everything runnable at this instant first; the rollout's state is read when the
        // cluster is quiet, before time moves on (so completion is caught at its instant).
        while (steps < kMaxSteps && sim.runner().step())
            ++steps;
        const auto d = sim.client().getAs<api::Deployment>(ns, deployment);
        if (!d) {
            report.text = tr("Error from server (NotFound): deployments.apps \"%1\" not found").arg(deployment);
            break;
        }
        status = RolloutStatus::of(*d);
        report.text = status.message;
        if (status.isFinal() || steps >= kMaxSteps)
            break;
        if (d->spec.paused && status.state != RolloutStatus::NotObserved) {
            report.text = tr("deployment \"%1\" is paused: resume it to let the rollout finish").arg(deployment);
            break;
        }
        if (!sim.runner().jumpToNextEvent(deadline)) {
            report.text = tr("Stopped after %1 of virtual time: %2").arg(seconds(clock.now() - start), status.message);
            break;
        }
    }
    report.advancedMs = clock.now() - start;
    report.ok = status.isComplete();
    if (report.ok)
        report.text = tr("+%1 · %2").arg(seconds(report.advancedMs), report.text);
    m_session.drain();
    return report;
}

} // namespace rlab::ui
