// Garbage collection of dependents: Background, Foreground and Orphan propagation.
#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/controller/garbagecollector.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;

namespace {
OwnerReference ownerRef(const ObjectPtr &owner)
{
    OwnerReference r;
    r.apiVersion = owner->apiVersion;
    r.kind = owner->kindName;
    r.name = owner->metadata.name;
    r.uid = owner->metadata.uid;
    r.controller = true;
    r.blockOwnerDeletion = true;
    return r;
}

// deployment web -> replicaset web-1 -> pods web-1-a, web-1-b (unscheduled: deleted at once)
struct Tree
{
    test::ApiFixture f;
    controller::GarbageCollector gc{f.client};
    Tree()
    {
        const ObjectPtr d = f.api.create(test::makeDeployment(QStringLiteral("web"))).value;
        auto rs = test::makeReplicaSet(QStringLiteral("web-1"));
        rs->metadata.ownerReferences = {ownerRef(d)};
        const ObjectPtr rsObj = f.api.create(rs).value;
        for (const char *n : {"web-1-a", "web-1-b"}) {
            auto p = test::makePod(QLatin1String(n));
            p->metadata.ownerReferences = {ownerRef(rsObj)};
            f.api.create(p);
        }
    }
    int count(Kind k) { return int(f.api.list(f.rt(k), QStringLiteral("default")).value.items.size()); }
    int runUntilIdle()
    {
        int passes = 0;
        while (gc.collect() > 0 && passes < 20)
            ++passes;
        return passes;
    }
};
} // namespace

class TestGarbageCollector : public QObject
{
    Q_OBJECT

private slots:
    void nothingToDo()
    {
        Tree t;
        QCOMPARE(t.gc.collect(), 0);
        QCOMPARE(t.count(Kind::Pod), 2);
    }

    void propagation_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<int>("deployments");
        QTest::addColumn<int>("replicasets");
        QTest::addColumn<int>("pods");
        QTest::addColumn<int>("ownedReplicaSets");
        QTest::newRow("Background: everything goes") << "Background" << 0 << 0 << 0 << 0;
        QTest::newRow("Foreground: everything goes, owner last") << "Foreground" << 0 << 0 << 0 << 0;
        QTest::newRow("Orphan: dependents stay, released") << "Orphan" << 0 << 1 << 2 << 0;
    }
    void propagation()
    {
        QFETCH(QString, policy);
        QFETCH(int, deployments);
        QFETCH(int, replicasets);
        QFETCH(int, pods);
        QFETCH(int, ownedReplicaSets);
        Tree t;
        DeleteOptions opts;
        opts.propagationPolicy = policy;
        QVERIFY(t.f.api.remove(t.f.rt(Kind::Deployment), QStringLiteral("default"), QStringLiteral("web"), opts).ok());
        if (policy != QLatin1String("Background"))   // parked behind its finalizer until the GC runs
            QCOMPARE(t.count(Kind::Deployment), 1);
        t.runUntilIdle();
        QCOMPARE(t.count(Kind::Deployment), deployments);
        QCOMPARE(t.count(Kind::ReplicaSet), replicasets);
        QCOMPARE(t.count(Kind::Pod), pods);
        int owned = 0;
        for (const ObjectPtr &rs : t.f.api.list(t.f.rt(Kind::ReplicaSet), QStringLiteral("default")).value.items)
            owned += rs->metadata.ownerReferences.size();
        QCOMPARE(owned, ownedReplicaSets);
    }

    void foregroundKeepsOwnerUntilDependentsAreGone()
    {
        Tree t;
        DeleteOptions opts;
        opts.propagationPolicy = QStringLiteral("Foreground");
        t.f.api.remove(t.f.rt(Kind::Deployment), QStringLiteral("default"), QStringLiteral("web"), opts);
        QVERIFY(t.gc.collect() > 0);   // deletes the ReplicaSet in the foreground
        QCOMPARE(t.count(Kind::Deployment), 1);
        QCOMPARE(t.count(Kind::ReplicaSet), 1);   // itself waiting for its pods
        t.runUntilIdle();
        QCOMPARE(t.count(Kind::Deployment), 0);
    }

    // A dependent with two owners stays while one of them exists, goes with the last; an owner
    // that exists but is named only by some dependents is still found (the quick check wants
    // every owner uid referenced).
    void dependentOfTwoOwnersStaysWhileOneExists()
    {
        Tree t;
        const ObjectPtr other = t.f.api.create(test::makeReplicaSet(QStringLiteral("other"))).value;
        const ObjectPtr rs = t.f.api.get(t.f.rt(Kind::ReplicaSet), QStringLiteral("default"), QStringLiteral("web-1")).value;
        QVERIFY(other && rs);
        auto shared = test::makePod(QStringLiteral("shared"));
        OwnerReference second = ownerRef(other);
        second.controller = false;
        shared->metadata.ownerReferences = {ownerRef(rs), second};
        QVERIFY(t.f.api.create(shared).ok());
        QCOMPARE(t.gc.collect(), 0);
        DeleteOptions opts;
        opts.propagationPolicy = QStringLiteral("Background");
        QVERIFY(t.f.api.remove(t.f.rt(Kind::ReplicaSet), QStringLiteral("default"), QStringLiteral("other"), opts).ok());
        t.runUntilIdle();
        QCOMPARE(t.count(Kind::Pod), 3);   // web-1-a, web-1-b and shared: web-1 still owns them
        QVERIFY(t.f.api.remove(t.f.rt(Kind::Deployment), QStringLiteral("default"), QStringLiteral("web"), opts).ok());
        t.runUntilIdle();
        QCOMPARE(t.count(Kind::ReplicaSet), 0);
        QCOMPARE(t.count(Kind::Pod), 0);
    }

    // Upstream's DefaultIgnoredResources: the collector does not monitor Events. An Event whose
    // ownerReference names a deleted pod stays (upstream: removed by its TTL, not by the GC);
    // a pod's own cascade is unaffected.
    void eventsAreIgnored()
    {
        Tree t;
        const ObjectPtr pod = t.f.api.get(t.f.rt(Kind::Pod), QStringLiteral("default"), QStringLiteral("web-1-a")).value;
        QVERIFY(pod);
        auto ev = std::make_shared<Event>();
        ev->metadata.name = QStringLiteral("web-1-a.17f0");
        ev->metadata.namespace_ = QStringLiteral("default");
        ev->metadata.ownerReferences = {ownerRef(pod)};
        ev->involvedObject.kind = QStringLiteral("Pod");
        ev->involvedObject.name = pod->metadata.name;
        ev->involvedObject.namespace_ = QStringLiteral("default");
        ev->reason = QStringLiteral("Scheduled");
        ev->type = QStringLiteral("Normal");
        ev->count = 1;
        QVERIFY(t.f.api.create(ev).ok());
        DeleteOptions opts;
        opts.propagationPolicy = QStringLiteral("Background");
        QVERIFY(t.f.api.remove(t.f.rt(Kind::Deployment), QStringLiteral("default"), QStringLiteral("web"), opts).ok());
        t.runUntilIdle();
        QCOMPARE(t.count(Kind::Pod), 0);
        QCOMPARE(t.count(Kind::Event), 1);
    }
};

QTEST_GUILESS_MAIN(TestGarbageCollector)
#include "tst_garbagecollector.moc"
