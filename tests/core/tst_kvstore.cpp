// SPDX-License-Identifier: Apache-2.0
// KvStore, the etcd-like MVCC store: revisions, put and delete results, ranges at a revision,
// limits and continuation, range errors, compaction, key history, key ranges. Compare and
// transactions: tst_kvstore_txn.cpp.
#include "core/store/kvstore.h"
#include "tests/core/kvstoretesthelpers.h"
#include "tests/testutil/testobject.h"

#include <QJsonObject>
#include <QTest>

#include <map>

using namespace rlab;
using namespace rlab::store;
using namespace rlab::test::kv;
using test::obj;
class TestKvStore : public QObject
{
    Q_OBJECT

private slots:
    void testFreshStore()
    {
        KvStore store;
        QCOMPARE(store.revision(), 1);
        QCOMPARE(store.compactRevision(), 0);
        const RangeResult r = store.range(KeyRange::prefix("/"));
        QVERIFY(r.ok());
        QCOMPARE(r.revision, 1);
        QCOMPARE(r.count, 0);
    }

    void testRevisions_data()
    {
        QTest::addColumn<QStringList>("script");
        QTest::addColumn<qint64>("wrev");
        QTest::addColumn<QStringList>("wkvs");
        QTest::newRow("first put is revision 2")
            << QStringList{"put /a 1"} << qint64(2) << QStringList{"/a c2 m2 v1 =1"};
        QTest::newRow("update bumps modRevision and version")
            << QStringList{"put /a 1", "put /a 2"} << qint64(3) << QStringList{"/a c2 m3 v2 =2"};
        QTest::newRow("each key has its own version")
            << QStringList{"put /a 1", "put /b 2", "put /a 3"} << qint64(4)
            << QStringList{"/a c2 m4 v2 =3", "/b c3 m3 v1 =2"};
        QTest::newRow("delete takes a revision")
            << QStringList{"put /a 1", "del /a"} << qint64(3) << QStringList{};
        QTest::newRow("delete of a missing key takes none")
            << QStringList{"put /a 1", "del /b", "del /a", "del /a"} << qint64(3) << QStringList{};
        QTest::newRow("recreate starts a new generation")
            << QStringList{"put /a 1", "put /a 2", "del /a", "put /a 3"} << qint64(5)
            << QStringList{"/a c5 m5 v1 =3"};
        QTest::newRow("prefix delete is one revision")
            << QStringList{"put /p/a 1", "put /p/b 2", "put /q 3", "delp /p/"} << qint64(5)
            << QStringList{"/q c4 m4 v1 =3"};
        QTest::newRow("keys come back in byte order")
            << QStringList{"put /b 1", "put /a/x 2", "put /a 3"} << qint64(4)
            << QStringList{"/a c4 m4 v1 =3", "/a/x c3 m3 v1 =2", "/b c2 m2 v1 =1"};
    }

    void testRevisions()
    {
        QFETCH(QStringList, script);
        QFETCH(qint64, wrev);
        QFETCH(QStringList, wkvs);
        KvStore store;
        run(store, script);
        QCOMPARE(store.revision(), wrev);
        const RangeResult r = store.range(KeyRange::prefix("/"));
        QCOMPARE(r.revision, wrev);
        QCOMPARE(dump(r.kvs), wkvs);
        QCOMPARE(r.count, qint64(wkvs.size()));
        QVERIFY(!r.more);
    }

    void testPutReturnsRevision()
    {
        KvStore store;
        QCOMPARE(store.put("/a", obj(1)), (Revision{2, 0}));
        QCOMPARE(store.put("/a", obj(2)), (Revision{3, 0}));
        QCOMPARE(store.put("", obj(3)), (Revision{}));        // refused
        QCOMPARE(store.put("/b", nullptr), (Revision{}));     // refused
        QCOMPARE(store.revision(), 3);
    }

    void testDeleteRangeResult()
    {
        KvStore store;
        run(store, {"put /p/a 1", "put /p/b 2", "put /q 3"});
        const DeleteResult d = store.deleteRange(KeyRange::prefix("/p/"));
        QCOMPARE(d.deleted, 2);
        QCOMPARE(d.revision, 5);
        QCOMPARE(dump(d.prevKvs), (QStringList{"/p/a c2 m2 v1 =1", "/p/b c3 m3 v1 =2"}));
        const DeleteResult none = store.deleteRange(KeyRange::prefix("/p/"));
        QCOMPARE(none.deleted, 0);
        QCOMPARE(none.revision, 5);
        // Both deletes of rev 5 are ordered by sub revision.
        const auto ha = store.history("/p/a");
        const auto hb = store.history("/p/b");
        QCOMPARE(ha.back().revision, (Revision{5, 0}));
        QCOMPARE(hb.back().revision, (Revision{5, 1}));
    }

