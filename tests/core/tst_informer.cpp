// SPDX-License-Identifier: Apache-2.0
// SharedIndexInformer / Reflector against a real ApiServer + KvStore on a ManualClock, driven
// deterministically through processPending(): the initial list, watch events in order, one event
// per step, tracing, resuming after stop, relisting after an expired watch (tombstones).
// Handlers, listers and the factory: tst_informer_handlers.cpp.
#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/client/lister.h"
#include "core/client/sharedindexinformer.h"
#include "core/client/sharedinformerfactory.h"
#include "tests/core/informertesthelpers.h"

#include <QTest>

using namespace rlab;
using namespace rlab::client;
using namespace rlab::test::informer;
class TestInformer : public QObject
{
    Q_OBJECT

private slots:
    void testInitialListDeliversAdds()
    {
        InformerCluster c;
        const api::ObjectPtr web = c.create(QStringLiteral("web"));
        const api::ObjectPtr api = c.create(QStringLiteral("api"));
        SharedIndexInformer informer(c.client, deployments());
        auto rec = std::make_shared<Recorder>();
        const HandlerRegistration reg = informer.addEventHandler(rec);
        QVERIFY(!informer.hasSynced());
        QCOMPARE(informer.processPending(), qsizetype(0));   // not running yet
        informer.run(DriveMode::Deterministic);
        QVERIFY(!informer.hasSynced());
        QVERIFY(!reg.hasSynced());
        QVERIFY(informer.processPending() > 0);
        QVERIFY(informer.hasSynced());
        QVERIFY(reg.hasSynced());
        QCOMPARE(rec->take(), (QStringList{QStringLiteral("add default/api rv=%1 initial").arg(rv(api)),
                                           QStringLiteral("add default/web rv=%1 initial").arg(rv(web))}));
        QCOMPARE(informer.processPending(), qsizetype(0));   // idle
        QCOMPARE(informer.indexer().listKeys(), (QStringList{QStringLiteral("default/api"), QStringLiteral("default/web")}));
        QCOMPARE(informer.indexer().get(QStringLiteral("default/web")), web);   // the stored value itself
        QCOMPARE(informer.lastSyncResourceVersion(), c.api.currentRevision());
        QCOMPARE(c.watchersOf(deployments().etcdPrefix.toUtf8() + '/'), qsizetype(1));
    }

    void testEmptyListSyncs()
    {
        InformerCluster c;
        SharedIndexInformer informer(c.client, deployments());
        informer.run(DriveMode::Deterministic);
        QCOMPARE(informer.processPending(), qsizetype(1));   // the list itself is work
        QVERIFY(informer.hasSynced());
        QCOMPARE(informer.indexer().size(), 0);
    }

    void testWatchDeliversChangesInOrder()
    {
        InformerCluster c;
        const api::ObjectPtr a = c.create(QStringLiteral("a"));
        const api::ObjectPtr b = c.create(QStringLiteral("b"));
        SharedIndexInformer informer(c.client, deployments());
        auto rec = std::make_shared<Recorder>();
        informer.addEventHandler(rec);
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        rec->take();

        const api::ObjectPtr x = c.create(QStringLiteral("x"));
        const api::ObjectPtr a2 = c.scale(QStringLiteral("a"), 3);
        const api::ObjectPtr a3 = c.scale(QStringLiteral("a"), 4);
        c.remove(QStringLiteral("b"));
        const qint64 deletedAt = c.api.currentRevision();
        QCOMPARE(rec->count(), qsizetype(0));   // nothing is delivered until the pump runs
        QCOMPARE(informer.processPending(), qsizetype(4));
        QCOMPARE(rec->take(), (QStringList{
                                      QStringLiteral("add default/x rv=%1").arg(rv(x)),
                                      QStringLiteral("update default/a %1->%2").arg(rv(a), rv(a2)),
                                      QStringLiteral("update default/a %1->%2").arg(rv(a2), rv(a3)),
                                      QStringLiteral("delete default/b rv=%1").arg(deletedAt),
                              }));
        QCOMPARE(informer.indexer().listKeys(), (QStringList{QStringLiteral("default/a"), QStringLiteral("default/x")}));
        QCOMPARE(informer.indexer().get(QStringLiteral("default/a")), a3);
        QCOMPARE(informer.lastSyncResourceVersion(), deletedAt);
        QCOMPARE(informer.processPending(), qsizetype(0));
    }

