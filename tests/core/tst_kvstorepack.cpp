// KvStore keeps a cold version packed (KeyIndex::packNewest at compaction): a key's newest
// version, unchanged since the compaction revision, that nothing but the store holds. Every read
// (get, range, watch replay, history, prevKv of the next write, image) sees an equal object.
#include "core/api/codec.h"
#include "core/store/kvstore.h"

#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::store;

namespace {

api::ObjectPtr makeEvent(const QString &name, int count)
{
    const QJsonObject json{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                           {QStringLiteral("kind"), QStringLiteral("Event")},
                           {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("namespace"), QStringLiteral("default")}}},
                           {QStringLiteral("involvedObject"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("Pod")}, {QStringLiteral("name"), QStringLiteral("p")}}},
                           {QStringLiteral("reason"), QStringLiteral("Started")},
                           {QStringLiteral("message"), QStringLiteral("Started container c")},
                           {QStringLiteral("count"), count}};
    return api::decodeObject(json).object;
}

QByteArray key(int i)
{
    return "/registry/events/default/e" + QByteArray::number(i);
}

} // namespace

class TestKvStorePack : public QObject
{
    Q_OBJECT

private slots:
    // The packed bytes as an Entry holds them: empty without a block, the same bytes back
    // (zero bytes and 0xff among them), copies independent of the original.
    void packedBytesKeepTheirBytes()
    {
        const store::PackedBytes none;
        QVERIFY(none.isEmpty());
        QCOMPARE(none.size(), 0);
        QVERIFY(none.view().isEmpty());
        QVERIFY(store::PackedBytes(QByteArray()).isEmpty());
        const QByteArray bytes("a\0b\xff", 4);
        store::PackedBytes p(bytes);
        QCOMPARE(p.size(), 4);
        QCOMPARE(p.view(), QByteArrayView(bytes));
        store::PackedBytes copy = p;
        p = store::PackedBytes(QByteArray("other"));
        QCOMPARE(copy.view(), QByteArrayView(bytes));
        QCOMPARE(p.view(), QByteArrayView("other"));
        store::PackedBytes moved = std::move(copy);
        QCOMPARE(moved.view(), QByteArrayView(bytes));
        copy = moved;
        QCOMPARE(copy.view(), QByteArrayView(bytes));
    }
    void coldVersionsOnlyTheStoreHoldsArePacked()
    {
        KvStore store;
        store.setPackCold(KeyRange::prefix("/registry/events/"));
        const api::ObjectPtr held = makeEvent(QStringLiteral("e1"), 1);
        store.put(key(0), makeEvent(QStringLiteral("e0"), 1));   // 2: only the store holds it
        store.put(key(1), held);                              // 3: the test holds it too
        store.put(key(2), makeEvent(QStringLiteral("e2"), 1));   // 4
        store.put(key(2), makeEvent(QStringLiteral("e2"), 2));   // 5: changed at the compaction revision
        QCOMPARE(store.compact(5), StoreError::None);
        // e0 is packed; e1 is shared; e2's newest is at 5, not older than the compaction.
        QCOMPARE(store.stats().valuesPacked, 1);
        const api::ObjectPtr e0 = store.get(key(0));
        QVERIFY(e0);
        QCOMPARE(e0->toJsonBytes(), makeEvent(QStringLiteral("e0"), 1)->toJsonBytes());
        QVERIFY(store.get(key(1)) == held);   // not packed: the same object

        // Without the test's reference, the next compaction that visits e1 packs it.
        store.put(key(1), held->clone());     // 6: a new version (the old is dropped at 7)
        QCOMPARE(store.compact(7), StoreError::FutureRev);
        store.put(key(3), makeEvent(QStringLiteral("e3"), 1));   // 7
        QCOMPARE(store.compact(7), StoreError::None);
        QCOMPARE(store.stats().valuesPacked, 3);   // e2's of 5 and e1's of 6; not e3's, at 7
        QCOMPARE(store.get(key(1))->toJsonBytes(), held->toJsonBytes());
    }

    // Only keys in the pack-cold range are packed (a namespace, read on every create, is not).
    void onlyThePackColdRangeIsPacked()
    {
        KvStore store;
        store.put("/registry/namespaces/default", makeEvent(QStringLiteral("n"), 1));   // 2
        store.put(key(0), makeEvent(QStringLiteral("e0"), 1));                           // 3
        store.put(key(1), makeEvent(QStringLiteral("e1"), 1));                           // 4
        QCOMPARE(store.compact(4), StoreError::None);
        QCOMPARE(store.stats().valuesPacked, 0);   // no range set: nothing
        store.setPackCold(KeyRange::prefix("/registry/events/"));
        store.put("/registry/namespaces/default", makeEvent(QStringLiteral("n"), 2));   // 5
        store.put(key(1), makeEvent(QStringLiteral("e1"), 2));                           // 6
        store.put(key(2), makeEvent(QStringLiteral("e2"), 1));                           // 7
        QCOMPARE(store.compact(7), StoreError::None);
        QCOMPARE(store.stats().valuesPacked, 1);   // e1 (changed at 6); not the namespace
    }

    // A version a watcher still has queued is shared: not packed.
    void queuedVersionsAreNotPacked()
    {
        KvStore store;
        store.setPackCold(KeyRange::prefix("/registry/events/"));
        WatchResult w = store.watch(KeyRange::prefix("/registry/events/"));
        QVERIFY(w.ok());
        store.put(key(0), makeEvent(QStringLiteral("e0"), 1));   // 2
        store.put(key(1), makeEvent(QStringLiteral("e1"), 1));   // 3
        QCOMPARE(store.compact(3), StoreError::None);
        QCOMPARE(store.stats().valuesPacked, 0);
        QCOMPARE(w.watcher->take().size(), std::size_t(2));
    }

