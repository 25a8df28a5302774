// OffThreadBuild (issue #17): a model's rebuild runs on the object's one worker thread, niced
// before its first work (a thread started per build ran its first slice at the GUI thread's
// priority); done() runs on the owner's thread for the newest run() only; a work() that a newer
// run() superseded before it began is skipped, its captures freed on the worker; the destructor
// waits for a work() in progress.
#include "ui/backgroundpriority.h"
#include "ui/models/offthreadbuild.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <future>
#include <memory>
#include <thread>

using namespace rlab::ui;

namespace {
// A value whose destruction notes the thread it happened on.
struct FreedOn
{
    std::thread::id *where;
    ~FreedOn() { *where = std::this_thread::get_id(); }
};
} // namespace

class TestOffThreadBuild : public QObject
{
    Q_OBJECT

private slots:
    void everyWorkRunsOnOneNicedWorkerThread()
    {
        OffThreadBuild build;
        const int guiNice = BackgroundPriority::currentNice();
        std::thread::id first, second;
        int firstNice = -100, secondNice = -100;
        std::thread::id doneOn;
        int done = 0;
        build.run([&] { first = std::this_thread::get_id(); firstNice = BackgroundPriority::currentNice(); },
                  [&] { ++done; doneOn = std::this_thread::get_id(); });
        QTRY_COMPARE(done, 1);
        build.run([&] { second = std::this_thread::get_id(); secondNice = BackgroundPriority::currentNice(); }, [&] { ++done; });
        QTRY_COMPARE(done, 2);
        QCOMPARE(build.completed(), 2);
        QVERIFY(!build.isRunning());
        QCOMPARE(doneOn, std::this_thread::get_id());
        QVERIFY(first != std::this_thread::get_id());
        QCOMPARE(second, first);   // the same thread, not one started per build
#ifdef Q_OS_LINUX
        const int expected = std::min(guiNice + BackgroundPriority::kNiceSteps, 19);
        QCOMPARE(firstNice, expected);   // niced before its first work, not by it
        QCOMPARE(secondNice, expected);
        QCOMPARE(build.workerNice(), expected);
        QCOMPARE(BackgroundPriority::currentNice(), guiNice);   // the GUI thread keeps its own
#else
        Q_UNUSED(guiNice);
        Q_UNUSED(firstNice);
        Q_UNUSED(secondNice);
#endif
    }

    void aNewerRunSkipsAWorkNotBegunAndDropsItsResult()
    {
        OffThreadBuild build;
        std::promise<void> began, release;
        std::shared_future<void> released = release.get_future().share();
        std::atomic<bool> ranFirst = false, ranSecond = false, ranThird = false;
        std::thread::id secondFreedOn;
        int doneFirst = 0, doneSecond = 0, doneThird = 0;
        build.run([&began, released, &ranFirst] {
            began.set_value();
            released.wait();
            ranFirst = true;
        }, [&] { ++doneFirst; });
        began.get_future().wait();   // the worker is inside the first work
        auto freed = std::make_shared<FreedOn>(FreedOn{&secondFreedOn});
        build.run([&ranSecond, freed] { ranSecond = true; }, [&] { ++doneSecond; });
        freed.reset();   // the queued work holds the last reference
        build.run([&ranThird] { ranThird = true; }, [&] { ++doneThird; });
        release.set_value();
        QTRY_COMPARE(doneThird, 1);
        QVERIFY(ranFirst);
        QVERIFY(!ranSecond);   // superseded before it began: skipped
        QVERIFY(ranThird);
        QCOMPARE(doneFirst, 0);
        QCOMPARE(doneSecond, 0);
        QVERIFY(secondFreedOn != std::thread::id());
        QVERIFY(secondFreedOn != std::this_thread::get_id());   // freed on the worker
        QCOMPARE(build.completed(), 1);
    }

    void cancelDropsTheResult()
    {
        OffThreadBuild build;
        std::atomic<bool> ran = false;
        int done = 0;
        build.run([&ran] { ran = true; }, [&] { ++done; });
        build.cancel();
        QVERIFY(!build.isRunning());
        // Then a run whose result arrives: the cancelled one's done() never came before it.
        int doneAfter = 0;
        build.run([] {}, [&] { ++doneAfter; });
        QTRY_COMPARE(doneAfter, 1);
        QCOMPARE(done, 0);
    }

    void theDestructorWaitsForAWorkInProgress()
    {
        std::atomic<bool> finished = false;
        int done = 0;
        std::promise<void> began, release;
        std::shared_future<void> released = release.get_future().share();
        auto build = std::make_unique<OffThreadBuild>();
        build->run([&began, released, &finished] {
            began.set_value();
            released.wait();
            finished = true;
        }, [&] { ++done; });
        began.get_future().wait();
        std::thread releaser([&release] { release.set_value(); });
        build.reset();   // joins the worker, which ends its work once released
        releaser.join();
        QVERIFY(finished);
        QCoreApplication::processEvents();   // its finished() post died with the object
        QCOMPARE(done, 0);
    }
};

QTEST_MAIN(TestOffThreadBuild)
#include "tst_offthreadbuild.moc"
