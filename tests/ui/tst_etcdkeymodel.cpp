#include "core/sim/cluster.h"
#include "tests/testutil/fixtures.h"
#include "ui/models/etcdkeymodel.h"
#include "ui/models/highlightfade.h"
#include "ui/models/keyhistorymodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Rows inserted mid-list are moved with memmove (the declaration is easy to lose in a refactor).
static_assert(QTypeInfo<EtcdKeyRow>::isRelocatable);

// The etcd key list and the key history, fed from a real store while objects are created,
// updated and deleted through the API server; the highlight fade as a table.
class TestEtcdKeyModel : public QObject
{
    Q_OBJECT

private:
    struct Fixture
    {
        Cluster cluster;
        EtcdKeyModel model;
        QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
        std::shared_ptr<store::Watcher> watcher;

        Fixture()
        {
            const auto range = store::KeyRange::prefix("/registry/");
            const store::RangeResult snap = cluster.store().range(range);
            model.reset(snap.kvs, snap.revision);
            watcher = cluster.store().watch(range, snap.revision + 1).watcher;
        }
        void drain(qint64 nowMs) { model.apply(watcher->take(), nowMs); }
        apiserver::ApiServer &api() { return cluster.api(); }
        QList<qint64> row(const QByteArray &key) const
        {
            const int r = model.rowOfKey(key);
            if (r < 0)
                return {};
            QList<qint64> out;
            for (int c = EtcdKeyModel::CreateRevisionColumn; c <= EtcdKeyModel::VersionColumn; ++c)
                out << model.data(model.index(r, c)).toLongLong();
            return out;
        }
    };

    static const QByteArray kWeb;

private slots:
    void testSnapshotIsSortedAndComplete()
    {
        Fixture f;
        QCOMPARE(f.model.rowCount(), 7);   // 4 namespaces + 3 nodes
        QCOMPARE(f.model.revision(), f.cluster.store().revision());
        for (int r = 1; r < f.model.rowCount(); ++r)
            QVERIFY(f.model.keyAt(r - 1) < f.model.keyAt(r));
        QCOMPARE(f.model.keyAt(0), QByteArray("/registry/minions/node-1"));
        QCOMPARE(f.model.highlightedCount(), 0);
    }

    void testCreateUpdateDeleteRevisions()
    {
        Fixture f;
        QSignalSpy revisions(&f.model, &EtcdKeyModel::revisionChanged);
        QSignalSpy inserted(&f.model, &QAbstractItemModel::rowsInserted);

        QVERIFY(f.api().create(test::makeDeployment("web")).ok());
        const qint64 created = f.cluster.store().revision();
        f.drain(1000);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(f.row(kWeb), (QList<qint64>{created, created, 1}));
        QCOMPARE(f.model.revision(), created);
        QCOMPARE(revisions.size(), 1);
        QCOMPARE(revisions.last().at(0).toLongLong(), created);
        // Sorted: deployments come before minions and namespaces.
        QCOMPARE(f.model.keyAt(0), kWeb);

        auto d = std::static_pointer_cast<api::Deployment>(f.api().getAs<api::Deployment>("default", "web")->clone());
        d->spec.replicas = 7;
        QVERIFY(f.api().update(d).ok());
        const qint64 updated = f.cluster.store().revision();
        QVERIFY(updated > created);
        f.drain(1100);
        QCOMPARE(f.row(kWeb), (QList<qint64>{created, updated, 2}));
        QCOMPARE(inserted.size(), 1);

        QSignalSpy removed(&f.model, &QAbstractItemModel::rowsRemoved);
        QVERIFY(f.api().remove(apiserver::resources::byKind(api::Kind::Deployment), "default", "web").ok());
        f.drain(1200);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(f.model.rowOfKey(kWeb), -1);
        QCOMPARE(f.model.revision(), f.cluster.store().revision());
        QCOMPARE(f.model.rowCount(), 7);
    }

    // Deletes that follow each other (an Event TTL sweep) are removed in runs of adjacent rows:
    // four keys of which three are neighbours are two removals, and the keys left are right.
    void testDeletesInARowAreRemovedInRuns()
    {
        Fixture f;
        for (int i = 0; i < 8; ++i)
            QVERIFY(f.api().create(test::makeDeployment(QStringLiteral("d%1").arg(i), 1)).ok());
        f.drain(0);
        const int rows = f.model.rowCount();
        QSignalSpy removed(&f.model, &QAbstractItemModel::rowsRemoved);
        for (const char *name : {"d2", "d6", "d1", "d3"})
            QVERIFY(f.api().remove(apiserver::resources::byKind(api::Kind::Deployment), "default", QString::fromLatin1(name)).ok());
        f.drain(0);
        QCOMPARE(removed.size(), 2);
        QCOMPARE(f.model.rowCount(), rows - 4);
        QCOMPARE(f.model.rowOfKey("/registry/deployments/default/d2"), -1);
        QVERIFY(f.model.rowOfKey("/registry/deployments/default/d4") >= 0);
        QCOMPARE(f.model.rowOfKey("/registry/deployments/default/d4"), f.model.rowOfKey("/registry/deployments/default/d0") + 1);
        for (int r = 1; r < f.model.rowCount(); ++r)
            QVERIFY(f.model.keyAt(r - 1) < f.model.keyAt(r));
    }

