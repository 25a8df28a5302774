#pragma once
#include "core/sim/scenario.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <memory>
#include <thread>

class QWidget;

namespace rlab {
class ScenarioRunner;
}

namespace rlab::ui {

class ClusterSession;

// Runs a scenario's objects and steps on the window's cluster in slices: each turn of the event
// loop runs steps for at most kSliceBudgetMs of wall time (at least one step), so a file of
// 10,000 steps keeps the window painting, with progress() after each slice and cancel() (the
// steps already run stay done, as with a script interrupted; the rest do not run). The session's
// own time is held while it plays (frames drain but do not advance the clock), so the run is the
// same as `rlab run`'s. One step is not cut: a step that is long by itself (a runUntilIdle of a
// huge Deployment) still takes its time in one slice. The slices run on the session's runner
// thread (ClusterSession::runOnRunnerThread), one at a time, so even such a step — or one that
// compacts the store and sweeps expired Events — does not block the window. After the last
// step the frames hand the backlog on within their budget (ClusterSession::drainThen), then
// finished(): the panels show the end when it comes.
// Thread rules: create, start, cancel, destroy and read on the GUI thread; a slice's steps run
// on the runner thread and hand their result back as a value (failures(): between slices or
// after finished()); the destructor waits for a slice in flight.
class ScenarioPlayer : public QObject
{
    Q_OBJECT
public:
    ScenarioPlayer(const Scenario &scenario, ClusterSession &session, QObject *parent = nullptr);
    ~ScenarioPlayer() override;

    static constexpr int kSliceBudgetMs = 12;

    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    bool wasCancelled() const { return m_cancelled; }
    bool ok() const { return m_ok; }
    QStringList failures() const;
    int stepsDone() const { return m_next; }
    int stepCount() const { return int(m_scenario.steps.size()); }
    int slices() const { return m_slices; }
    qint64 longestSliceMs() const { return m_longestSliceMs; }
    // For tests: how many slices ran on a thread other than the one that started the player.
    int slicesOffThread() const { return m_slicesOffThread; }

    // Plays `scenario` behind a window-modal progress dialog with Cancel and returns when it is
    // over (the event loop runs meanwhile); false with *failures when a step failed or the user
    // cancelled.
    static bool play(const Scenario &scenario, ClusterSession &session, QWidget *dialogParent, QStringList *failures);

signals:
    void progress(int done, int total);
    void finished(bool ok);

private:
    // What one slice did, handed from the runner thread to the GUI thread.
    struct SliceResult
    {
        int next = 0;
        bool failed = false;
        qint64 ms = 0;
        std::thread::id thread;
    };
    void slice();
    void sliceEnded(const SliceResult &result);
    void finish(bool ok);

    Scenario m_scenario;
    ClusterSession &m_session;
    std::unique_ptr<ScenarioRunner> m_runner;
    QTimer m_timer;
    int m_next = 0;
    int m_slices = 0;
    qint64 m_longestSliceMs = 0;
    bool m_running = false;
    bool m_finishing = false;   // every step ran: the frames hand the last writes on (drainThen)
    bool m_cancelled = false;
    bool m_ok = true;
    bool m_restored = false;
    bool m_inFlight = false;   // a slice runs on the runner thread
    int m_slicesOffThread = 0;
};

} // namespace rlab::ui
