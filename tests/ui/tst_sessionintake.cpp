// ClusterSession's intake (issue #17): the store writes a frame hands on to the panels are
// sliced to the frame's intake budget (batches sized to the panels' measured cost per write),
// held while a panel still takes a reset, and dropped, not handed on, when the session freezes
// at a past revision (the panels start again from the past's snapshot; issue #16: 300,000
// pending writes took 0.5 s there). Frames are driven explicitly; nothing sleeps.
#include "core/sim/simulation.h"
#include "ui/apply/manifestapplier.h"
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "tests/ui/hostileinputs.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>

using namespace rlab;
using namespace rlab::ui;
using namespace rlab::ui::hostile;

class TestSessionIntake : public QObject
{
    Q_OBJECT

private slots:
    // The session hands a big intake on in bounded batches: more than one storeEvents() when a
    // frame's intake exceeds kStoreBatch, time held while a backlog remains, nothing lost.
    void bigIntakeIsSlicedAcrossFrames()
    {
        ClusterSession session;
        const qint64 before = session.storeBatches();
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide"), 600), {}}});
        session.simulation().runUntilIdle();
        std::size_t handed = 0;
        connect(&session, &ClusterSession::storeEvents, this, [&handed](const std::vector<view::WatchEvent> &events) {
            handed += events.size();
        });
        session.setIntakeBudgetMs(0);   // no budget: one frame takes all of it, in one batch
        session.frame();
        QCOMPARE(session.intakeBacklog(), std::size_t(0));
        QCOMPARE(session.storeBatches(), before + 1);
        QVERIFY(handed > ClusterSession::kStoreBatch);
        // With a budget (1 ms: a Debug build's batch takes longer, so one batch per frame).
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide2"), 600), {}}});
        session.simulation().runUntilIdle();
        const qint64 revision = session.view().revision();
        session.setIntakeBudgetMs(1);
        handed = 0;
        const qint64 batches = session.storeBatches();
        int frames = 0;
        do {
            session.frame();
            ++frames;
        } while (session.intakeBacklog() > 0 && frames < 1000);
        QCOMPARE(session.intakeBacklog(), std::size_t(0));
        QVERIFY(session.storeBatches() - batches > 1);
        QCOMPARE(session.view().revision(), revision);   // the timer is off: nothing ran meanwhile
        QVERIFY(handed >= std::size_t(600));
        // A busy gate (a panel still taking a reset) holds the intake: nothing handed on, the
        // writes kept; once it is free they come, in order, none lost.
        bool busy = true;
        QObject owner;
        session.addIntakeGate(&owner, [&busy] { return busy; });
        QVERIFY(session.isIntakeGated());
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("gated"), 3), {}}});
        handed = 0;
        session.frame();
        session.frame();
        QCOMPARE(handed, std::size_t(0));
        busy = false;
        QVERIFY(!session.isIntakeGated());
        session.frame();
        QVERIFY(handed >= 1);   // the Deployment's PUT at least
        QCOMPARE(session.intakeBacklog(), std::size_t(0));
    }

    // A batch is sized to what is left of the frame's budget at the panels' recent cost per
    // write (issue #17: fixed batches of 1,024 ran a whole batch past the budget — frames of
    // 26 ms with an 8 ms budget under 10,000 scenario steps). A panel that spends 50 µs per
    // write: after the first frame taught the cost, no batch is near 1,024 (8 ms / 50 µs = 160,
    // so the least a frame hands on, kMinStoreBatch).
    void batchesAreSizedToTheBudgetLeft()
    {
        ClusterSession session;
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide"), 600), {}}});
        session.simulation().runUntilIdle();
        std::vector<std::size_t> batches;
        std::size_t handed = 0;
        connect(&session, &ClusterSession::storeEvents, this, [&](const std::vector<view::WatchEvent> &events) {
            batches.push_back(events.size());
            handed += events.size();
            QElapsedTimer spent;   // the cost of a slow panel, not a wait
            spent.start();
            while (spent.nsecsElapsed() < qint64(events.size()) * 50'000) {
            }
        });
        session.setIntakeBudgetMs(8);
        session.frame();   // the first frame learns the cost
        QVERIFY(!batches.empty());
        const std::size_t learnt = batches.size();
        int frames = 0;
        while (session.intakeBacklog() > 0 && frames < 1000) {
            session.frame();
            ++frames;
        }
        QCOMPARE(session.intakeBacklog(), std::size_t(0));
        QVERIFY(batches.size() > learnt + 2);
        // Never more than the budget's worth at the learnt cost (a preempted spin only makes a
        // later batch smaller), never fewer than kMinStoreBatch but for the backlog's tail.
        for (std::size_t i = learnt; i + 1 < batches.size(); ++i) {
            QVERIFY2(batches[i] <= 400, qPrintable(QString::number(batches[i])));
            QVERIFY(batches[i] >= ClusterSession::kMinStoreBatch);
        }
        QVERIFY(handed > ClusterSession::kStoreBatch);
    }

    // The first batch, before any cost is learnt, is sized as if the panels were slow (issue
    // #17: from 5 µs a write the first frame handed on 1,024 writes at once, ~40 ms while the
    // models fill). A panel that spends 40 µs a write: the first batch is at most the least a
    // frame hands on, and the first frame stays near its 8 ms budget.
    void firstBatchIsSizedBeforeAnythingIsLearnt()
    {
        ClusterSession session;
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide"), 600), {}}});
        session.simulation().runUntilIdle();
        std::vector<std::size_t> batches;
        connect(&session, &ClusterSession::storeEvents, this, [&](const std::vector<view::WatchEvent> &events) {
            batches.push_back(events.size());
            QElapsedTimer spent;   // the cost of a slow panel, not a wait
            spent.start();
            while (spent.nsecsElapsed() < qint64(events.size()) * 40'000) {
            }
        });
        session.setIntakeBudgetMs(8);
        session.frame();
        QVERIFY(!batches.empty());
        QVERIFY2(batches.front() <= ClusterSession::kMinStoreBatch, qPrintable(QString::number(batches.front())));
        QVERIFY(session.intakeBacklog() > 0);   // the rest waits for the next frames
    }

    // A new cluster's trace rows are costed from kFirstNsPerTraceEvent again, not at what the
    // last cluster's rows taught (issue #17: after opening a 20,000-pod lab, the first frame
    // handed 1,024 of its costlier rows at the 2 µs learnt before, ~8 ms in one go).
    void traceCostStartsOverWithANewCluster()
    {
        ClusterSession session;
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide"), 50), {}}});
        session.simulation().runUntilIdle();
        QCOMPARE(session.traceRowCostNs(), ClusterSession::kFirstNsPerTraceEvent);
        std::size_t rows = 0;
        connect(&session, &ClusterSession::traceEvents, this, [&](const std::vector<TraceEvent> &events) { rows += events.size(); });
        session.drain();
        QVERIFY(rows > 0);
        QVERIFY(session.traceRowCostNs() != ClusterSession::kFirstNsPerTraceEvent);   // learnt from those rows
        session.reset();
        QCOMPARE(session.traceRowCostNs(), ClusterSession::kFirstNsPerTraceEvent);
    }

    // drainThen(): with the frame timer running, the backlog goes in the frames' budgeted
    // batches and `done` runs once everything is handed on (issue #17: a ScenarioPlayer's final
    // drain() handed 10,000 steps' backlog on at once, ~40 ms); without it, at once, as drain().
    void drainThenWaitsForTheFrames()
    {
        ClusterSession session;
        session.setTimeHeld(true);
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide"), 600), {}}});
        session.simulation().runUntilIdle();
        std::size_t largest = 0, handed = 0;
        connect(&session, &ClusterSession::storeEvents, this, [&](const std::vector<view::WatchEvent> &events) {
            largest = std::max(largest, events.size());
            handed += events.size();
        });
        QObject context;
        int done = 0;
        session.start();
        session.drainThen(&context, [&] {
            ++done;
            QVERIFY(session.isIntakeCaughtUp());
        });
        QCOMPARE(done, 0);   // frames will hand it on
        QTRY_COMPARE(done, 1);
        session.stop();
        QVERIFY2(handed > 2 * ClusterSession::kStoreBatch, qPrintable(QString::number(handed)));
        QVERIFY2(largest <= ClusterSession::kStoreBatch, qPrintable(QString::number(largest)));
        session.setTimeHeld(false);

        // No frame timer: at once (nothing else would hand it on).
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d2"), deployment(QStringLiteral("wide2"), 50), {}}});
        session.simulation().runUntilIdle();
        QVERIFY(!session.isIntakeCaughtUp());
        session.drainThen(&context, [&] { ++done; });
        QCOMPARE(done, 2);
        QVERIFY(session.isIntakeCaughtUp());
        // A context gone by then: `done` does not run.
        session.start();
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d3"), deployment(QStringLiteral("wide3"), 300), {}}});
        session.simulation().runUntilIdle();
        {
            QObject gone;
            session.drainThen(&gone, [&] { ++done; });
        }
        QTRY_VERIFY(session.isIntakeCaughtUp());
        session.frame();
        session.stop();
        QCOMPARE(done, 2);
    }

    // A delete costs the panels more than a put (a row found and removed in every table), and
    // is costed apart: an Event-expiry sweep is handed on in small batches of deletes, not in
    // kMinStoreBatch-sized ones (issue #17: 256 deletes took 8-10 ms of a frame).
    void deletesAreCostedApart()
    {
        ClusterSession session;
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide"), 300), {}}});
        session.simulation().runUntilIdle();
        session.setIntakeBudgetMs(8);
        for (int frames = 0; frames < 1000 && !session.isIntakeCaughtUp(); ++frames)
            session.frame();
        QVERIFY(session.isIntakeCaughtUp());
        struct Batch { std::size_t puts = 0, deletes = 0; };
        std::vector<Batch> batches;
        connect(&session, &ClusterSession::storeEvents, this, [&](const std::vector<view::WatchEvent> &events) {
            Batch b;
            for (const view::WatchEvent &e : events)
                ++(e.type == view::WatchEvent::Delete ? b.deletes : b.puts);
            batches.push_back(b);
            QElapsedTimer spent;   // the cost of slow panels, not a wait: 10 µs a put, 400 a delete
            spent.start();
            while (spent.nsecsElapsed() < qint64(b.puts) * 10'000 + qint64(b.deletes) * 400'000) {
            }
        });
        session.simulation().advance(2 * 3'600'000);   // every Event expires (an hour's TTL)
        for (int frames = 0; frames < 20'000 && !session.isIntakeCaughtUp(); ++frames)
            session.frame();
        QVERIFY(session.isIntakeCaughtUp());
        std::size_t deletes = 0, deleteBatches = 0, largest = 0;
        for (std::size_t i = 0; i < batches.size(); ++i) {
            deletes += batches[i].deletes;
            if (batches[i].puts == 0 && batches[i].deletes > 0 && i >= 3) {   // the first few learn
                ++deleteBatches;
                largest = std::max(largest, batches[i].deletes);
            }
        }
        QVERIFY2(deletes > 1000, qPrintable(QString::number(deletes)));   // ~4 Events a pod
        QVERIFY(deleteBatches > 10);
        // 8 ms at 400 µs a delete: 20, or the least (256 puts' worth at the puts' cost) if more.
        QVERIFY2(largest <= 40, qPrintable(QString::number(largest)));
    }

    // With a small share the least batch shrinks too, to a quarter of kMinStoreBatch at most
    // (else 256 writes at 5,000 pods, ~6 ms, overran a 2 ms share): a panel that spends 50 µs
    // a write, while painting takes 12 ms a frame, gets batches of 64 once the cost is learnt
    // (a few more while the estimate still follows it), not 256.
    void smallShareTakesSmallerBatches()
    {
        ClusterSession session;
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide"), 600), {}}});
        session.simulation().runUntilIdle();
        std::vector<std::size_t> batches;
        connect(&session, &ClusterSession::storeEvents, this, [&](const std::vector<view::WatchEvent> &events) {
            batches.push_back(events.size());
            QElapsedTimer spent;   // the cost of a slow panel, not a wait
            spent.start();
            while (spent.nsecsElapsed() < qint64(events.size()) * 50'000) {
            }
        });
        session.setIntakeBudgetMs(8);
        session.frame();   // the first frame learns the cost
        const std::size_t learnt = batches.size();
        int frames = 0;
        while (session.intakeBacklog() > 0 && frames < 1000) {
            session.notePaintNs(12'000'000);
            session.frame();
            ++frames;
        }
        QCOMPARE(session.intakeBacklog(), std::size_t(0));
        QVERIFY(batches.size() > learnt + 2);
        for (std::size_t i = learnt; i + 1 < batches.size(); ++i)
            QVERIFY2(batches[i] <= ClusterSession::kMinStoreBatch / 2, qPrintable(QString::number(batches[i])));
        QVERIFY(batches[batches.size() - 2] <= ClusterSession::kMinStoreBatch / 4 + 8);   // learnt by then
    }

    // The trace shares the frame's budget: after the store's writes, as many rows as the rest
    // of the budget allows at the trace panels' recent cost per row (issue #17: 5,000 rows a
    // frame were a third of the longest frames under 10,000 scenario steps), never fewer than
    // kMinTraceBatch. A panel that spends 20 µs per row: ~400 rows a frame, not 5,000.
    void traceBatchesShareTheBudget()
    {
        ClusterSession session;
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide"), 600), {}}});
        session.simulation().runUntilIdle();
        std::vector<std::size_t> batches;
        qint64 lastSeq = 0;
        bool inOrder = true;
        connect(&session, &ClusterSession::traceEvents, this, [&](const std::vector<TraceEvent> &events) {
            batches.push_back(events.size());
            inOrder &= events.front().seq > lastSeq;
            lastSeq = events.back().seq;
            QElapsedTimer spent;   // the cost of a slow panel, not a wait
            spent.start();
            while (spent.nsecsElapsed() < qint64(events.size()) * 20'000) {
            }
        });
        const qint64 newest = session.view().lastTraceSeq();
        QVERIFY(newest > ClusterSession::kMaxTraceBatch);
        session.setIntakeBudgetMs(8);
        int frames = 0;
        while (lastSeq < newest && frames < 1000) {
            session.frame();
            ++frames;
        }
        QCOMPARE(lastSeq, newest);   // caught up, in order
        QVERIFY(inOrder);
        QVERIFY(batches.size() > 3);
        for (std::size_t i = 1; i + 1 < batches.size(); ++i) {   // after the first frame learnt the cost
            QVERIFY2(batches[i] <= 800, qPrintable(QString::number(batches[i])));
            QVERIFY(qint64(batches[i]) >= ClusterSession::kMinTraceBatch);
        }
    }

    // Freezing at a past revision drops the writes not handed on yet instead of handing them to
    // every panel first (issue #16: 0.5 s for the first seek after 300,000 quick writes): the
    // panels start again from the past's snapshot; unfreezing starts from the present, nothing lost.
    void freezeDropsTheBacklogTheSnapshotCovers()
    {
        ClusterSession session;
        ManifestApplier::apply(session.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("wide"), 300), {}}});
        session.simulation().runUntilIdle();
        session.setIntakeBudgetMs(1);
        {
            QObject slowPanel;   // 20 µs per write: the 1 ms frame leaves most of them pending
            connect(&session, &ClusterSession::storeEvents, &slowPanel, [](const std::vector<view::WatchEvent> &events) {
                QElapsedTimer spent;
                spent.start();
                while (spent.nsecsElapsed() < qint64(events.size()) * 20'000) {
                }
            });
            session.frame();
        }
        QVERIFY(session.intakeBacklog() > 0);
        std::size_t handed = 0;
        connect(&session, &ClusterSession::storeEvents, this, [&handed](const std::vector<view::WatchEvent> &events) {
            handed += events.size();
        });
        int resets = 0;
        connect(&session, &ClusterSession::clusterReset, this, [&resets] { ++resets; });
        const qint64 now = session.view().revision();
        const qint64 batches = session.storeBatches();
        QVERIFY(session.freeze(now - 10, QStringLiteral("viewing the past")));
        QCOMPARE(handed, std::size_t(0));
        QCOMPARE(session.storeBatches(), batches);
        QCOMPARE(session.intakeBacklog(), std::size_t(0));
        QCOMPARE(resets, 1);
        QCOMPARE(session.snapshot().revision, now - 10);
        session.unfreeze();
        QCOMPARE(resets, 2);
        QCOMPARE(session.snapshot().revision, now);   // the present, whole
        session.frame();
        QCOMPARE(handed, std::size_t(0));   // nothing written since: nothing to hand on
    }
};

QTEST_MAIN(TestSessionIntake)
#include "tst_sessionintake.moc"