    // setCountWrites: every put and delete of a key under the prefix moves countedWrites(),
    // through put, deleteRange and txn alike; other keys, a delete of nothing and reads do not.
    void countedWritesFollowThePrefix()
    {
        KvStore store;
        store.put("/registry/namespaces/default", obj(1));   // before counting: not counted
        store.setCountWrites("/registry/namespaces/");
        const qint64 start = store.countedWrites();
        store.put("/registry/pods/default/a", obj(1));
        store.put("/registry/namespaces", obj(1));            // the prefix without its '/'
        store.put("/registry/namespacesx/a", obj(1));         // differs in the last byte only
        QCOMPARE(store.countedWrites(), start);
        store.put("/registry/namespaces/kube-system", obj(2));
        QCOMPARE(store.countedWrites(), start + 1);
        store.deleteRange(KeyRange::single("/registry/namespaces/none"));   // nothing deleted
        (void)store.get("/registry/namespaces/default");
        QCOMPARE(store.countedWrites(), start + 1);
        store.txn({{}, {Op::put("/registry/namespaces/b", obj(3))}, {}});
        QCOMPARE(store.countedWrites(), start + 2);
        store.deleteRange(KeyRange::prefix("/registry/namespaces/"));   // three keys at one revision
        QCOMPARE(store.countedWrites(), start + 5);
        store.deleteRange(KeyRange::prefix("/registry/pods/"));
        QCOMPARE(store.countedWrites(), start + 5);
    }

    void testRangeAtRevision_data()
    {
        QTest::addColumn<qint64>("rev");
        QTest::addColumn<QStringList>("wkvs");
        const QString a1 = "/registry/pods/default/a c2 m2 v1 =1";
        const QString a3 = "/registry/pods/default/a c2 m4 v2 =3";
        const QString b2 = "/registry/pods/default/b c3 m3 v1 =2";
        const QString b5 = "/registry/pods/default/b c7 m7 v1 =5";
        QTest::newRow("1: before anything") << qint64(1) << QStringList{};
        QTest::newRow("2: a created") << qint64(2) << QStringList{a1};
        QTest::newRow("3: b created") << qint64(3) << QStringList{a1, b2};
        QTest::newRow("4: a updated") << qint64(4) << QStringList{a3, b2};
        QTest::newRow("5: b deleted") << qint64(5) << QStringList{a3};
        QTest::newRow("6: other prefix written") << qint64(6) << QStringList{a3};
        QTest::newRow("7: b recreated, new generation") << qint64(7) << QStringList{a3, b5};
        QTest::newRow("8: prefix deleted") << qint64(8) << QStringList{};
        QTest::newRow("0: now") << qint64(0) << QStringList{};
    }

    void testRangeAtRevision()
    {
        QFETCH(qint64, rev);
        QFETCH(QStringList, wkvs);
        KvStore store;
        buildHistory(store);
        const RangeResult r = store.range(KeyRange::prefix("/registry/pods/"), {.rev = rev});
        QVERIFY(r.ok());
        QCOMPARE(dump(r.kvs), wkvs);
        QCOMPARE(r.revision, 8);   // the header revision is always the current one
        // A single-key range agrees with the prefix range.
        const RangeResult one = store.range(KeyRange::single(kPodA), {.rev = rev});
        QCOMPARE(one.count, wkvs.filter("/a ").size());
    }

