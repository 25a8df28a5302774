#pragma once
#include "core/base/traceevent.h"
#include "core/sim/cluster.h"
#include "core/sim/view/snapshot.h"
#include "core/sim/view/watchevent.h"
#include "ui/apply/applyproblem.h"
#include "ui/apply/manifestsource.h"
#include "ui/clustersessionrunner.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QVariantMap>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace rlab {
class Simulation;
struct SimulationConfig;
namespace live {
class LiveSource;
}
namespace client {
class Interface;
}
namespace view {
class ClusterView;
class WatchFeed;
} // namespace view
} // namespace rlab

namespace rlab::ui {

class BackgroundApply;

// The window's side of one simulated cluster: owns the rlab::Simulation (every controller,
// scheduler and kubelet on the deterministic runner, or on worker threads in Live mode) and, once
// per frame (a ~16 ms QTimer), advances virtual time by frame time × speed while it runs, takes
// the new writes from its WatchFeed on "/registry/" and the new trace, and hands both batches on
// (storeEvents, traceEvents). Panels read view() (values: objects at a revision, etcd history,
// queue snapshots, trace) and act through client() (the kubectl verbs); models start from
// snapshot(), taken at the revision the feed continues from, so they see every write once.
// freeze() holds the feed at a past revision (TimeTravel) and makes the session read-only.
// A frame hands on at most kIntakeBudgetMs of store events and trace (batches sized to the budget
// left at the panels' recent cost per event, timed on the GUI thread): the rest of the writes
// waits for the next frames (intakeBacklog()) and virtual time stands still until it is taken
// (issue #17: one sync of 100,000 pods is not one long frame). While
// an intake gate says busy (a panel still taking a reset: a model built off the GUI thread, the
// canvas in slices) frames hand on no store events and time stands still.
// The frame TIMER's runner work (Deterministic mode) runs on a thread of the session's own
// (ClusterSessionRunner), so even one long runner step never blocks the window: a frame starts
// the job and returns; later frames hand on what it wrote and collect it. Everything else that
// drives the lab — client(), simulation(), advance(), stop(), holding or stopping time, reset,
// freeze, a direct frame() — first waits for the job (settle()), so commands land at a step
// boundary and the runner's steps still run one at a time, in the same order. A ScenarioPlayer's
// slices of steps run there too (runOnRunnerThread), with the same rules.
// Thread rules: GUI thread only; no core thread ever calls into it (the feed is drained here);
// the runner thread only runs Simulation::runner().advance and scenario slices, on jobs the GUI
// thread starts.
class ClusterSession : public QObject
{
    Q_OBJECT
public:
    enum class Mode { Deterministic, Live };
    Q_ENUM(Mode)

    explicit ClusterSession(const ClusterConfig &config = {}, QObject *parent = nullptr);
    ~ClusterSession() override;

    const view::ClusterView &view() const { return *m_view; }
    // Waits for the runner job in flight (settle()): a command acts at a step boundary.
    client::Interface &client();
    // What panels read through (queries, choosers): the lab's API, or in a live session the
    // mirror's, in process — never a request to the real cluster from the window's thread.
    client::Interface &readClient();
    // The namespace the window shows and acts in: "default", or a live session's namespace.
    QString namespace_() const;
    // The lab itself, for what drives it (scenario runners, the time commands, the teacher's
    // faults, serving it); panels read view() and act through client().
    // Waits for the runner job in flight first (settle()).
    Simulation &simulation()
    {
        settle();
        return *m_sim;
    }
    // The keys under /registry/ the feed continues from (after the last reset or thaw), or the
    // past revision while frozen: what panels rebuild from on clusterReset().
    const view::Snapshot &snapshot() const { return *m_snapshot; }
    // The same value, shared: what a model builds from on a worker thread without a copy of its
    // keys on this one (a copy of 60,000 keys is a frame's worth of work).
    std::shared_ptr<const view::Snapshot> sharedSnapshot() const { return m_snapshot; }

