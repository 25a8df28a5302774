// A frame's GUI work against kFrameTargetMs (issues #16, #17): what the intake gets after the
// last frame's animation, painting and tail; budgeted frameDone slices (noteBudgetedNs) not
// counted twice; work run at a frame's start in its budget (atFrameStart), which a model's
// off-thread build hands its swap-in to (OffThreadBuild::setHandOver). Frames are driven
// explicitly; the costs are busy loops, not waits.
#include "ui/clustersession.h"
#include "ui/models/objecttreemodel.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <functional>
#include <vector>

using namespace rlab;
using namespace rlab::ui;

namespace {
// The GUI thread busy for `ns` (work, not a wait); returns how long it took.
qint64 busyFor(qint64 ns)
{
    QElapsedTimer spent;
    spent.start();
    while (spent.nsecsElapsed() < ns) {
    }
    return spent.nsecsElapsed();
}

QString budgetList(const std::vector<int> &budgets)
{
    QStringList out;
    for (int b : budgets)
        out << QString::number(b);
    return out.join(u' ');
}
} // namespace

class TestFrameBudget : public QObject
{
    Q_OBJECT

private slots:
    // A frame's intake gets what the previous frame's animation (frameDone handlers) and
    // painting (notePaintNs) left of kFrameTargetMs, at least kMinIntakeBudgetMs, at most the
    // intake budget (issue #16: 8 ms of intake + 5 ms of animation + 7 ms of painting were
    // 20 ms frames at 5,000 pods). setFrameTargetMs(0): the whole intake budget, as before.
    void intakeLeavesRoomForAnimationAndPainting()
    {
        ClusterSession session;
        session.setIntakeBudgetMs(8);
        session.frame();
        QCOMPARE(session.frameIntakeBudgetMs(), 8);   // nothing painted or animated yet
        qint64 spinNs = 6'000'000;
        connect(&session, &ClusterSession::frameDone, this, [&spinNs] {
            busyFor(spinNs);   // a canvas animating many chips
        });
        session.frame();   // its frameDone takes >= 6 ms
        session.notePaintNs(3'000'000);
        session.frame();
        QVERIFY2(session.frameIntakeBudgetMs() <= qMax(ClusterSession::kFrameTargetMs - 6 - 3, ClusterSession::kMinIntakeBudgetMs), qPrintable(QString::number(session.frameIntakeBudgetMs())));
        QVERIFY(session.frameIntakeBudgetMs() >= ClusterSession::kMinIntakeBudgetMs);
        spinNs = 0;
        session.notePaintNs(20'000'000);   // a slow paint: the least intake
        session.frame();
        QCOMPARE(session.frameIntakeBudgetMs(), ClusterSession::kMinIntakeBudgetMs);
        QVERIFY(session.frameBudgetLeftMs() <= ClusterSession::kMinIntakeBudgetMs);
        // Quiet frames after it: more again, a quarter of the way a frame (what the frames
        // leave is remembered down slowly): 20 ms counted, then 15, 11.25, 8.4, 6.3, 4.7 -> 4 ms
        // of intake at the fifth (kFrameTargetMs 8), the whole 8 ms by the eleventh (0.84 ms).
        std::vector<int> budgets;
        for (int i = 0; i < 16 && session.frameIntakeBudgetMs() < 8; ++i) {
            session.frame();
            budgets.push_back(session.frameIntakeBudgetMs());
        }
        QCOMPARE(budgets.front(), ClusterSession::kMinIntakeBudgetMs);   // not at once
        QVERIFY(std::is_sorted(budgets.begin(), budgets.end()));
        QCOMPARE(budgets.back(), 8);
        session.setFrameTargetMs(0);
        session.notePaintNs(20'000'000);
        session.frame();
        QCOMPARE(session.frameIntakeBudgetMs(), 8);
    }

