// SPDX-License-Identifier: Apache-2.0
// Qt-free concurrency test of the workqueues (std::thread only, runs under ThreadSanitizer).
#include "core/client/ratelimiter.h"
#include "core/client/ratelimitingqueue.h"
#include "core/client/workqueue.h"
#include "core/base/manualclock.h"

#include <QTest>

#include <atomic>
#include <memory>
#include <shared_mutex>
#include <thread>
#include <vector>

using namespace rlab;

namespace {

// Per-key bookkeeping shared by producers and workers. "written" is the state a producer
// changed before adding the key; "seen" the newest state a worker read after get(): at the end
// they must match for every key, i.e. no add was ever lost (level-triggered guarantee).
struct KeyBook
{
    std::atomic<int> inFlight{0};
    std::atomic<quint64> written{0};
    std::atomic<quint64> seen{0};
    std::atomic<bool> owedReprocess{false}; // set by a worker that re-adds while processing
    std::atomic<quint64> processed{0};
};

struct Books
{
    explicit Books(int keyCount)
        : books(static_cast<std::size_t>(keyCount))
    {
        for (int i = 0; i < keyCount; ++i) {
            keys << QStringLiteral("ns/key-%1").arg(i);
            index.insert(keys.last(), i);
        }
    }
    QStringList keys;
    QHash<QString, int> index; // read-only once threads start
    std::vector<KeyBook> books;
    // Re-adds while processing are only owed before shutdown (later adds are ignored, as
    // upstream): workers re-add under a shared lock, the test closes the gate exclusively.
    std::shared_mutex reAddGate;
    bool reAddsOpen = true;
    std::atomic<int> concurrent{0}; // a key held by two workers at once
    std::atomic<int> badSnapshots{0};
    std::atomic<quint64> totalProcessed{0};
};

// Small deterministic generator, one per thread.
struct Lcg
{
    quint64 state;
    quint32 next()
    {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<quint32>(state >> 33);
    }
};

void process(WorkQueue &q, Books &b, const QString &key, int worker, Lcg &rng, bool mayReAdd)
{
    KeyBook &book = b.books[static_cast<std::size_t>(b.index.value(key))];
    if (book.inFlight.fetch_add(1) != 0)
        b.concurrent.fetch_add(1);
    book.owedReprocess.store(false);
    const quint64 state = book.written.load();
    quint64 prev = book.seen.load();
    while (prev < state && !book.seen.compare_exchange_weak(prev, state)) { }
    if ((rng.next() & 15) == 0)
        std::this_thread::yield(); // widen the processing window now and then
    if (mayReAdd && (rng.next() & 7) == 0) {
        // Re-add while holding the key: the queue owes exactly one more processing.
        std::shared_lock gate(b.reAddGate);
        if (b.reAddsOpen) {
            book.owedReprocess.store(true);
            q.add(key);
        }
    }
    book.processed.fetch_add(1);
    b.totalProcessed.fetch_add(1);
    book.inFlight.fetch_sub(1);
    (void)worker;
    q.done(key);
}

// A GUI-like observer: snapshots while everything runs; a key must never be listed twice in
// processing, and there are never more processing keys than workers.
void observe(const WorkQueue &q, Books &b, int workers, const std::atomic<bool> &stop)
{
    while (!stop.load()) {
        const WorkQueueSnapshot s = q.snapshot();
        QSet<QString> keys;
        for (const ProcessingItem &item : s.processing)
            keys.insert(item.key);
        if (keys.size() != s.processing.size() || s.processing.size() > workers)
            b.badSnapshots.fetch_add(1);
        std::this_thread::yield();
    }
}

} // namespace

class TestWorkQueueStress : public QObject
{
    Q_OBJECT

private slots:
    void testStingyAndNothingLost_data();
    void testStingyAndNothingLost();
    void testRateLimitingQueueWithClockDriver();
};

void TestWorkQueueStress::testStingyAndNothingLost_data()
{
    QTest::addColumn<int>("keyCount");
    QTest::addColumn<int>("producers");
    QTest::addColumn<int>("addsPerProducer");
    QTest::addColumn<bool>("drain");
    QTest::newRow("8 hot keys, drain") << 8 << 4 << 20000 << true;
    QTest::newRow("64 keys, drain") << 64 << 4 << 20000 << true;
    QTest::newRow("1000 keys, shutDown") << 1000 << 3 << 20000 << false;
}

