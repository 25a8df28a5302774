// SPDX-License-Identifier: Apache-2.0
// IndexBucket: one indexed value's items of a ThreadSafeStore index, in key order, in runs of at
// most 64 that split when full and merge with a neighbour when both fit in half a run.
#include "core/base/utf16less.h"
#include "core/client/indexbucket.h"

#include <QRandomGenerator>
#include <QTest>

#include <map>
#include <memory>

using namespace rlab::client;

namespace {
QStringList keysOf(const IndexBucket &bucket)
{
    QStringList out;
    bucket.forEach([&](const StoreItem &item) { out << item.first; });
    return out;
}
} // namespace

class TestIndexBucket : public QObject
{
    Q_OBJECT

private slots:
    // The buckets' order: utf16Less is QString's operator< (code units, then length), across
    // the 4-character steps it skips equal runs in, surrogates and characters above 0x7fff.
    void utf16LessIsQStringOrder_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("empty and one") << QString() << QStringLiteral("a");
        QTest::newRow("prefix") << QStringLiteral("web") << QStringLiteral("web-a");
        QTest::newRow("last of a step") << QStringLiteral("default/web-5d4f") << QStringLiteral("default/web-5d4g");
        QTest::newRow("first of a step") << QStringLiteral("default/web-5d4f8b9c7-abcde") << QStringLiteral("default/web-5d4f8b9c7-bbcde");
        QTest::newRow("in the tail") << QStringLiteral("default/web-5d4f8b9c7-abcde") << QStringLiteral("default/web-5d4f8b9c7-abcdf");
        QTest::newRow("equal") << QStringLiteral("default/web-5d4f8b9c7-abcde") << QStringLiteral("default/web-5d4f8b9c7-abcde");
        QTest::newRow("high unit against low") << QStringView(u"abc\u00e9").toString() << QStringLiteral("abcz");
        QTest::newRow("unit above 0x7fff") << QStringView(u"abcd\uff01").toString() << QStringView(u"abcd\u7fff").toString();
        QTest::newRow("surrogate against a BMP unit above it") << QStringView(u"ab\U0001F600").toString() << QStringView(u"ab\uffee").toString();
        QTest::newRow("in the overlapping last step") << QStringLiteral("default/web-5d4f8b9c7-abcdf") << QStringLiteral("default/web-5d4f8b9c7-abcde-x");
        QTest::newRow("eight and sixteen, equal") << QStringLiteral("abcdefgh") << QStringLiteral("abcdefghabcdefgh");
        QTest::newRow("nine, last differs") << QStringLiteral("abcdefghi") << QStringLiteral("abcdefghj");
        QTest::newRow("upper against lower case") << QStringLiteral("Web") << QStringLiteral("web");
    }
    void utf16LessIsQStringOrder()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QCOMPARE(rlab::utf16Less(a, b), a < b);
        QCOMPARE(rlab::utf16Less(b, a), b < a);
    }

    // 20,000 pairs of random strings over a few code units (ASCII, Latin-1, above 0x7fff, a
    // surrogate pair), 0-24 long and mostly sharing a prefix: utf16Less agrees with operator<.
    void utf16LessAgreesOnRandomPairs()
    {
        QRandomGenerator rng(16);
        const char16_t units[] = {u'a', u'b', u'-', 0x00e9, 0xff01, 0x7fff, 0xd83d, 0xde00};
        const auto randomString = [&](qsizetype n) {
            QString s;
            for (qsizetype i = 0; i < n; ++i)
                s += QChar(units[rng.bounded(int(std::size(units)))]);
            return s;
        };
        for (int i = 0; i < 20000; ++i) {
            const QString prefix = randomString(rng.bounded(17));
            const QString a = prefix + randomString(rng.bounded(9)), b = prefix + randomString(rng.bounded(9));
            QCOMPARE(rlab::utf16Less(a, b), a < b);
            QCOMPARE(rlab::utf16Less(b, a), b < a);
        }
    }

    void insertAndErase()
    {
        const StoreItem a{QStringLiteral("default/a"), nullptr}, b{QStringLiteral("default/b"), nullptr};
        IndexBucket bucket;
        QVERIFY(bucket.empty());
        bucket.insert(&b);
        bucket.insert(&a);
        bucket.insert(&b);   // there already
        QCOMPARE(bucket.size(), std::size_t(2));
        QCOMPARE(keysOf(bucket), (QStringList{QStringLiteral("default/a"), QStringLiteral("default/b")}));
        QVERIFY(bucket.erase(QStringLiteral("default/a")));
        QVERIFY(!bucket.erase(QStringLiteral("default/a")));
        QVERIFY(!bucket.erase(QStringLiteral("default/c")));
        QCOMPARE(keysOf(bucket), QStringList{QStringLiteral("default/b")});
        QVERIFY(bucket.erase(QStringLiteral("default/b")));
        QVERIFY(bucket.empty());
        QVERIFY(!bucket.erase(QStringLiteral("default/b")));
    }

    // Random inserts and erases of 3,000 keys (runs split and merge many times), in ascending,
    // descending and random order: the same keys in the same order as a std::map.
    void matchesAMap_data()
    {
        QTest::addColumn<int>("pattern");
        QTest::newRow("random") << 0;
        QTest::newRow("ascending inserts, random erases") << 1;
        QTest::newRow("descending inserts, ascending erases") << 2;
    }
    void matchesAMap()
    {
        QFETCH(int, pattern);
        constexpr int kKeys = 3000;
        std::vector<std::unique_ptr<StoreItem>> items;
        for (int i = 0; i < kKeys; ++i)
            items.push_back(std::make_unique<StoreItem>(QStringLiteral("default/pod-%1").arg(i * 7919 % kKeys), nullptr));
        quint64 seed = 7 + quint64(pattern);
        const auto next = [&seed](quint64 n) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            return int((seed >> 33) % n);
        };
        IndexBucket bucket;
        std::map<QString, const StoreItem *> model;
        int up = 0, down = kKeys - 1, erased = 0;
        for (int op = 0; op < 40'000; ++op) {
            const bool insert = pattern == 0 ? next(3) != 0 : op < 20'000;
            int i = next(kKeys);
            if (pattern == 1 && insert)
                i = up++ % kKeys;
            if (pattern == 2)
                i = insert ? down-- : erased++;
            if (i < 0 || i >= kKeys)
                continue;
            const StoreItem *item = items[std::size_t(i)].get();
            if (insert) {
                bucket.insert(item);
                model.emplace(item->first, item);
            } else {
                QCOMPARE(bucket.erase(item->first), model.erase(item->first) == 1);
            }
            QCOMPARE(bucket.size(), model.size());
            if (op % 997 == 0 || op == 39'999) {
                QStringList expected;
                for (const auto &entry : model)
                    expected << entry.first;
                QCOMPARE(keysOf(bucket), expected);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestIndexBucket)
#include "tst_indexbucket.moc"
