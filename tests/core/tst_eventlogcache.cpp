// SPDX-License-Identifier: Apache-2.0
// EventLogCache: the event correlator's LRU (client-go tools/record, maxLruCacheEntries 4096).
// Rows: a sequence of operations ("a" adds key a, "?a" gets it, touching it) on a cache of a
// given capacity, then which keys are remembered.
#include "core/controller/eventlogcache.h"

#include <QTest>

using namespace rlab::controller;

class TestEventLogCache : public QObject
{
    Q_OBJECT

private slots:
    void lru_data();
    void lru();
    void upstreamCapacity_data();
    void upstreamCapacity();
    void addUpdatesName();
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
            cache.get(op.mid(1));
        else
            cache.add(op, op + QStringLiteral(".event"));
    }
    QVERIFY(cache.size() <= std::size_t(capacity));
    // get() touches but never evicts: the order of these checks does not matter.
    for (const QString &k : kept)
        QCOMPARE(cache.get(k).value_or(QString()), k + QStringLiteral(".event"));
    for (const QString &k : gone)
        QVERIFY2(!cache.get(k), qPrintable(k));
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
        cache.add(QStringLiteral("key-%1").arg(i), QStringLiteral("ev-%1").arg(i));
        if (i == touchFirstAt)
            QVERIFY(cache.get(QStringLiteral("key-0")));
    }
    QCOMPARE(cache.size(), std::size_t(4096));
    QCOMPARE(bool(cache.get(QStringLiteral("key-0"))), firstKept);
    if (!firstKept)
        QVERIFY(cache.get(QStringLiteral("key-1")));
    else if (touchFirstAt >= 0)
        QVERIFY(!cache.get(QStringLiteral("key-1")));   // key-1 was the least recent instead
}

void TestEventLogCache::addUpdatesName()
{
    EventLogCache cache(2);
    cache.add(QStringLiteral("k"), QStringLiteral("web.1"));
    cache.add(QStringLiteral("k"), QStringLiteral("web.2"));
    QCOMPARE(cache.size(), std::size_t(1));
    QCOMPARE(cache.get(QStringLiteral("k")).value_or(QString()), QStringLiteral("web.2"));
}

QTEST_GUILESS_MAIN(TestEventLogCache)
#include "tst_eventlogcache.moc"
