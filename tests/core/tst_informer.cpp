// SPDX-License-Identifier: Apache-2.0
// SharedIndexInformer / Reflector / SharedInformerFactory against a real ApiServer + KvStore on a
// ManualClock, driven deterministically through processPending() (plus one threaded smoke test).
#include "core/api/deployment.h"
#include "core/api/namespace.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/base/manualclock.h"
#include "core/base/tracelog.h"
#include "core/client/inprocessclient.h"
#include "core/client/lister.h"
#include "core/client/sharedindexinformer.h"
#include "core/client/sharedinformerfactory.h"
#include "core/store/kvstore.h"

#include <QTest>

#include <mutex>

using namespace rlab;
using namespace rlab::client;
using apiserver::ApiServer;

namespace {

const apiserver::ResourceType &deployments()
{
    static const apiserver::ResourceType rt = apiserver::resources::byKind(api::Kind::Deployment);
    return rt;
}

api::MutableObjectPtr makeDeployment(const QString &name, int replicas = 1, const QString &ns = QStringLiteral("default"))
{
    auto d = std::make_shared<api::Deployment>();
    d->metadata.name = name;
    d->metadata.namespace_ = ns;
    d->metadata.labels.insert(QStringLiteral("app"), name);
    d->spec.replicas = replicas;
    api::LabelSelector selector;
    selector.matchLabels.insert(QStringLiteral("app"), name);
    d->spec.selector = selector;
    d->spec.template_.metadata.labels.insert(QStringLiteral("app"), name);
    api::Container c;
    c.name = QStringLiteral("web");
    c.image = QStringLiteral("nginx:1.25");
    d->spec.template_.spec.containers.append(c);
    return d;
}

QString rv(const api::ObjectPtr &o)
{
    return o ? o->metadata.resourceVersion : QStringLiteral("null");
}

// Writes what a handler hears as one line per call, e.g.
//   add default/web rv=3 initial | update default/web 3->4 | delete default/web rv=5
//   delete default/gone rv=3 tombstone
class Recorder : public ResourceEventHandler
{
public:
    void onAdd(const api::ObjectPtr &obj, bool isInInitialList) override
    {
        record(QStringLiteral("add %1 rv=%2%3").arg(obj->key(), rv(obj), isInInitialList ? QStringLiteral(" initial") : QString()));
    }
    void onUpdate(const api::ObjectPtr &oldObj, const api::ObjectPtr &newObj) override
    {
        {
            std::lock_guard lock(m_mutex);
            if (oldObj == newObj)
                ++sameObjectUpdates;
        }
        record(QStringLiteral("update %1 %2->%3").arg(newObj->key(), rv(oldObj), rv(newObj)));
    }
    void onDelete(const api::ObjectPtr &obj, const DeletedFinalStateUnknown *tombstone) override
    {
        QString line = QStringLiteral("delete %1 rv=%2").arg(obj->key(), rv(obj));
        if (tombstone) {
            line += QStringLiteral(" tombstone");
            if (tombstone->key != obj->key() || tombstone->obj != obj)
                line += QStringLiteral(" (inconsistent)");
        }
        record(line);
    }

    QStringList take()
    {
        std::lock_guard lock(m_mutex);
        QStringList out;
        out.swap(m_lines);
        return out;
    }
    qsizetype count() const
    {
        std::lock_guard lock(m_mutex);
        return m_lines.size();
    }
    int sameObjectUpdates = 0;

private:
    void record(const QString &line)
    {
        std::lock_guard lock(m_mutex);
        m_lines << line;
    }
    mutable std::mutex m_mutex;
    QStringList m_lines;
};

// One little cluster per test.
struct Cluster
{
    store::KvStore store;
    ManualClock clock{1'767'225'600'000};   // 2026-01-01T00:00:00Z
    TraceLog trace;
    ApiServer api{store, clock, &trace};
    client::InProcessClient client{api};

    Cluster()
    {
        auto ns = std::make_shared<api::Namespace>();
        ns->metadata.name = QStringLiteral("default");
        const auto r = api.create(ns);
        Q_ASSERT(r.ok());
    }
    api::ObjectPtr create(const QString &name, int replicas = 1)
    {
        const auto r = api.create(makeDeployment(name, replicas));
        if (!r.ok())
            qFatal("create %s failed: %s", qPrintable(name), qPrintable(r.error->message));
        return r.value;
    }
    api::ObjectPtr scale(const QString &name, int replicas)
    {
        auto cur = api.getAs<api::Deployment>(QStringLiteral("default"), name);
        Q_ASSERT(cur);
        auto copy = std::static_pointer_cast<api::Deployment>(cur->clone());
        copy->spec.replicas = replicas;
        const auto r = api.update(copy);
        if (!r.ok())
            qFatal("update %s failed: %s", qPrintable(name), qPrintable(r.error->message));
        return r.value;
    }
    void remove(const QString &name)
    {
        const auto r = api.remove(deployments(), QStringLiteral("default"), name);
        Q_ASSERT(r.ok());
    }
    qsizetype watchersOf(const QByteArray &prefix) const
    {
        qsizetype n = 0;
        for (const store::WatcherInfo &w : store.watchers())
            n += w.range.key == prefix ? 1 : 0;
        return n;
    }
    QList<TraceEvent> traceOf(const QString &component, const QString &type = {}) const
    {
        QList<TraceEvent> out;
        for (const TraceEvent &e : trace.since(0)) {
            if (e.component == component && (type.isEmpty() || e.type == type))
                out << e;
        }
        return out;
    }
};

// Pumps until idle; returns the number of rounds that did work.
int pumpUntilIdle(SharedIndexInformer &informer)
{
    int rounds = 0;
    while (informer.processPending() > 0)
        ++rounds;
    return rounds;
}

} // namespace

class TestInformer : public QObject
{
    Q_OBJECT

private slots:
    void testInitialListDeliversAdds()
    {
        Cluster c;
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
        Cluster c;
        SharedIndexInformer informer(c.client, deployments());
        informer.run(DriveMode::Deterministic);
        QCOMPARE(informer.processPending(), qsizetype(1));   // the list itself is work
        QVERIFY(informer.hasSynced());
        QCOMPARE(informer.indexer().size(), 0);
    }

    void testWatchDeliversChangesInOrder()
    {
        Cluster c;
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
        Cluster c;
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
        Cluster c;
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
        Cluster c;
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
        Cluster c;
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

    void testResyncDeliversSameObjectUpdates()
    {
        Cluster c;
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
        Cluster c;
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

    void testFilteredInformerSeesObjectsLeaveItsSelector()
    {
        Cluster c;
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
        Cluster c;
        auto prod = std::make_shared<api::Namespace>();
        prod->metadata.name = QStringLiteral("prod");
        QVERIFY(c.api.create(prod).ok());
        c.create(QStringLiteral("web"));
        c.create(QStringLiteral("db"));
        QVERIFY(c.api.create(makeDeployment(QStringLiteral("web"), 2, QStringLiteral("prod"))).ok());

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
        Cluster c;
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
        Cluster c;
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

QTEST_GUILESS_MAIN(TestInformer)
#include "tst_informer.moc"