    // kubectl apply of every source, all or nothing (ManifestApplier); emits applied(). Refused
    // with readOnlyError() while frozen.
    ApplyReport apply(const QList<ManifestSource> &sources);
    // The same on a worker thread (BackgroundApply, owned by the session, deleted after its
    // finished()): virtual time stands still while it runs (frames still drain, so objects
    // appear as they are written) and applied() follows its finished(). nullptr while frozen or
    // while another batch runs (then applied() reports the refusal).
    BackgroundApply *applyInBackground(const QList<ManifestSource> &sources);
    bool isApplying() const { return m_applying != nullptr; }
    // Held: frames drain but do not move virtual time (a ScenarioPlayer moves it, step by step).
    void setTimeHeld(bool held)
    {
        settle();
        m_timeHeld += held ? 1 : -1;
    }
    bool isTimeHeld() const { return m_timeHeld > 0; }
    // Throws the cluster away and starts a fresh, live one (in the current mode); emits
    // aboutToReset() and clusterReset().
    void reset();
    // Replaces the cluster by a saved lab (LabFile::load), as reset() does (aboutToReset,
    // clusterReset, unfrozen): its store with history, its time, its settings; the session's
    // latency preset becomes the lab's. A later reset() starts a fresh cluster again. `built`:
    // the Simulation of `config` made already (LabOpen builds it on a worker thread, so the
    // window keeps painting); only handing it over is left for the GUI thread. `builtSnapshot`:
    // its keys at its current revision, taken there too (used when still current).
    void restore(const SimulationConfig &config, std::unique_ptr<Simulation> built = nullptr,
                 std::optional<view::Snapshot> builtSnapshot = std::nullopt);
    // LabFile::save of the lab as it is now (either mode); false with *error when unwritable.
    bool saveLab(const QString &path, QString *error = nullptr);

    // What each hop costs (LatencyModel preset: classroom, realistic or instant; a new session is
    // instant, the app's launcher makes the window classroom); kept across reset(). Live mode
    // runs its hops at zero cost. Emits latencyChanged().
    void setLatency(const QString &preset);
    QString latency() const { return m_latency; }
    // Deterministic <-> Live (startThreaded / stopThreaded); emits modeChanged() on a change.
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }

    void start();   // starts the frame timer
    void stop();
    bool isRunning() const { return m_timer.isActive(); }
    // Virtual time runs at `speed` × real time while timeRunning (default: on, ×1).
    void setTimeRunning(bool running);   // emits timeRunningChanged() on a change
    bool isTimeRunning() const { return m_timeRunning; }
    // Clamped to [kMinSpeed, kMaxSpeed]; emits speedChanged() on a change.
    void setSpeed(double speed);
    double speed() const { return m_speed; }
    static constexpr double kMinSpeed = 0.1;
    static constexpr double kMaxSpeed = 100.0;
    // Moves virtual time forward by `ms` at once (fires the timers due), as --after does. In
    // Deterministic mode everything that becomes runnable runs; in Live mode only the clock
    // moves (the worker threads do the rest, concurrently).
    void advance(qint64 ms);
    // Virtual milliseconds since the cluster's start time.
    qint64 elapsedMs() const;
    // The virtual time the window shows: elapsedMs(), or while frozen the trace time of the
    // viewed revision (the last trace event at or before it).
    qint64 viewedElapsedMs() const { return m_frozen ? m_frozenElapsedMs : elapsedMs(); }

