// SPDX-License-Identifier: Apache-2.0
// SharedIndexInformer's handlers and the factory against a real ApiServer + KvStore on a
// ManualClock, driven through processPending(): resync, late handlers, label-filtered informers,
// typed listers, one informer per resource, and a threaded smoke test.
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
class TestInformerHandlers : public QObject
{
    Q_OBJECT

private slots:
    void testResyncDeliversSameObjectUpdates()
    {
        InformerCluster c;
        c.create(QStringLiteral("a"));
        c.create(QStringLiteral("b"));
        SharedIndexInformer informer(c.client, deployments(), /*resync*/ 30'000);
        auto rec = std::make_shared<Recorder>();
        informer.addEventHandler(rec);
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        rec->take();

        c.clock.advance(29'999);
        QCOMPARE(informer.processPending(), qsizetype(0));
        c.clock.advance(1);
        QCOMPARE(informer.processPending(), qsizetype(2));
        const QStringList lines = rec->take();
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[0].startsWith(QStringLiteral("update default/a ")));
        QVERIFY(lines[1].startsWith(QStringLiteral("update default/b ")));
        QCOMPARE(rec->sameObjectUpdates, 2);
        QCOMPARE(informer.processPending(), qsizetype(0));
        // Periodic: again one period later; a stopped informer schedules nothing.
        c.clock.advance(30'000);
        QCOMPARE(informer.processPending(), qsizetype(2));
        QCOMPARE(rec->sameObjectUpdates, 4);
        QCOMPARE(c.traceOf(QStringLiteral("informer/deployments"), QStringLiteral("Resync")).size(), 2);
        informer.stop();
        QCOMPARE(c.clock.pendingTimers(), std::size_t(0));
    }

    void testLateHandlerGetsSyntheticAdds()
    {
        InformerCluster c;
        const api::ObjectPtr a = c.create(QStringLiteral("a"));
        const api::ObjectPtr b = c.create(QStringLiteral("b"));
        SharedIndexInformer informer(c.client, deployments());
        auto first = std::make_shared<Recorder>();
        informer.addEventHandler(first);
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        first->take();

        auto late = std::make_shared<Recorder>();
        const HandlerRegistration reg = informer.addEventHandler(late);
        QVERIFY(!reg.hasSynced());
        const api::ObjectPtr x = c.create(QStringLiteral("x"));
        pumpUntilIdle(informer);
        QVERIFY(reg.hasSynced());
        // The late handler hears the cache content first (as initial-list adds), then the stream.
        QCOMPARE(late->take(), (QStringList{QStringLiteral("add default/a rv=%1 initial").arg(rv(a)),
                                            QStringLiteral("add default/b rv=%1 initial").arg(rv(b)),
                                            QStringLiteral("add default/x rv=%1").arg(rv(x))}));
        QCOMPARE(first->take(), QStringList{QStringLiteral("add default/x rv=%1").arg(rv(x))});

        // Removed handlers hear nothing more.
        QVERIFY(informer.removeEventHandler(reg.id));
        QVERIFY(!informer.removeEventHandler(reg.id));
        c.remove(QStringLiteral("x"));
        pumpUntilIdle(informer);
        QCOMPARE(late->count(), qsizetype(0));
        QCOMPARE(first->count(), qsizetype(1));
    }

    // An idle informer (synced, nothing arrived) skips its poll, but not a handler's synthetic
    // adds: a handler joining then hears the cache content on the next poll, and is synced.
    void testLateHandlerOnAnIdleInformer()
    {
        InformerCluster c;
        const api::ObjectPtr a = c.create(QStringLiteral("a"));
        SharedIndexInformer informer(c.client, deployments());
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        QCOMPARE(informer.processPending(), qsizetype(0));   // idle
        auto late = std::make_shared<Recorder>();
        const HandlerRegistration reg = informer.addEventHandler(late);
        QVERIFY(!reg.hasSynced());
        QCOMPARE(informer.processPending(), qsizetype(1));
        QVERIFY(reg.hasSynced());
        QCOMPARE(late->take(), QStringList{QStringLiteral("add default/a rv=%1 initial").arg(rv(a))});
        QCOMPARE(informer.processPending(), qsizetype(0));
        // Idle again, a write is still seen.
        const api::ObjectPtr b = c.create(QStringLiteral("b"));
        QCOMPARE(informer.processPending(), qsizetype(1));
        QCOMPARE(late->take(), QStringList{QStringLiteral("add default/b rv=%1").arg(rv(b))});
    }

    void testFilteredInformerSeesObjectsLeaveItsSelector()
    {
        InformerCluster c;
        c.create(QStringLiteral("web"));
        c.create(QStringLiteral("db"));
        ReflectorOptions options;
        options.labelSelector = QStringLiteral("app=web");
        SharedIndexInformer informer(c.client, deployments(), 0, options);
        auto rec = std::make_shared<Recorder>();
        informer.addEventHandler(rec);
        informer.run(DriveMode::Deterministic);
        pumpUntilIdle(informer);
        QCOMPARE(informer.indexer().listKeys(), QStringList{QStringLiteral("default/web")});
        rec->take();

        auto cur = c.api.getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("web"));
        auto copy = std::static_pointer_cast<api::Deployment>(cur->clone());
        copy->metadata.labels.insert(QStringLiteral("app"), QStringLiteral("other"));
        QVERIFY(c.api.update(copy).ok());
        pumpUntilIdle(informer);
        const QStringList lines = rec->take();
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].startsWith(QStringLiteral("delete default/web")), qPrintable(lines[0]));
        QCOMPARE(informer.indexer().size(), 0);
    }

    void testListerIsTyped()
    {
        InformerCluster c;
        auto prod = std::make_shared<api::Namespace>();
        prod->metadata.name = QStringLiteral("prod");
        QVERIFY(c.api.create(prod).ok());
        c.create(QStringLiteral("web"));
        c.create(QStringLiteral("db"));
        QVERIFY(c.api.create(labelledDeployment(QStringLiteral("web"), 2, QStringLiteral("prod"))).ok());

        SharedInformerFactory factory(c.client);
        const Lister<api::Deployment> lister = factory.lister<api::Deployment>();
        factory.start(DriveMode::Deterministic);
        QVERIFY(factory.waitForCacheSync());

        QCOMPARE(lister.list().size(), 3);
        QCOMPARE(lister.list(QStringLiteral("default"), {}).size(), 2);
        const std::optional<api::Selector> web = api::Selector::parse(QStringLiteral("app=web"));
        QVERIFY(web);
        QCOMPARE(lister.list(*web).size(), 2);
        const QList<std::shared_ptr<const api::Deployment>> prodWeb = lister.list(QStringLiteral("prod"), *web);
        QCOMPARE(prodWeb.size(), 1);
        QCOMPARE(prodWeb[0]->replicas(), 2);
        QVERIFY(lister.get(QStringLiteral("default"), QStringLiteral("db")));
        QVERIFY(!lister.get(QStringLiteral("prod"), QStringLiteral("db")));
        // A lister of another kind over the same cache sees nothing.
        const Lister<api::Pod> wrongKind(&factory.informerFor<api::Deployment>().indexer());
        QVERIFY(wrongKind.list().isEmpty());
        QVERIFY(!wrongKind.get(QStringLiteral("default"), QStringLiteral("web")));
    }

    void testFactorySharesOneInformerPerResource()
    {
        InformerCluster c;
        c.create(QStringLiteral("web"));
        SharedInformerFactory factory(c.client);
        // Two "controllers" ask for the same resource, like the deployment and replicaset
        // controllers in kube-controller-manager.
        SharedIndexInformer &forDeploymentController = factory.informerFor<api::Deployment>();
        SharedIndexInformer &forDisruptionController = factory.informerFor(deployments());
        QCOMPARE(&forDeploymentController, &forDisruptionController);
        SharedIndexInformer &pods = factory.informerFor<api::Pod>();
        QVERIFY(&pods != &forDeploymentController);
        QCOMPARE(factory.informers().size(), std::size_t(2));

        auto first = std::make_shared<Recorder>();
        auto second = std::make_shared<Recorder>();
        forDeploymentController.addEventHandler(first);
        forDisruptionController.addEventHandler(second);
        factory.start(DriveMode::Deterministic);
        QCOMPARE(factory.mode(), std::optional<DriveMode>(DriveMode::Deterministic));
        QVERIFY(factory.waitForCacheSync());
        QVERIFY(factory.hasSynced());
        QVERIFY(pods.hasSynced());
        // One list+watch for deployments however many controllers use it.
        QCOMPARE(c.watchersOf(deployments().etcdPrefix.toUtf8() + '/'), qsizetype(1));
        QCOMPARE(first->take().size(), 1);
        QCOMPARE(second->take().size(), 1);

        c.scale(QStringLiteral("web"), 7);
        QVERIFY(factory.processPending() > 0);
        QCOMPARE(factory.processPending(), qsizetype(0));
        QCOMPARE(first->take(), second->take());

        // Informers created after start() run once start() is called again.
        SharedIndexInformer &rs = factory.informerFor(apiserver::resources::byKind(api::Kind::ReplicaSet));
        QVERIFY(!rs.isRunning());
        factory.start(DriveMode::Deterministic);
        QVERIFY(rs.isRunning());
        QVERIFY(factory.waitForCacheSync());
        factory.shutdown();
        QVERIFY(!rs.isRunning());
        QCOMPARE(c.watchersOf(deployments().etcdPrefix.toUtf8() + '/'), qsizetype(0));
    }

    void testThreadedModeDeliversOnItsOwnThread()
    {
        InformerCluster c;
        c.create(QStringLiteral("a"));
        SharedInformerFactory factory(c.client);
        SharedIndexInformer &informer = factory.informerFor<api::Deployment>();
        auto rec = std::make_shared<Recorder>();
        informer.addEventHandler(rec);
        factory.start(DriveMode::Threaded);
        QVERIFY(factory.waitForCacheSync(std::chrono::seconds(10)));
        QCOMPARE(informer.mode(), DriveMode::Threaded);
        QCOMPARE(rec->count(), qsizetype(1));
        const api::ObjectPtr b = c.create(QStringLiteral("b"));
        c.remove(QStringLiteral("a"));
        QTRY_COMPARE_WITH_TIMEOUT(rec->count(), qsizetype(3), 10000);
        const QStringList lines = rec->take();
        QCOMPARE(lines[1], QStringLiteral("add default/b rv=%1").arg(rv(b)));
        QVERIFY(lines[2].startsWith(QStringLiteral("delete default/a")));
        factory.shutdown();
        QVERIFY(!informer.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestInformerHandlers)
#include "tst_informer_handlers.moc"
