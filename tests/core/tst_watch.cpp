#include "core/store/kvstore.h"
#include "tests/core/kvstoretesthelpers.h"
#include "tests/testutil/testobject.h"

#include <QJsonObject>
#include <QTest>

#include <thread>

using namespace rlab;
using namespace rlab::store;
using namespace std::chrono_literals;

namespace {

using test::TestObject;
using test::obj;
using test::kv::buildHistory;
using test::kv::kPodA;
using test::kv::kPodB;
using test::kv::kPods;
using test::kv::kWeb;

// "PUT@4.0 a v2 prev2": type, revision, key without "/registry/pods/default/", version,
// modRevision of prevKv (0 if none).
QStringList dump(const std::vector<WatchEvent> &events)
{
    QStringList out;
    for (const WatchEvent &e : events) {
        QString key = QString::fromUtf8(e.kv.key);
        key.remove(QStringLiteral("/registry/pods/default/"));
        out << QStringLiteral("%1@%2.%3 %4 v%5 prev%6")
                   .arg(QLatin1String(WatchEvent::typeName(e.type)))
                   .arg(e.revision.main).arg(e.revision.sub)
                   .arg(key)
                   .arg(e.kv.version)
                   .arg(e.prevKv.isValid() ? e.prevKv.modRevision : 0);
    }
    return out;
}

const QStringList kPodEvents = {
    "PUT@2.0 a v1 prev0",    "PUT@3.0 b v1 prev0",    "PUT@4.0 a v2 prev2", "DELETE@5.0 b v0 prev3",
    "PUT@7.0 b v1 prev0",    "DELETE@8.0 a v0 prev4", "DELETE@8.1 b v0 prev7",
};

} // namespace

