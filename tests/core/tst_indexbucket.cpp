// SPDX-License-Identifier: Apache-2.0
// IndexBucket: one indexed value's items of a ThreadSafeStore index, in key order, in runs of at
// most 64 that split when full and merge with a neighbour when both fit in half a run.
#include "core/client/indexbucket.h"

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