    void testRangeLimitAndContinue()
    {
        KvStore store;
        for (int i = 0; i < 5; ++i)
            store.put("/registry/pods/ns/p" + QByteArray::number(i), obj(i));
        store.put("/registry/pods0", obj(99));   // just past the prefix
        const QByteArray prefix = "/registry/pods/";

        const RangeResult page1 = store.range(KeyRange::prefix(prefix), {.limit = 2});
        QCOMPARE(page1.kvs.size(), std::size_t(2));
        QCOMPARE(page1.count, 5);
        QVERIFY(page1.more);

        // kube-apiserver's continue: from the last key + "\0" to the prefix end, at the same rev.
        const RangeResult page2 = store.range(
            KeyRange::interval(page1.kvs.back().key + '\0', prefixEnd(prefix)),
            {.rev = page1.revision, .limit = 10});
        QCOMPARE(page2.kvs.size(), std::size_t(3));
        QVERIFY(!page2.more);
        QCOMPARE(page2.kvs.front().key, QByteArray("/registry/pods/ns/p2"));

        const RangeResult counted = store.range(KeyRange::prefix(prefix), {.countOnly = true});
        QCOMPARE(counted.count, 5);
        QVERIFY(counted.kvs.empty());

        const RangeResult all = store.range(KeyRange::fromKey("/registry/pods/ns/p4"));
        QCOMPARE(all.count, 2);   // p4 and /registry/pods0
    }

    void testRangeErrors_data()
    {
        QTest::addColumn<qint64>("rev");
        QTest::addColumn<StoreError>("werr");
        QTest::addColumn<qint64>("wcompact");
        // History up to revision 8, compacted at 5.
        QTest::newRow("future") << qint64(9) << StoreError::FutureRev << qint64(0);
        QTest::newRow("current") << qint64(8) << StoreError::None << qint64(0);
        QTest::newRow("at compact revision") << qint64(5) << StoreError::None << qint64(0);
        QTest::newRow("before compact revision") << qint64(4) << StoreError::Compacted << qint64(5);
        QTest::newRow("long before") << qint64(1) << StoreError::Compacted << qint64(5);
        QTest::newRow("0 means now") << qint64(0) << StoreError::None << qint64(0);
    }

    void testRangeErrors()
    {
        QFETCH(qint64, rev);
        QFETCH(StoreError, werr);
        QFETCH(qint64, wcompact);
        KvStore store;
        buildHistory(store);
        QCOMPARE(store.compact(5), StoreError::None);
        const RangeResult r = store.range(KeyRange::prefix("/"), {.rev = rev});
        QCOMPARE(r.error, werr);
        QCOMPARE(r.compactRevision, wcompact);
        QCOMPARE(r.revision, 8);
    }

    void testCompaction()
    {
        KvStore store;
        buildHistory(store);
        QCOMPARE(store.compact(9), StoreError::FutureRev);
        QCOMPARE(store.compact(5), StoreError::None);
        QCOMPARE(store.compactRevision(), 5);
        QCOMPARE(store.compact(5), StoreError::Compacted);
        QCOMPARE(store.compact(3), StoreError::Compacted);

        // Range at the compact revision still sees what was live then.
        QCOMPARE(dump(store.range(KeyRange::prefix("/registry/pods/"), {.rev = 5}).kvs),
                 (QStringList{"/registry/pods/default/a c2 m4 v2 =3"}));
        // a keeps its version at 4 (the newest <= 5); b's first generation ended at 5: kept.
        QCOMPARE(store.history(kPodA).size(), std::size_t(2));    // put@4, delete@8
        QCOMPARE(store.history(kPodB).size(), std::size_t(3));    // delete@5, put@7, delete@8

        // Compacting past the last delete forgets deleted keys entirely.
        QCOMPARE(store.compact(8), StoreError::None);
        QVERIFY(!store.history(kPodA).empty());                     // the tombstone at 8 stays
        run(store, {"put /x 1"});                                    // revision 9
        QCOMPARE(store.compact(9), StoreError::None);
        QVERIFY(store.history(kPodA).empty());
        QVERIFY(store.history(kPodB).empty());
        const StoreStats s = store.stats();
        QCOMPARE(s.keys, 2);         // web and /x
        QCOMPARE(s.liveKeys, 2);
        QCOMPARE(s.compactRevision, 9);
        QCOMPARE(s.retainedRevisions, 1);   // the put at 9
    }

