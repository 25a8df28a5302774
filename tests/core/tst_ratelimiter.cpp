// SPDX-License-Identifier: Apache-2.0
#include "core/client/bucketratelimiter.h"
#include "core/client/itemexponentialfailureratelimiter.h"
#include "core/client/itemfastslowratelimiter.h"
#include "core/client/maxofratelimiter.h"
#include "core/client/ratelimiter.h"
#include "core/client/ratelimitingqueue.h"
#include "core/client/withmaxwaitratelimiter.h"
#include "core/base/manualclock.h"

#include <QTest>

#include <functional>
#include <map>

using namespace rlab;

namespace {

constexpr qint64 second = 1000;
constexpr qint64 minute = 60 * second;
constexpr qint64 hour = 60 * minute;

// client-go's test-only StepRateLimiter: baseDelay for the first threshold calls (all keys
// together), maxDelay after.
class StepRateLimiter : public RateLimiter
{
public:
    StepRateLimiter(qint64 baseDelayMs, qint64 maxDelayMs, int threshold)
        : m_baseDelayMs(baseDelayMs), m_maxDelayMs(maxDelayMs), m_threshold(threshold)
    {
    }
    qint64 when(const QString &) override { return ++m_count <= m_threshold ? m_baseDelayMs : m_maxDelayMs; }
    void forget(const QString &) override { }
    int numRequeues(const QString &) const override { return 0; }

private:
    const qint64 m_baseDelayMs;
    const qint64 m_maxDelayMs;
    const int m_threshold;
    int m_count = 0;
};

using Factory = std::function<std::unique_ptr<RateLimiter>(const Clock &)>;

const std::map<QString, Factory> &factories()
{
    static const std::map<QString, Factory> all{
            {QStringLiteral("exponential 1ms 1s"),
             [](const Clock &) { return std::make_unique<ItemExponentialFailureRateLimiter>(1, second); }},
            {QStringLiteral("exponential 1ms 1000s"),
             [](const Clock &) {
                 return std::make_unique<ItemExponentialFailureRateLimiter>(1, 1000 * second);
             }},
            {QStringLiteral("exponential 1min 1000h"),
             [](const Clock &) {
                 return std::make_unique<ItemExponentialFailureRateLimiter>(minute, 1000 * hour);
             }},
            {QStringLiteral("fastslow 5ms 10s 3"),
             [](const Clock &) {
                 return std::make_unique<ItemFastSlowRateLimiter>(5, 10 * second, 3);
             }},
            {QStringLiteral("maxof(fastslow 5ms 3s 3, exponential 1ms 1s)"),
             [](const Clock &) {
                 return std::make_unique<MaxOfRateLimiter>(
                         std::make_unique<ItemFastSlowRateLimiter>(5, 3 * second, 3),
                         std::make_unique<ItemExponentialFailureRateLimiter>(1, second));
             }},
            {QStringLiteral("maxwait(step 5ms 1000s 100, 500s)"),
             [](const Clock &) {
                 return std::make_unique<WithMaxWaitRateLimiter>(
                         std::make_unique<StepRateLimiter>(5, 1000 * second, 100), 500 * second);
             }},
            {QStringLiteral("bucket 10qps 100"),
             [](const Clock &c) { return std::make_unique<BucketRateLimiter>(c, 10.0, 100); }},
            {QStringLiteral("bucket 10qps 5"),
             [](const Clock &c) { return std::make_unique<BucketRateLimiter>(c, 10.0, 5); }},
            {QStringLiteral("bucket 3qps 1"),
             [](const Clock &c) { return std::make_unique<BucketRateLimiter>(c, 3.0, 1); }},
            {QStringLiteral("bucket 0 burst"),
             [](const Clock &c) { return std::make_unique<BucketRateLimiter>(c, 10.0, 0); }},
            {QStringLiteral("default controller"),
             [](const Clock &c) { return defaultControllerRateLimiter(c); }},
            {QStringLiteral("default item based"),
             [](const Clock &) { return defaultItemBasedRateLimiter(); }},
    };
    return all;
}

} // namespace

