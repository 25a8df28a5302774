#include "tests/testutil/testobject.h"
#include "core/api/codec.h"
#include "core/store/keyindex.h"

#include <QJsonObject>
#include <QTest>

using namespace rlab;
using namespace rlab::store;

namespace {

using test::TestObject;
using test::obj;

// The key of etcd's key_index_test.go newTestKeyIndex():
//   {empty} {14.0, 15.1, 16.0(t)} {8.0, 10.0, 12.0(t)} {2.0, 4.0, 6.0(t)}
// Each put stores obj(main * 10 + sub).
KeyIndex testKeyIndex()
{
    KeyIndex ki("foo");
    ki.put({2, 0}, obj(20));
    ki.put({4, 0}, obj(40));
    ki.tombstone({6, 0});
    ki.put({8, 0}, obj(80));
    ki.put({10, 0}, obj(100));
    ki.tombstone({12, 0});
    ki.put({14, 0}, obj(140));
    ki.put({15, 1}, obj(151));
    ki.tombstone({16, 0});
    return ki;
}

// "c14 v3 [14.0 15.1 16.0]" per generation, oldest first; "{}" for an empty one.
QString dump(const KeyIndex &ki)
{
    QStringList gens;
    for (const auto &g : ki.generations()) {
        if (g.isEmpty()) {
            gens << QStringLiteral("{}");
            continue;
        }
        QStringList revs;
        for (const auto &e : g.revs)
            revs << QStringLiteral("%1.%2").arg(e.rev.main).arg(e.rev.sub);
        gens << QStringLiteral("c%1 v%2 [%3]").arg(g.created.main).arg(g.ver).arg(revs.join(u' '));
    }
    return gens.join(QStringLiteral(" | "));
}

struct CompactRow
{
    qint64 compact;
    const char *want;
};

// etcd TestKeyIndexCompactAndKeep: what compact(n) leaves of testKeyIndex(), whether applied
// to a fresh index or after compacting at every smaller n.
const CompactRow kCompactRows[] = {
    {1, "c2 v3 [2.0 4.0 6.0] | c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {2, "c2 v3 [2.0 4.0 6.0] | c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {3, "c2 v3 [2.0 4.0 6.0] | c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {4, "c2 v3 [4.0 6.0] | c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {5, "c2 v3 [4.0 6.0] | c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {6, "c2 v3 [6.0] | c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {7, "c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {8, "c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {9, "c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {10, "c8 v3 [10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {11, "c8 v3 [10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {12, "c8 v3 [12.0] | c14 v3 [14.0 15.1 16.0] | {}"},
    {13, "c14 v3 [14.0 15.1 16.0] | {}"},
    {14, "c14 v3 [14.0 15.1 16.0] | {}"},
    {15, "c14 v3 [15.1 16.0] | {}"},
    {16, "c14 v3 [16.0] | {}"},
    {17, "{}"},
};

} // namespace

class TestKeyIndex : public QObject
{
    Q_OBJECT

private slots:
    void testPut()
    {
        KeyIndex ki("foo");
        QVERIFY(ki.isEmpty());
        QVERIFY(!ki.isLive());
        ki.put({5, 0}, obj(1));
        QCOMPARE(dump(ki), QStringLiteral("c5 v1 [5.0]"));
        QCOMPARE(ki.modified(), (Revision{5, 0}));
        ki.put({7, 0}, obj(2));
        QCOMPARE(dump(ki), QStringLiteral("c5 v2 [5.0 7.0]"));
        QVERIFY(ki.isLive());
        QVERIFY(!ki.isEmpty());
    }

    void testTombstone()
    {
        KeyIndex ki("foo");
        ki.put({5, 0}, obj(1));
        QVERIFY(ki.tombstone({7, 0}));
        QCOMPARE(dump(ki), QStringLiteral("c5 v2 [5.0 7.0] | {}"));
        QVERIFY(!ki.isLive());

        ki.put({8, 0}, obj(2));
        ki.put({9, 0}, obj(3));
        QVERIFY(ki.tombstone({15, 0}));
        QCOMPARE(dump(ki), QStringLiteral("c5 v2 [5.0 7.0] | c8 v3 [8.0 9.0 15.0] | {}"));

        // etcd: tombstone on an empty generation is ErrRevisionNotFound and changes nothing.
        QVERIFY(!ki.tombstone({16, 0}));
        QCOMPARE(dump(ki), QStringLiteral("c5 v2 [5.0 7.0] | c8 v3 [8.0 9.0 15.0] | {}"));
        QCOMPARE(ki.modified(), (Revision{15, 0}));
    }

    void testGet_data()
    {
        QTest::addColumn<qint64>("rev");
        QTest::addColumn<bool>("wfound");
        QTest::addColumn<qint64>("wmodMain");
        QTest::addColumn<qint64>("wmodSub");
        QTest::addColumn<qint64>("wcreated");
        QTest::addColumn<qint64>("wver");
        // etcd TestKeyIndexGet, on testKeyIndex() compacted at 4.
        QTest::newRow("17 after last delete") << qint64(17) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("16 deleted") << qint64(16) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("15 gen 3, sub 1") << qint64(15) << true << qint64(15) << qint64(1) << qint64(14) << qint64(2);
        QTest::newRow("14 gen 3 created") << qint64(14) << true << qint64(14) << qint64(0) << qint64(14) << qint64(1);
        QTest::newRow("13 gap") << qint64(13) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("12 deleted") << qint64(12) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("11 gen 2") << qint64(11) << true << qint64(10) << qint64(0) << qint64(8) << qint64(2);
        QTest::newRow("10 gen 2") << qint64(10) << true << qint64(10) << qint64(0) << qint64(8) << qint64(2);
        QTest::newRow("9 gen 2") << qint64(9) << true << qint64(8) << qint64(0) << qint64(8) << qint64(1);
        QTest::newRow("8 gen 2 created") << qint64(8) << true << qint64(8) << qint64(0) << qint64(8) << qint64(1);
        QTest::newRow("7 gap") << qint64(7) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("6 deleted") << qint64(6) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("5 gen 1 kept by compact") << qint64(5) << true << qint64(4) << qint64(0) << qint64(2) << qint64(2);
        QTest::newRow("4 gen 1 kept by compact") << qint64(4) << true << qint64(4) << qint64(0) << qint64(2) << qint64(2);
        QTest::newRow("3 compacted") << qint64(3) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("2 compacted") << qint64(2) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("1 before") << qint64(1) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("0 before") << qint64(0) << false << qint64(0) << qint64(0) << qint64(0) << qint64(0);
    }

    void testGet()
    {
        QFETCH(qint64, rev);
        QFETCH(bool, wfound);
        QFETCH(qint64, wmodMain);
        QFETCH(qint64, wmodSub);
        QFETCH(qint64, wcreated);
        QFETCH(qint64, wver);
        KeyIndex ki = testKeyIndex();
        ki.compact(4);
        const auto found = ki.get(rev);
        QCOMPARE(found.has_value(), wfound);
        if (!found)
            return;
        QCOMPARE(found->modified, (Revision{wmodMain, wmodSub}));
        QCOMPARE(found->created, (Revision{wcreated, 0}));
        QCOMPARE(found->version, wver);
        // The value stored with that revision comes back.
        QCOMPARE(found->value->toJson().value(QStringLiteral("v")).toInteger(), wmodMain * 10 + wmodSub);
        const KeyValue kv = found->toKeyValue(ki.key());
        QCOMPARE(kv.key, QByteArray("foo"));
        QCOMPARE(kv.modRevision, wmodMain);
        QCOMPARE(kv.createRevision, wcreated);
        QCOMPARE(kv.version, wver);
    }

    void testSince_data()
    {
        QTest::addColumn<qint64>("rev");
        QTest::addColumn<QString>("wrevs");
        // etcd TestKeyIndexSince, on testKeyIndex() compacted at 4.
        const QString all = QStringLiteral("4.0 6.0 8.0 10.0 12.0 14.0 15.1 16.0");
        QTest::newRow("17") << qint64(17) << QString();
        QTest::newRow("16") << qint64(16) << QStringLiteral("16.0");
        QTest::newRow("15") << qint64(15) << QStringLiteral("15.1 16.0");
        QTest::newRow("14") << qint64(14) << QStringLiteral("14.0 15.1 16.0");
        QTest::newRow("13") << qint64(13) << QStringLiteral("14.0 15.1 16.0");
        QTest::newRow("12") << qint64(12) << QStringLiteral("12.0 14.0 15.1 16.0");
        QTest::newRow("11") << qint64(11) << QStringLiteral("12.0 14.0 15.1 16.0");
        QTest::newRow("10") << qint64(10) << QStringLiteral("10.0 12.0 14.0 15.1 16.0");
        QTest::newRow("9") << qint64(9) << QStringLiteral("10.0 12.0 14.0 15.1 16.0");
        QTest::newRow("8") << qint64(8) << QStringLiteral("8.0 10.0 12.0 14.0 15.1 16.0");
        QTest::newRow("7") << qint64(7) << QStringLiteral("8.0 10.0 12.0 14.0 15.1 16.0");
        QTest::newRow("6") << qint64(6) << QStringLiteral("6.0 8.0 10.0 12.0 14.0 15.1 16.0");
        QTest::newRow("5") << qint64(5) << QStringLiteral("6.0 8.0 10.0 12.0 14.0 15.1 16.0");
        for (qint64 r : {4, 3, 2, 1, 0})
            QTest::addRow("%lld", static_cast<long long>(r)) << r << all;
    }

    void testSince()
    {
        QFETCH(qint64, rev);
        QFETCH(QString, wrevs);
        KeyIndex ki = testKeyIndex();
        ki.compact(4);
        QStringList got;
        for (const Revision &r : ki.since(rev))
            got << QStringLiteral("%1.%2").arg(r.main).arg(r.sub);
        QCOMPARE(got.join(u' '), wrevs);
    }

    void testCompact_data()
    {
        QTest::addColumn<qint64>("compact");
        QTest::addColumn<QString>("want");
        for (const CompactRow &row : kCompactRows)
            QTest::addRow("compact(%lld)", static_cast<long long>(row.compact))
                << row.compact << QString::fromLatin1(row.want);
    }

    // Compacting a fresh index at n leaves the same as compacting at every 1..n in turn.
    void testCompact()
    {
        QFETCH(qint64, compact);
        QFETCH(QString, want);
        KeyIndex once = testKeyIndex();
        once.compact(compact);
        QCOMPARE(dump(once), want);

        KeyIndex stepwise = testKeyIndex();
        for (const CompactRow &row : kCompactRows) {
            if (row.compact > compact)
                break;
            stepwise.compact(row.compact);
            QCOMPARE(dump(stepwise), QString::fromLatin1(row.want));
        }
        QCOMPARE(once.isEmpty(), compact == 17);
    }

    // After a delete the next put opens a new generation: createRevision and version restart.
    void testRecreateRestartsVersion()
    {
        KeyIndex ki("web");
        ki.put({2, 0}, obj(1));
        ki.put({3, 0}, obj(2));
        ki.tombstone({4, 0});
        ki.put({5, 0}, obj(3));
        const auto at3 = ki.get(3);
        QVERIFY(at3);
        QCOMPARE(at3->version, 2);
        QCOMPARE(at3->created.main, 2);
        QVERIFY(!ki.get(4));
        const auto at5 = ki.get(5);
        QVERIFY(at5);
        QCOMPARE(at5->version, 1);
        QCOMPARE(at5->created.main, 5);
    }

    void testHistory()
    {
        const KeyIndex ki = testKeyIndex();
        const std::vector<WatchEvent> h = ki.history();
        QStringList got;
        for (const WatchEvent &e : h) {
            got << QStringLiteral("%1 %2.%3 c%4 v%5 prev%6")
                       .arg(QLatin1String(WatchEvent::typeName(e.type)))
                       .arg(e.revision.main).arg(e.revision.sub)
                       .arg(e.kv.createRevision).arg(e.kv.version)
                       .arg(e.prevKv.isValid() ? e.prevKv.modRevision : 0);
        }
        const QStringList want = {
            QStringLiteral("PUT 2.0 c2 v1 prev0"),    QStringLiteral("PUT 4.0 c2 v2 prev2"),
            QStringLiteral("DELETE 6.0 c0 v0 prev4"), QStringLiteral("PUT 8.0 c8 v1 prev0"),
            QStringLiteral("PUT 10.0 c8 v2 prev8"),   QStringLiteral("DELETE 12.0 c0 v0 prev10"),
            QStringLiteral("PUT 14.0 c14 v1 prev0"),  QStringLiteral("PUT 15.1 c14 v2 prev14"),
            QStringLiteral("DELETE 16.0 c0 v0 prev15"),
        };
        QCOMPARE(got, want);
        QVERIFY(h[1].isModify());
        QVERIFY(h[3].isCreate());
        QVERIFY(!h[2].kv.value);
        QCOMPARE(h[2].kv.modRevision, 6);
        QCOMPARE(h[2].prevKv.bytes(), QByteArray(R"({"v":40})"));
    }

    void testEventAt()
    {
        KeyIndex ki = testKeyIndex();
        ki.compact(6);   // gen 1 keeps only its tombstone: the delete event has no prevKv
        const auto del = ki.event({6, 0});
        QVERIFY(del);
        QCOMPARE(del->type, WatchEvent::Delete);
        QVERIFY(!del->prevKv.isValid());
        QVERIFY(!ki.event({4, 0}));   // compacted away
        QVERIFY(!ki.event({15, 0}));  // never existed (15.1 did)
        const auto put = ki.event({15, 1});
        QVERIFY(put);
        QCOMPARE(put->kv.version, 2);
        QCOMPARE(put->prevKv.modRevision, 14);
        QCOMPARE(ki.lastEvent().revision, (Revision{16, 0}));
        QCOMPARE(ki.lastEvent().type, WatchEvent::Delete);
    }
    // What restored() rebuilds from generations() answers as the index it came from, after any
    // compaction (the first generation keeps its ver and created once its oldest revisions go).
    void testRestoredRoundTrip_data() { testCompact_data(); }
    void testRestoredRoundTrip()
    {
        QFETCH(qint64, compact);
        QFETCH(QString, want);
        KeyIndex ki = testKeyIndex();
        ki.compact(compact);
        QString error;
        const std::optional<KeyIndex> back = KeyIndex::restored("foo", ki.generations(), &error);
        if (compact == 17) {
            QVERIFY(!back);
            QCOMPARE(error, QStringLiteral("no retained revision"));
            return;
        }
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(dump(*back), want);
        QCOMPARE(back->modified(), ki.modified());
        for (qint64 rev = 0; rev <= 17; ++rev) {
            const auto a = ki.get(rev);
            const auto b = back->get(rev);
            QCOMPARE(b.has_value(), a.has_value());
            if (a) {
                QCOMPARE(b->modified, a->modified);
                QCOMPARE(b->created, a->created);
                QCOMPARE(b->version, a->version);
            }
            QCOMPARE(back->since(rev), ki.since(rev));
        }
        const auto h1 = ki.history();
        const auto h2 = back->history();
        QCOMPARE(h2.size(), h1.size());
        for (std::size_t i = 0; i < h1.size(); ++i) {
            QCOMPARE(h2[i].revision, h1[i].revision);
            QCOMPARE(h2[i].kv.version, h1[i].kv.version);
            QCOMPARE(h2[i].kv.createRevision, h1[i].kv.createRevision);
            QCOMPARE(h2[i].prevKv.modRevision, h1[i].prevKv.modRevision);
        }
    }

    // compact(4) leaves generation 1 as {4.0, 6.0(t)}, created 2, ver 3: a version read there
    // still counts the put at 2; a copy answers the same, and so does compacting it further.
    void testTrimmedFirstGeneration()
    {
        KeyIndex ki = testKeyIndex();
        QCOMPARE(ki.compact(4), 0);   // unmetered puts
        const auto at5 = ki.get(5);
        QVERIFY(at5);
        QCOMPARE(at5->version, 2);
        QCOMPARE(at5->created, (Revision{2, 0}));
        const auto del = ki.event({6, 0});
        QVERIFY(del);
        QCOMPARE(del->prevKv.version, 2);
        QCOMPARE(del->prevKv.createRevision, 2);
        KeyIndex copy = ki;
        copy.compact(6);
        QCOMPARE(dump(copy), QStringLiteral("c2 v3 [6.0] | c8 v3 [8.0 10.0 12.0] | c14 v3 [14.0 15.1 16.0] | {}"));
        QCOMPARE(dump(ki), QString::fromLatin1(kCompactRows[3].want));
        copy.compact(13);
        QCOMPARE(dump(copy), QStringLiteral("c14 v3 [14.0 15.1 16.0] | {}"));
    }

    // A generation opened after compaction emptied the index starts afresh.
    void testPutAfterCompactedAway()
    {
        KeyIndex ki = testKeyIndex();
        ki.compact(17);
        QVERIFY(ki.isEmpty());
        ki.put({18, 0}, obj(180));
        QCOMPARE(dump(ki), QStringLiteral("c18 v1 [18.0]"));
        QCOMPARE(ki.get(18)->version, 1);
    }

    // Many versions in one generation (the block grows by doubling), compacted in the middle,
    // deleted, recreated: versions and bytes stay exact.
    void testManyVersions()
    {
        KeyIndex ki("web");
        for (qint64 r = 2; r <= 101; ++r)
            ki.put({r, 0}, obj(int(r)), 10);
        QCOMPARE(ki.bytes(), 1000);
        QCOMPARE(ki.get(101)->version, 100);
        QCOMPARE(ki.compact(51), 490);   // 2..50 go, 51 stays
        QCOMPARE(ki.bytes(), 510);
        QCOMPARE(ki.get(51)->version, 50);
        QVERIFY(!ki.get(50));
        QVERIFY(ki.tombstone({102, 0}));
        ki.put({103, 0}, obj(103), 7);
        QCOMPARE(ki.get(103)->version, 1);
        QCOMPARE(ki.get(101)->version, 100);
        QCOMPARE(ki.get(101)->created, (Revision{2, 0}));
        QCOMPARE(ki.lastEvent().kv.version, 1);
        QCOMPARE(ki.event({102, 0})->prevKv.version, 100);
        QCOMPARE(ki.compact(102), 510);   // 51..101 go, the tombstone at 102 stays
        QCOMPARE(dump(ki), QStringLiteral("c2 v101 [102.0] | c103 v1 [103.0]"));
        QCOMPARE(ki.bytes(), 7);
    }

    // A packed version survives a copy, and reads back equal.
    void testPackedCopy()
    {
        const QJsonObject json{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                               {QStringLiteral("kind"), QStringLiteral("Event")},
                               {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("e")}, {QStringLiteral("namespace"), QStringLiteral("default")}}},
                               {QStringLiteral("reason"), QStringLiteral("Started")}};
        KeyIndex ki("ev");
        ki.put({2, 0}, api::decodeObject(json).object);
        ki.put({3, 0}, api::decodeObject(json).object);
        QVERIFY(ki.packNewest(4));
        const KeyIndex copy = ki;
        QCOMPARE(copy.get(3)->value->toJsonBytes(), api::decodeObject(json).object->toJsonBytes());
        QCOMPARE(ki.get(3)->value->toJsonBytes(), api::decodeObject(json).object->toJsonBytes());
        const auto gens = copy.generations();
        QVERIFY(gens.front().revs.back().value == nullptr);
        QVERIFY(!gens.front().revs.back().isTombstone());
        QCOMPARE(copy.get(3)->version, 2);
    }

    // Only the oldest generation can have lost revisions to compaction: restored() refuses a
    // later one that is not whole, and an empty last one with a ver or created of its own.
    void testRestoredRefusesTrimmedLaterGeneration()
    {
        const auto gen = [](qint64 ver, Revision created, std::vector<std::pair<Revision, bool>> revs) {
            KeyIndex::Generation g;
            g.ver = ver;
            g.created = created;
            for (const auto &[rev, live] : revs)
                g.revs.push_back({rev, live ? obj(1) : nullptr, 0, {}});
            return g;
        };
        QString error;
        QVERIFY(KeyIndex::restored("k", {gen(5, {1, 0}, {{{3, 0}, true}, {{4, 0}, false}}), gen(1, {6, 0}, {{{6, 0}, true}})}, &error));
        QVERIFY(!KeyIndex::restored("k", {gen(2, {3, 0}, {{{3, 0}, true}, {{4, 0}, false}}), gen(2, {6, 0}, {{{6, 0}, true}})}, &error));
        QCOMPARE(error, QStringLiteral("generation 1 has ver 2, created 6.0, but 1 revisions from 6.0"));
        QVERIFY(!KeyIndex::restored("k", {gen(2, {3, 0}, {{{3, 0}, true}, {{4, 0}, false}}), gen(1, {5, 0}, {{{6, 0}, true}})}, &error));
        QVERIFY(!KeyIndex::restored("k", {gen(2, {3, 0}, {{{3, 0}, true}, {{4, 0}, false}}), gen(1, {}, {})}, &error));
        QCOMPARE(error, QStringLiteral("generation 1 is empty but has ver 1, created 0.0"));
        const auto ok = KeyIndex::restored("k", {gen(7, {1, 0}, {{{3, 0}, true}, {{4, 0}, false}}), gen(0, {}, {})}, &error);
        QVERIFY(ok);
        QCOMPARE(dump(*ok), QStringLiteral("c1 v7 [3.0 4.0] | {}"));
        QCOMPARE(ok->event({4, 0})->prevKv.version, 6);
    }
};

QTEST_GUILESS_MAIN(TestKeyIndex)
#include "tst_keyindex.moc"