    // A frameDone handler working in slices sized by frameBudgetLeftMs() (the canvas's reset,
    // the pods list) that says so (noteBudgetedNs) spends its own frame's budget: the next
    // frame's intake is not cut for it again. Counted as animation, the frames alternated (issue
    // #17: a saved lab of 20,000 pods opening, every other frame 14-19 ms of GUI CPU): here the
    // budgets would go 8, 3, 8, 3...
    void budgetedSlicesDoNotCutTheNextIntake()
    {
        ClusterSession session;
        session.setIntakeBudgetMs(8);
        std::vector<int> budgets;
        qint64 animationNs = 0;
        connect(&session, &ClusterSession::frameDone, this, [&] {
            budgets.push_back(session.frameIntakeBudgetMs());
            // A slice that fills what is left, then some animation, not budgeted.
            session.noteBudgetedNs(busyFor(qint64(qMax(session.frameBudgetLeftMs(), 0)) * 1'000'000));
            busyFor(animationNs);
        });
        for (int i = 0; i < 6; ++i)
            session.frame();
        QCOMPARE(budgets, std::vector<int>(6, 8));
        animationNs = 4'000'000;   // the animation still comes out of the next intake
        session.frame();
        session.frame();
        QVERIFY2(budgets.back() <= ClusterSession::kFrameTargetMs - 4, qPrintable(QString::number(budgets.back())));
    }

    // A tail that grows with the intake before it (the scene indexing and painting the chips a
    // canvas slice placed) does not make the budgets alternate: what frames leave is remembered
    // down slowly, and the budget settles where intake + tail fit kFrameTargetMs. Counted from
    // the last frame alone, they went 8, 2, 8, 2... (issue #17: a 20,000-pod lab opening, its
    // 8 ms frames with their 8 ms tails 14-16 ms of GUI CPU).
    void aTailThatFollowsTheIntakeDoesNotMakeBudgetsAlternate()
    {
        ClusterSession session;
        session.setIntakeBudgetMs(8);
        std::vector<int> budgets;
        connect(&session, &ClusterSession::frameDone, this, [&] {
            budgets.push_back(session.frameIntakeBudgetMs());
            const qint64 sliceNs = qint64(qMax(session.frameBudgetLeftMs(), 0)) * 1'000'000;
            session.noteBudgetedNs(busyFor(sliceNs));   // a slice filling the budget
            QMetaObject::invokeMethod(this, [sliceNs] {
                busyFor(sliceNs);   // ... and, after the frame, as much again for what it placed
            }, Qt::QueuedConnection);
        });
        session.start();
        QTRY_VERIFY(budgets.size() >= 16);
        session.stop();
        QCOMPARE(budgets[0], 8);
        QVERIFY2(std::count(budgets.begin() + 3, budgets.end(), 8) == 0, qPrintable(budgetList(budgets)));
    }

    // Work given to atFrameStart() (a model's swap-in of an off-thread build) runs at the start
    // of a coming frame, one a frame, and its time comes out of that frame's budget; with no
    // frames running it is posted at once; stop() posts what waits; a gone owner's is dropped.
    void atFrameStartRunsOneWorkAFrameInItsBudget()
    {
        ClusterSession session;
        session.setIntakeBudgetMs(8);
        session.start();
        std::vector<int> ran;
        int leftAtFrameDone = -1;
        connect(&session, &ClusterSession::frameDone, this, [&] { leftAtFrameDone = session.frameBudgetLeftMs(); });
        session.atFrameStart(this, [&ran] {
            busyFor(5'000'000);   // a model reset laying out many rows
            ran.push_back(1);
        });
        session.atFrameStart(this, [&ran] { ran.push_back(2); });
        QVERIFY(ran.empty());   // not at once: frames are running
        QCOMPARE(session.atFrameStartWaiting(), std::size_t(2));
        session.frame();
        QCOMPARE(ran, std::vector<int>{1});   // one a frame
        QVERIFY2(leftAtFrameDone <= 8 - 5, qPrintable(QString::number(leftAtFrameDone)));
        session.frame();
        QCOMPARE(ran, (std::vector<int>{1, 2}));
        {
            QObject gone;
            session.atFrameStart(&gone, [&ran] { ran.push_back(3); });
        }
        session.atFrameStart(this, [&ran] { ran.push_back(4); });
        session.frame();   // the gone owner's is skipped, not counted as the frame's one
        QCOMPARE(ran, (std::vector<int>{1, 2, 4}));
        session.atFrameStart(this, [&ran] { ran.push_back(5); });
        session.stop();
        QCOMPARE(session.atFrameStartWaiting(), std::size_t(0));
        QTRY_COMPARE(ran.back(), 5);   // posted to the event loop
        session.atFrameStart(this, [&ran] { ran.push_back(6); });   // no frames: posted at once
        QTRY_COMPARE(ran.back(), 6);
    }