    // Compaction visits only the keys changed since the last one (the log's entries below the
    // compaction revision), not every key the store holds.
    void compactionVisitsOnlyTheKeysChangedSinceTheLastOne()
    {
        KvStore store;
        for (int i = 0; i < 1000; ++i)
            store.put("/registry/events/default/e" + QByteArray::number(i), obj(i));   // 2..1001
        QCOMPARE(store.compact(1001), StoreError::None);   // changes 2..1001: every key
        QCOMPARE(store.stats().compactionVisits, 1000);
        store.put("/registry/pods/default/a", obj(1));     // 1002
        store.put("/registry/pods/default/a", obj(2));     // 1003
        store.deleteRange(KeyRange::single("/registry/events/default/e7"));   // 1004
        store.put("/registry/pods/default/b", obj(3));     // 1005
        QCOMPARE(store.compact(1004), StoreError::None);   // 1001..1004: e999, a, e7
        QCOMPARE(store.stats().compactionVisits, 1000 + 3);
        QCOMPARE(store.history("/registry/events/default/e7").size(), std::size_t(1));   // its tombstone at 1004
        QCOMPARE(store.history("/registry/pods/default/a").size(), std::size_t(1));
        QCOMPARE(store.compact(1005), StoreError::None);   // 1004..1005: e7, b
        QCOMPARE(store.stats().compactionVisits, 1000 + 3 + 2);
        QVERIFY(store.history("/registry/events/default/e7").empty());
        QCOMPARE(store.stats().keys, 1000 + 2 - 1);
    }

    // Random puts, deletes and compactions over a few keys: each key's history is what etcd's
    // keyIndex.compact leaves — every change after the compaction revision, plus the version
    // visible at it (a put, or a delete made exactly at it).
    void compactionKeepsWhatEtcdKeeps()
    {
        struct Change
        {
            qint64 rev;
            bool put;
        };
        std::map<QByteArray, std::vector<Change>> model;
        KvStore store;
        quint32 seed = 12345;
        const auto next = [&seed](quint32 n) {
            seed = seed * 1103515245u + 12345u;
            return (seed >> 8) % n;
        };
        qint64 compacted = 0;
        for (int op = 0; op < 3000; ++op) {
            const QByteArray key = "/k/" + QByteArray::number(next(40));
            const quint32 what = next(100);
            if (what < 60) {
                const Revision r = store.put(key, obj(op));
                model[key].push_back({r.main, true});
            } else if (what < 95) {
                const DeleteResult d = store.deleteRange(KeyRange::single(key));
                if (d.deleted > 0)
                    model[key].push_back({d.revision, false});
            } else {
                const qint64 at = compacted + 1 + qint64(next(quint32(store.revision() - compacted)));
                QCOMPARE(store.compact(at), StoreError::None);
                compacted = at;
                for (auto &[k, changes] : model) {
                    std::vector<Change> kept;
                    for (std::size_t i = 0; i < changes.size(); ++i) {
                        // The version visible at `at` (the newest change <= at) stays when it
                        // is a put, or a delete exactly at `at`; a delete before it ends the key.
                        const bool visibleAt = changes[i].rev <= at && (i + 1 == changes.size() || changes[i + 1].rev > at);
                        if (changes[i].rev > at || (visibleAt && (changes[i].put || changes[i].rev == at)))
                            kept.push_back(changes[i]);
                    }
                    changes = kept;
                }
                std::erase_if(model, [](const auto &kv) { return kv.second.empty(); });
            }
        }
        QCOMPARE(store.stats().keys, qint64(model.size()));
        for (const auto &[key, changes] : model) {
            const std::vector<WatchEvent> h = store.history(key);
            QCOMPARE(h.size(), changes.size());
            for (std::size_t i = 0; i < h.size(); ++i) {
                QCOMPARE(h[i].revision.main, changes[i].rev);
                QCOMPARE(h[i].type == WatchEvent::Put, changes[i].put);
            }
        }
        QVERIFY(compacted > 0);
    }

    void testHistory()
    {
        KvStore store;
        buildHistory(store);
        const std::vector<WatchEvent> h = store.history(kPodB);
        QStringList got;
        for (const WatchEvent &e : h)
            got << QStringLiteral("%1@%2.%3 %4 bytes=%5 prev=%6")
                       .arg(QLatin1String(WatchEvent::typeName(e.type)))
                       .arg(e.revision.main).arg(e.revision.sub)
                       .arg(dump(e.kv), QString::fromUtf8(e.kv.bytes()))
                       .arg(e.prevKv.modRevision);
        QCOMPARE(got, (QStringList{
                          R"(PUT@3.0 /registry/pods/default/b c3 m3 v1 =2 bytes={"v":2} prev=0)",
                          R"(DELETE@5.0 /registry/pods/default/b c0 m5 v0 =-1 bytes= prev=3)",
                          R"(PUT@7.0 /registry/pods/default/b c7 m7 v1 =5 bytes={"v":5} prev=0)",
                          R"(DELETE@8.1 /registry/pods/default/b c0 m8 v0 =-1 bytes= prev=7)",
                      }));
        QVERIFY(store.history("/nope").empty());
    }

