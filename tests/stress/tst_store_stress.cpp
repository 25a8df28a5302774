// Concurrency stress for the KvStore with std::thread only (runs under ThreadSanitizer):
// 4 writers (puts, deletes, multi-key txns, compare-and-swap txns on shared keys), 2 watchers
// and 2 readers at once. Bounded by operation counts; no sleeps.
// A plain main() rather than QTEST_MAIN: QtTest's watchdog QThread syncs through Qt's
// uninstrumented futexes, and TSan reports its teardown as a race (halt_on_error in CI).
#include "core/store/kvstore.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <set>
#include <thread>

using namespace rlab;
using namespace rlab::store;
using namespace std::chrono_literals;

namespace {

int g_failures = 0;

#define CHECK(cond) check(bool(cond), #cond, __LINE__)
#define CHECK_EQ(a, b) checkEqual(qint64(a), qint64(b), #a " == " #b, __LINE__)

bool check(bool ok, const char *what, int line)
{
    if (!ok) {
        std::fprintf(stderr, "FAIL line %d: %s\n", line, what);
        ++g_failures;
    }
    return ok;
}

bool checkEqual(qint64 a, qint64 b, const char *what, int line)
{
    if (a != b) {
        std::fprintf(stderr, "FAIL line %d: %s (%lld != %lld)\n", line, what,
                     static_cast<long long>(a), static_cast<long long>(b));
        ++g_failures;
    }
    return a == b;
}

// A value that is never serialised here: only its counter is read.
class CounterObject : public api::Object
{
public:
    explicit CounterObject(qint64 n) : n(n) {}
    api::Kind kind() const override { return api::Kind::Generic; }
    std::shared_ptr<api::Object> clone() const override { return std::make_shared<CounterObject>(*this); }
    QJsonObject toJson() const override { return {}; }
    void fromJson(const QJsonObject &, api::DecodeContext &) override {}
    const qint64 n;
};

qint64 counterOf(const KeyValue &kv)
{
    return kv.value ? std::static_pointer_cast<const CounterObject>(kv.value)->n : 0;
}

constexpr int kWriters = 4;
constexpr int kOpsPerWriter = 3000;
constexpr int kSharedKeys = 8;
const QByteArray kCasKeys[] = {"/cas/c0", "/cas/c1"};

QByteArray sharedKey(unsigned i)
{
    return "/s/k" + QByteArray::number(i % kSharedKeys);
}

// Small deterministic generator per thread.
struct Lcg
{
    quint64 s;
    unsigned next() { s = s * 6364136223846793005ULL + 1442695040888963407ULL; return unsigned(s >> 33); }
};

struct CasAttempt
{
    int key;
    qint64 expectedModRevision;
    bool won;
    qint64 newCounter;
};

struct WriterLog
{
    std::vector<qint64> revisions;   // main revision of every write this thread made
    std::vector<CasAttempt> cas;
};

void writer(KvStore &store, int id, WriterLog &log)
{
    Lcg rng{quint64(id) * 7919 + 1};
    for (int i = 0; i < kOpsPerWriter; ++i) {
        const unsigned r = rng.next();
        switch (r % 4) {
        case 0: {   // put
            log.revisions.push_back(store.put(sharedKey(rng.next()), std::make_shared<CounterObject>(i)).main);
            break;
        }
        case 1: {   // delete (may find nothing: then no revision is used)
            const DeleteResult d = store.deleteRange(KeyRange::single(sharedKey(rng.next())));
            if (d.deleted > 0)
                log.revisions.push_back(d.revision);
            break;
        }
        case 2: {   // two keys atomically
            const unsigned k = rng.next();
            const TxnResponse t = store.txn({{}, {Op::put(sharedKey(k), std::make_shared<CounterObject>(i)),
                                                  Op::put(sharedKey(k + 1), std::make_shared<CounterObject>(i))},
                                             {}});
            log.revisions.push_back(t.revision);
            break;
        }
        case 3: {   // compare-and-swap: counter + 1 if nobody wrote since we read
            const int c = int(rng.next() % 2);
            const QByteArray &key = kCasKeys[c];
            const RangeResult cur = store.range(KeyRange::single(key));
            const qint64 m = cur.kvs.empty() ? 0 : cur.kvs[0].modRevision;
            const qint64 next = (cur.kvs.empty() ? 0 : counterOf(cur.kvs[0])) + 1;
            auto value = std::make_shared<CounterObject>(next);
            const TxnResponse t = store.txn(m == 0 ? TxnRequest::createIfAbsent(key, value)
                                                   : TxnRequest::updateIfModRevision(key, m, value));
            log.cas.push_back({c, m, t.succeeded, next});
            if (t.succeeded)
                log.revisions.push_back(t.revision);
            break;
        }
        }
    }
}

// Drains a watcher until `done`; after done every write has returned, so one last take()
// collects the rest.
void drain(Watcher &w, const std::atomic<bool> &done, std::vector<WatchEvent> &out)
{
    for (;;) {
        const bool finished = done.load(std::memory_order_acquire);
        std::vector<WatchEvent> batch = finished ? w.take() : w.waitTake(20ms);
        out.insert(out.end(), std::make_move_iterator(batch.begin()), std::make_move_iterator(batch.end()));
        if (finished)
            return;
    }
}

struct EventKey
{
    Revision rev;
    QByteArray key;
    WatchEvent::Type type;
    bool operator==(const EventKey &) const = default;
};

std::vector<EventKey> keysOf(const std::vector<WatchEvent> &events)
{
    std::vector<EventKey> out;
    for (const WatchEvent &e : events)
        out.push_back({e.revision, e.kv.key, e.type});
    return out;
}

void testConcurrentWritersWatchersReaders()
{
    KvStore store;
    std::atomic<bool> done{false};
    std::atomic<int> notifications{0};

    // Watcher 1: everything, registered before any write, with a notify callback.
    auto all = store.watch(KeyRange::prefix("/"), 0, [&] { ++notifications; }).watcher;
    std::vector<WatchEvent> allEvents, sharedEvents;
    std::thread watcher1([&] { drain(*all, done, allEvents); });
    // Watcher 2: registered from revision 1 while the writers run (replay, then live).
    std::thread watcher2([&] {
        auto w = store.watch(KeyRange::prefix("/s/"), 1).watcher;
        drain(*w, done, sharedEvents);
    });

    // Readers: a range at an old revision must not change while writers go on (MVCC).
    std::atomic<int> readerChecks{0};
    std::atomic<bool> readerFailed{false};
    auto reader = [&] {
        while (!done.load(std::memory_order_acquire)) {
            const qint64 now = store.revision();
            const qint64 at = std::max<qint64>(1, now - 5);
            const RangeResult a = store.range(KeyRange::prefix("/"), {.rev = at});
            const RangeResult b = store.range(KeyRange::prefix("/"), {.rev = at});
            bool ok = a.ok() && b.ok() && a.kvs.size() == b.kvs.size();
            for (std::size_t i = 0; ok && i < a.kvs.size(); ++i) {
                const KeyValue &kv = a.kvs[i];
                ok = kv.key == b.kvs[i].key && kv.modRevision == b.kvs[i].modRevision
                     && kv.modRevision <= at && kv.createRevision <= kv.modRevision
                     && kv.version >= 1 && kv.value == b.kvs[i].value;
            }
            if (!ok)
                readerFailed = true;
            ++readerChecks;
        }
    };
    std::thread reader1(reader), reader2(reader);

    WriterLog logs[kWriters];
    std::vector<std::thread> writers;
    for (int i = 0; i < kWriters; ++i)
        writers.emplace_back(writer, std::ref(store), i, std::ref(logs[i]));
    for (auto &t : writers)
        t.join();
    done.store(true, std::memory_order_release);
    watcher1.join();
    watcher2.join();
    reader1.join();
    reader2.join();

    const qint64 finalRev = store.revision();
    CHECK(!readerFailed);
    CHECK(readerChecks > 0);
    CHECK(notifications > 0);

    // 1. Every write used exactly one main revision: together they are 2..finalRev, no gap,
    //    no duplicate, and each writer saw its own revisions strictly increase.
    std::vector<qint64> revs;
    for (const WriterLog &log : logs) {
        for (std::size_t i = 1; i < log.revisions.size(); ++i)
            CHECK(log.revisions[i] > log.revisions[i - 1]);
        revs.insert(revs.end(), log.revisions.begin(), log.revisions.end());
    }
    std::sort(revs.begin(), revs.end());
    CHECK_EQ(qint64(revs.size()), finalRev - 1);
    for (std::size_t i = 0; i < revs.size(); ++i)
        CHECK_EQ(revs[i], qint64(i) + 2);

    // 2. The watcher on "/" saw every change exactly once, in order: exactly what a replay
    //    of the whole history gives, and every main revision 2..finalRev.
    for (std::size_t i = 1; i < allEvents.size(); ++i)
        CHECK(allEvents[i - 1].revision < allEvents[i].revision);
    std::set<qint64> mains;
    for (const WatchEvent &e : allEvents)
        mains.insert(e.revision.main);
    CHECK_EQ(qint64(mains.size()), finalRev - 1);
    const auto replayAll = store.watch(KeyRange::prefix("/"), 1).watcher->take();
    CHECK(keysOf(allEvents) == keysOf(replayAll));
    const auto replayShared = store.watch(KeyRange::prefix("/s/"), 1).watcher->take();
    CHECK(keysOf(sharedEvents) == keysOf(replayShared));
    CHECK(!sharedEvents.empty());

    // prevKv of each event is the key's previous version (none after a delete).
    std::map<QByteArray, qint64> lastPut;   // key -> modRevision of its live version, 0 deleted
    for (const WatchEvent &e : allEvents) {
        const qint64 prev = lastPut.count(e.kv.key) ? lastPut[e.kv.key] : 0;
        CHECK_EQ(e.prevKv.isValid() ? e.prevKv.modRevision : 0, prev);
        lastPut[e.kv.key] = e.type == WatchEvent::Put ? e.kv.modRevision : 0;
    }

    // 3. Compare-and-swap: for every revision a CAS read, exactly one writer won, and the
    //    counter counts the wins.
    for (int c = 0; c < 2; ++c) {
        std::map<qint64, int> winsPerModRevision;
        int wins = 0;
        for (const WriterLog &log : logs) {
            for (const CasAttempt &a : log.cas) {
                if (a.key != c)
                    continue;
                winsPerModRevision[a.expectedModRevision] += a.won ? 1 : 0;
                wins += a.won ? 1 : 0;
            }
        }
        CHECK(wins > 0);
        for (const auto &[modRevision, winners] : winsPerModRevision)
            if (!CHECK_EQ(winners, 1))
                std::fprintf(stderr, "  modRevision %lld\n", static_cast<long long>(modRevision));
        const RangeResult cur = store.range(KeyRange::single(kCasKeys[c]));
        CHECK_EQ(counterOf(cur.kvs.at(0)), qint64(wins));
        CHECK_EQ(cur.kvs.at(0).version, qint64(wins));
    }
}

} // namespace

int main()
{
    testConcurrentWritersWatchersReaders();
    std::printf("tst_store_stress: %s (%d failure(s))\n", g_failures ? "FAIL" : "PASS", g_failures);
    return g_failures ? 1 : 0;
}
