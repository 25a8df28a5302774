// The watch cache's trigger-field index (issue #16): a pod watch with fieldSelector
// spec.nodeName=X (a kubelet's) is filed under X, so a pod write reaches only the watches of
// its old and new node plus the unindexed ones, and each ApiWatch still sees what upstream's
// filtering gives: a bind is ADDED for the new node's watch and DELETED for the watch of
// unassigned pods (spec.nodeName=), a deletion DELETED for its node. The store counts the
// watchers each write was handed to filter and the events appended: both are asserted exactly.
#include "core/apiserver/apiserver.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;

namespace {
std::shared_ptr<ApiWatch> watchPods(test::ApiFixture &f, const QString &fieldSelector)
{
    ListOptions lo;
    lo.fieldSelector = fieldSelector;
    lo.resourceVersion = QString::number(f.api.currentRevision());   // from now on, no initial list
    auto r = f.api.watch(f.rt(Kind::Pod), QStringLiteral("default"), lo);
    return r.ok() ? r.value : nullptr;
}

// "ADDED p-3" ... for the events of one watch.
QStringList dump(const std::vector<ApiWatchEvent> &events)
{
    QStringList out;
    for (const ApiWatchEvent &e : events)
        out << QStringLiteral("%1 %2").arg(QLatin1String(ApiWatchEvent::typeName(e.type)), e.object->metadata.name);
    return out;
}
} // namespace

class TestWatchIndex : public QObject
{
    Q_OBJECT
private slots:
    void podWritesReachOnlyTheirNodesWatches()
    {
        constexpr int kNodes = 10, kPods = 20;
        test::ApiFixture f;
        QList<std::shared_ptr<ApiWatch>> nodeWatches;
        for (int n = 0; n < kNodes; ++n)
            nodeWatches << watchPods(f, QStringLiteral("spec.nodeName=node-%1").arg(n));
        const auto unassigned = watchPods(f, QStringLiteral("spec.nodeName="));   // the scheduler's view
        const auto all = watchPods(f, QString());                                  // unindexed
        const auto notNode0 = watchPods(f, QStringLiteral("spec.nodeName!=node-0"));   // != is not indexable
        for (const auto &w : nodeWatches)
            QVERIFY(w);
        QVERIFY(unassigned && all && notNode0);
        const store::StoreStats before = f.store.stats();
        QCOMPARE(before.watchers, qint64(kNodes + 3));

        for (int p = 0; p < kPods; ++p)
            QVERIFY(f.api.create(test::makePod(QStringLiteral("p-%1").arg(p))).ok());
        for (int p = 0; p < kPods; ++p)
            QVERIFY(f.api.bind(QStringLiteral("default"), QStringLiteral("p-%1").arg(p), QStringLiteral("node-%1").arg(p % kNodes)).ok());
        DeleteOptions now;
        now.gracePeriodSeconds = 0;
        for (int p = 0; p < kPods; ++p)
            QVERIFY(f.api.remove(f.rt(Kind::Pod), QStringLiteral("default"), QStringLiteral("p-%1").arg(p), now).ok());
        const qint64 writes = f.store.stats().revision - before.revision;
        QCOMPARE(writes, qint64(3 * kPods));   // create, bind, delete

        // Semantics: what each watch sees is what filtering every event would give.
        for (int n = 0; n < kNodes; ++n) {
            const QString a = QStringLiteral("p-%1").arg(n), b = QStringLiteral("p-%1").arg(n + kNodes);
            QCOMPARE(dump(nodeWatches[n]->take()),
                     (QStringList{QStringLiteral("ADDED ") + a, QStringLiteral("ADDED ") + b,
                                  QStringLiteral("DELETED ") + a, QStringLiteral("DELETED ") + b}));
        }
        const QStringList scheduler = dump(unassigned->take());
        QCOMPARE(scheduler.size(), 2 * kPods);
        QCOMPARE(scheduler.first(), QStringLiteral("ADDED p-0"));
        QCOMPARE(scheduler.at(kPods), QStringLiteral("DELETED p-0"));   // bound: no longer unassigned
        QCOMPARE(all->take().size(), std::size_t(3 * kPods));
        const QStringList others = dump(notNode0->take());
        // p-0 and p-10 leave it at their bind to node-0 (DELETED then) and their deletion is not seen.
        QCOMPARE(others.size(), 3 * kPods - 2);
        QCOMPARE(others.count(QStringLiteral("DELETED p-0")), 1);
        QCOMPARE(others.count(QStringLiteral("MODIFIED p-0")), 0);

        // The work: every write is handed to the 2 unindexed watches; a create also to the
        // spec.nodeName= watch, a bind to it and its new node's, a delete to its node's only.
        const store::StoreStats after = f.store.stats();
        QCOMPARE(after.watcherVisits - before.watcherVisits, qint64(kPods * (3 + 4 + 3)));
        // Without the index it would be every watch for every write: 13 x 60 = 780.
        QVERIFY(after.watcherVisits - before.watcherVisits < qint64(kNodes + 3) * writes);
        // Events appended: unindexed 60 each, spec.nodeName= 40 (create + bind), 4 per node.
        QCOMPARE(after.eventsDelivered - before.eventsDelivered, qint64(2 * 3 * kPods + 2 * kPods + 4 * kNodes));
    }

    // A write outside an unindexed watch's key range (a Deployment while only pods are watched,
    // like the Events of a busy lab) is not handed to it at all; one inside still is.
    void aWriteOutsideAWatchsRangeVisitsNoWatcher()
    {
        test::ApiFixture f;
        const auto pods = watchPods(f, QString());
        QVERIFY(pods);
        const store::StoreStats before = f.store.stats();
        QVERIFY(f.api.create(test::makeDeployment(QStringLiteral("web"))).ok());
        const store::StoreStats afterDeployment = f.store.stats();
        QCOMPARE(afterDeployment.revision, before.revision + 1);
        QCOMPARE(afterDeployment.watcherVisits, before.watcherVisits);
        QVERIFY(f.api.create(test::makePod(QStringLiteral("p"))).ok());
        QCOMPARE(f.store.stats().watcherVisits, afterDeployment.watcherVisits + 1);
        QCOMPARE(dump(pods->take()), QStringList{QStringLiteral("ADDED p")});
    }

    void anIndexedWatchFromAnOldRevisionReplaysOnlyItsNode()
    {
        test::ApiFixture f;
        const qint64 start = f.api.currentRevision();
        QVERIFY(f.api.create(test::makePod(QStringLiteral("a"), QStringLiteral("node-1"))).ok());
        QVERIFY(f.api.create(test::makePod(QStringLiteral("b"), QStringLiteral("node-2"))).ok());
        QVERIFY(f.api.create(test::makePod(QStringLiteral("c"), QStringLiteral("node-1"))).ok());
        const qint64 delivered = f.store.stats().eventsDelivered;
        ListOptions lo;
        lo.fieldSelector = QStringLiteral("spec.nodeName=node-1");
        lo.resourceVersion = QString::number(start);
        const auto w = f.api.watch(f.rt(Kind::Pod), QStringLiteral("default"), lo).value;
        QCOMPARE(dump(w->take()), (QStringList{QStringLiteral("ADDED a"), QStringLiteral("ADDED c")}));
        QCOMPARE(f.store.stats().eventsDelivered - delivered, qint64(2));
    }
};

QTEST_GUILESS_MAIN(TestWatchIndex)
#include "tst_watchindex.moc"