    // packNow packs a key's newest version at once, whatever its age, on the same terms as
    // compaction: under the pack-cold range, held by nothing but the store, live.
    void packNowPacksWhatOnlyTheStoreHolds()
    {
        KvStore store;
        store.put(key(0), makeEvent(QStringLiteral("e0"), 1));   // 2
        QVERIFY(!store.packNow(key(0)));   // no pack-cold range yet
        store.setPackCold(KeyRange::prefix("/registry/events/"));
        QVERIFY(store.packNow(key(0)));
        QCOMPARE(store.stats().valuesPacked, 1);
        QVERIFY(!store.packNow(key(0)));   // packed already
        QCOMPARE(store.get(key(0))->toJsonBytes(), makeEvent(QStringLiteral("e0"), 1)->toJsonBytes());

        const api::ObjectPtr held = makeEvent(QStringLiteral("e1"), 1);
        store.put(key(1), held);   // 3
        QVERIFY(!store.packNow(key(1)));   // the test holds it
        QVERIFY(store.get(key(1)) == held);
        WatchResult w = store.watch(KeyRange::prefix("/registry/events/"));
        QVERIFY(w.ok());
        store.put(key(2), makeEvent(QStringLiteral("e2"), 1));   // 4
        QVERIFY(!store.packNow(key(2)));   // a watcher has it queued
        QCOMPARE(w.watcher->take().size(), std::size_t(1));
        QVERIFY(store.packNow(key(2)));    // taken: the store's alone
        QCOMPARE(store.get(key(2))->toJsonBytes(), makeEvent(QStringLiteral("e2"), 1)->toJsonBytes());

        store.put("/registry/namespaces/default", makeEvent(QStringLiteral("n"), 1));   // 5
        QVERIFY(!store.packNow("/registry/namespaces/default"));   // outside the range
        QVERIFY(!store.packNow(key(9)));   // no such key
        QCOMPARE(store.deleteRange(KeyRange::single(key(0))).deleted, 1);   // 6
        QVERIFY(!store.packNow(key(0)));   // a tombstone
        QCOMPARE(store.stats().valuesPacked, 2);

        // A version packed early is read back, compacted and replayed like one compaction packed.
        store.put(key(3), makeEvent(QStringLiteral("e3"), 1));   // 7
        QCOMPARE(w.watcher->take().size(), std::size_t(2));   // e0's delete, e3's put
        QVERIFY(store.packNow(key(3)));
        QCOMPARE(store.compact(7), StoreError::None);
        QCOMPARE(store.history(key(3)).at(0).kv.value->toJsonBytes(), makeEvent(QStringLiteral("e3"), 1)->toJsonBytes());
        QCOMPARE(store.range(KeyRange::prefix("/registry/events/")).kvs.size(), std::size_t(3));
    }

    // Every way of reading a packed version sees the object that was put.
    void everyReadSeesThePackedObject()
    {
        KvStore store;
        store.setPackCold(KeyRange::prefix("/registry/events/"));
        for (int i = 0; i < 5; ++i)
            store.put(key(i), makeEvent(QStringLiteral("e%1").arg(i), i + 1));   // 2..6
        QCOMPARE(store.compact(6), StoreError::None);
        QCOMPARE(store.stats().valuesPacked, 4);   // e4's version is at 6

        const auto expected = [](int i) { return makeEvent(QStringLiteral("e%1").arg(i), i + 1)->toJsonBytes(); };
        const RangeResult now = store.range(KeyRange::prefix("/registry/events/"));
        QCOMPARE(now.kvs.size(), std::size_t(5));
        for (std::size_t i = 0; i < now.kvs.size(); ++i) {
            QCOMPARE(now.kvs[i].value->toJsonBytes(), expected(int(i)));
            QCOMPARE(now.kvs[i].modRevision, qint64(i) + 2);
            QCOMPARE(now.kvs[i].version, 1);
        }
        QCOMPARE(store.range(KeyRange::single(key(1)), {.rev = 6}).kvs.at(0).value->toJsonBytes(), expected(1));
        const WatchResult replay = store.watch(KeyRange::prefix("/registry/events/"), 6);
        QVERIFY(replay.ok());
        QCOMPARE(replay.watcher->take().at(0).kv.value->toJsonBytes(), expected(4));
        QCOMPARE(store.history(key(2)).at(0).kv.value->toJsonBytes(), expected(2));

        // The next write of a packed key: its watch event's prevKv is the old version.
        const WatchResult live = store.watch(KeyRange::single(key(0)));
        store.put(key(0), makeEvent(QStringLiteral("e0"), 10));   // 7
        const std::vector<WatchEvent> events = live.watcher->take();
        QCOMPARE(events.size(), std::size_t(1));
        QCOMPARE(events[0].prevKv.value->toJsonBytes(), expected(0));
        QCOMPARE(events[0].kv.version, 2);

        // A deleted packed key is a tombstone like any other.
        QCOMPARE(store.deleteRange(KeyRange::single(key(3))).deleted, 1);   // 8
        QVERIFY(!store.get(key(3)));
        QCOMPARE(store.history(key(3)).size(), std::size_t(2));

        // The store as an image, restored into a fresh store: the same values.
        KvStore copy;
        QString error;
        QVERIFY2(copy.restore(store.image(), &error), qPrintable(error));
        QCOMPARE(copy.get(key(2))->toJsonBytes(), expected(2));
        QCOMPARE(copy.range(KeyRange::prefix("/registry/events/")).kvs.size(), std::size_t(4));
    }
};

QTEST_GUILESS_MAIN(TestKvStorePack)
#include "tst_kvstorepack.moc"