class TestRateLimiter : public QObject
{
    Q_OBJECT

private slots:
    void testLimiter_data();
    void testLimiter();
    void testRateLimitingQueue();
    void testForgetKeepsTheKeyQueued();
    void testHandleErrMaxRetries();
    void testDefaultLimiterOnTheQueue();
};

// Script lines (times in ms):
//   "when KEY MS"            when(KEY) must answer MS
//   "repeat N KEY"           calls when(KEY) N times, answers ignored
//   "each N PREFIX MS"       when(PREFIX0) .. when(PREFIX<N-1>) must each answer MS
//   "numRequeues KEY N", "forget KEY", "advance MS"
void TestRateLimiter::testLimiter_data()
{
    QTest::addColumn<QString>("limiter");
    QTest::addColumn<QStringList>("script");

    // client-go TestItemExponentialFailureRateLimiter
    QTest::newRow("exponential: doubling, per key, forget resets")
            << "exponential 1ms 1s"
            << QStringList{"when one 1", "when one 2", "when one 4", "when one 8", "when one 16",
                           "numRequeues one 5", "when two 1", "when two 2", "numRequeues two 2",
                           "forget one", "numRequeues one 0", "when one 1"};
    QTest::newRow("exponential: capped at max")
            << "exponential 1ms 1s"
            << QStringList{"repeat 9 one", "when one 512", "when one 1000", "when one 1000",
                           "numRequeues one 12"};
    // client-go TestItemExponentialFailureRateLimiterOverFlow
    QTest::newRow("exponential overflow: 1ms .. 1000s")
            << "exponential 1ms 1000s"
            << QStringList{"repeat 5 one", "when one 32", "repeat 1000 overflow1",
                           "when overflow1 1000000"};
    QTest::newRow("exponential overflow: 1min .. 1000h")
            << "exponential 1min 1000h"
            << QStringList{"repeat 2 two", "when two 240000", "repeat 1000 overflow2",
                           "when overflow2 3600000000"};
    // client-go TestItemFastSlowRateLimiter
    QTest::newRow("fast then slow")
            << "fastslow 5ms 10s 3"
            << QStringList{"when one 5", "when one 5", "when one 5", "when one 10000",
                           "when one 10000", "numRequeues one 5", "when two 5", "when two 5",
                           "numRequeues two 2", "forget one", "numRequeues one 0", "when one 5"};
    // client-go TestMaxOfRateLimiter
    QTest::newRow("max of fast/slow and exponential")
            << "maxof(fastslow 5ms 3s 3, exponential 1ms 1s)"
            << QStringList{"when one 5", "when one 5", "when one 5", "when one 3000",
                           "when one 3000", "numRequeues one 5", "when two 5", "when two 5",
                           "numRequeues two 2", "forget one", "numRequeues one 0", "when one 5"};
    // client-go TestWithMaxWaitRateLimiter
    QTest::newRow("with max wait")
            << "maxwait(step 5ms 1000s 100, 500s)"
            << QStringList{"each 100 k 5", "each 100 j 500000"};
    QTest::newRow("bucket: burst, then one token per 100 ms of debt")
            << "bucket 10qps 100"
            << QStringList{"each 100 k 0", "when x 100", "when y 200", "numRequeues x 0",
                           "forget x", "when z 300"};
    QTest::newRow("bucket: refills at qps")
            << "bucket 10qps 100"
            << QStringList{"each 100 k 0", "when x 100", "when y 200", "advance 1000",
                           "each 8 z 0", "when w 100", "advance 50", "when v 150"};
    QTest::newRow("bucket: refill stops at burst")
            << "bucket 10qps 5"
            << QStringList{"each 5 k 0", "advance 100000", "each 5 j 0", "when x 100"};
    QTest::newRow("bucket: fractional delays round up")
            << "bucket 3qps 1"
            << QStringList{"when a 0", "when b 334", "when c 667", "advance 1000", "when d 0",
                           "when e 334"};
    QTest::newRow("bucket: zero burst never admits")
            << "bucket 0 burst" << QStringList{"when a 9223372036854775807"};
    // DefaultControllerRateLimiter: the per-key backoff of upstream-semantics §2 / §15.4
    QTest::newRow("default controller: 5ms doubling to the 1000s cap")
            << "default controller"
            << QStringList{"when a 5", "when a 10", "when a 20", "when a 40", "repeat 10 a",
                           "when a 81920", "numRequeues a 15", "when a 163840", "when a 327680",
                           "when a 655360", "when a 1000000", "when a 1000000", "forget a",
                           "when a 5"};
    QTest::newRow("default controller: overall bucket after 100 retries")
            << "default controller"
            << QStringList{"each 100 k 5", "when x 100", "when y 200", "advance 1000",
                           "each 8 z 5", "when w 100", "numRequeues x 1"};
    QTest::newRow("default item based: 1ms doubling")
            << "default item based"
            << QStringList{"when a 1", "when a 2", "when a 4", "repeat 16 a", "when a 524288",
                           "when a 1000000"};
}