    // One frame: advance time (only while the frame timer runs and not frozen), drain, emit
    // frameDone. Tests and screenshots may call it directly: then the runner's work is done
    // when it returns (on this thread). The timer's frames run it on the runner thread instead
    // (see the class comment; setRunnerThread(false): on this thread, as before).
    void frame();
    // Waits for the runner job in flight and takes its outcome (pacing); nothing when none.
    void settle();
    // Runs `work` on the runner thread as its job (after the job in flight), then `done` here:
    // a ScenarioPlayer's slice of steps (issue #17: a step that compacts the store took 20-50 ms
    // of the GUI thread). Meanwhile frames hand on what it writes without waiting for it, and
    // whatever else drives the lab waits for it (settle()), as for a frame's job. With the
    // runner thread off (setRunnerThread(false)) or in Live mode `work` runs here at once;
    // `done` is posted either way. One at a time: the caller waits for `done` before the next.
    void runOnRunnerThread(std::function<void()> work, std::function<void()> done);
    // For tests: runs on the runner thread after such work posted its end, before the job ends.
    void setAfterWorkPostedHook(std::function<void()> hook) { m_afterWorkPosted = std::move(hook); }
    // A runner job started by a frame and not collected yet (running or just finished).
    bool isRunnerBusy() const { return m_runner && m_runner->hasJob(); }
    void setRunnerThread(bool on) { settle(); m_useRunnerThread = on; }
    bool usesRunnerThread() const { return m_useRunnerThread; }
    // The runner thread (for tests: never the GUI thread), and how many jobs it ran.
    std::thread::id runnerThreadId() const;
    qint64 runnerJobs() const { return m_runner ? m_runner->jobsRun() : 0; }
    // The thread the last runner work of a frame ran on (either way).
    std::thread::id lastRunnerWorkThread() const { return m_lastRunThread; }
    // The second half of a frame: hand on the feed's new writes and the new trace without moving
    // time (after a step or a run-until, which moved it themselves). Nothing while frozen.
    // Everything at once (the backlog too); a frame hands on within its intake budget instead.
    void drain();
    // The same over the next frames, within their intake budget (issue #17: a ScenarioPlayer's
    // final drain() after 10,000 steps held the GUI thread for ~40 ms), then `done` here, unless
    // `context` is gone by then. The caller holds time meanwhile (setTimeHeld), or new writes
    // keep coming. At once, as drain(), when nothing is pending, while frozen, or with no frame
    // timer running (isRunning() false: nothing else would hand the backlog on).
    void drainThen(QObject *context, std::function<void()> done);
    // Nothing written or traced that the panels have not been handed yet.
    bool isIntakeCaughtUp() const;
    static constexpr std::size_t kStoreBatch = 1024;   // the most one storeEvents() batch carries
    // ... and the most deletes it carries (the clock is read between batches: a delete's cost
    // varies tenfold with where its row is, and a budget is overrun by one batch at most).
    static constexpr std::size_t kMaxDeleteBatch = 32;
    // The least a budgeted frame hands on. Not much less: the canvas's columns and lanes grow at
    // once and shrink only at two thirds, so very fine batches settle a wider picture (lesson
    // 06 in presenter mode no longer fitted its view with 32).
    static constexpr std::size_t kMinStoreBatch = 256;
    static constexpr int kDefaultIntakeBudgetMs = 8;   // 0: no budget (a frame hands on everything)
    void setIntakeBudgetMs(int ms) { m_intakeBudgetMs = qMax(ms, 0); }
    // A frame's whole GUI work aims at kFrameTargetMs: its intake gets what the previous frame's
    // frameDone handlers (the canvas's animation; not their budgeted slices, noteBudgetedNs)
    // and its tail left of it, between
    // kMinIntakeBudgetMs and the intake budget, less what this frame's frameStarted handlers
    // took (issue #16: at 5,000 pods an 8 ms intake, 5 ms of chip animation and 7 ms of painting
    // made frames of 20 ms). The tail: what the event loop ran after a timer frame before it
    // could take anything else — the window's painting (every panel's, not only the views'
    // notePaintNs) and the work the frame posted (issue #17: ~7 ms a frame while 10,000
    // scenario steps play, uncounted, made frames of 16-18 ms). E.g. 2 ms of frameDone and
    // 4 ms of tail: a 2 ms intake; a quiet window: the whole 8 ms. 8, not 16: the tail of the
    // next frame is not known yet and varies by ±5 ms (at 14, 26 in 1,000 frames of 10,000
    // scenario steps took 16-21 ms of the GUI thread's CPU; at 11, 1-3 did, and the hostile
    // rows' longest stretches held 12-13 ms of GUI CPU; at 8, 9-11 ms, and the 10,000 steps
    // took no longer: 4.5-4.7 s against 4.8-4.9 s).
    // What the frames leave is remembered up at once and down a quarter of the way a frame
    // (m_restNs): a tail grows with the intake before it (the scene indexes and paints the chips
    // a slice placed), so the last frame's alone made the budgets alternate, 8 ms then 2 (issue
    // #17: a saved lab of 20,000 pods opening, the 8 ms frames 14-16 ms of GUI CPU). E.g. rests
    // of 8, 2, 2 ms: 8, 6.5, 5.4 ms counted.
    static constexpr int kFrameTargetMs = 8;
    static constexpr int kMinIntakeBudgetMs = 2;
    void setFrameTargetMs(int ms) { m_frameTargetMs = qMax(ms, 0); }   // 0: the intake budget, whatever the tail
    int frameTargetMs() const { return m_frameTargetMs; }
    int frameIntakeBudgetMs() const { return m_frameIntakeBudgetMs; }   // this frame's (0: none)
    // A view's painting took `ns` (summed until the next frame takes it into account; the tail
    // counts when it is longer: it holds the painting that follows a timer frame).
    void notePaintNs(qint64 ns) { m_paintNs += ns; }
    // What is left of this frame's work budget (frameIntakeBudgetMs() from the frame's start, the
    // intake's share included; -1 when unbudgeted): a panel that works in slices in frameDone
    // (the canvas's reset) takes no more, so intake and slices share one budget (issue #17).
    int frameBudgetLeftMs() const;
    // A frameDone handler's work sized by frameBudgetLeftMs() took `ns`: it is this frame's
    // budget's, so the next frame does not also leave room for it as it does for animation. Not
    // told, a handover's slices counted twice and the frames alternated (issue #17: a frame whose
    // canvas slice took 6 ms left the next a 2 ms intake; that one's short slice gave the next
    // 8 ms again: every other frame 14-19 ms of GUI CPU while a saved lab of 20,000 pods opened).
    void noteBudgetedNs(qint64 ns) { m_budgetedNs += ns; }
    // `busy` is asked every frame while `owner` lives: true holds the intake (see above).
    void addIntakeGate(QObject *owner, std::function<bool()> busy);
    // `work` runs at the start of a coming frame, one such work a frame, before the intake: its
    // time comes out of that frame's budget as the frameStarted handlers' does (a model's
    // swap-in of an off-thread build, 3-5 ms at 20,000 pods, ran between frames and made them
    // 20-26 ms; issue #17). With no frames running (stopped, or frames driven directly) it is
    // posted to the event loop at once; stop() posts those still waiting. Dropped if `owner` goes.
    void atFrameStart(QObject *owner, std::function<void()> work);
    std::size_t atFrameStartWaiting() const { return m_atFrameStart.size(); }   // for tests
    bool isIntakeGated() const;
    // Store events taken from the feed, not yet handed on.
    std::size_t intakeBacklog() const { return m_backlog.size() - m_backlogAt; }
    // The learnt cost of one trace row on the panels (sizes the trace's batches); for tests.
    double traceRowCostNs() const { return m_nsPerTraceEvent; }
    // How many storeEvents() batches have been emitted (for tests: big intakes are sliced).
    qint64 storeBatches() const { return m_storeBatches; }
    // Monotonic milliseconds since the session started, the clock of highlight fades.
    qint64 monotonicMs() const { return m_monotonic.elapsed(); }

