// Issue #17, "memory bounded by what is stored": etcd's quota (--quota-backend-bytes) and
// compaction by revision count. The KvStore refuses the put that would pass the quota with
// "etcdserver: mvcc: database space exceeded" and raises the NOSPACE alarm (reads and deletes
// still work); the API server passes it on as a 500 with etcd's words; the Simulation's
// housekeeping compacts when the alarm is up or too many revisions are retained.
#include "core/api/codec.h"
#include "core/api/deployment.h"
#include "core/apiserver/apiserver.h"
#include "core/sim/simulation.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"
#include "tests/testutil/testobject.h"

#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::store;
using test::obj;

namespace {

apiserver::ResourceType configMaps() { return apiserver::resources::byResource(QString(), QStringLiteral("configmaps")); }

api::MutableObjectPtr configMap(const QString &name, int bytes)
{
    const QByteArray json = R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":")" + name.toUtf8()
        + R"(","namespace":"default"},"data":{"k":")" + QByteArray(bytes, 'x') + R"("}})";
    return api::decodeObject(QJsonDocument::fromJson(json).object()).object;
}

} // namespace

class TestStoreQuota : public QObject
{
    Q_OBJECT

private slots:
    // Quota 1,000: puts of the given costs in order, then a compaction; what each put returns,
    // whether the alarm is up after the puts and after compacting to the given revision.
    void quotaRefusesAndAlarms_data()
    {
        QTest::addColumn<QList<qint64>>("costs");
        QTest::addColumn<QList<int>>("wantRevisions");   // 0: refused with NoSpace
        QTest::addColumn<bool>("alarmAfterPuts");
        QTest::addColumn<qint64>("compactTo");
        QTest::addColumn<bool>("alarmAfterCompact");
        QTest::addColumn<qint64>("bytesAfterCompact");
        QTest::newRow("under the quota") << QList<qint64>{400, 500} << QList<int>{2, 3} << false << qint64(3) << false << qint64(500);
        QTest::newRow("exactly the quota") << QList<qint64>{400, 600} << QList<int>{2, 3} << false << qint64(0) << false << qint64(1000);
        // The put of 200 would make 1,100: refused, alarm; the alarm then refuses even a put of 1.
        QTest::newRow("over: refused, then alarm refuses all")
            << QList<qint64>{400, 500, 200, 1} << QList<int>{2, 3, 0, 0} << true << qint64(3) << false << qint64(500);
        // Compacting to 2 keeps the version at 2 (a range at 2 still needs it): nothing freed.
        QTest::newRow("compaction that frees nothing keeps the alarm")
            << QList<qint64>{500, 500, 1} << QList<int>{2, 3, 0} << true << qint64(2) << true << qint64(1000);
    }

    void quotaRefusesAndAlarms()
    {
        QFETCH(QList<qint64>, costs);
        QFETCH(QList<int>, wantRevisions);
        QFETCH(bool, alarmAfterPuts);
        QFETCH(qint64, compactTo);
        QFETCH(bool, alarmAfterCompact);
        QFETCH(qint64, bytesAfterCompact);
        KvStore store;
        store.setQuotaBackendBytes(1000);
        for (qsizetype i = 0; i < costs.size(); ++i) {
            StoreError error = StoreError::None;
            const Revision r = store.put("/a", obj(i), costs[i], &error);
            QCOMPARE(r.main, qint64(wantRevisions[i]));
            QCOMPARE(error, wantRevisions[i] == 0 ? StoreError::NoSpace : StoreError::None);
        }
        QCOMPARE(store.alarmNoSpace(), alarmAfterPuts);
        if (compactTo > 0)
            QCOMPARE(store.compact(compactTo), StoreError::None);
        QCOMPARE(store.alarmNoSpace(), alarmAfterCompact);
        QCOMPARE(store.stats().bytesInUse, bytesAfterCompact);
    }

