// SPDX-License-Identifier: Apache-2.0
// KvStore compare and transactions (etcd's Txn): compare targets and values, the patterns
// kube-apiserver's etcd3 store uses (create-if-absent, update-if-unchanged, delete), one revision
// for many operations, read-only transactions, rejected transactions.
#include "core/store/kvstore.h"
#include "tests/core/kvstoretesthelpers.h"
#include "tests/testutil/testobject.h"

#include <QJsonObject>
#include <QTest>

using namespace rlab;
using namespace rlab::store;
using namespace rlab::test::kv;
using test::obj;
class TestKvStoreTxn : public QObject
{
    Q_OBJECT

private slots:
    void testCompare_data()
    {
        QTest::addColumn<int>("target");
        QTest::addColumn<int>("result");
        QTest::addColumn<qint64>("number");
        QTest::addColumn<bool>("onMissingKey");
        QTest::addColumn<bool>("wsucceeded");
        // The key: created at 2, modified at 3, version 2.
        using C = Compare;
        QTest::newRow("modRevision == current") << int(C::ModRevision) << int(C::Equal) << qint64(3) << false << true;
        QTest::newRow("modRevision == stale") << int(C::ModRevision) << int(C::Equal) << qint64(2) << false << false;
        QTest::newRow("modRevision != stale") << int(C::ModRevision) << int(C::NotEqual) << qint64(2) << false << true;
        QTest::newRow("modRevision > 2") << int(C::ModRevision) << int(C::Greater) << qint64(2) << false << true;
        QTest::newRow("modRevision < 3") << int(C::ModRevision) << int(C::Less) << qint64(3) << false << false;
        QTest::newRow("createRevision == 2") << int(C::CreateRevision) << int(C::Equal) << qint64(2) << false << true;
        QTest::newRow("createRevision == 0 on existing") << int(C::CreateRevision) << int(C::Equal) << qint64(0) << false << false;
        QTest::newRow("createRevision == 0 on missing") << int(C::CreateRevision) << int(C::Equal) << qint64(0) << true << true;
        QTest::newRow("modRevision == 0 on missing") << int(C::ModRevision) << int(C::Equal) << qint64(0) << true << true;
        QTest::newRow("version == 2") << int(C::Version) << int(C::Equal) << qint64(2) << false << true;
        QTest::newRow("version > 0 on missing") << int(C::Version) << int(C::Greater) << qint64(0) << true << false;
        QTest::newRow("version < 5") << int(C::Version) << int(C::Less) << qint64(5) << false << true;
    }

    void testCompare()
    {
        QFETCH(int, target);
        QFETCH(int, result);
        QFETCH(qint64, number);
        QFETCH(bool, onMissingKey);
        QFETCH(bool, wsucceeded);
        KvStore store;
        run(store, {"put /k 1", "put /k 2", "put /other 3"});
        const QByteArray key = onMissingKey ? "/missing" : "/k";
        const Compare c{key, Compare::Target(target), Compare::Result(result), number, {}};
        const TxnResponse r = store.txn({{c}, {Op::put("/flag", obj(1))}, {Op::get(key)}});
        QVERIFY(r.ok());
        QCOMPARE(r.succeeded, wsucceeded);
        QCOMPARE(r.revision, wsucceeded ? 5 : 4);   // only the success branch writes
        QCOMPARE(r.responses.size(), std::size_t(1));
        QCOMPARE(r.responses[0].type, wsucceeded ? Op::Put : Op::Range);
    }

    void testCompareValue()
    {
        KvStore store;
        const api::ObjectPtr v = obj(7);
        store.put("/k", v);
        auto holds = [&](const Compare &c) { return store.txn({{c}, {}, {}}).succeeded; };
        QVERIFY(holds(Compare::valueIs("/k", Compare::Equal, v)));          // same object
        QVERIFY(holds(Compare::valueIs("/k", Compare::Equal, obj(7))));     // same bytes
        QVERIFY(!holds(Compare::valueIs("/k", Compare::Equal, obj(8))));
        QVERIFY(holds(Compare::valueIs("/k", Compare::NotEqual, obj(8))));
        QVERIFY(holds(Compare::valueIs("/k", Compare::Less, obj(8))));      // {"v":7} < {"v":8}
        QVERIFY(!holds(Compare::valueIs("/missing", Compare::NotEqual, obj(8))));   // etcd rule
        QVERIFY(holds(Compare::exists("/k")));
        QVERIFY(holds(Compare::absent("/missing")));
        QVERIFY(!holds(Compare::exists("/missing")));
        QCOMPARE(store.revision(), 2);   // compares alone never write
    }

