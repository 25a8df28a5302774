#pragma once
#include <QString>

namespace rlab::ui {

class ClusterSession;

// What the time toolbar's buttons do, on the deterministic runner (each first switches the
// session to Deterministic mode, stopping the worker threads): step one reconcile, step to the
// next event, run until a Deployment's rollout is complete. Virtual time jumps from timer to
// timer as `rlab run` does, so a run-until ends at the exact virtual moment the rollout
// completes. Example: nginx just scaled 3 → 5 (pull 2 s, start 1 s, ready 1 s):
// runUntilComplete("default", "nginx") returns ok after about 4 s of virtual time with
// "deployment "nginx" successfully rolled out". Every call drains the session afterwards, so
// the views show what happened. GUI thread only.
class TimeCommands
{
public:
    struct Report
    {
        bool ok = false;          // the step ran / the rollout completed
        qint64 advancedMs = 0;    // virtual time that passed
        QString text;             // one line for the status bar
    };

    explicit TimeCommands(ClusterSession &session);

    // DeterministicRunner::step() until one controller work item ran (informers are pumped on
    // the way); when nothing is runnable, time jumps to the next timer, at most maxJumpMs ahead.
    Report stepOneReconcile(qint64 maxJumpMs = kMaxJumpMs);
    // Runs what is runnable now; if nothing was, jumps to the next pending timer and runs what
    // that made runnable.
    Report stepToNextEvent();
    // Steps (and jumps from timer to timer) until RolloutStatus says Complete or Failed, or
    // capMs of virtual time have passed.
    Report runUntilComplete(const QString &ns, const QString &deployment, qint64 capMs = kRunCapMs);

    static constexpr qint64 kMaxJumpMs = 10 * 60 * 1000;
    static constexpr qint64 kRunCapMs = 15 * 60 * 1000;
    static constexpr qint64 kMaxSteps = 2'000'000;   // a safety net against a livelock

private:
    bool prepare(Report *refused);
    qint64 reconciles() const;
    QString describeSince(qint64 traceSeq) const;

    ClusterSession &m_session;
};

} // namespace rlab::ui