    void alarmAllowsReadsAndDeletesNotTxnPuts()
    {
        KvStore store;
        store.setQuotaBackendBytes(100);
        store.put("/a", obj(1), 60);
        store.put("/b", obj(2), 60);   // refused: alarm
        QVERIFY(store.alarmNoSpace());
        QCOMPARE(store.range(KeyRange::prefix("/")).count, 1);
        TxnRequest put;
        put.success.push_back(Op::put("/c", obj(3)));
        QCOMPARE(store.txn(put).error, StoreError::NoSpace);
        QCOMPARE(store.deleteRange(KeyRange::single("/a")).deleted, 1);
        // A deleted key's versions stay until compaction: still over, still alarmed.
        QVERIFY(store.alarmNoSpace());
        QCOMPARE(store.compact(store.revision()), StoreError::None);
        QCOMPARE(store.stats().bytesInUse, 0);
        QVERIFY(!store.alarmNoSpace());
        const Revision r = store.put("/b", obj(2), 60);
        QCOMPARE(r.main, store.revision());
    }

    void noQuotaMetersNothing()
    {
        KvStore store;
        for (int i = 0; i < 10; ++i)
            QVERIFY(store.put("/a", obj(i), 1'000'000'000).main > 0);
        QVERIFY(!store.alarmNoSpace());
        QCOMPARE(store.stats().bytesInUse, 10'000'000'000LL);
    }

    // Through the API server: the refused write is a 500 with etcd's message and reason Unknown
    // (kube-apiserver's ErrorToAPIStatus for a storage error), nothing is stored, reads work.
    void apiServerAnswersDatabaseSpaceExceeded()
    {
        test::ApiFixture f;
        f.store.setQuotaBackendBytes(20'000);
        int created = 0;
        apiserver::Result<api::ObjectPtr> r;
        for (; created < 100; ++created) {
            r = f.api.create(configMaps(), QStringLiteral("default"), configMap(QStringLiteral("c%1").arg(created), 3000));
            if (!r.ok())
                break;
        }
        QVERIFY(created >= 4 && created < 7);   // 3,000 bytes of data plus the object's other fields each
        QCOMPARE(r.error->code, 500);
        QCOMPARE(r.error->reason, QString());
        QCOMPARE(r.error->message, QStringLiteral("etcdserver: mvcc: database space exceeded"));
        const qint64 rev = f.store.revision();
        QVERIFY(!f.api.create(configMaps(), QStringLiteral("default"), configMap(QStringLiteral("small"), 1)).ok());
        QCOMPARE(f.store.revision(), rev);
        QVERIFY(f.api.get(configMaps(), QStringLiteral("default"), QStringLiteral("c0")).ok());
        QCOMPARE(f.api.list(configMaps(), QStringLiteral("default")).value.items.size(), qsizetype(created));
    }

    // The Simulation compacts at once when the alarm is up (disarming it once the history's
    // bytes are freed) and when more revisions than maxRetainedRevisions are retained.
    void simulationCompactsOnAlarm()
    {
        SimulationConfig c;
        c.controllers.clear();
        c.quotaBackendBytes = 20'000;
        Simulation sim(c);
        const auto rt = configMaps();
        QVERIFY(sim.client().create(rt, QStringLiteral("default"), configMap(QStringLiteral("c"), 3000)).ok());
        bool refused = false;
        for (int i = 0; i < 20 && !refused; ++i) {
            auto cm = sim.client().get(rt, QStringLiteral("default"), QStringLiteral("c")).value->clone();
            cm->metadata.labels.insert(QStringLiteral("i"), QString::number(i));
            refused = !sim.client().update(rt, QStringLiteral("default"), cm).ok();
        }
        QVERIFY(refused);
        QVERIFY(sim.api().store().alarmNoSpace());
        sim.compactIfDue();
        QVERIFY(!sim.api().store().alarmNoSpace());
        QCOMPARE(sim.api().store().compactRevision(), sim.api().store().revision());
        QVERIFY(sim.trace().since(0).back().text.contains(QLatin1String("the NOSPACE alarm is disarmed")));
        auto cm = sim.client().get(rt, QStringLiteral("default"), QStringLiteral("c")).value->clone();
        cm->metadata.labels.insert(QStringLiteral("after"), QStringLiteral("compaction"));
        QVERIFY(sim.client().update(rt, QStringLiteral("default"), cm).ok());
    }

    // ConfigMap "c" created, then updated 150 times: 151 revisions of one key.
    static bool writeOneConfigMap151Times(Simulation &sim)
    {
        const auto rt = configMaps();
        if (!sim.client().create(rt, QStringLiteral("default"), configMap(QStringLiteral("c"), 10)).ok())
            return false;
        for (int i = 0; i < 150; ++i) {
            auto cm = sim.client().get(rt, QStringLiteral("default"), QStringLiteral("c")).value->clone();
            cm->metadata.labels.insert(QStringLiteral("i"), QString::number(i));
            if (!sim.client().update(rt, QStringLiteral("default"), cm).ok())
                return false;
        }
        return true;
    }

    void simulationCompactsByRevisionCount()
    {
        SimulationConfig c;
        c.controllers.clear();
        c.maxRetainedRevisions = 100;
        Simulation sim(c);
        QVERIFY(writeOneConfigMap151Times(sim));
        QVERIFY(sim.api().store().stats().retainedRevisions > 100);
        sim.compactIfDue();   // the 5-minute timer is not due: the count decides
        const store::StoreStats st = sim.api().store().stats();
        QCOMPARE(st.compactRevision, st.revision - 50);
        QVERIFY(st.retainedRevisions <= 51);
    }

    // The same bound holds while the runner is busy, not only when it idles (issue #16: a burst
    // of writes with no idle step kept every version): the first step after the bound is passed
    // compacts, although a controller has work in that step.
    void simulationCompactsByRevisionCountWhileBusy()
    {
        SimulationConfig c;
        c.maxRetainedRevisions = 100;
        Simulation sim(c);
        QVERIFY(writeOneConfigMap151Times(sim));
        QVERIFY(sim.api().create(test::makeDeployment(QStringLiteral("web"), 1)).ok());
        const qint64 rev = sim.api().store().revision();
        QCOMPARE(sim.api().store().compactRevision(), 0);
        QVERIFY(sim.runner().step());
        QCOMPARE(sim.runner().lastController(), QStringLiteral("deployment"));   // not an idle step
        QCOMPARE(sim.api().store().compactRevision(), rev - 50);
    }

    // The lab's capacity (issue #17 item 4): a Deployment or ReplicaSet may not ask for more
    // replicas than the lab can run, and pods stop at the capacity; both Forbidden, nothing
    // written, in the API server's words.
    void labCapacity()
    {
        SimulationConfig c;
        c.podCapacity = 5;
        Simulation sim(c);
        const qint64 rev = sim.api().store().revision();
        const auto r = sim.api().create(test::makeDeployment(QStringLiteral("web"), 6));
        QVERIFY(!r.ok());
        QCOMPARE(r.error->code, 403);
        QCOMPARE(r.error->reason, QStringLiteral("Forbidden"));
        QCOMPARE(r.error->message, QStringLiteral("deployments.apps \"web\" is forbidden: spec.replicas 6 is more than this lab can run "
                                                  "(its capacity is 5 pods)"));
        QCOMPARE(sim.api().store().revision(), rev);
        // Two Deployments of 3: the sixth pod is refused, the ReplicaSet controller says so.
        QVERIFY(sim.api().create(test::makeDeployment(QStringLiteral("a"), 3)).ok());
        QVERIFY(sim.api().create(test::makeDeployment(QStringLiteral("b"), 3)).ok());
        sim.runUntilIdle(60'000);
        QCOMPARE(sim.api().livePods(), 5);
        bool failedCreate = false;
        for (const api::ObjectPtr &o : sim.api().list(apiserver::resources::byKind(api::Kind::Event), QStringLiteral("default")).value.items)
            failedCreate = failedCreate || o->toJson().value(QLatin1String("message")).toString().contains(QLatin1String("the lab is at its capacity of 5 pods"));
        QVERIFY(failedCreate);
        // Scaling past the capacity is refused too; deleting frees room.
        auto d = sim.api().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("a"))->clone();
        std::static_pointer_cast<api::Deployment>(d)->spec.replicas = 7;
        QCOMPARE(sim.api().update(d).error->code, 403);
        QVERIFY(sim.api().remove(apiserver::resources::byKind(api::Kind::Deployment), QStringLiteral("default"), QStringLiteral("a")).ok());
        sim.runUntilIdle(120'000);
        QCOMPARE(sim.api().livePods(), 3);
        // A restored store is counted once.
        apiserver::ApiServer fresh(sim.api().store(), sim.clock());
        QCOMPARE(fresh.livePods(), 3);
    }
};

QTEST_GUILESS_MAIN(TestStoreQuota)
#include "tst_storequota.moc"
