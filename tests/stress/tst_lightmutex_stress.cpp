// LightMutex under contention (std::thread only, so it runs under ThreadSanitizer, which would
// report the plain counter below if the mutex let two threads in at once): every increment
// made under it counts, a held mutex refuses try_lock, and a thread asleep in lock() wakes
// when the holder unlocks.
#include "core/base/lightmutex.h"

#include <QTest>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

using namespace rlab;

class TestLightMutexStress : public QObject
{
    Q_OBJECT

private slots:
    void contendedIncrementsAllCount()
    {
        LightMutex mutex;
        qint64 counter = 0;   // plain: only the mutex orders the threads' writes
        constexpr int kThreads = 6, kEach = 20'000;
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&] {
                for (int i = 0; i < kEach; ++i) {
                    std::lock_guard lock(mutex);
                    ++counter;
                }
            });
        for (std::thread &t : threads)
            t.join();
        QCOMPARE(counter, qint64(kThreads) * kEach);
    }

    void tryLockRefusesWhileHeld()
    {
        LightMutex mutex;
        QVERIFY(mutex.try_lock());
        bool other = true;
        std::thread([&] { other = mutex.try_lock(); }).join();
        QVERIFY(!other);
        mutex.unlock();
        std::thread([&] {
            other = mutex.try_lock();
            if (other)
                mutex.unlock();
        }).join();
        QVERIFY(other);
    }

    // The waiter announces itself, then blocks in lock() (it cannot get past it while the main
    // thread holds the mutex); the main thread writes, unlocks, and the waiter reads the write.
    void waiterWakesOnUnlock()
    {
        for (int round = 0; round < 200; ++round) {
            LightMutex mutex;
            int shared = 0;
            std::atomic<bool> started{false};
            int seen = -1;
            mutex.lock();
            std::thread waiter([&] {
                started.store(true, std::memory_order_release);
                std::unique_lock lock(mutex);
                seen = shared;
            });
            while (!started.load(std::memory_order_acquire))
                std::this_thread::yield();
            shared = round + 1;
            mutex.unlock();
            waiter.join();
            QCOMPARE(seen, round + 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestLightMutexStress)
#include "tst_lightmutex_stress.moc"
