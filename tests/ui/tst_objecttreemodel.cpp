#include "core/api/codec.h"
#include "core/sim/cluster.h"
#include "tests/testutil/fixtures.h"
#include "ui/models/objecttreemodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Rows inserted mid-group are moved with memmove (the declaration is easy to lose in a refactor).
static_assert(QTypeInfo<ObjectTreeRow>::isRelocatable);

// The object tree, fed the way the window feeds it: a snapshot of "/registry/", then the
// events of a store watch that continues right after it, while objects are created, updated
// and deleted through the API server. QAbstractItemModelTester checks every signal.
class TestObjectTreeModel : public QObject
{
    Q_OBJECT

private:
    struct Fixture
    {
        Cluster cluster;
        ObjectTreeModel model;
        QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
        std::shared_ptr<store::Watcher> watcher;

        Fixture()
        {
            const auto range = store::KeyRange::prefix("/registry/");
            const store::RangeResult snap = cluster.store().range(range);
            model.reset(snap.kvs);
            watcher = cluster.store().watch(range, snap.revision + 1).watcher;
        }
        void drain() { model.apply(watcher->take()); }
        apiserver::ApiServer &api() { return cluster.api(); }
    };

    static QStringList rows(const ObjectTreeModel &m, ObjectTreeModel::Group g)
    {
        QStringList out;
        const QModelIndex parent = m.index(g, 0);
        for (int r = 0; r < m.rowCount(parent); ++r) {
            QStringList cells;
            for (int c = 0; c < ObjectTreeModel::ColumnCount; ++c)
                cells << m.data(m.index(r, c, parent)).toString();
            out << cells.join(QLatin1Char('|'));
        }
        return out;
    }

private slots:
    void testSnapshotHasNodesAndNamespaces()
    {
        Fixture f;
        QCOMPARE(f.model.rowCount(), int(ObjectTreeModel::GroupCount));
        QCOMPARE(f.model.objectCount(ObjectTreeModel::Nodes), 3);
        QCOMPARE(f.model.objectCount(ObjectTreeModel::Deployments), 0);
        QCOMPARE(f.model.objectCount(ObjectTreeModel::Other), 4);   // the four namespaces
        const QStringList nodes = rows(f.model, ObjectTreeModel::Nodes);
        QCOMPARE(nodes.size(), 3);
        QVERIFY2(nodes.first().startsWith(QLatin1String("node-1||")), qPrintable(nodes.first()));
        QVERIFY2(nodes.first().endsWith(QLatin1String("|Ready")), qPrintable(nodes.first()));
        QCOMPARE(f.model.data(f.model.index(ObjectTreeModel::Nodes, 0)).toString(), QStringLiteral("Nodes (3)"));
        const QString ns = rows(f.model, ObjectTreeModel::Other).first();
        QVERIFY2(ns.startsWith(QLatin1String("namespace/default||")) && ns.endsWith(QLatin1String("|Active")), qPrintable(ns));
    }

