// SPDX-License-Identifier: Apache-2.0
// EventLogCache: the event correlator's LRU (client-go tools/record, maxLruCacheEntries 4096).
// Rows: a sequence of operations ("a" adds key a, "?a" gets it, touching it) on a cache of a
// given capacity, then which keys are remembered (each with the name suffix it was added with).
#include "core/controller/eventlogcache.h"
#include "core/controller/lrucache.h"

#include <algorithm>
#include <list>

#include <QTest>

using namespace rlab::controller;

namespace {
CompactKey key(const QString &text)
{
    return CompactKey::of(text);
}

// A key's name suffix in these tests: its text's hash.
quint64 suffixOf(const QString &text)
{
    return quint64(qHash(text, size_t(7)));
}

// A key whose hash has only three values: long probe runs in LruCache's table, so evictions
// move entries back across them.
struct CollidingKey
{
    int k = 0;
    friend bool operator==(CollidingKey, CollidingKey) = default;
    friend size_t qHash(CollidingKey key, size_t = 0) noexcept { return size_t(key.k % 3); }
};

// Random gets and adds of `keys` keys on a cache of `capacity` entries, checked against a
// plain most-recent-first list (the golang-lru model), value for value.
template <class K>
void checkAgainstAList(std::size_t capacity, int keys, int ops)
{
    quint64 seed = 12345 + capacity;
    const auto next = [&seed](quint64 n) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return (seed >> 33) % n;
    };
    LruCache<K, int> cache(capacity);
    std::list<std::pair<int, int>> model;   // most recently used first
    for (int op = 0; op < ops; ++op) {
        const int k = int(next(quint64(keys)));
        auto it = std::find_if(model.begin(), model.end(), [k](const auto &e) { return e.first == k; });
        if (next(2) == 0) {
            const int *got = cache.get(K{k});
            QCOMPARE(got != nullptr, it != model.end());
            if (got) {
                QCOMPARE(*got, it->second);
                model.splice(model.begin(), model, it);
            }
        } else {
            cache.add(K{k}, op);
            if (it != model.end())
                model.erase(it);
            model.emplace_front(k, op);
            if (model.size() > capacity)
                model.pop_back();
        }
        QCOMPARE(cache.size(), model.size());
    }
}
} // namespace

class TestEventLogCache : public QObject
{
    Q_OBJECT

private slots:
    void lru_data();
    void lru();
    void upstreamCapacity_data();
    void upstreamCapacity();
    void addUpdatesName();
    void lruCacheMatchesAList();
    void compactKeyOrderIsTheTextOrder();
};

void TestEventLogCache::lru_data()
{
    QTest::addColumn<int>("capacity");
    QTest::addColumn<QStringList>("ops");
    QTest::addColumn<QStringList>("kept");
    QTest::addColumn<QStringList>("gone");
    QTest::newRow("under capacity") << 3 << QStringList{"a", "b", "c"} << QStringList{"a", "b", "c"} << QStringList{};
    QTest::newRow("evicts the oldest") << 3 << QStringList{"a", "b", "c", "d"} << QStringList{"b", "c", "d"} << QStringList{"a"};
    QTest::newRow("get touches") << 3 << QStringList{"a", "b", "c", "?a", "d"} << QStringList{"a", "c", "d"} << QStringList{"b"};
    QTest::newRow("re-add touches") << 3 << QStringList{"a", "b", "c", "a", "d"} << QStringList{"a", "c", "d"} << QStringList{"b"};
    QTest::newRow("miss does not touch") << 2 << QStringList{"a", "b", "?z", "c"} << QStringList{"b", "c"} << QStringList{"a", "z"};
    QTest::newRow("capacity one") << 1 << QStringList{"a", "b"} << QStringList{"b"} << QStringList{"a"};
}

void TestEventLogCache::lru()
{
    QFETCH(int, capacity);
    QFETCH(QStringList, ops);
    QFETCH(QStringList, kept);
    QFETCH(QStringList, gone);
    EventLogCache cache{std::size_t(capacity)};
    for (const QString &op : ops) {
        if (op.startsWith(QLatin1Char('?')))
            cache.observation(key(op.mid(1)));
        else
            cache.add(key(op), suffixOf(op));
    }
    QVERIFY(cache.size() <= std::size_t(capacity));
    // get() touches but never evicts: the order of these checks does not matter.
    for (const QString &k : kept)
        QCOMPARE(cache.observation(key(k)).value_or(EventLogCache::Observation{}).nameSuffix, suffixOf(k));
    for (const QString &k : gone)
        QVERIFY2(!cache.observation(key(k)), qPrintable(k));
}