    void testKeyRange_data()
    {
        QTest::addColumn<QByteArray>("prefix");
        QTest::addColumn<QByteArray>("wend");
        QTest::newRow("pods") << QByteArray("/registry/pods/") << QByteArray("/registry/pods0");
        QTest::newRow("trailing 0xff") << QByteArray("a\xff") << QByteArray("b");
        QTest::newRow("all 0xff") << QByteArray("\xff\xff") << QByteArray(1, '\0');
        QTest::newRow("empty") << QByteArray() << QByteArray(1, '\0');
    }

    void testKeyRange()
    {
        QFETCH(QByteArray, prefix);
        QFETCH(QByteArray, wend);
        QCOMPARE(prefixEnd(prefix), wend);
        const KeyRange r = KeyRange::prefix(prefix);
        QVERIFY(r.isPrefix());
        QVERIFY(r.contains(prefix + "x"));
        QVERIFY(r.contains(prefix + "\xff"));
        if (!prefix.isEmpty())
            QVERIFY(!r.contains(wend));
        QVERIFY(KeyRange::single("/a").contains("/a"));
        QVERIFY(!KeyRange::single("/a").contains("/a/b"));
        QVERIFY(!KeyRange::single("/a").isPrefix());
    }

    // A range reads exactly the keys KeyRange::contains() admits, whatever its bounds, across
    // the KeyOrder's chunks (400 keys: several chunks of at most 127): the scan stops by position
    // at lowerBound(end), reading no key's bytes, and must agree with the byte comparison.
    void testRangeBoundsMatchContains_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QByteArray>("end");
        QTest::newRow("prefix of every pod") << QByteArray("/registry/pods/") << prefixEnd("/registry/pods/");
        QTest::newRow("prefix of one namespace") << QByteArray("/registry/pods/b/") << prefixEnd("/registry/pods/b/");
        QTest::newRow("prefix of nothing") << QByteArray("/registry/pods/zz/") << prefixEnd("/registry/pods/zz/");
        QTest::newRow("interval ending on a key") << QByteArray("/registry/pods/a/p010") << QByteArray("/registry/pods/c/p150");
        QTest::newRow("interval between keys") << QByteArray("/registry/pods/a/p0105") << QByteArray("/registry/pods/c/p1505");
        QTest::newRow("from a key to no end") << QByteArray("/registry/pods/c/p199") << QByteArray(1, '\0');
        QTest::newRow("from before every key") << QByteArray("/") << QByteArray(1, '\0');
        QTest::newRow("end before key: empty") << QByteArray("/registry/pods/c/") << QByteArray("/registry/pods/a/");
        QTest::newRow("end equal to key: empty") << QByteArray("/registry/pods/b/p100") << QByteArray("/registry/pods/b/p100");
        QTest::newRow("past every key") << QByteArray("/registry/zzz") << prefixEnd("/registry/zzz");
        QTest::newRow("everything under /registry/") << QByteArray("/registry/") << prefixEnd("/registry/");
    }
    void testRangeBoundsMatchContains()
    {
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, end);
        KvStore store;
        std::vector<QByteArray> keys;
        for (const char *ns : {"a", "b", "c", "d"})
            for (int i = 0; i < 100; ++i) {
                const QByteArray k = QByteArray("/registry/pods/") + ns + "/p" + QByteArray::number(100 + i).right(3);
                store.put(k, obj(1));
                keys.push_back(k);
            }
        store.put("/registry/services/a/s", obj(1));
        keys.push_back("/registry/services/a/s");
        const KeyRange range = KeyRange::interval(key, end);
        QList<QByteArray> want;
        for (const QByteArray &k : keys)
            if (range.contains(k))
                want << k;
        std::sort(want.begin(), want.end());
        const RangeResult r = store.range(range);
        QVERIFY(r.ok());
        QList<QByteArray> got;
        for (const KeyValue &kv : r.kvs)
            got << kv.key;
        QCOMPARE(got, want);
        QCOMPARE(r.count, qint64(want.size()));
        // A delete of the same range takes the same keys.
        const DeleteResult d = store.deleteRange(range);
        QCOMPARE(d.deleted, qint64(want.size()));
        QCOMPARE(store.range(range).count, 0);
    }
};

QTEST_GUILESS_MAIN(TestKvStore)
#include "tst_kvstore.moc"