    static constexpr int kFrameIntervalMs = 16;
    // The wall-clock time one frame may spend running the cluster (Deterministic mode): the
    // runner stops at this deadline and virtual time stays where it got; the rest of the frame's
    // virtual time is dropped, not carried (it would only pile up), and the session is
    // "behind": it runs at effectiveSpeed() < speed(). 0: no budget (a frame runs everything).
    static constexpr int kDefaultFrameBudgetMs = 12;
    void setFrameBudgetMs(int ms) { m_frameBudgetMs = qMax(ms, 0); }
    int frameBudgetMs() const { return m_frameBudgetMs; }
    // While the last frames hit the budget: the speed the cluster actually ran at (virtual ms per
    // real ms over the last frame), shown as "×10 → ×2.3 (busy)". Emits pacingChanged().
    bool isBehind() const { return m_behind; }
    double effectiveSpeed() const { return m_behind ? m_effectiveSpeed : m_speed; }
    // The trace rows a frame hands on at most; when more arrived, only the newest are kept.
    // Fewer when the intake budget is spent (sized like the store's batches, in chunks of at
    // most kTraceChunk), kMinTraceBatch at least.
    static constexpr qint64 kMaxTraceBatch = 5000;
    static constexpr qint64 kMinTraceBatch = 256;
    static constexpr std::size_t kTraceChunk = 1024;   // the most one budgeted traceEvents() carries
    // A trace row's cost before any is learnt, at each new feed, when the trace panels start over
    // (issue #17: at the 2 µs learnt before, the first frame after opening a 20,000-pod lab handed
    // a whole chunk of 1,024 of its costlier rows, ~8 ms).
    static constexpr double kFirstNsPerTraceEvent = 20'000;

