// ClusterSession's runner thread (issue #17): waiting for its job, running work on it, taking
// what a frame's job did. The class and its thread rules are in clustersession.h.
#include "ui/clustersession.h"

#include <QTimer>

#include <utility>

namespace rlab::ui {

void ClusterSession::settle()
{
    if (!m_runner)
        return;
    if (const std::optional<ClusterSessionRunner::Outcome> done = m_runner->wait())
        takeOutcome(*done);
}

std::thread::id ClusterSession::runnerThreadId() const
{
    return m_runner ? m_runner->threadId() : std::thread::id{};
}

void ClusterSession::runOnRunnerThread(std::function<void()> work, std::function<void()> done)
{
    settle();
    m_workDone = std::move(done);
    if (m_mode != Mode::Deterministic || m_live || !m_useRunnerThread) {
        work();
        QMetaObject::invokeMethod(this, [this] { workEnded(); }, Qt::QueuedConnection);
        return;
    }
    if (!m_runner)
        m_runner = std::make_unique<ClusterSessionRunner>();
    m_runner->submit([this, work = std::move(work), hook = m_afterWorkPosted] {
        work();
        // Posted before the job ends: workEnded() collects it once it has, then runs done().
        QMetaObject::invokeMethod(this, [this] { workEnded(); }, Qt::QueuedConnection);
        if (hook)
            hook();
        ClusterSessionRunner::Outcome o;
        o.frame = false;
        return o;
    });
}

void ClusterSession::workEnded()
{
    // Posted just before the job ends: not waited for here (a loaded machine may preempt the
    // runner thread right there), looked at again on a later turn until it has.
    if (m_runner && m_runner->hasJob()) {
        const std::optional<ClusterSessionRunner::Outcome> done = m_runner->take();
        if (!done) {
            QTimer::singleShot(1, this, [this] { workEnded(); });
            return;
        }
        takeOutcome(*done);
    }
    if (std::function<void()> done = std::exchange(m_workDone, nullptr))
        done();
}

void ClusterSession::takeOutcome(const ClusterSessionRunner::Outcome &outcome)
{
    if (!outcome.frame)
        return;   // a scenario slice: neither a frame's work nor its pacing
    m_lastRunThread = outcome.thread;
    const bool behind = outcome.hitDeadline;
    if (behind) {
        m_carryMs = 0.0;   // what did not fit is dropped: the cluster runs slower, not later
        const qint64 wall = qMax<qint64>(m_monotonic.elapsed() - m_jobStartedMs, 1);
        m_effectiveSpeed = double(outcome.clockAfter - outcome.clockBefore) / double(wall);
    }
    if (behind || m_behind) {
        m_behind = behind;
        emit pacingChanged();
    }
}

} // namespace rlab::ui