    void testRecentWritesFade()
    {
        Fixture f;
        QVERIFY(f.api().create(test::makeDeployment("web")).ok());
        f.drain(10'000);
        const int r = f.model.rowOfKey(kWeb);
        auto strength = [&] { return f.model.data(f.model.index(f.model.rowOfKey(kWeb), 0), EtcdKeyModel::HighlightRole).toDouble(); };
        QCOMPARE(strength(), 1.0);
        QVERIFY(f.model.data(f.model.index(r, 0), Qt::BackgroundRole).isValid());
        QCOMPARE(f.model.highlightedCount(), 1);
        // An old key is not highlighted.
        QCOMPARE(f.model.data(f.model.index(f.model.rowOfKey("/registry/minions/node-1"), 0), EtcdKeyModel::HighlightRole).toDouble(), 0.0);

        QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
        f.model.tick(10'650);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(strength(), 0.5);
        f.model.tick(11'000);
        QCOMPARE(strength(), 0.0);
        QVERIFY(!f.model.data(f.model.index(r, 0), Qt::BackgroundRole).isValid());
        QCOMPARE(f.model.highlightedCount(), 0);
        changed.clear();
        f.model.tick(12'000);
        QCOMPARE(changed.size(), 0);   // nothing left to repaint
    }

    // Many keys fading at once (a burst of writes): one dataChanged per tick for the fade's
    // roles over every row, not one per key (each looked up per frame); the fade itself reads
    // as before, and once the last fade ended nothing more is signalled.
    void testManyFadingKeysOneChangePerTick()
    {
        Fixture f;
        for (int i = 0; i < 20; ++i)
            QVERIFY(f.api().create(test::makeDeployment(QStringLiteral("web-%1").arg(i))).ok());
        f.drain(10'000);
        QVERIFY(f.model.highlightedCount() >= 20);
        QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
        f.model.tick(10'650);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 0);
        QCOMPARE(changed.first().at(1).toModelIndex().row(), f.model.rowCount() - 1);
        QCOMPARE(changed.first().at(2).value<QList<int>>(), (QList<int>{Qt::BackgroundRole, EtcdKeyModel::HighlightRole}));
        const int r = f.model.rowOfKey("/registry/deployments/default/web-7");
        QCOMPARE(f.model.data(f.model.index(r, 0), EtcdKeyModel::HighlightRole).toDouble(), 0.5);
        f.model.tick(11'000);   // every fade ended: their last repaint
        QCOMPARE(changed.size(), 2);
        QCOMPARE(f.model.highlightedCount(), 0);
        f.model.tick(11'100);
        QCOMPARE(changed.size(), 2);
    }

    void testHighlightFade_data()
    {
        QTest::addColumn<qint64>("age");
        QTest::addColumn<double>("strength");
        QTest::newRow("just written") << qint64(0) << 1.0;
        QTest::newRow("held") << qint64(300) << 1.0;
        QTest::newRow("half way") << qint64(650) << 0.5;
        QTest::newRow("almost gone") << qint64(965) << 0.05;
        QTest::newRow("gone") << qint64(1000) << 0.0;
        QTest::newRow("long ago") << qint64(60'000) << 0.0;
        QTest::newRow("never written") << qint64(-1) << 0.0;
    }

    void testHighlightFade()
    {
        QFETCH(qint64, age);
        QFETCH(double, strength);
        const HighlightFade fade;
        QVERIFY2(qAbs(fade.strength(age) - strength) < 1e-9, qPrintable(QString::number(fade.strength(age))));
        const QColor c = fade.blend(QColor(255, 255, 255), QColor(0, 0, 0), age);
        QCOMPARE(c.red(), int(255 - 255 * strength + 0.5));
    }

    void testKeyHistory()
    {
        Fixture f;
        QVERIFY(f.api().create(test::makeDeployment("web")).ok());
        auto d = std::static_pointer_cast<api::Deployment>(f.api().getAs<api::Deployment>("default", "web")->clone());
        d->spec.replicas = 2;
        QVERIFY(f.api().update(d).ok());
        QVERIFY(f.api().remove(apiserver::resources::byKind(api::Kind::Deployment), "default", "web").ok());
        QVERIFY(f.api().create(test::makeDeployment("web")).ok());

        KeyHistoryModel history;
        QAbstractItemModelTester tester(&history, QAbstractItemModelTester::FailureReportingMode::QtTest);
        history.setHistory(kWeb, f.cluster.store().history(kWeb));
        QStringList rows;
        for (int r = 0; r < history.rowCount(); ++r)
            rows << QStringLiteral("%1 %2").arg(history.data(history.index(r, KeyHistoryModel::TypeColumn)).toString(),
                                                history.data(history.index(r, KeyHistoryModel::VersionColumn)).toString());
        QCOMPARE(rows, (QStringList{"PUT 1", "PUT 2", "DELETE –", "PUT 1"}));
        for (int r = 1; r < history.rowCount(); ++r)
            QVERIFY(history.data(history.index(r - 1, 0)).toLongLong() < history.data(history.index(r, 0)).toLongLong());
        QVERIFY(history.event(1).kv.bytes().contains("\"replicas\":2"));
        history.clear();
        QCOMPARE(history.rowCount(), 0);
    }
};

const QByteArray TestEtcdKeyModel::kWeb = QByteArrayLiteral("/registry/deployments/default/web");

QTEST_MAIN(TestEtcdKeyModel)
#include "tst_etcdkeymodel.moc"
