// Concurrency stress for cold versions kept packed (KvStore::setPackCold, KeyIndex::packNewest):
// one writer puts and rewrites Events and compacts as it goes (packing what only the store
// holds), while two readers get and range them and a watcher drains every change. Every value
// anyone reads is a whole Event with the name its key says. Runs under ThreadSanitizer.
// A plain main() (see tst_store_stress.cpp); bounded by operation counts, no sleeps.
#include "core/api/event.h"
#include "core/store/kvstore.h"

#include <atomic>
#include <cstdio>
#include <thread>

using namespace rlab;
using namespace rlab::store;

namespace {

int g_failures = 0;

void check(bool ok, const char *what, int line)
{
    if (!ok) {
        std::fprintf(stderr, "FAIL line %d: %s\n", line, what);
        ++g_failures;
    }
}
#define CHECK(cond) check(bool(cond), #cond, __LINE__)

constexpr int kEvents = 2000;
const QByteArray kPrefix = "/registry/events/default/";

QByteArray keyOf(int i)
{
    return kPrefix + "e" + QByteArray::number(i);
}

api::ObjectPtr eventOf(int i, int count)
{
    auto e = std::make_shared<api::Event>();
    e->metadata.name = QStringLiteral("e%1").arg(i);
    e->metadata.namespace_ = QStringLiteral("default");
    e->involvedObject.kind = QStringLiteral("Pod");
    e->involvedObject.name = QStringLiteral("p%1").arg(i);
    e->reason = QStringLiteral("Started");
    e->message = QStringLiteral("Started container app");
    e->count = count;
    return e;
}

// A value read for `key`: an Event named as the key says, counted at least once.
bool wellFormed(const QByteArray &key, const api::ObjectPtr &o)
{
    const auto e = api::objectCast<api::Event>(o);
    return e && kPrefix + e->metadata.name.toUtf8() == key && e->count >= 1
        && e->involvedObject.name == QLatin1Char('p') + e->metadata.name.mid(1);
}

} // namespace

int main()
{
    KvStore store;
    store.setPackCold(KeyRange::prefix(kPrefix));
    std::atomic<bool> done{false};
    std::atomic<qint64> reads{0};
    std::atomic<qint64> writes{0};   // read by the watcher once done

    WatchResult watch = store.watch(KeyRange::prefix(kPrefix));
    std::thread watcher([&] {
        qint64 seen = 0;
        while (!done.load() || watch.watcher->info().pending > 0) {
            for (const WatchEvent &e : watch.watcher->take()) {
                CHECK(e.type == WatchEvent::Put && wellFormed(e.kv.key, e.kv.value));
                if (e.prevKv.isValid())
                    CHECK(wellFormed(e.prevKv.key, e.prevKv.value));
                ++seen;
            }
        }
        CHECK(seen == writes.load());
    });
    const auto reader = [&](int seed) {
        int i = seed;
        while (!done.load()) {
            i = (i * 7 + 13) % kEvents;
            if (const api::ObjectPtr o = store.get(keyOf(i)))
                CHECK(wellFormed(keyOf(i), o));
            const RangeResult r = store.range(KeyRange::prefix(kPrefix), {0, 20, false});
            for (const KeyValue &kv : r.kvs)
                CHECK(wellFormed(kv.key, kv.value));
            reads.fetch_add(1);
        }
    };
    std::thread reader1(reader, 1), reader2(reader, 2);

    for (int i = 0; i < kEvents; ++i) {
        store.put(keyOf(i), eventOf(i, 1));
        writes.fetch_add(1);
        if (i % 4 == 0 && i >= 200) {
            store.put(keyOf(i - 200), eventOf(i - 200, 2));   // a cold one written again
            writes.fetch_add(1);
        }
        if (i % 100 == 99) {
            // Values the watcher has not taken yet are held by its queue, and a held value is
            // not packed: a watcher thread that got no core while all 2,000 writes went by left
            // nothing to pack (3 runs in 300 on 2 cores). Every fifth compaction waits until it
            // has drained, so those pack while the readers go on.
            if (i % 500 == 499)
                while (watch.watcher->info().pending > 0)
                    std::this_thread::yield();
            CHECK(store.compact(store.revision() - 50) == StoreError::None);
        }
    }
    done.store(true);
    reader1.join();
    reader2.join();
    watcher.join();

    const StoreStats s = store.stats();
    CHECK(s.valuesPacked > 0);
    const RangeResult all = store.range(KeyRange::prefix(kPrefix));
    CHECK(all.kvs.size() == std::size_t(kEvents));
    for (const KeyValue &kv : all.kvs)
        CHECK(wellFormed(kv.key, kv.value));
    std::printf("tst_storepack_stress: %s (%d failure(s); %lld packed, %lld read passes)\n", g_failures ? "FAIL" : "PASS",
                g_failures, static_cast<long long>(s.valuesPacked), static_cast<long long>(reads.load()));
    return g_failures ? 1 : 0;
}