    void testProcessPendingMaxStepsOneEventAtATime()
    {
        InformerCluster c;
        SharedIndexInformer informer(c.client, deployments());
        auto rec = std::make_shared<Recorder>();
        informer.addEventHandler(rec);
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        c.create(QStringLiteral("a"));
        c.create(QStringLiteral("b"));
        c.create(QStringLiteral("c"));
        QCOMPARE(informer.processPending(1), qsizetype(1));
        QCOMPARE(rec->count(), qsizetype(1));
        QCOMPARE(informer.processPending(1), qsizetype(1));
        QCOMPARE(informer.processPending(1), qsizetype(1));
        QCOMPARE(informer.processPending(1), qsizetype(0));
        const QStringList lines = rec->take();
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[0].startsWith(QStringLiteral("add default/a")));
        QVERIFY(lines[2].startsWith(QStringLiteral("add default/c")));
    }

    void testWatchEventsAreTraced()
    {
        InformerCluster c;
        SharedIndexInformer informer(c.client, deployments());
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        c.create(QStringLiteral("web"));
        const api::ObjectPtr web2 = c.scale(QStringLiteral("web"), 2);
        pumpUntilIdle(informer);
        const QList<TraceEvent> events = c.traceOf(QStringLiteral("informer/deployments"), QStringLiteral("WatchEvent"));
        QCOMPARE(events.size(), 2);
        const TraceEvent &e = events[1];
        QCOMPARE(e.key, QStringLiteral("default/web"));
        QCOMPARE(e.rev, web2->metadata.resourceVersion.toLongLong());
        QCOMPARE(e.text, QStringLiteral("informer/deployments received MODIFIED default/web (rv %1)").arg(rv(web2)));
        QVERIFY(events[0].text.contains(QStringLiteral("received ADDED default/web")));
        QCOMPARE(c.traceOf(QStringLiteral("informer/deployments"), QStringLiteral("List")).size(), 1);
    }

    void testResumeAfterStopReplaysMissedEvents()
    {
        InformerCluster c;
        c.create(QStringLiteral("a"));
        c.create(QStringLiteral("b"));
        SharedIndexInformer informer(c.client, deployments());
        auto rec = std::make_shared<Recorder>();
        informer.addEventHandler(rec);
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        rec->take();
        informer.stop();
        QCOMPARE(c.watchersOf(deployments().etcdPrefix.toUtf8() + '/'), qsizetype(0));

        c.remove(QStringLiteral("b"));
        const qint64 deletedAt = c.api.currentRevision();
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        // Not compacted: the watch resumes from the last resourceVersion, no relist, and the
        // deletion arrives with its final state (no tombstone).
        QCOMPARE(rec->take(), QStringList{QStringLiteral("delete default/b rv=%1").arg(deletedAt)});
        QCOMPARE(c.traceOf(QStringLiteral("informer/deployments"), QStringLiteral("List")).size(), 1);
    }

    void testRelistAfterExpiredWatchDeliversTombstones()
    {
        InformerCluster c;
        const api::ObjectPtr a = c.create(QStringLiteral("a"));
        const api::ObjectPtr b = c.create(QStringLiteral("b"));
        const api::ObjectPtr cc = c.create(QStringLiteral("c"));
        SharedIndexInformer informer(c.client, deployments());
        auto rec = std::make_shared<Recorder>();
        informer.addEventHandler(rec);
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        rec->take();
        const qint64 lastSeen = informer.lastSyncResourceVersion();

        // The informer is disconnected while the cluster moves on and etcd compacts its history.
        informer.stop();
        const api::ObjectPtr a2 = c.scale(QStringLiteral("a"), 5);
        c.remove(QStringLiteral("b"));
        const api::ObjectPtr d = c.create(QStringLiteral("d"));
        QCOMPARE(c.store.compact(c.api.currentRevision()), store::StoreError::None);
        QVERIFY(c.store.compactRevision() > lastSeen + 1);

        informer.run(DriveMode::Deterministic);
        QVERIFY(informer.processPending() > 0);
        // Watch from lastSeen -> 410 Gone -> relist: listed objects replace the cache (updates,
        // adds), the missing b is a DeletedFinalStateUnknown with its last known state.
        QCOMPARE(rec->take(), (QStringList{
                                      QStringLiteral("update default/a %1->%2").arg(rv(a), rv(a2)),
                                      QStringLiteral("update default/c %1->%1").arg(rv(cc)),
                                      QStringLiteral("add default/d rv=%1").arg(rv(d)),
                                      QStringLiteral("delete default/b rv=%1 tombstone").arg(rv(b)),
                              }));
        QCOMPARE(informer.indexer().listKeys(),
                 (QStringList{QStringLiteral("default/a"), QStringLiteral("default/c"), QStringLiteral("default/d")}));
        QCOMPARE(informer.lastSyncResourceVersion(), c.api.currentRevision());
        const QList<TraceEvent> expired = c.traceOf(QStringLiteral("informer/deployments"), QStringLiteral("WatchExpired"));
        QCOMPARE(expired.size(), 1);
        QVERIFY2(expired[0].text.contains(QStringLiteral("410")), qPrintable(expired[0].text));
        QCOMPARE(c.traceOf(QStringLiteral("informer/deployments"), QStringLiteral("List")).size(), 2);

        // And the new watch (from the relist's resourceVersion) works.
        const api::ObjectPtr e = c.create(QStringLiteral("e"));
        pumpUntilIdle(informer);
        QCOMPARE(rec->take(), QStringList{QStringLiteral("add default/e rv=%1").arg(rv(e))});
        QCOMPARE(c.watchersOf(deployments().etcdPrefix.toUtf8() + '/'), qsizetype(1));
    }
};

QTEST_GUILESS_MAIN(TestInformer)
#include "tst_informer.moc"
