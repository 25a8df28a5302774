// SPDX-License-Identifier: Apache-2.0
// Qt-thread-free concurrency test of the informer (std::thread only, runs under ThreadSanitizer):
// writers create/update/delete Deployments through the ApiServer while a threaded
// SharedIndexInformer delivers; readers use the Lister meanwhile and a second handler joins
// mid-run. At the end the cache equals the store and every handler heard every change of every
// key, in revision order.
#include "core/api/deployment.h"
#include "core/api/namespace.h"
#include "core/apiserver/apiserver.h"
#include "core/base/manualclock.h"
#include "core/base/tracelog.h"
#include "core/client/inprocessclient.h"
#include "core/client/lister.h"
#include "core/client/sharedindexinformer.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

using namespace rlab;
using namespace rlab::client;

namespace {

const apiserver::ResourceType &deployments()
{
    static const apiserver::ResourceType rt = apiserver::resources::byKind(api::Kind::Deployment);
    return rt;
}

struct Lcg
{
    quint64 state;
    quint32 next()
    {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<quint32>(state >> 33);
    }
};

qint64 rvOf(const api::ObjectPtr &o)
{
    return o->metadata.resourceVersion.toLongLong();
}

// What one handler heard, per key: "A5" (add at rv 5), "U7", "D9"; plus the stream checks that
// need no ground truth (revision order, updates' old matching the previous new).
class Journal : public ResourceEventHandler
{
public:
    void onAdd(const api::ObjectPtr &obj, bool isInInitialList) override
    {
        std::lock_guard lock(m_mutex);
        if (m_view.count(obj->key()))
            ++errors;   // an add for a key the handler already has
        m_view[obj->key()] = obj;
        note(obj->key(), QLatin1Char('A'), rvOf(obj), !isInInitialList);
    }
    void onUpdate(const api::ObjectPtr &oldObj, const api::ObjectPtr &newObj) override
    {
        std::lock_guard lock(m_mutex);
        auto it = m_view.find(newObj->key());
        if (it == m_view.end() || it->second != oldObj)
            ++errors;   // old must be exactly what this handler was last told
        m_view[newObj->key()] = newObj;
        note(newObj->key(), QLatin1Char('U'), rvOf(newObj), true);
    }
    void onDelete(const api::ObjectPtr &obj, const DeletedFinalStateUnknown *tombstone) override
    {
        std::lock_guard lock(m_mutex);
        if (tombstone || m_view.erase(obj->key()) != 1)
            ++errors;   // no relist happens here, so no tombstones either
        note(obj->key(), QLatin1Char('D'), rvOf(obj), true);
    }

    std::map<QString, QStringList> perKey() const
    {
        std::lock_guard lock(m_mutex);
        return m_perKey;
    }
    std::map<QString, api::ObjectPtr> view() const
    {
        std::lock_guard lock(m_mutex);
        return m_view;
    }
    qint64 streamed() const
    {
        std::lock_guard lock(m_mutex);
        return m_streamed;
    }
    std::atomic<int> errors{0};
    std::atomic<int> outOfOrder{0};

private:
    void note(const QString &key, QChar type, qint64 rv, bool fromStream)
    {
        m_perKey[key] << type + QString::number(rv);
        if (!fromStream)
            return;
        if (rv <= m_lastRv)
            ++outOfOrder;   // the watch stream must arrive in global revision order
        m_lastRv = rv;
        ++m_streamed;
    }
    mutable std::mutex m_mutex;
    std::map<QString, QStringList> m_perKey;
    std::map<QString, api::ObjectPtr> m_view;
    qint64 m_lastRv = 0;
    qint64 m_streamed = 0;
};

} // namespace