void TestEventLogCache::upstreamCapacity_data()
{
    QTest::addColumn<int>("touchFirstAt");   // after how many other keys key-0 is read again; -1 never
    QTest::addColumn<bool>("firstKept");
    QTest::newRow("4096 keys: all kept") << -1 << true;
    QTest::newRow("4097th key evicts the least recent") << -2 << false;
    QTest::newRow("touched in between: kept") << 2000 << true;
}

void TestEventLogCache::upstreamCapacity()
{
    QFETCH(int, touchFirstAt);
    QFETCH(bool, firstKept);
    EventLogCache cache;
    QCOMPARE(cache.capacity(), std::size_t(4096));
    const int keys = touchFirstAt == -1 ? 4096 : 4097;
    for (int i = 0; i < keys; ++i) {
        cache.add(key(QStringLiteral("key-%1").arg(i)), quint64(i));
        if (i == touchFirstAt)
            QVERIFY(cache.observation(key(QStringLiteral("key-0"))));
    }
    QCOMPARE(cache.size(), std::size_t(4096));
    QCOMPARE(bool(cache.observation(key(QStringLiteral("key-0")))), firstKept);
    if (!firstKept)
        QVERIFY(cache.observation(key(QStringLiteral("key-1"))));
    else if (touchFirstAt >= 0)
        QVERIFY(!cache.observation(key(QStringLiteral("key-1"))));   // key-1 was the least recent instead
}

void TestEventLogCache::addUpdatesName()
{
    EventLogCache cache(2);
    cache.add(key(QStringLiteral("k")), 1);
    cache.add(key(QStringLiteral("k")), 2, 5);
    QCOMPARE(cache.size(), std::size_t(1));
    QCOMPARE(cache.observation(key(QStringLiteral("k")))->nameSuffix, quint64(2));
    QCOMPARE(cache.observation(key(QStringLiteral("k")))->count, 5);
}

// LruCache keeps its entries in a deque linked by indices, reuses an evicted entry's slot and
// finds them through an open-addressing table that grows by doubling: random gets and adds on
// caches of 1 to 6 entries (12 keys), of 100 and 1,000 entries (3 times as many keys, so the
// table grows and evicts), and with keys whose hashes collide, find exactly what a plain
// most-recent-first list finds (the golang-lru model), value for value.
void TestEventLogCache::lruCacheMatchesAList()
{
    for (std::size_t capacity = 1; capacity <= 6; ++capacity)
        checkAgainstAList<int>(capacity, 12, 20'000);
    checkAgainstAList<int>(100, 300, 20'000);
    checkAgainstAList<int>(1000, 3000, 20'000);
    for (std::size_t capacity : {std::size_t(1), std::size_t(5), std::size_t(40)})
        checkAgainstAList<CollidingKey>(capacity, int(3 * capacity + 2), 10'000);
}

// The correlator's sets of message keys pop their first key (PopAny): CompactKey orders as the
// 8-character text the keys were kept as, so the same key is popped as before.
void TestEventLogCache::compactKeyOrderIsTheTextOrder()
{
    const auto text = [](const CompactKey &k) {
        QString out(8, Qt::Uninitialized);
        for (int i = 0; i < 8; ++i)
            out[i] = QChar(ushort((i < 4 ? k.a : k.b) >> (16 * (i % 4))));
        return out;
    };
    quint64 seed = 99;
    const auto next = [&seed] {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return seed;
    };
    for (int i = 0; i < 2000; ++i) {
        CompactKey x{next(), next()};
        CompactKey y = (i % 3 == 0) ? CompactKey{x.a, next()} : (i % 3 == 1) ? CompactKey{x.a ^ (next() & 0xffff0000ULL), x.b} : CompactKey{next(), next()};
        QCOMPARE(x < y, text(x) < text(y));
        QCOMPARE(y < x, text(y) < text(x));
        QCOMPARE(x == y, text(x) == text(y));
    }
    QCOMPARE(CompactKey::of(QStringLiteral("Created pod: web-1")), CompactKey::of(QStringLiteral("Created pod: web-1")));
    QVERIFY(!(CompactKey::of(QStringLiteral("Created pod: web-1")) == CompactKey::of(QStringLiteral("Created pod: web-2"))));
}

QTEST_GUILESS_MAIN(TestEventLogCache)
#include "tst_eventlogcache.moc"