    // Frozen at a past revision (TimeTravel). freeze(rev, reason) drops the writes not handed on
    // yet (the panels start again from the past) and hands on the trace, stops the feed, makes
    // snapshot() the keys AT rev, emits frozenChanged(true) (first time only),
    // clusterReset() and the trace that led there (the newest kMaxTraceBatch events with
    // rev' <= rev); while frozen nothing is drained or run and apply() / commands refuse with
    // readOnlyError() == reason. False (nothing changes) when rev is compacted or in the future.
    // unfreeze() snapshots now, restarts the feed after it (no write is lost), emits
    // clusterReset() and frozenChanged(false). reset() unfreezes too.
    bool freeze(qint64 rev, const QString &reason);
    void unfreeze();
    bool isFrozen() const { return m_frozen; }
    QString readOnlyError() const { return m_frozen ? m_frozenReason : QString(); }
    // The same reason in another language (a live language switch); nothing when not frozen.
    void setReadOnlyError(const QString &reason)
    {
        if (m_frozen)
            m_frozenReason = reason;
    }

    // What the user did, as a design.md §5 scenario step (StepForms), for the SessionRecorder:
    // emitted as stepPerformed().
    void recordStep(const QVariantMap &step);
    // Counts reset()s: a new value means a new cluster (clusterReset() also follows freezing).
    qint64 clusterEpoch() const { return m_epoch; }

    // Live mode (issue #15): the session shows a real cluster or a recording instead of a lab.
    // openLive() resets onto a mirror Simulation filled by `source` (which then drives time and
    // takes the commands: client() is its command client); null goes back to a lab. Emits
    // liveChanged() after clusterReset().
    void openLive(std::unique_ptr<live::LiveSource> source);
    live::LiveSource *liveSource() const { return m_live.get(); }

signals:
    // reset() is about to destroy the cluster: drop every reference into it now.
    void aboutToReset();
    void clusterReset();
    void frozenChanged(bool frozen);
    void modeChanged(rlab::ui::ClusterSession::Mode mode);
    void latencyChanged(const QString &preset);
    void timeRunningChanged(bool running);
    void speedChanged(double speed);
    void storeEvents(const std::vector<rlab::view::WatchEvent> &events);
    void traceEvents(const std::vector<rlab::TraceEvent> &events);
    // At the start of each frame, before its intake: a panel's deferred work (a redraw held
    // back) done here comes out of the frame's intake budget instead of lengthening the frame
    // next to it (issue #17).
    void frameStarted();
    void frameDone(qint64 monotonicMs);
    void applied(const rlab::ui::ApplyReport &report);
    void stepPerformed(const QVariantMap &step);
    // isBehind() or effectiveSpeed() changed (every frame while behind, once when it catches up).
    void pacingChanged();
    void liveChanged(rlab::live::LiveSource *source);

protected:
    void customEvent(QEvent *event) override;   // the tail's marker (see kFrameTargetMs)

private:
    static constexpr QEvent::Type kTailMarkEvent = QEvent::Type(QEvent::User + 17);
    // timerFrame: a frame of the frame timer (its tail is measured, see kFrameTargetMs).
    void runFrame(bool onRunnerThread, bool timerFrame);
    void takeOutcome(const ClusterSessionRunner::Outcome &outcome);
    void learnStoreCost(qint64 spentNs, std::size_t puts, std::size_t deletes);   // see handOnStore
    void runDrainWaiters();   // after a frame's intake: drainThen()'s callers, once caught up
    void workEnded();   // runOnRunnerThread's work is over: its done()
    void startFeed(std::optional<view::Snapshot> taken = std::nullopt);
    // Takes the feed's new writes and hands on the backlog: all of it (budgetMs < 0) or batches
    // until budgetMs have passed (at least one batch); `store` false: only the trace.
    void handOn(int budgetMs, bool store = true);
    // The frame's store writes and trace, within what is left of budgetMs on `clock` (< 0: all).
    void handOnStore(int budgetMs, const QElapsedTimer &clock);
    void handOnTrace(int budgetMs, const QElapsedTimer &clock);
    void createSimulation(const SimulationConfig *restoreFrom = nullptr, std::unique_ptr<Simulation> built = nullptr);
    void rebuild(const SimulationConfig *restoreFrom, std::unique_ptr<Simulation> built = nullptr,
                 std::optional<view::Snapshot> builtSnapshot = std::nullopt);
    void emitTraceUpTo(qint64 rev);

