// BackgroundPriority (issue #17): what each kind of worker thread asks of the scheduler — work
// the user waits for (lowerCurrentThread: nice +10, SCHED_BATCH), work nobody waits for at once
// (idleCurrentThread: nice +10, SCHED_IDLE; the models' rebuilds), the session's runner
// (batchCurrentThread: SCHED_BATCH at the GUI thread's nice value) — each acting on the calling
// thread only. On Linux; elsewhere the calls are no-ops and the checks are skipped.
#include "ui/backgroundpriority.h"
#include "ui/clustersessionrunner.h"
#include "ui/models/offthreadbuild.h"

#include <QTest>

#include <algorithm>
#include <functional>
#include <thread>

using namespace rlab::ui;
using Policy = BackgroundPriority::Policy;

namespace {
struct Seen
{
    int nice = -100;
    Policy policy = Policy::Normal;
};

// What `call` leaves a fresh thread with.
Seen onFreshThread(const std::function<void()> &call)
{
    Seen seen;
    std::thread t([&] {
        call();
        seen = {BackgroundPriority::currentNice(), BackgroundPriority::currentPolicy()};
    });
    t.join();
    return seen;
}
} // namespace

Q_DECLARE_METATYPE(Policy)

class TestBackgroundPriority : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
#ifndef Q_OS_LINUX
        QSKIP("thread policies and nice values are Linux's");
#endif
        QCOMPARE(BackgroundPriority::currentPolicy(), Policy::Normal);   // the GUI thread's
    }

    void eachKindOfWorker_data()
    {
        QTest::addColumn<std::function<void()>>("call");
        QTest::addColumn<int>("niceSteps");
        QTest::addColumn<Policy>("policy");
        QTest::newRow("lowerCurrentThread: a lab opening, a file applied") << std::function<void()>(&BackgroundPriority::lowerCurrentThread)
                                                                          << BackgroundPriority::kNiceSteps << Policy::Batch;
        QTest::newRow("idleCurrentThread: a model's rebuild, autosave") << std::function<void()>(&BackgroundPriority::idleCurrentThread)
                                                                       << BackgroundPriority::kNiceSteps << Policy::Idle;
        QTest::newRow("batchCurrentThread: the session's runner") << std::function<void()>(&BackgroundPriority::batchCurrentThread) << 0
                                                                 << Policy::Batch;
    }
    void eachKindOfWorker()
    {
        QFETCH(std::function<void()>, call);
        QFETCH(int, niceSteps);
        QFETCH(Policy, policy);
        const int guiNice = BackgroundPriority::currentNice();
        const Seen seen = onFreshThread(call);
        QCOMPARE(seen.nice, std::min(guiNice + niceSteps, 19));
        QCOMPARE(seen.policy, policy);
        // The calling thread only: this one keeps its own.
        QCOMPARE(BackgroundPriority::currentNice(), guiNice);
        QCOMPARE(BackgroundPriority::currentPolicy(), Policy::Normal);
    }

    // The session's runner, which the GUI thread wakes every frame, never preempts it on waking
    // (SCHED_BATCH) and keeps its share (the GUI thread's nice value).
    void theRunnersJobsRunAsBatch()
    {
        ClusterSessionRunner runner;
        Seen seen;
        QVERIFY(runner.submit([&seen] {
            seen = {BackgroundPriority::currentNice(), BackgroundPriority::currentPolicy()};
            return ClusterSessionRunner::Outcome{};
        }));
        QVERIFY(runner.wait().has_value());
        QCOMPARE(seen.nice, BackgroundPriority::currentNice());
        QCOMPARE(seen.policy, Policy::Batch);
    }

    // A model's rebuild runs on what the other threads leave (SCHED_IDLE), from its first work.
    void modelBuildsRunIdle()
    {
        OffThreadBuild build;
        Seen seen;
        int done = 0;
        build.run([&seen] { seen = {BackgroundPriority::currentNice(), BackgroundPriority::currentPolicy()}; }, [&done] { ++done; });
        QTRY_COMPARE(done, 1);
        QCOMPARE(seen.policy, Policy::Idle);
        QCOMPARE(seen.nice, std::min(BackgroundPriority::currentNice() + BackgroundPriority::kNiceSteps, 19));
    }
};

QTEST_MAIN(TestBackgroundPriority)
#include "tst_backgroundpriority.moc"
