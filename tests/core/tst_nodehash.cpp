// NodeHash: the KvStore's point-lookup table of its ordered map's nodes (open addressing,
// linear probing, removal by moving back the slots a removed one displaced).
#include "core/store/nodehash.h"

#include <QTest>

#include <map>
#include <vector>

using namespace rlab::store;

namespace {

using Map = std::map<QByteArray, int>;
using Node = Map::value_type;

QByteArray keyOf(int i)
{
    return QByteArray("/registry/events/default/web-") + QByteArray::number(i);
}

} // namespace

class TestNodeHash : public QObject
{
    Q_OBJECT

private slots:
    void testFindInsertRemove()
    {
        Map map;
        NodeHash<Node> hash;
        Map other{{keyOf(1), 1}};
        QVERIFY(!hash.find(keyOf(1)));
        hash.remove(&*other.begin());   // not in the table: nothing happens
        QCOMPARE(hash.size(), std::size_t(0));
        const int n = 20'000;
        for (int i = 0; i < n; ++i) {
            Node &node = *map.try_emplace(keyOf(i), i).first;
            hash.insert(&node);
        }
        QCOMPARE(hash.size(), std::size_t(n));
        QVERIFY(hash.size() * 5 <= hash.capacity() * 4);
        for (int i = 0; i < n; ++i) {
            const Node *node = hash.find(keyOf(i));
            QVERIFY(node);
            QCOMPARE(node->second, i);
        }
        QVERIFY(!hash.find(keyOf(n)));
        QVERIFY(!hash.find(QByteArray()));
        hash.remove(&*other.begin());   // its key is in the table, but another node holds it
        QCOMPARE(hash.size(), std::size_t(n));
        QCOMPARE(hash.find(keyOf(1)), &*map.find(keyOf(1)));
        // Remove every third key (from clusters' heads, middles and tails alike).
        for (int i = 0; i < n; i += 3) {
            auto it = map.find(keyOf(i));
            hash.remove(&*it);
            map.erase(it);
        }
        for (int i = 0; i < n; ++i) {
            const Node *node = hash.find(keyOf(i));
            QCOMPARE(node != nullptr, i % 3 != 0);
            if (node)
                QCOMPARE(node->second, i);
        }
        QCOMPARE(hash.size(), map.size());
        // And back again.
        for (int i = 0; i < n; i += 3)
            hash.insert(&*map.try_emplace(keyOf(i), -i).first);
        for (int i = 0; i < n; ++i)
            QCOMPARE(hash.find(keyOf(i))->second, i % 3 ? i : -i);
        for (auto &node : map)
            hash.remove(&node);
        QCOMPARE(hash.size(), std::size_t(0));
        QVERIFY(!hash.find(keyOf(1)));
        hash.clear();
        QCOMPARE(hash.capacity(), std::size_t(0));
        QVERIFY(!hash.find(keyOf(1)));
    }
};

QTEST_GUILESS_MAIN(TestNodeHash)
#include "tst_nodehash.moc"
