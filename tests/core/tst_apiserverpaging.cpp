// SPDX-License-Identifier: Apache-2.0
// LIST with limit and continue read in chunks (issue #17: a page of 500 pods out of 100,000
// read every pod of the namespace): every way of paging gives the unpaged list, page by page, at
// the first page's revision, with the selectors applied as before.
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;
using rlab::test::ApiFixture;

class TestApiServerPaging : public QObject
{
    Q_OBJECT

private:
    // Pods pod-0000.. with app=a on every `every`-th (else app=b), on node-(i % 4).
    static void createPods(ApiFixture &f, int count, int every)
    {
        for (int i = 0; i < count; ++i) {
            auto pod = test::makePod(QStringLiteral("pod-%1").arg(i, 4, 10, QLatin1Char('0')),
                                     QStringLiteral("node-%1").arg(i % 4));
            pod->metadata.labels.insert(QStringLiteral("app"), i % every == 0 ? QStringLiteral("a") : QStringLiteral("b"));
            const auto r = f.api.create(pod);
            QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        }
    }
    static QStringList names(const QList<ObjectPtr> &items)
    {
        QStringList out;
        for (const ObjectPtr &o : items)
            out << o->metadata.name;
        return out;
    }

private slots:
    void pagesMakeTheWholeList_data()
    {
        QTest::addColumn<int>("pods");
        QTest::addColumn<int>("every");
        QTest::addColumn<QString>("labelSelector");
        QTest::addColumn<QString>("fieldSelector");
        QTest::addColumn<int>("limit");
        QTest::newRow("limit 1, no selector") << 9 << 1 << QString() << QString() << 1;
        QTest::newRow("limit 500 of 1,200") << 1200 << 1 << QString() << QString() << 500;
        QTest::newRow("every third by label, limit 2") << 30 << 3 << QStringLiteral("app=a") << QString() << 2;
        QTest::newRow("sparse label: chunks double") << 1200 << 400 << QStringLiteral("app=a") << QString() << 2;
        QTest::newRow("label matches none") << 50 << 1 << QStringLiteral("app=none") << QString() << 5;
        QTest::newRow("field selector, limit 3") << 40 << 1 << QString() << QStringLiteral("spec.nodeName=node-1") << 3;
        QTest::newRow("both selectors, limit 4") << 90 << 2 << QStringLiteral("app=a") << QStringLiteral("spec.nodeName=node-2") << 4;
        QTest::newRow("limit above every pod") << 12 << 1 << QString() << QString() << 100;
        QTest::newRow("limit equals the pods") << 12 << 1 << QString() << QString() << 12;
    }

    void pagesMakeTheWholeList()
    {
        QFETCH(int, pods);
        QFETCH(int, every);
        QFETCH(QString, labelSelector);
        QFETCH(QString, fieldSelector);
        QFETCH(int, limit);
        ApiFixture f;
        createPods(f, pods, every);
        const ResourceType rt = f.rt(Kind::Pod);
        ListOptions all;
        all.labelSelector = labelSelector;
        all.fieldSelector = fieldSelector;
        const auto whole = f.api.list(rt, QStringLiteral("default"), all);
        QVERIFY(whole.ok());
        const QStringList expected = names(whole.value.items);

        ListOptions page = all;
        page.limit = limit;
        QStringList paged;
        qint64 listRevision = 0;
        for (int n = 0;; ++n) {
            const auto r = f.api.list(rt, QStringLiteral("default"), page);
            QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
            if (n == 0)
                listRevision = r.value.resourceVersion;
            QCOMPARE(r.value.resourceVersion, listRevision);
            QVERIFY(r.value.items.size() <= limit);
            paged << names(r.value.items);
            if (r.value.continueToken.isEmpty())
                break;
            QCOMPARE(r.value.items.size(), qsizetype(limit));   // only the last page is short
            // A pod written between pages is not in this list: it is read at the first revision.
            auto late = test::makePod(QStringLiteral("pod-late-%1").arg(n));
            late->metadata.labels.insert(QStringLiteral("app"), QStringLiteral("a"));
            QVERIFY(f.api.create(late).ok());
            page.continueToken = r.value.continueToken;
        }
        QCOMPARE(paged, expected);
    }

    void storeStopsAfterTheLimit()
    {
        ApiFixture f;
        createPods(f, 50, 1);
        store::RangeOptions o;
        o.limit = 10;
        const store::KeyRange pods = store::KeyRange::prefix(QByteArrayLiteral("/registry/pods/default/"));
        const store::RangeResult counted = f.store.range(pods, o);
        QCOMPARE(counted.count, qint64(50));   // etcd: count is the whole range's
        o.stopAfterLimit = true;
        const store::RangeResult stopped = f.store.range(pods, o);
        QCOMPARE(stopped.kvs.size(), std::size_t(10));
        QCOMPARE(stopped.count, qint64(11));   // walked one key past the limit, no further
        QVERIFY(stopped.more);
        QCOMPARE(stopped.kvs.back().key, counted.kvs.back().key);
        o.limit = 50;
        QVERIFY(!f.store.range(pods, o).more);   // exactly the range: nothing follows
        // A filter (the API server's selectors) counts and copies only what it accepts.
        o.limit = 0;
        o.filter = [](const Object &obj) { return obj.metadata.name.endsWith(QLatin1Char('7')); };
        const store::RangeResult sevens = f.store.range(pods, o);
        QCOMPARE(sevens.count, qint64(5));
        QCOMPARE(sevens.kvs.size(), std::size_t(5));
        QCOMPARE(sevens.kvs.front().key, QByteArrayLiteral("/registry/pods/default/pod-0007"));
    }
};

QTEST_GUILESS_MAIN(TestApiServerPaging)
#include "tst_apiserverpaging.moc"