void TestRateLimiter::testLimiter()
{
    QFETCH(QString, limiter);
    QFETCH(QStringList, script);
    ManualClock clock(1'767'225'600'000);
    QVERIFY2(factories().count(limiter), qPrintable(limiter));
    const std::unique_ptr<RateLimiter> l = factories().at(limiter)(clock);
    for (const QString &line : std::as_const(script)) {
        const QStringList w = line.split(u' ');
        if (w[0] == u"when") {
            const qint64 got = l->when(w[1]);
            QVERIFY2(got == w[2].toLongLong(),
                     qPrintable(QStringLiteral("%1: got %2").arg(line).arg(got)));
        } else if (w[0] == u"repeat") {
            for (int i = 0; i < w[1].toInt(); ++i)
                l->when(w[2]);
        } else if (w[0] == u"each") {
            for (int i = 0; i < w[1].toInt(); ++i) {
                const qint64 got = l->when(w[2] + QString::number(i));
                QVERIFY2(got == w[3].toLongLong(),
                         qPrintable(QStringLiteral("%1: call %2 got %3").arg(line).arg(i).arg(got)));
            }
        } else if (w[0] == u"numRequeues") {
            QVERIFY2(l->numRequeues(w[1]) == w[2].toInt(),
                     qPrintable(QStringLiteral("%1: got %2").arg(line).arg(l->numRequeues(w[1]))));
        } else if (w[0] == u"forget") {
            l->forget(w[1]);
        } else if (w[0] == u"advance") {
            clock.advance(w[1].toLongLong());
        } else {
            QFAIL(qPrintable(QStringLiteral("bad script line: ") + line));
        }
    }
}

// client-go TestRateLimitingQueue: the delays asked for (upstream reads them off the waiting
// channel; here they are the AddAfter events), numRequeues and forget.
void TestRateLimiter::testRateLimitingQueue()
{
    ManualClock clock(0);
    RateLimitingQueue queue(clock, std::make_unique<ItemExponentialFailureRateLimiter>(1, second));
    QList<qint64> delays;
    QList<int> requeues;
    queue.setEventHook([&](const QueueEvent &e) {
        if (e.type == QueueEventType::AddAfter) {
            QVERIFY(e.rateLimited);
            delays << e.durationMs;
            requeues << e.numRequeues;
        }
    });
    queue.addRateLimited(QStringLiteral("one"));
    queue.addRateLimited(QStringLiteral("one"));
    QCOMPARE(queue.numRequeues(QStringLiteral("one")), 2);
    queue.addRateLimited(QStringLiteral("two"));
    queue.addRateLimited(QStringLiteral("two"));
    queue.forget(QStringLiteral("one"));
    QCOMPARE(queue.numRequeues(QStringLiteral("one")), 0);
    queue.addRateLimited(QStringLiteral("one"));
    QCOMPARE(delays, (QList<qint64>{1, 2, 1, 2, 1}));
    QCOMPARE(requeues, (QList<int>{1, 2, 1, 2, 1}));

    // Both keys wait at their earliest ready time (1 ms) and show their failure counts.
    const WorkQueueSnapshot s = queue.snapshot();
    QCOMPARE(s.waiting.size(), 2);
    QCOMPARE(s.waiting[0].key, QStringLiteral("one"));
    QCOMPARE(s.waiting[0].readyAtMs, qint64(1));
    QCOMPARE(s.waiting[0].numRequeues, 1);
    QCOMPARE(s.waiting[1].key, QStringLiteral("two"));
    QCOMPARE(s.waiting[1].numRequeues, 2);
    QCOMPARE(s.metrics.retries, quint64(5));
}

