#include "core/store/kvstore.h"
#include "tests/testutil/testobject.h"

#include <QJsonObject>
#include <QTest>

using namespace rlab;
using namespace rlab::store;

namespace {

using test::TestObject;
using test::obj;

qint64 valueOf(const KeyValue &kv)
{
    return kv.value ? kv.value->toJson().value(QStringLiteral("v")).toInteger() : -1;
}

// "/a c2 m3 v2 =7": key, createRevision, modRevision, version, value.
QString dump(const KeyValue &kv)
{
    return QStringLiteral("%1 c%2 m%3 v%4 =%5")
        .arg(QString::fromUtf8(kv.key))
        .arg(kv.createRevision)
        .arg(kv.modRevision)
        .arg(kv.version)
        .arg(valueOf(kv));
}

QStringList dump(const std::vector<KeyValue> &kvs)
{
    QStringList out;
    for (const KeyValue &kv : kvs)
        out << dump(kv);
    return out;
}

// Runs a tiny script against the store: "put KEY V", "del KEY", "delp PREFIX", "compact N".
void run(KvStore &store, const QStringList &script)
{
    for (const QString &line : script) {
        const QStringList w = line.split(u' ');
        const QByteArray key = w.value(1).toUtf8();
        if (w[0] == QLatin1String("put"))
            store.put(key, obj(w[2].toLongLong()));
        else if (w[0] == QLatin1String("del"))
            store.deleteRange(KeyRange::single(key));
        else if (w[0] == QLatin1String("delp"))
            store.deleteRange(KeyRange::prefix(key));
        else if (w[0] == QLatin1String("compact"))
            QCOMPARE(store.compact(w[1].toLongLong()), StoreError::None);
        else
            QFAIL(qPrintable(QStringLiteral("bad script line: ") + line));
    }
}

const QByteArray kPodA = "/registry/pods/default/a";
const QByteArray kPodB = "/registry/pods/default/b";
const QByteArray kWeb = "/registry/deployments/default/web";

// r2 put a=1, r3 put b=2, r4 put a=3, r5 del b, r6 put web=4, r7 put b=5 (recreated),
// r8 deleteRange(prefix pods): a at {8,0}, b at {8,1}.
void buildHistory(KvStore &store)
{
    store.put(kPodA, obj(1));
    store.put(kPodB, obj(2));
    store.put(kPodA, obj(3));
    store.deleteRange(KeyRange::single(kPodB));
    store.put(kWeb, obj(4));
    store.put(kPodB, obj(5));
    store.deleteRange(KeyRange::prefix("/registry/pods/"));
}

} // namespace

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
};

QTEST_GUILESS_MAIN(TestKvStore)
#include "tst_kvstore.moc"