    ClusterConfig m_config;
    std::unique_ptr<Simulation> m_sim;
    std::unique_ptr<view::ClusterView> m_view;
    std::unique_ptr<view::WatchFeed> m_feed;
    std::shared_ptr<const view::Snapshot> m_snapshot = std::make_shared<const view::Snapshot>();
    qint64 m_traceSeq = 0;
    QTimer m_timer;
    QElapsedTimer m_monotonic;
    qint64 m_lastFrameMs = 0;
    qint64 m_frameStartNs = 0;   // m_monotonic at the start of the last runFrame
    double m_speed = 1.0;
    QString m_latency = QStringLiteral("instant");   // the app's launcher sets classroom
    double m_carryMs = 0.0;
    bool m_timeRunning = true;
    bool m_frozen = false;
    QString m_frozenReason;
    qint64 m_frozenElapsedMs = 0;
    qint64 m_epoch = 0;
    Mode m_mode = Mode::Deterministic;
    BackgroundApply *m_applying = nullptr;
    int m_timeHeld = 0;
    int m_frameBudgetMs = kDefaultFrameBudgetMs;
    bool m_behind = false;
    double m_effectiveSpeed = 1.0;
    std::unique_ptr<live::LiveSource> m_live;   // detached before m_sim goes
    std::vector<view::WatchEvent> m_backlog;   // from m_backlogAt on: not handed on yet
    std::size_t m_backlogAt = 0;
    static constexpr double kMinNsPerEvent = 100;
    static constexpr double kFirstNsPerEvent = 40'000;
    // The panels' recent cost per store event (sizes batches). It starts where the models cost
    // most, while they fill (issue #17: from 5 µs the first batch was the most, 1,024 writes, at
    // ~40 µs each a 40 ms frame); a cheaper cost is learnt within a frame or two.
    double m_nsPerStoreEvent = kFirstNsPerEvent;
    double m_nsPerStoreDelete = kFirstNsPerEvent;  // ... per delete (a row walk in every table: costs apart)
    // ... per trace row; from kFirstNsPerTraceEvent again at each new feed
    double m_nsPerTraceEvent = kFirstNsPerTraceEvent;
    int m_intakeBudgetMs = kDefaultIntakeBudgetMs;
    int m_frameTargetMs = kFrameTargetMs;
    int m_frameIntakeBudgetMs = kDefaultIntakeBudgetMs;   // this frame's share of it
    qint64 m_paintNs = 0;       // the views' painting since the last frame started
    qint64 m_frameDoneNs = 0;   // the last frame's frameDone handlers, less their budgeted work
    qint64 m_restNs = 0;        // frameDone + tail as the intake counts them (see kFrameTargetMs)
    qint64 m_budgetedNs = 0;    // this frame's frameDone work within its budget (noteBudgetedNs)
    qint64 m_tailNs = 0;        // the last timer frame's tail (0 until its marker ran)
    qint64 m_frameSeq = 0;      // frames run: a tail marker of an older frame measures nothing
    qint64 m_tailMarkSeq = -1;  // the frame whose tail marker is posted, and when it ended
    qint64 m_tailMarkNs = 0;
    qint64 m_storeBatches = 0;
    std::vector<std::pair<QPointer<QObject>, std::function<bool()>>> m_gates;
    std::vector<std::pair<QPointer<QObject>, std::function<void()>>> m_drainWaiters;   // drainThen()
    std::deque<std::pair<QPointer<QObject>, std::function<void()>>> m_atFrameStart;
    void postAtFrameStartWaiting();   // to the event loop: no frame will take them
    bool m_useRunnerThread = true;
    qint64 m_jobStartedMs = 0;
    std::thread::id m_lastRunThread;
    std::unique_ptr<ClusterSessionRunner> m_runner;   // created on first use; waited for before m_sim goes
    std::function<void()> m_workDone;   // runOnRunnerThread's done, until its work ended
    std::function<void()> m_afterWorkPosted;
};

} // namespace rlab::ui
