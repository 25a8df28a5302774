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

    // Inserts and erases interleaved (chunks split, merged, emptied; last keys changing, so
    // each chunk's skip and heads move), keys sharing prefixes of many lengths: after every
    // batch the order, lowerBound for keys in and between them, and tryEmplace of every key
    // held, against a std::set.
    void interleavedAgainstSet()
    {
        quint32 x = 777;
        const auto next = [&x](quint32 n) {
            x = x * 1664525u + 1013904223u;
            return (x >> 8) % n;
        };
        const QByteArray groups[] = {"/registry/events/default/", "/registry/pods/default/", "/registry/pods/kube-system/", "/registry/p"};
        const QByteArray hashes[] = {"7c5b4f9d8", "7c5b4f9d9", "66b7d4c5f", "7c5", ""};
        const auto makeKey = [&]() {
            QByteArray k = groups[next(4)] + "web-" + hashes[next(5)];
            const quint32 tail = next(4);
            for (quint32 i = 0; i < 1 + next(6); ++i)
                k.append(char('a' + next(tail == 0 ? 2 : 26)));
            if (next(2))
                k += ".18" + QByteArray::number(next(4096), 16);
            if (next(10) == 0)
                k.append(char(0x80 + next(100)));   // compared unsigned
            return k;
        };
        KeyOrder o;
        std::set<QByteArray> want;
        std::vector<QByteArray> held;
        std::size_t most = 0;
        for (int batch = 0; batch < 40; ++batch) {
            // Grow, then grow and shrink in turn, then shrink: chunks split, merge and empty.
            const quint32 inserts = batch < 20 ? 75 : batch < 30 ? (batch % 2 ? 75 : 20) : 15;
            for (int op = 0; op < 600; ++op) {
                if (held.empty() || next(100) < inserts) {
                    const QByteArray k = makeKey();
                    const bool made = o.tryEmplace(k).second;
                    QCOMPARE(made, want.insert(k).second);
                    if (made)
                        held.push_back(k);
                } else {
                    const std::size_t i = next(quint32(held.size()));
                    const auto [node, made] = o.tryEmplace(held[i]);
                    QVERIFY(!made);
                    QCOMPARE(node->first, held[i]);
                    o.erase(node);
                    want.erase(held[i]);
                    held[i] = held.back();
                    held.pop_back();
                }
            }
            QCOMPARE(o.size(), want.size());
            most = std::max(most, want.size());
            QCOMPARE(keysOf(o), keysOf(want));
            for (const QByteArray &k : held)
                QVERIFY(!o.tryEmplace(k).second);
            for (int p = 0; p < 200; ++p) {
                QByteArray probe = held.empty() || next(3) == 0 ? makeKey() : held[next(quint32(held.size()))];
                const quint32 how = next(4);
                if (how == 1)
                    probe.chop(1);
                else if (how == 2)
                    probe.append('\0');
                else if (how == 3)
                    probe.append('\xff');
                const auto it = o.lowerBound(probe);
                const auto wit = want.lower_bound(probe);
                QCOMPARE(it == o.end(), wit == want.end());
                if (wit != want.end())
                    QCOMPARE(it->first, *wit);
            }
        }
        QVERIFY(most > 3'000);   // many chunks
        QVERIFY(want.size() < most / 2);   // and many of them merged or emptied again
    }

    // A chunk emptied between two full ones (no merge): the next chunk's keys now start after
    // "p/a126", not "p/q/b126", so they share "p/", not "p/q/", with the keys searched there;
    // "p/bzzz" belongs before all of "p/q/c…".
    void emptiedChunkWidensTheNextOnesRange()
    {
        KeyOrder o;
        std::set<QByteArray> want;
        const auto key = [](const char *prefix, int i) { return QByteArray(prefix) + QByteArray::number(1000 + i); };
        for (const char *prefix : {"p/a", "p/q/b", "p/q/c"})
            for (int i = 0; i < 127; ++i) {   // in order: each run fills a chunk of its own
                QVERIFY(o.tryEmplace(key(prefix, i)).second);
                want.insert(key(prefix, i));
            }
        for (int i = 0; i < 127; ++i) {
            o.erase(o.tryEmplace(key("p/q/b", i)).first);
            want.erase(key("p/q/b", i));
        }
        const auto it = o.lowerBound("p/bzzz");
        QVERIFY(it != o.end());
        QCOMPARE(it->first, key("p/q/c", 0));
        QVERIFY(o.tryEmplace("p/bzzz").second);
        want.insert("p/bzzz");
        QCOMPARE(keysOf(o), keysOf(want));
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