    // The kube-apiserver patterns the API layer builds on.
    void testKubePatterns()
    {
        KvStore store;
        const QByteArray key = kWeb;

        TxnResponse created = store.txn(TxnRequest::createIfAbsent(key, obj(1)));
        QVERIFY(created.succeeded);
        QCOMPARE(dump(created.firstKv()), QString::fromUtf8(key) + " c2 m2 v1 =1");
        QCOMPARE(created.responses[0].revision, (Revision{2, 0}));

        TxnResponse again = store.txn(TxnRequest::createIfAbsent(key, obj(2)));
        QVERIFY(!again.succeeded);   // AlreadyExists; the current object comes back
        QCOMPARE(valueOf(again.firstKv()), 1);
        QCOMPARE(again.revision, 2);

        TxnResponse updated = store.txn(TxnRequest::updateIfModRevision(key, 2, obj(3)));
        QVERIFY(updated.succeeded);
        QCOMPARE(updated.firstKv().modRevision, 3);
        QCOMPARE(updated.firstKv().version, 2);

        TxnResponse conflict = store.txn(TxnRequest::updateIfModRevision(key, 2, obj(4)));
        QVERIFY(!conflict.succeeded);   // stale resourceVersion: 409 Conflict, retry from kv
        QCOMPARE(conflict.firstKv().modRevision, 3);
        QCOMPARE(valueOf(conflict.firstKv()), 3);

        // The ValueFn sees the revision it will be stored at (to stamp resourceVersion).
        qint64 seen = 0;
        TxnResponse stamped = store.txn(TxnRequest::updateIfModRevision(key, 3, [&](qint64 rev) {
            seen = rev;
            return obj(rev * 100);
        }));
        QVERIFY(stamped.succeeded);
        QCOMPARE(seen, 4);
        QCOMPARE(valueOf(stamped.firstKv()), 400);
        QCOMPARE(valueOf(store.range(KeyRange::single(key)).kvs.at(0)), 400);

        TxnResponse staleDelete = store.txn(TxnRequest::deleteIfModRevision(key, 3));
        QVERIFY(!staleDelete.succeeded);
        QCOMPARE(staleDelete.firstKv().modRevision, 4);

        TxnResponse deleted = store.txn(TxnRequest::deleteIfModRevision(key, 4));
        QVERIFY(deleted.succeeded);
        QCOMPARE(deleted.responses[0].deleted, 1);
        QCOMPARE(valueOf(deleted.responses[0].prevKvs.at(0)), 400);
        QCOMPARE(deleted.revision, 5);

        TxnResponse missing = store.txn(TxnRequest::deleteIfModRevision(key, 4));
        QVERIFY(!missing.succeeded);   // NotFound: the else branch finds nothing
        QVERIFY(!missing.firstKv().isValid());
        QCOMPARE(missing.revision, 5);
    }

    void testTxnOneRevisionManySubs()
    {
        KvStore store;
        store.put("/a", obj(1));
        const TxnResponse r = store.txn({{Compare::exists("/a")},
                                         {Op::put("/b", obj(2)), Op::put("/c", obj(3)),
                                          Op::deleteRange(KeyRange::single("/a")),
                                          Op::range(KeyRange::prefix("/"))},
                                         {}});
        QVERIFY(r.succeeded);
        QCOMPARE(r.revision, 3);
        QCOMPARE(r.responses[0].revision, (Revision{3, 0}));
        QCOMPARE(r.responses[1].revision, (Revision{3, 1}));
        QCOMPARE(r.responses[2].deleted, 1);
        QCOMPARE(store.history("/a").back().revision, (Revision{3, 2}));
        // Later ops see earlier writes of the same txn.
        QCOMPARE(dump(r.responses[3].kvs), (QStringList{"/b c3 m3 v1 =2", "/c c3 m3 v1 =3"}));
        // A read at revision 2 sees none of them.
        QCOMPARE(dump(store.range(KeyRange::prefix("/"), {.rev = 2}).kvs), (QStringList{"/a c2 m2 v1 =1"}));
    }

    void testTxnReadOnlyKeepsRevision()
    {
        KvStore store;
        store.put("/a", obj(1));
        const TxnResponse r = store.txn({{}, {Op::get("/a"), Op::deleteRange(KeyRange::single("/zz"))}, {}});
        QVERIFY(r.succeeded);   // no compares: success
        QCOMPARE(r.revision, 2);
        QCOMPARE(r.responses[0].kvs.size(), std::size_t(1));
        QCOMPARE(r.responses[1].deleted, 0);
        QCOMPARE(store.revision(), 2);
    }

    void testTxnRejected_data()
    {
        QTest::addColumn<int>("branch");   // ops, see below
        QTest::addColumn<StoreError>("werr");
        QTest::newRow("same key put twice") << 0 << StoreError::DuplicateKey;
        QTest::newRow("put inside a deleted range") << 1 << StoreError::DuplicateKey;
        QTest::newRow("empty key") << 2 << StoreError::EmptyKey;
        QTest::newRow("range at a future revision") << 3 << StoreError::FutureRev;
        QTest::newRow("range at a compacted revision") << 4 << StoreError::Compacted;
        QTest::newRow("overlapping deletes are fine") << 5 << StoreError::None;
    }