    // A model's off-thread build with a hand-over: when the work ends the swap-in waits for the
    // hand-over to run it (the model still building and empty meanwhile); a newer reset drops
    // the older swap-in even after it was handed over.
    void offThreadBuildWaitsForItsHandOver()
    {
        ClusterSession source;
        const std::vector<view::KeyValue> kvs = source.snapshot().kvs;
        QVERIFY(!kvs.empty());
        ObjectTreeModel tree;
        tree.setOffThreadThreshold(0);
        std::vector<std::function<void()>> handed;
        tree.setHandOver([&handed](std::function<void()> work) { handed.push_back(std::move(work)); });
        QSignalSpy built(&tree, &ObjectTreeModel::built);
        tree.reset(kvs);
        QTRY_COMPARE(handed.size(), std::size_t(1));
        QVERIFY(tree.isBuilding());
        QCOMPARE(tree.objectCount(ObjectTreeModel::Nodes), 0);
        QCOMPARE(built.count(), 0);
        handed[0]();
        QCOMPARE(built.count(), 1);
        QVERIFY(!tree.isBuilding());
        QVERIFY(tree.objectCount(ObjectTreeModel::Nodes) > 0);
        tree.reset(kvs);
        QTRY_COMPARE(handed.size(), std::size_t(2));
        tree.reset({});   // newer: the handed swap-in of the older build does nothing
        handed[1]();
        QCOMPARE(built.count(), 1);
        QVERIFY(tree.isBuilding());
        QTRY_COMPARE(handed.size(), std::size_t(3));
        handed[2]();
        QCOMPARE(built.count(), 2);
        QCOMPARE(tree.objectCount(ObjectTreeModel::Nodes), 0);
    }

    // A timer frame's tail — what the event loop runs after it before anything else: the
    // window's painting, the work the frame posted — counts like its frameDone handlers: the
    // next frame's intake gets what is left of kFrameTargetMs (issue #17: ~7 ms of painting
    // after every frame, uncounted, made frames of 16-18 ms). A quiet tail gives it all back.
    void timerFramesCountTheirTail()
    {
        ClusterSession session;
        session.setIntakeBudgetMs(8);
        std::vector<int> budgets;
        int busyTails = 3;
        connect(&session, &ClusterSession::frameDone, this, [&] {
            budgets.push_back(session.frameIntakeBudgetMs());
            if (busyTails-- <= 0)
                return;
            QMetaObject::invokeMethod(this, [] {
                busyFor(10'000'000);   // the painting of a busy window
            }, Qt::QueuedConnection);
        });
        session.start();
        QTRY_VERIFY(budgets.size() >= 8);
        session.stop();
        QCOMPARE(budgets[0], 8);   // no tail before the first frame
        const int afterTail = qMax(ClusterSession::kFrameTargetMs - 10, ClusterSession::kMinIntakeBudgetMs);
        for (std::size_t i = 1; i <= 3; ++i) {   // after a tail of >= 10 ms: kFrameTargetMs - 10 at most
            QVERIFY2(budgets[i] <= afterTail, qPrintable(QString::number(budgets[i])));
            QVERIFY(budgets[i] >= ClusterSession::kMinIntakeBudgetMs);
        }
        QVERIFY(*std::max_element(budgets.begin() + 5, budgets.end()) > afterTail);   // quiet again
        // A frame driven directly (tests, screenshots) has no tail: the event loop is not its.
        busyTails = 1;
        session.frame();
        QCoreApplication::sendPostedEvents();   // the busy tail the frame posted runs here
        QCoreApplication::processEvents();
        session.frame();
        // Not the 10 ms tail's 2 ms (what is left of the frame's own small work, remembered as it
        // falls a quarter a frame, may still take a millisecond of the 8).
        QVERIFY2(session.frameIntakeBudgetMs() > afterTail, qPrintable(QString::number(session.frameIntakeBudgetMs())));
    }
};

QTEST_MAIN(TestFrameBudget)
#include "tst_framebudget.moc"
