// KeyOrder: the KvStore's keys in byte order, in chunks of node pointers (split when full,
// merged when a key goes and neighbours get small), checked against a std::set.
#include "tests/testutil/testobject.h"
#include "core/store/keyorder.h"

#include <QTest>

#include <set>
#include <vector>

using namespace rlab::store;

namespace {

QByteArray keyOf(int i)
{
    return QByteArray("/registry/events/default/e-") + QByteArray::number(i);
}

QList<QByteArray> keysOf(const KeyOrder &order)
{
    QList<QByteArray> out;
    for (const KeyNode &node : order)
        out << node.first;
    return out;
}

QList<QByteArray> keysOf(const std::set<QByteArray> &set)
{
    return QList<QByteArray>(set.begin(), set.end());
}

// A fixed pseudo-random order of 0..n-1 (no clock, no seed from outside).
std::vector<int> shuffled(int n)
{
    std::vector<int> v(std::size_t(n), 0);
    for (int i = 0; i < n; ++i)
        v[std::size_t(i)] = i;
    quint32 x = 12345;
    for (int i = n - 1; i > 0; --i) {
        x = x * 1664525u + 1013904223u;
        std::swap(v[std::size_t(i)], v[std::size_t(x % quint32(i + 1))]);
    }
    return v;
}

} // namespace

class TestKeyOrder : public QObject
{
    Q_OBJECT

private slots:
    void testWorkedExample()
    {
        KeyOrder order;
        QVERIFY(order.empty());
        QVERIFY(order.lowerBound("a") == order.end());
        const auto [b, madeB] = order.tryEmplace("b");
        QVERIFY(madeB);
        QVERIFY(order.tryEmplace("a").second);
        QCOMPARE(order.tryEmplace("b").first, b);
        QVERIFY(!order.tryEmplace("b").second);
        QCOMPARE(keysOf(order), (QList<QByteArray>{"a", "b"}));
        QCOMPARE(order.lowerBound("aa")->first, QByteArray("b"));
        QCOMPARE(order.lowerBound("a")->first, QByteArray("a"));
        QVERIFY(order.lowerBound("c") == order.end());
        order.erase(b);
        QCOMPARE(keysOf(order), (QList<QByteArray>{"a"}));
        QCOMPARE(order.size(), std::size_t(1));
    }

    // Inserted in order, shuffled and in reverse; half erased; all erased; against a std::set.
    void testAgainstSet()
    {
        const int n = 5'000;
        for (int mode = 0; mode < 3; ++mode) {
            KeyOrder order;
            std::set<QByteArray> want;
            const std::vector<int> order3 = shuffled(n);
            for (int i = 0; i < n; ++i) {
                const int k = mode == 0 ? i : mode == 1 ? order3[std::size_t(i)] : n - 1 - i;
                KeyNode *node = order.tryEmplace(keyOf(k)).first;
                node->second.put({i + 2, 0}, rlab::test::obj(k));
                want.insert(keyOf(k));
            }
            QCOMPARE(order.size(), want.size());
            QCOMPARE(keysOf(order), keysOf(want));
            for (int i = 0; i < n; i += 97) {
                const QByteArray probe = keyOf(i) + "~";
                auto it = order.lowerBound(probe);
                auto wit = want.lower_bound(probe);
                QCOMPARE(it == order.end(), wit == want.end());
                if (wit != want.end())
                    QCOMPARE(it->first, *wit);
            }
            for (int k : shuffled(n)) {
                if (k % 2)
                    continue;
                order.erase(order.tryEmplace(keyOf(k)).first);
                want.erase(keyOf(k));
            }
            QCOMPARE(keysOf(order), keysOf(want));
            QCOMPARE(order.lowerBound(keyOf(0))->first, *want.lower_bound(keyOf(0)));
            KeyOrder moved = std::move(order);
            QVERIFY(order.empty());
            QCOMPARE(keysOf(moved), keysOf(want));
            while (!moved.empty())
                moved.erase(&*moved.begin());
            QVERIFY(moved.begin() == moved.end());
        }
    }

    // Keys of 40-60 bytes that share 45-50 bytes (as Events of one pod do), keys that are
    // prefixes of others, bytes above 0x7f (compared unsigned): the order and lowerBound as a
    // std::set's, across many chunks.
    void longSharedPrefixes()
    {
        std::vector<QByteArray> keys;
        const QByteArray base = QByteArray(44, 'k');
        for (int len = 40; len <= 60; ++len)
            for (int v = 0; v < 140; ++v) {
                QByteArray k = base.left(std::min<int>(len, 44));
                while (k.size() < len)
                    k.append(char(v % 3 == 0 ? 'a' + (k.size() + v) % 5 : v % 3 == 1 ? 0x80 + (v * 7 + k.size()) % 100 : 'm'));
                k[qsizetype(std::min(len, 45 + v % 6)) - 1] = char('0' + v % 10);
                keys.push_back(k);
            }
        const std::vector<int> order = shuffled(int(keys.size()));
        KeyOrder o;
        std::set<QByteArray> want;
        for (const int i : order) {
            const QByteArray &k = keys[std::size_t(i)];
            QCOMPARE(o.tryEmplace(k).second, want.insert(k).second);
        }
        QVERIFY(want.size() > 1'000);   // enough keys for many chunks
        QCOMPARE(keysOf(o), keysOf(want));
        for (const QByteArray &k : keys)
            for (const QByteArray &probe : {k, k + '\0', k + '\xff', k.chopped(1), k.chopped(1) + '\xff'}) {
                const auto it = o.lowerBound(probe);
                const auto wit = want.lower_bound(probe);
                QCOMPARE(it == o.end(), wit == want.end());
                if (wit != want.end())
                    QCOMPARE(it->first, *wit);
            }
    }

    // What a create costs the order at scale: 400,000 Event-like keys in a random order, then
    // every one found again (a rough figure for `rlab bench`'s store puts; no assertion on time).
    void benchInsertShuffled()
    {
        constexpr int kKeys = 400'000;
        const std::vector<int> order = shuffled(kKeys);
        std::vector<QByteArray> keys;
        keys.reserve(order.size());
        for (const int k : order)
            keys.push_back(QByteArray("/registry/events/default/nginx-7c5b4f9d8-") + QByteArray::number(qint64(k) * 7919 % 1000003, 36) + ".18" + QByteArray::number(k, 16));
        QBENCHMARK_ONCE {
            KeyOrder o;
            for (const QByteArray &key : keys)
                o.tryEmplace(key);
            for (const QByteArray &key : keys)
                QVERIFY(!o.tryEmplace(key).second);
            QCOMPARE(o.size(), std::size_t(kKeys));
        }
    }
};

QTEST_GUILESS_MAIN(TestKeyOrder)
#include "tst_keyorder.moc"