    void testCreateUpdateDelete_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("expectedOrder");
        QTest::newRow("one deployment") << QStringList{"web"} << QStringList{"web"};
        QTest::newRow("kept sorted by name") << QStringList{"web", "api", "zeta", "mid"}
                                             << QStringList{"api", "mid", "web", "zeta"};
    }

    void testCreateUpdateDelete()
    {
        QFETCH(QStringList, names);
        QFETCH(QStringList, expectedOrder);
        Fixture f;
        QSignalSpy inserted(&f.model, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&f.model, &QAbstractItemModel::modelReset);
        for (const QString &name : names)
            QVERIFY(f.api().create(test::makeDeployment(name, 3)).ok());
        f.drain();
        QCOMPARE(inserted.size(), names.size());
        QCOMPARE(reset.size(), 0);   // incremental, never a reset
        QStringList order;
        const QModelIndex deployments = f.model.index(ObjectTreeModel::Deployments, 0);
        for (int r = 0; r < f.model.rowCount(deployments); ++r)
            order << f.model.data(f.model.index(r, ObjectTreeModel::NameColumn, deployments)).toString();
        QCOMPARE(order, expectedOrder);

        // Update: same row, new resourceVersion, dataChanged, no insert.
        const ObjectRef ref{QStringLiteral("Deployment"), QStringLiteral("default"), names.first()};
        const QModelIndex before = f.model.indexOf(ref, ObjectTreeModel::RevisionColumn);
        QVERIFY(before.isValid());
        const QString oldRv = before.data().toString();
        auto d = std::static_pointer_cast<api::Deployment>(f.api().getAs<api::Deployment>("default", names.first())->clone());
        d->spec.replicas = 5;
        QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
        QVERIFY(f.api().update(d).ok());
        f.drain();
        QVERIFY(!changed.isEmpty());
        const QModelIndex after = f.model.indexOf(ref, ObjectTreeModel::RevisionColumn);
        QCOMPARE(after.row(), before.row());
        QVERIFY(after.data().toString() != oldRv);
        QCOMPARE(after.data().toString(), QString::number(f.cluster.store().revision()));
        QCOMPARE(f.model.indexOf(ref, ObjectTreeModel::StatusColumn).data().toString(),
                 QStringLiteral("0/5 ready · generation not observed yet"));
        QCOMPARE(inserted.size(), names.size());

        // Delete: the row goes away.
        QSignalSpy removed(&f.model, &QAbstractItemModel::rowsRemoved);
        QVERIFY(f.api().remove(apiserver::resources::byKind(api::Kind::Deployment), "default", names.first()).ok());
        f.drain();
        QCOMPARE(removed.size(), 1);
        QVERIFY(!f.model.indexOf(ref).isValid());
        QCOMPARE(f.model.objectCount(ObjectTreeModel::Deployments), int(names.size()) - 1);
        QCOMPARE(f.model.data(deployments).toString(), QStringLiteral("Deployments (%1)").arg(names.size() - 1));
    }

    // Deletes that follow each other (an Event TTL sweep removes hundreds at once) are removed
    // in runs of adjacent rows, not one row at a time: deleting d1, d2, d3 and d6 of d0..d7 is
    // two removals (d6, then d1..d3), and the rows left are the right ones.
    void testDeletesInARowAreRemovedInRuns()
    {
        Fixture f;
        for (int i = 0; i < 8; ++i)
            QVERIFY(f.api().create(test::makeDeployment(QStringLiteral("d%1").arg(i), 1)).ok());
        f.drain();
        QSignalSpy removed(&f.model, &QAbstractItemModel::rowsRemoved);
        for (const char *name : {"d2", "d6", "d1", "d3"})
            QVERIFY(f.api().remove(apiserver::resources::byKind(api::Kind::Deployment), "default", QString::fromLatin1(name)).ok());
        f.drain();
        QCOMPARE(removed.size(), 2);
        QCOMPARE(removed.at(0).at(1).toInt(), 6);
        QCOMPARE(removed.at(0).at(2).toInt(), 6);
        QCOMPARE(removed.at(1).at(1).toInt(), 1);
        QCOMPARE(removed.at(1).at(2).toInt(), 3);
        QStringList left;
        const QModelIndex deployments = f.model.index(ObjectTreeModel::Deployments, 0);
        for (int r = 0; r < f.model.rowCount(deployments); ++r)
            left << f.model.data(f.model.index(r, ObjectTreeModel::NameColumn, deployments)).toString();
        QCOMPARE(left, (QStringList{"d0", "d4", "d5", "d7"}));
        QCOMPARE(f.model.objectCount(ObjectTreeModel::Deployments), 4);
        const ObjectRef gone{QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("d2")};
        QVERIFY(!f.model.indexOf(gone).isValid());
        // A deleted name created again comes back as a new row.
        QVERIFY(f.api().create(test::makeDeployment(QStringLiteral("d2"), 1)).ok());
        f.drain();
        QVERIFY(f.model.indexOf(gone).isValid());
    }

    void testGroupsByKind()
    {
        Fixture f;
        QVERIFY(f.api().create(test::makeReplicaSet("web-abc")).ok());
        QVERIFY(f.api().create(test::makePod("web-abc-x1")).ok());
        auto cm = api::decodeObject(QJsonObject{{"apiVersion", "v1"},
                                                {"kind", "ConfigMap"},
                                                {"metadata", QJsonObject{{"name", "settings"}}},
                                                {"data", QJsonObject{{"k", "v"}}}});
        QVERIFY2(cm.object, qPrintable(cm.error));
        QVERIFY(f.api().create(cm.object).ok());
        f.drain();
        QCOMPARE(f.model.objectCount(ObjectTreeModel::ReplicaSets), 1);
        QCOMPARE(f.model.objectCount(ObjectTreeModel::Pods), 1);
        QCOMPARE(f.model.objectCount(ObjectTreeModel::Other), 5);
        const QModelIndex pod = f.model.indexOf({QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("web-abc-x1")},
                                                ObjectTreeModel::StatusColumn);
        QCOMPARE(pod.data().toString(), QStringLiteral("Pending · unscheduled"));
        const QModelIndex cmIndex = f.model.indexOf({QStringLiteral("ConfigMap"), QStringLiteral("default"), QStringLiteral("settings")});
        QVERIFY(cmIndex.isValid());
        QCOMPARE(cmIndex.data().toString(), QStringLiteral("configmap/settings"));
        QCOMPARE(f.model.index(cmIndex.row(), ObjectTreeModel::StatusColumn, cmIndex.parent()).data().toString(),
                 QStringLiteral("stored only (not simulated)"));
        QCOMPARE(f.model.etcdKey(cmIndex), QByteArray("/registry/configmaps/default/settings"));
        QCOMPARE(f.model.indexOfKey("/registry/configmaps/default/settings"), cmIndex);
    }

    void testResetAfterChanges()
    {
        Fixture f;
        QVERIFY(f.api().create(test::makeDeployment("web")).ok());
        f.drain();
        QCOMPARE(f.model.objectCount(ObjectTreeModel::Deployments), 1);
        f.model.reset({});
        QCOMPARE(f.model.objectCount(ObjectTreeModel::Deployments), 0);
        QCOMPARE(f.model.rowCount(f.model.index(ObjectTreeModel::Nodes, 0)), 0);
        QVERIFY(!f.model.indexOfKey("/registry/deployments/default/web").isValid());
    }
};

QTEST_MAIN(TestObjectTreeModel)
#include "tst_objecttreemodel.moc"