class TestWatch : public QObject
{
    Q_OBJECT

private slots:
    void testReplay_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<QStringList>("wevents");
        QTest::newRow("from 1: everything") << qint64(1) << kPodEvents;
        QTest::newRow("from 2: everything") << qint64(2) << kPodEvents;
        QTest::newRow("from 5") << qint64(5) << kPodEvents.mid(3);
        QTest::newRow("from 6: skips the other prefix") << qint64(6) << kPodEvents.mid(4);
        QTest::newRow("from 8: both subs of 8") << qint64(8) << kPodEvents.mid(5);
        QTest::newRow("from 9: nothing yet") << qint64(9) << QStringList{};
        QTest::newRow("from 0 (now): nothing yet") << qint64(0) << QStringList{};
    }

    void testReplay()
    {
        QFETCH(qint64, start);
        QFETCH(QStringList, wevents);
        KvStore store;
        buildHistory(store);
        const WatchResult w = store.watch(KeyRange::prefix(kPods), start);
        QVERIFY(w.ok());
        QCOMPARE(w.revision, 8);
        QCOMPARE(dump(w.watcher->take()), wevents);
        QVERIFY(w.watcher->take().empty());   // taken once only
    }

    void testReplayThenLiveHasNoGapNoDuplicate()
    {
        KvStore store;
        buildHistory(store);
        auto w = store.watch(KeyRange::prefix(kPods), 7).watcher;
        store.put(kPodA, obj(6));                               // 9
        store.put(kWeb, obj(7));                                // 10: other prefix
        store.txn({{}, {Op::put(kPodB, obj(8)), Op::put(kPodA, obj(9))}, {}});   // 11.0, 11.1
        QCOMPARE(dump(w->take()), (QStringList{
                                      "PUT@7.0 b v1 prev0", "DELETE@8.0 a v0 prev4",
                                      "DELETE@8.1 b v0 prev7", "PUT@9.0 a v1 prev0",
                                      "PUT@11.0 b v1 prev0", "PUT@11.1 a v2 prev9",
                                  }));
    }

    void testLiveEventsCarryKvAndPrevKv()
    {
        KvStore store;
        auto w = store.watch(KeyRange::prefix(kPods)).watcher;
        store.put(kPodA, obj(1));
        store.put(kPodA, obj(2));
        store.deleteRange(KeyRange::single(kPodA));
        const std::vector<WatchEvent> ev = w->take();
        QCOMPARE(ev.size(), std::size_t(3));
        QVERIFY(ev[0].isCreate());
        QVERIFY(ev[1].isModify());
        QCOMPARE(ev[1].kv.bytes(), QByteArray(R"({"v":2})"));
        QCOMPARE(ev[1].prevKv.bytes(), QByteArray(R"({"v":1})"));
        QCOMPARE(ev[1].kv.createRevision, 2);
        QCOMPARE(ev[1].kv.modRevision, 3);
        QCOMPARE(ev[2].type, WatchEvent::Delete);
        QCOMPARE(ev[2].kv.modRevision, 4);
        QVERIFY(!ev[2].kv.value);
        QCOMPARE(ev[2].prevKv.bytes(), QByteArray(R"({"v":2})"));
    }

    void testFilter_data()
    {
        QTest::addColumn<KeyRange>("range");
        QTest::addColumn<QStringList>("wkeys");
        QTest::newRow("single key") << KeyRange::single("/a") << QStringList{"/a"};
        QTest::newRow("prefix /a") << KeyRange::prefix("/a") << QStringList{"/a", "/a/x", "/ab"};
        QTest::newRow("prefix /a/") << KeyRange::prefix("/a/") << QStringList{"/a/x"};
        QTest::newRow("everything (GUI stream)") << KeyRange::prefix("/")
                                                 << QStringList{"/a", "/a/x", "/ab", "/b"};
        QTest::newRow("interval [/a/x, /b)") << KeyRange::interval("/a/x", "/b")
                                             << QStringList{"/a/x", "/ab"};
        QTest::newRow("from key /ab") << KeyRange::fromKey("/ab") << QStringList{"/ab", "/b"};
    }

    void testFilter()
    {
        QFETCH(KeyRange, range);
        QFETCH(QStringList, wkeys);
        KvStore store;
        auto w = store.watch(range).watcher;
        for (const char *k : {"/a", "/a/x", "/ab", "/b"})
            store.put(k, obj(1));
        QStringList keys;
        for (const WatchEvent &e : w->take())
            keys << QString::fromUtf8(e.kv.key);
        QCOMPARE(keys, wkeys);
    }

    void testCompacted_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<bool>("wok");
        QTest::addColumn<QStringList>("wevents");
        // History up to 8, compacted at 5.
        QTest::newRow("from 4: gone") << qint64(4) << false << QStringList{};
        QTest::newRow("from 1: gone") << qint64(1) << false << QStringList{};
        QTest::newRow("from 5 = compact revision") << qint64(5) << true
                                                   << QStringList{"DELETE@5.0 b v0 prev0",   // prev compacted
                                                                  "PUT@7.0 b v1 prev0",
                                                                  "DELETE@8.0 a v0 prev4",
                                                                  "DELETE@8.1 b v0 prev7"};
        QTest::newRow("from 8") << qint64(8) << true << kPodEvents.mid(5);
        QTest::newRow("from 0") << qint64(0) << true << QStringList{};
    }

    void testCompacted()
    {
        QFETCH(qint64, start);
        QFETCH(bool, wok);
        QFETCH(QStringList, wevents);
        KvStore store;
        buildHistory(store);
        QCOMPARE(store.compact(5), StoreError::None);
        const WatchResult w = store.watch(KeyRange::prefix(kPods), start);
        QCOMPARE(w.ok(), wok);
        if (!wok) {
            QCOMPARE(w.error, StoreError::Compacted);   // the API layer's 410 Gone
            QCOMPARE(w.compactRevision, 5);
            QVERIFY(!w.watcher);
            QVERIFY(store.watchers().empty());
            return;
        }
        QCOMPARE(dump(w.watcher->take()), wevents);
    }

    // A live watcher is never affected by a later compaction.
    void testCompactionDoesNotDisturbLiveWatch()
    {
        KvStore store;
        auto w = store.watch(KeyRange::prefix("/")).watcher;
        store.put("/a", obj(1));
        store.put("/a", obj(2));
        QCOMPARE(store.compact(3), StoreError::None);
        store.put("/a", obj(3));
        QCOMPARE(dump(w->take()), (QStringList{"PUT@2.0 /a v1 prev0", "PUT@3.0 /a v2 prev2",
                                               "PUT@4.0 /a v3 prev3"}));
    }

    void testFutureStartRevision()
    {
        KvStore store;
        auto w = store.watch(KeyRange::prefix("/"), 4).watcher;
        store.put("/a", obj(1));   // 2
        store.put("/a", obj(2));   // 3
        store.put("/a", obj(3));   // 4
        QCOMPARE(dump(w->take()), (QStringList{"PUT@4.0 /a v3 prev3"}));
    }

    void testCancel()
    {
        KvStore store;
        auto w = store.watch(KeyRange::prefix("/")).watcher;
        auto other = store.watch(KeyRange::prefix("/")).watcher;
        store.put("/a", obj(1));
        QCOMPARE(w->pending(), 1);
        w->cancel();
        QVERIFY(w->isCancelled());
        QCOMPARE(w->pending(), 0);
        store.put("/a", obj(2));
        QVERIFY(w->take().empty());
        QVERIFY(w->waitTake(10s).empty());   // returns at once: cancelled
        QCOMPARE(other->take().size(), std::size_t(2));
        QCOMPARE(store.watchers().size(), std::size_t(1));
        QCOMPARE(store.stats().watchers, 1);
    }

    void testDroppingTheHandleUnregisters()
    {
        KvStore store;
        store.watch(KeyRange::prefix("/"));   // result dropped at once
        auto kept = store.watch(KeyRange::prefix("/a")).watcher;
        store.put("/a", obj(1));
        const auto list = store.watchers();
        QCOMPARE(list.size(), std::size_t(1));
        QCOMPARE(list[0].id, kept->id());
    }

    void testWatcherList()
    {
        KvStore store;
        buildHistory(store);
        auto p1 = store.watch(KeyRange::prefix(kPods), 8).watcher;
        auto p2 = store.watch(KeyRange::prefix(kPods)).watcher;
        auto d1 = store.watch(KeyRange::prefix("/registry/deployments/")).watcher;
        store.put(kPodA, obj(9));
        QMap<QByteArray, int> perPrefix;
        for (const WatcherInfo &i : store.watchers())
            ++perPrefix[i.range.key];
        QCOMPARE(perPrefix.value(kPods), 2);
        QCOMPARE(perPrefix.value("/registry/deployments/"), 1);
        const WatcherInfo info = p1->info();
        QCOMPARE(info.startRevision, 8);
        QCOMPARE(info.pending, 3);   // 8.0, 8.1 replayed + 9 live
        QCOMPARE(info.appended, 3);
        QCOMPARE(info.lastRevision, 9);
        QVERIFY(info.range.isPrefix());
        QCOMPARE(p2->info().startRevision, 9);
        QCOMPARE(d1->info().pending, 0);
    }

    // notify fires when the FIFO goes from empty to non-empty, outside the store lock.
    void testNotifyIsEdgeTriggered()
    {
        KvStore store;
        store.put("/a", obj(1));
        int notified = 0;
        auto w = store.watch(KeyRange::prefix("/"), 2, [&] { ++notified; }).watcher;
        QCOMPARE(notified, 1);   // the replayed put at 2, before watch() returned
        QCOMPARE(w->pending(), 1);
        store.put("/a", obj(2));
        QCOMPARE(notified, 1);   // the FIFO was not empty
        QCOMPARE(w->take().size(), std::size_t(2));
        store.put("/b", obj(3));
        QCOMPARE(notified, 2);
        store.put("/c", obj(4));
        QCOMPARE(notified, 2);   // still not drained
        QCOMPARE(w->take().size(), std::size_t(2));
        store.put("/d", obj(5));
        QCOMPARE(notified, 3);
        w->cancel();
        w->take();
        store.put("/e", obj(6));
        QCOMPARE(notified, 3);   // cancelled: silent

        int quiet = 0;
        auto q = store.watch(KeyRange::prefix("/"), 0, [&] { ++quiet; }).watcher;
        QCOMPARE(quiet, 0);      // nothing replayed: no notify
        Q_UNUSED(q);
    }

    // The callback may drain the watcher (and read the store) right away.
    void testNotifyMayTakeAndRead()
    {
        KvStore store;
        std::vector<WatchEvent> got;
        std::shared_ptr<Watcher> w;
        qint64 seenRevision = 0;
        w = store.watch(KeyRange::prefix("/"), 0, [&] {
                      for (auto &e : w->take())
                          got.push_back(std::move(e));
                      seenRevision = store.range(KeyRange::prefix("/")).revision;
                  }).watcher;
        store.put("/a", obj(1));
        store.put("/a", obj(2));
        QCOMPARE(dump(got), (QStringList{"PUT@2.0 /a v1 prev0", "PUT@3.0 /a v2 prev2"}));
        QCOMPARE(seenRevision, 3);
    }

    void testWaitTake()
    {
        KvStore store;
        auto w = store.watch(KeyRange::prefix("/")).watcher;
        QVERIFY(w->waitTake(0ms).empty());
        std::thread writer([&] { store.put("/a", obj(1)); });
        const auto events = w->waitTake(30s);   // returns as soon as the put lands
        writer.join();
        QCOMPARE(dump(events), (QStringList{"PUT@2.0 /a v1 prev0"}));
    }

    void testStoreDestructionCancels()
    {
        std::shared_ptr<Watcher> w;
        {
            KvStore store;
            w = store.watch(KeyRange::prefix("/")).watcher;
        }
        QVERIFY(w->isCancelled());
        QVERIFY(w->waitTake(10s).empty());
    }
};

QTEST_GUILESS_MAIN(TestWatch)
#include "tst_watch.moc"