void TestRateLimiter::testForgetKeepsTheKeyQueued()
{
    ManualClock clock(0);
    RateLimitingQueue queue(clock, defaultControllerRateLimiter(clock));
    queue.addRateLimited(QStringLiteral("a"));
    queue.forget(QStringLiteral("a")); // resets the count, does not cancel the wait
    QCOMPARE(queue.numRequeues(QStringLiteral("a")), 0);
    QCOMPARE(queue.snapshot().waiting.size(), 1);
    clock.advance(5);
    QCOMPARE(queue.tryGet(), std::optional<QString>(QStringLiteral("a")));
}

// The Deployment controller's handleErr with maxRetries 15 (upstream-semantics §2), driven by a
// deterministic single-thread loop: a key that always fails is synced 16 times, 5 ms, 10 ms ...
// 81.92 s apart, then dropped.
void TestRateLimiter::testHandleErrMaxRetries()
{
    constexpr int maxRetries = 15;
    ManualClock clock(0);
    RateLimitingQueue queue(clock, defaultControllerRateLimiter(clock), QStringLiteral("deployment"));
    const QString key = QStringLiteral("default/web");
    queue.add(key);
    QList<qint64> syncTimes;
    int dropped = 0;
    for (int step = 0; step < 100; ++step) {
        const std::optional<QString> got = queue.tryGet(0);
        if (!got) {
            if (clock.advanceToNextTimer() == 0)
                break; // nothing runnable and nothing scheduled: idle
            continue;
        }
        syncTimes << clock.now(); // syncDeployment fails every time
        if (queue.numRequeues(*got) < maxRetries) {
            queue.addRateLimited(*got);
        } else {
            queue.forget(*got);
            ++dropped;
        }
        queue.done(*got);
    }
    QCOMPARE(syncTimes.size(), maxRetries + 1);
    QCOMPARE(dropped, 1);
    QList<qint64> gaps;
    for (int i = 1; i < syncTimes.size(); ++i)
        gaps << syncTimes[i] - syncTimes[i - 1];
    QList<qint64> expected;
    for (int i = 0; i < maxRetries; ++i)
        expected << (qint64(5) << i);
    QCOMPARE(gaps, expected);
    QCOMPARE(gaps.last(), qint64(81920));
    QCOMPARE(queue.numRequeues(key), 0);
    QCOMPARE(queue.len(), 0);
    QCOMPARE(clock.pendingTimers(), std::size_t(0));
}

void TestRateLimiter::testDefaultLimiterOnTheQueue()
{
    // 150 keys failing at once: the first 100 wait 5 ms (per-key), the rest queue up behind the
    // 10 qps bucket: 100, 200, ... 5000 ms.
    ManualClock clock(0);
    RateLimitingQueue queue(clock, defaultControllerRateLimiter(clock));
    for (int i = 0; i < 150; ++i)
        queue.addRateLimited(QStringLiteral("ns/k%1").arg(i, 3, 10, QLatin1Char('0')));
    WorkQueueSnapshot s = queue.snapshot();
    QCOMPARE(s.waiting.size(), 150);
    QCOMPARE(s.waiting[99].readyAtMs, qint64(5));
    QCOMPARE(s.waiting[100].readyAtMs, qint64(100));
    QCOMPARE(s.waiting[149].readyAtMs, qint64(5000));
    clock.advance(5);
    QCOMPARE(queue.len(), 100);
    clock.advance(95);
    QCOMPARE(queue.len(), 101);
    QCOMPARE(queue.snapshot().queued.last().key, QStringLiteral("ns/k100"));
    clock.advance(4900);
    QCOMPARE(queue.len(), 150);
}

QTEST_GUILESS_MAIN(TestRateLimiter)
#include "tst_ratelimiter.moc"