class TestInformerStress : public QObject
{
    Q_OBJECT

private slots:
    void testWritersVersusThreadedInformer()
    {
        store::KvStore kv;
        ManualClock clock(1'767'225'600'000);
        TraceLog trace(200'000);
        apiserver::ApiServer api(kv, clock, &trace);
        client::InProcessClient client(api);
        {
            auto ns = std::make_shared<api::Namespace>();
            ns->metadata.name = QStringLiteral("default");
            QVERIFY(api.create(ns).ok());
        }
        for (int i = 0; i < 10; ++i)
            QVERIFY(api.create(test::makeDeployment(QStringLiteral("pre-%1").arg(i), 1)).ok());
        const qint64 listRv = api.currentRevision();

        SharedIndexInformer informer(client, deployments(), /*resync*/ 0);
        auto early = std::make_shared<Journal>();
        informer.addEventHandler(early);
        informer.run(DriveMode::Threaded);
        QVERIFY(informer.waitForSync(std::chrono::seconds(30)));

        constexpr int kWriters = 4;
        constexpr int kOpsPerWriter = 600;
        constexpr int kOwnKeys = 12;
        const QStringList shared{QStringLiteral("shared-0"), QStringLiteral("shared-1"), QStringLiteral("pre-0")};
        std::atomic<int> conflicts{0};
        std::atomic<int> unexpectedErrors{0};
        std::atomic<bool> writing{true};

        auto writer = [&](int w) {
            Lcg rng{quint64(w) * 7919 + 17};
            for (int op = 0; op < kOpsPerWriter; ++op) {
                const bool useShared = (rng.next() % 5) == 0;
                const QString name = useShared ? shared[int(rng.next() % quint32(shared.size()))]
                                               : QStringLiteral("w%1-%2").arg(w).arg(rng.next() % kOwnKeys);
                const auto cur = api.getAs<api::Deployment>(QStringLiteral("default"), name);
                const quint32 dice = rng.next() % 10;
                apiserver::Result<api::ObjectPtr> r;
                if (!cur) {
                    r = api.create(test::makeDeployment(name, int(rng.next() % 9)));
                } else if (dice < 2) {
                    apiserver::DeleteOptions opts;
                    opts.preconditionResourceVersion = cur->metadata.resourceVersion;
                    r = api.remove(deployments(), QStringLiteral("default"), name, opts);
                } else {
                    auto copy = std::static_pointer_cast<api::Deployment>(cur->clone());
                    copy->spec.replicas = cur->replicas() + 1;   // always a real change
                    r = api.update(copy);
                }
                if (!r.ok()) {
                    // Lost races on shared keys: 409 Conflict, 404 NotFound, 409 AlreadyExists.
                    if (r.error->code == 409 || r.error->code == 404)
                        conflicts.fetch_add(1);
                    else
                        unexpectedErrors.fetch_add(1);
                }
                if ((rng.next() & 31) == 0)
                    std::this_thread::yield();
            }
        };

        // Readers: the Lister is used while the cache changes.
        std::atomic<int> badReads{0};
        std::atomic<qint64> reads{0};
        auto reader = [&] {
            const Lister<api::Deployment> lister = informer.lister<api::Deployment>();
            while (writing.load()) {
                for (const auto &d : lister.list(QStringLiteral("default"), {})) {
                    if (!d || d->metadata.namespace_ != QLatin1String("default") || d->spec.template_.spec.containers.isEmpty())
                        badReads.fetch_add(1);
                }
                const auto one = lister.get(QStringLiteral("default"), QStringLiteral("shared-0"));
                if (one && one->metadata.name != QLatin1String("shared-0"))
                    badReads.fetch_add(1);
                reads.fetch_add(1);
            }
        };

        std::vector<std::thread> threads;
        for (int w = 0; w < kWriters; ++w)
            threads.emplace_back(writer, w);
        std::thread readerThread(reader);

        // A second controller registers while the writers run: it must get a consistent stream.
        std::this_thread::yield();
        auto late = std::make_shared<Journal>();
        const HandlerRegistration lateReg = informer.addEventHandler(late);

        for (std::thread &t : threads)
            t.join();
        writing = false;
        readerThread.join();

        // Wait (bounded) until the informer has caught up with the store's last revision.
        const qint64 finalRev = api.currentRevision();
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (informer.lastSyncResourceVersion() < finalRev && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        QCOMPARE(informer.lastSyncResourceVersion(), finalRev);
        // Delivery of the last batch happens under the pump lock; stop() joins the thread.
        informer.stop();
        QVERIFY(lateReg.hasSynced());

        QCOMPARE(unexpectedErrors.load(), 0);
        QCOMPARE(badReads.load(), 0);
        QVERIFY(reads.load() > 0);

        // 1. The cache equals the store: same keys, the very same stored objects.
        const auto listed = api.list(deployments(), QStringLiteral("default"));
        QVERIFY(listed.ok());
        const QList<api::ObjectPtr> cached = informer.indexer().list();
        QCOMPARE(cached.size(), listed.value.items.size());
        for (qsizetype i = 0; i < cached.size(); ++i) {
            QCOMPARE(cached[i]->key(), listed.value.items[i]->key());
            QCOMPARE(cached[i], listed.value.items[i]);
        }

        // 2. The early handler heard every change of every key, in revision order: its journal
        //    equals the store's history (the object as listed, then every later change).
        const std::map<QString, QStringList> heard = early->perKey();
        std::map<QString, QStringList> expected;
        qint64 changesAfterList = 0;
        QStringList allKeys;
        for (const auto &[key, events] : heard)
            allKeys << key;
        for (const QString &key : allKeys) {
            const QString name = key.section(u'/', 1);
            QStringList lines;
            qint64 atList = 0;
            for (const store::WatchEvent &e : kv.history(deployments().etcdKey(QStringLiteral("default"), name))) {
                const qint64 rev = e.revision.main;
                if (rev <= listRv) {
                    atList = e.type == store::WatchEvent::Put ? rev : 0;
                    continue;
                }
                if (lines.isEmpty() && atList)
                    lines << QStringLiteral("A%1").arg(atList);
                lines << (e.type == store::WatchEvent::Delete ? QStringLiteral("D") : e.isCreate() ? QStringLiteral("A") : QStringLiteral("U"))
                                 + QString::number(rev);
                ++changesAfterList;
            }
            if (lines.isEmpty() && atList)
                lines << QStringLiteral("A%1").arg(atList);
            expected[key] = lines;
        }
        for (const auto &[key, lines] : expected)
            QCOMPARE(heard.at(key), lines);
        // Every key the store ever had is in the journal (none was missed entirely).
        const auto storeKeys = kv.range(store::KeyRange::prefix(deployments().etcdPrefix.toUtf8() + '/'));
        for (const store::KeyValue &k : storeKeys.kvs)
            QVERIFY2(heard.count(k.value->key()), qPrintable(k.value->key()));
        QCOMPARE(early->streamed(), changesAfterList);
        QCOMPARE(early->errors.load(), 0);
        QCOMPARE(early->outOfOrder.load(), 0);
        QVERIFY(changesAfterList > kWriters * kOpsPerWriter / 2);

        // 3. The late handler's view, built only from what it was told, equals the cache.
        QCOMPARE(late->errors.load(), 0);
        QCOMPARE(late->outOfOrder.load(), 0);
        const std::map<QString, api::ObjectPtr> lateView = late->view();
        QCOMPARE(qsizetype(lateView.size()), cached.size());
        for (const api::ObjectPtr &o : cached)
            QCOMPARE(lateView.at(o->key()), o);

        // 4. One WatchEvent trace per delivered change.
        qint64 traced = 0;
        for (const TraceEvent &e : trace.since(0))
            traced += (e.component == QLatin1String("informer/deployments") && e.type == QLatin1String("WatchEvent")) ? 1 : 0;
        QCOMPARE(traced + trace.dropped(), changesAfterList);
        qInfo("%lld changes after the list, %d lost races, %lld lister reads", changesAfterList, conflicts.load(), reads.load());
    }

    void testStopAndRestartWhileWriting()
    {
        // run()/stop() cycles in threaded mode race with writers: after the last restart the
        // cache still converges to the store (resumed watches, no duplicate or lost change).
        store::KvStore kv;
        ManualClock clock(0);
        apiserver::ApiServer api(kv, clock);
        client::InProcessClient client(api);
        {
            auto ns = std::make_shared<api::Namespace>();
            ns->metadata.name = QStringLiteral("default");
            QVERIFY(api.create(ns).ok());
        }
        SharedIndexInformer informer(client, deployments());
        auto journal = std::make_shared<Journal>();
        informer.addEventHandler(journal);
        informer.run(DriveMode::Threaded);

        std::atomic<bool> done{false};
        std::thread writer([&] {
            Lcg rng{99};
            for (int op = 0; op < 1500; ++op) {
                const QString name = QStringLiteral("d%1").arg(rng.next() % 20);
                const auto cur = api.getAs<api::Deployment>(QStringLiteral("default"), name);
                if (!cur) {
                    api.create(test::makeDeployment(name, 1));
                } else if (rng.next() % 4 == 0) {
                    api.remove(deployments(), QStringLiteral("default"), name);
                } else {
                    auto copy = std::static_pointer_cast<api::Deployment>(cur->clone());
                    copy->spec.replicas = cur->replicas() + 1;
                    api.update(copy);
                }
            }
            done = true;
        });
        int cycles = 0;
        while (!done.load()) {
            informer.stop();
            std::this_thread::yield();
            informer.run(cycles % 2 ? DriveMode::Threaded : DriveMode::Deterministic);
            if (informer.mode() == DriveMode::Deterministic)
                informer.processPending();
            ++cycles;
        }
        writer.join();
        informer.stop();
        informer.run(DriveMode::Deterministic);
        while (informer.processPending() > 0) { }
        QCOMPARE(informer.lastSyncResourceVersion(), api.currentRevision());
        const auto listed = api.list(deployments(), QStringLiteral("default"));
        QCOMPARE(informer.indexer().list(), listed.value.items);
        QCOMPARE(journal->errors.load(), 0);
        QCOMPARE(journal->outOfOrder.load(), 0);
        const std::map<QString, api::ObjectPtr> view = journal->view();
        QCOMPARE(qsizetype(view.size()), listed.value.items.size());
        informer.stop();
        qInfo("%d stop/run cycles", cycles);
    }
};

QTEST_GUILESS_MAIN(TestInformerStress)
#include "tst_informer_stress.moc"
