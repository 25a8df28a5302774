// SPDX-License-Identifier: Apache-2.0
// EventLogCache: the event correlator's LRU (client-go tools/record, maxLruCacheEntries 4096).
// Rows: a sequence of operations ("a" adds key a, "?a" gets it, touching it) on a cache of a
// given capacity, then which keys are remembered.
#include "core/controller/eventlogcache.h"

#include <QTest>

using namespace rlab::controller;

namespace {
CompactKey key(const QString &text)
{
    return CompactKey::of(text);
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
            cache.get(key(op.mid(1)));
        else
            cache.add(key(op), op + QStringLiteral(".event"));
    }
    QVERIFY(cache.size() <= std::size_t(capacity));
    // get() touches but never evicts: the order of these checks does not matter.
    for (const QString &k : kept)
        QCOMPARE(cache.get(key(k)).value_or(QString()), k + QStringLiteral(".event"));
    for (const QString &k : gone)
        QVERIFY2(!cache.get(key(k)), qPrintable(k));
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
        cache.add(key(QStringLiteral("key-%1").arg(i)), QStringLiteral("ev-%1").arg(i));
        if (i == touchFirstAt)
            QVERIFY(cache.get(key(QStringLiteral("key-0"))));
    }
    QCOMPARE(cache.size(), std::size_t(4096));
    QCOMPARE(bool(cache.get(key(QStringLiteral("key-0")))), firstKept);
    if (!firstKept)
        QVERIFY(cache.get(key(QStringLiteral("key-1"))));
    else if (touchFirstAt >= 0)
        QVERIFY(!cache.get(key(QStringLiteral("key-1"))));   // key-1 was the least recent instead
}

void TestEventLogCache::addUpdatesName()
{
    EventLogCache cache(2);
    cache.add(key(QStringLiteral("k")), QStringLiteral("web.1"));
    cache.add(key(QStringLiteral("k")), QStringLiteral("web.2"));
    QCOMPARE(cache.size(), std::size_t(1));
    QCOMPARE(cache.get(key(QStringLiteral("k"))).value_or(QString()), QStringLiteral("web.2"));
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