void TestWorkQueueStress::testStingyAndNothingLost()
{
    QFETCH(int, keyCount);
    QFETCH(int, producers);
    QFETCH(int, addsPerProducer);
    QFETCH(bool, drain);
    constexpr int workers = 5;

    ManualClock clock;
    WorkQueue q(clock, QStringLiteral("stress"));
    Books b(keyCount);
    std::atomic<bool> stopObserver{false};

    std::vector<std::thread> workerThreads;
    for (int w = 0; w < workers; ++w) {
        workerThreads.emplace_back([&q, &b, w] {
            Lcg rng{quint64(1000 + w)};
            while (const std::optional<QString> key = q.get(w))
                process(q, b, *key, w, rng, true);
        });
    }
    std::thread observer([&] { observe(q, b, workers, stopObserver); });
    std::vector<std::thread> producerThreads;
    for (int p = 0; p < producers; ++p) {
        producerThreads.emplace_back([&q, &b, p, addsPerProducer, keyCount] {
            Lcg rng{quint64(p + 1)};
            for (int i = 0; i < addsPerProducer; ++i) {
                const int k = static_cast<int>(rng.next() % quint32(keyCount));
                b.books[static_cast<std::size_t>(k)].written.fetch_add(1);
                q.add(b.keys[k]);
            }
        });
    }
    for (std::thread &t : producerThreads)
        t.join();
    {
        std::unique_lock gate(b.reAddGate);
        b.reAddsOpen = false;
    }

    if (drain) {
        q.shutDownWithDrain(); // returns only once nothing is being processed
        QCOMPARE(q.snapshot().draining, false);
    } else {
        q.shutDown();
    }
    for (std::thread &t : workerThreads)
        t.join(); // get() returns nullopt only once the queue is empty
    stopObserver = true;
    observer.join();

    QCOMPARE(b.concurrent.load(), 0);
    QCOMPARE(b.badSnapshots.load(), 0);
    const WorkQueueSnapshot s = q.snapshot();
    QCOMPARE(s.metrics.depth, 0);
    QCOMPARE(s.processing.size(), 0);
    QCOMPARE(s.metrics.gets, b.totalProcessed.load());
    QCOMPARE(s.metrics.dones, b.totalProcessed.load());
    QVERIFY(s.metrics.adds <= quint64(producers * addsPerProducer) + s.metrics.requeues);
    for (int k = 0; k < keyCount; ++k) {
        const KeyBook &book = b.books[static_cast<std::size_t>(k)];
        QVERIFY2(book.seen.load() == book.written.load(),
                 qPrintable(QStringLiteral("%1: wrote %2, last processing saw %3")
                                    .arg(b.keys[k]).arg(book.written.load()).arg(book.seen.load())));
        QVERIFY2(!book.owedReprocess.load(),
                 qPrintable(b.keys[k] + QStringLiteral(": re-added while processing, never reprocessed")));
        if (book.written.load() > 0)
            QVERIFY(book.processed.load() > 0);
    }
    // Collapsing must have happened with hot keys, or the test did not stress anything.
    if (keyCount <= 64)
        QVERIFY(s.metrics.dedups > 0);
}

void TestWorkQueueStress::testRateLimitingQueueWithClockDriver()
{
    // Producers addRateLimited / addAfter / forget while a driver thread advances the virtual
    // clock (firing the delays) and 5 workers process: every delayed key is processed after its
    // last write, and never by two workers at once.
    constexpr int workers = 5;
    constexpr int producers = 3;
    constexpr int addsPerProducer = 5000;
    constexpr int keyCount = 40;

    ManualClock clock;
    RateLimitingQueue q(clock, defaultControllerRateLimiter(clock), QStringLiteral("ratelimited"));
    Books b(keyCount);
    std::atomic<bool> producersDone{false};
    std::atomic<bool> stopObserver{false};

    std::vector<std::thread> workerThreads;
    for (int w = 0; w < workers; ++w) {
        workerThreads.emplace_back([&q, &b, w] {
            Lcg rng{quint64(77 + w)};
            while (const std::optional<QString> key = q.get(w))
                process(q, b, *key, w, rng, false);
        });
    }
    std::thread observer([&] { observe(q, b, workers, stopObserver); });
    std::thread driver([&] {
        // While producers run: 1 ms steps. Then: jump timer to timer until none is left.
        while (!producersDone.load())
            clock.advance(1);
        while (clock.advanceToNextTimer() > 0) { }
    });
    std::vector<std::thread> producerThreads;
    for (int p = 0; p < producers; ++p) {
        producerThreads.emplace_back([&q, &b, p] {
            Lcg rng{quint64(p + 11)};
            for (int i = 0; i < addsPerProducer; ++i) {
                const quint32 r = rng.next();
                const int k = static_cast<int>(r % keyCount);
                b.books[static_cast<std::size_t>(k)].written.fetch_add(1);
                switch ((r >> 8) % 4) {
                case 0: q.addRateLimited(b.keys[k]); break;
                case 1: q.addAfter(b.keys[k], (r >> 12) % 50); break;
                case 2: q.add(b.keys[k]); break;
                default: q.forget(b.keys[k]); q.addRateLimited(b.keys[k]); break;
                }
            }
        });
    }
    for (std::thread &t : producerThreads)
        t.join();
    producersDone = true;
    driver.join(); // every delay has fired: all keys are queued or processed
    QCOMPARE(q.snapshot().waiting.size(), 0);
    q.shutDownWithDrain();
    for (std::thread &t : workerThreads)
        t.join();
    stopObserver = true;
    observer.join();

    QCOMPARE(b.concurrent.load(), 0);
    QCOMPARE(b.badSnapshots.load(), 0);
    QCOMPARE(q.len(), 0);
    QCOMPARE(clock.pendingTimers(), std::size_t(0));
    for (int k = 0; k < keyCount; ++k) {
        const KeyBook &book = b.books[static_cast<std::size_t>(k)];
        QVERIFY2(book.seen.load() == book.written.load(),
                 qPrintable(QStringLiteral("%1: wrote %2, last processing saw %3")
                                    .arg(b.keys[k]).arg(book.written.load()).arg(book.seen.load())));
    }
    QVERIFY(q.snapshot().metrics.retries > 0);
}

QTEST_GUILESS_MAIN(TestWorkQueueStress)
#include "tst_workqueue_stress.moc"
