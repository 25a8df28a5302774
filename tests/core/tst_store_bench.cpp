// Benchmarks of the KvStore alone (the API layer adds decoding, validation and copies on top):
// puts/s with 0 and 3 watchers, the API server's update txn, and the store's own memory per key.
// Figures are printed, never asserted (design §8). Run a Release build:
//   tst_store_bench -iterations 20
#include "core/store/kvstore.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QTest>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace rlab;
using namespace rlab::store;

namespace {

class TestObject : public api::Object
{
public:
    explicit TestObject(QJsonObject d = {}) : data(std::move(d)) {}
    api::Kind kind() const override { return api::Kind::Generic; }
    std::shared_ptr<api::Object> clone() const override { return std::make_shared<TestObject>(*this); }
    QJsonObject toJson() const override { return data; }
    void fromJson(const QJsonObject &json, api::DecodeContext &) override { data = json; }
    QJsonObject data;
};

constexpr int kPutsPerIteration = 10000;

std::vector<QByteArray> podKeys(int n)
{
    std::vector<QByteArray> keys;
    keys.reserve(std::size_t(n));
    for (int i = 0; i < n; ++i)
        keys.push_back("/registry/pods/default/web-7c5b4f9d8-" + QByteArray::number(10000 + i));
    return keys;
}

qint64 heapInUse()
{
#if defined(__GLIBC__)
    return qint64(mallinfo2().uordblks);
#else
    return 0;
#endif
}

// Watchers that take() after every `drainEvery` puts, as a busy informer would.
struct Watchers
{
    std::vector<std::shared_ptr<Watcher>> list;
    Watchers(KvStore &store, int n)
    {
        for (int i = 0; i < n; ++i)
            list.push_back(store.watch(KeyRange::prefix("/registry/pods/")).watcher);
    }
    qint64 drain()
    {
        qint64 n = 0;
        for (auto &w : list)
            n += qint64(w->take().size());
        return n;
    }
};

void report(const char *what, int watchers, int keys, qint64 ops, qint64 nsecs)
{
    qInfo("%s, %d watcher(s), %d keys: %.0f ops/s (%.0f ns/op)", what, watchers, keys,
          double(ops) * 1e9 / double(nsecs), double(nsecs) / double(ops));
}

} // namespace

class TestStoreBench : public QObject
{
    Q_OBJECT

private slots:
    void benchPut_data()
    {
        QTest::addColumn<int>("watchers");
        QTest::addColumn<int>("keys");
        QTest::newRow("0 watchers, 1000 keys") << 0 << 1000;
        QTest::newRow("3 watchers, 1000 keys") << 3 << 1000;
        QTest::newRow("0 watchers, 50000 keys") << 0 << 50000;
    }

    // put() of existing keys (updates), round robin over `keys` keys.
    void benchPut()
    {
        QFETCH(int, watchers);
        QFETCH(int, keys);
        KvStore store;
        Watchers w(store, watchers);
        const auto names = podKeys(keys);
        for (const QByteArray &k : names)
            store.put(k, std::make_shared<TestObject>());
        w.drain();
        const api::ObjectPtr value = std::make_shared<TestObject>();
        qint64 ops = 0, delivered = 0, nsecs = 0;
        QBENCHMARK {
            QElapsedTimer t;
            t.start();
            for (int i = 0; i < kPutsPerIteration; ++i) {
                store.put(names[std::size_t(i % keys)], value);
                if (i % 100 == 99)
                    delivered += w.drain();
            }
            nsecs += t.nsecsElapsed();
            ops += kPutsPerIteration;
        }
        QCOMPARE(delivered, ops * watchers);
        report("put", watchers, keys, ops, nsecs);
    }

    void benchUpdateTxn_data()
    {
        QTest::addColumn<int>("watchers");
        QTest::addColumn<int>("keys");
        QTest::newRow("0 watchers, 1000 keys") << 0 << 1000;
        QTest::newRow("3 watchers, 1000 keys") << 3 << 1000;
    }

    // The API server's update: txn(modRevision == read revision) with a ValueFn.
    void benchUpdateTxn()
    {
        QFETCH(int, watchers);
        QFETCH(int, keys);
        KvStore store;
        Watchers w(store, watchers);
        const auto names = podKeys(keys);
        const api::ObjectPtr value = std::make_shared<TestObject>();
        std::vector<qint64> modRevision(keys);
        for (int i = 0; i < keys; ++i)
            modRevision[std::size_t(i)] = store.put(names[std::size_t(i)], value).main;
        w.drain();
        qint64 ops = 0, nsecs = 0;
        QBENCHMARK {
            QElapsedTimer t;
            t.start();
            for (int i = 0; i < kPutsPerIteration; ++i) {
                const auto k = std::size_t(i % keys);
                const TxnResponse r = store.txn(TxnRequest::updateIfModRevision(
                    names[k], modRevision[k], [&value](qint64) { return value; }));
                modRevision[k] = r.revision;
                if (i % 100 == 99)
                    w.drain();
            }
            nsecs += t.nsecsElapsed();
            ops += kPutsPerIteration;
        }
        report("update txn", watchers, keys, ops, nsecs);
    }

    // Store memory only (the values are one shared object): keys, index, revision log.
    void testMemoryPerKey_data()
    {
        QTest::addColumn<int>("keys");
        QTest::addColumn<int>("revisionsPerKey");
        QTest::newRow("20000 keys x 1 revision") << 20000 << 1;
        QTest::newRow("20000 keys x 3 revisions") << 20000 << 3;
        QTest::newRow("20000 keys x 10 revisions") << 20000 << 10;
    }

    void testMemoryPerKey()
    {
        QFETCH(int, keys);
        QFETCH(int, revisionsPerKey);
        const api::ObjectPtr value = std::make_shared<TestObject>();
        auto names = podKeys(keys);   // the API layer owns its key strings; the store shares them
        const qint64 before = heapInUse();
        {
            KvStore store;
            for (int r = 0; r < revisionsPerKey; ++r)
                for (const QByteArray &k : names)
                    store.put(k, value);
            const qint64 used = heapInUse() - before;
            QCOMPARE(store.stats().liveKeys, keys);
            if (used > 0)
                qInfo("%d keys x %d revisions: %lld bytes in the store = %.0f bytes/key, "
                      "%.0f bytes/revision", keys, revisionsPerKey, static_cast<long long>(used),
                      double(used) / keys, double(used) / (double(keys) * revisionsPerKey));
            // After compaction at the current revision only the newest version of each key stays.
            store.compact(store.revision());
            const qint64 compacted = heapInUse() - before;
            if (compacted > 0)
                qInfo("  after compact(current): %.0f bytes/key", double(compacted) / keys);
        }
        qInfo("sizeof: KeyValue %zu, WatchEvent %zu, KeyIndex %zu, KeyIndex::Entry %zu",
              sizeof(KeyValue), sizeof(WatchEvent), sizeof(KeyIndex), sizeof(KeyIndex::Entry));
    }
};

QTEST_GUILESS_MAIN(TestStoreBench)
#include "tst_store_bench.moc"