    void testTxnRejected()
    {
        QFETCH(int, branch);
        QFETCH(StoreError, werr);
        KvStore store;
        run(store, {"put /p/a 1", "put /p/b 2", "put /p/a 3", "compact 3"});
        const std::vector<Op> branches[] = {
            {Op::put("/x", obj(1)), Op::put("/x", obj(2))},
            {Op::put("/y", obj(1)), Op::put("/p/c", obj(2)), Op::deleteRange(KeyRange::prefix("/p/"))},
            {Op::put("/y", obj(1)), Op::put("", obj(2))},
            {Op::put("/y", obj(1)), Op::range(KeyRange::prefix("/"), {.rev = 5})},
            {Op::put("/y", obj(1)), Op::range(KeyRange::prefix("/"), {.rev = 2})},
            {Op::deleteRange(KeyRange::prefix("/p/")), Op::deleteRange(KeyRange::single("/p/a"))},
        };
        const TxnResponse r = store.txn({{}, branches[branch], {}});
        QCOMPARE(r.error, werr);
        if (werr == StoreError::None) {
            QCOMPARE(r.revision, 5);
            QCOMPARE(r.responses[0].deleted, 2);
            QCOMPARE(r.responses[1].deleted, 0);
            return;
        }
        // Nothing applied.
        QCOMPARE(r.revision, 4);
        QCOMPARE(store.revision(), 4);
        QCOMPARE(store.range(KeyRange::single("/y")).count, 0);
        QCOMPARE(r.compactRevision, werr == StoreError::Compacted ? 3 : 0);
    }

    // The write log (the bench floor's capture): every event a write makes, a transaction's
    // several in order, as a watcher of "/" hears them; nothing before start or after stop, and
    // none delivered to a watcher on its account.
    void writeLogKeepsWhatAWatcherOfEverythingHears()
    {
        KvStore store;
        run(store, {"put /a 0"});   // before the log: not in it
        store.startWriteLog();
        auto all = store.watch(KeyRange::prefix("/")).watcher;
        store.put("/a", obj(1));
        QVERIFY(store.txn({{}, {Op::put("/b", obj(2)), Op::put("/c", obj(3))}, {}}).ok());
        store.txn({{}, {Op::deleteRange(KeyRange::prefix("/b")), Op::put("/a", obj(4))}, {}});
        store.txn({{}, {Op::get("/a")}, {}});   // a read writes nothing
        const std::vector<WatchEvent> heard = all->take();
        const std::vector<WatchEvent> logged = store.takeWriteLog();
        QCOMPARE(logged.size(), std::size_t(5));
        QCOMPARE(logged.size(), heard.size());
        for (std::size_t i = 0; i < logged.size(); ++i) {
            QCOMPARE(logged[i].type, heard[i].type);
            QCOMPARE(logged[i].kv.key, heard[i].kv.key);
            QCOMPARE(logged[i].revision, heard[i].revision);
            QCOMPARE(logged[i].kv.value.get(), heard[i].kv.value.get());
        }
        QCOMPARE(logged[1].revision.main, logged[2].revision.main);   // one transaction
        QCOMPARE(logged[3].type, WatchEvent::Delete);
        QCOMPARE(store.stats().eventsDelivered, qint64(heard.size()));   // the log took none
        QVERIFY(store.takeWriteLog().empty());   // taken: gone
        store.put("/d", obj(5));
        store.stopWriteLog();   // drops what was not taken, and logs no more
        store.put("/e", obj(6));
        QVERIFY(store.takeWriteLog().empty());
        // Without watchers, the log alone still sees every write.
        KvStore alone;
        alone.startWriteLog();
        alone.put("/x", obj(1));
        alone.deleteRange(KeyRange::single("/x"));
        const std::vector<WatchEvent> two = alone.takeWriteLog();
        QCOMPARE(two.size(), std::size_t(2));
        QCOMPARE(two[1].type, WatchEvent::Delete);
    }

    // With a prefix, the log keeps the values of keys under it only: the others' events keep
    // their key, type and revision, and the log holds none of their objects.
    void writeLogKeepsValuesUnderItsPrefixOnly()
    {
        KvStore store;
        store.startWriteLog("/registry/pods/");
        const api::ObjectPtr pod = obj(1), event = obj(2);
        store.put("/registry/pods/default/p", pod);
        store.put("/registry/events/default/e", event);
        store.put("/registry/events/default/e", obj(3));   // its prevKv is `event`
        QCOMPARE(event.use_count(), 2);   // the test and the store's history: not the log
        const std::vector<WatchEvent> logged = store.takeWriteLog();
        QCOMPARE(logged.size(), std::size_t(3));
        QCOMPARE(logged[0].kv.key, QByteArray("/registry/pods/default/p"));
        QVERIFY(logged[0].kv.value == pod);
        QCOMPARE(logged[1].kv.key, QByteArray("/registry/events/default/e"));
        QCOMPARE(logged[1].type, WatchEvent::Put);
        QCOMPARE(logged[1].revision.main, qint64(3));
        QVERIFY(!logged[1].kv.value);
        QVERIFY(!logged[2].kv.value);
        QVERIFY(!logged[2].prevKv.value);
    }
};

QTEST_GUILESS_MAIN(TestKvStoreTxn)
#include "tst_kvstore_txn.moc"
