// SPDX-License-Identifier: Apache-2.0
// Throughput of the informer pipeline: store write -> watcher FIFO -> ApiWatch -> Reflector ->
// Indexer -> handler. Each benchmark prints events/s; QBENCHMARK reports ms per iteration.
// Measure in a Release build (`-DCMAKE_BUILD_TYPE=Release`), e.g. `tst_informer_bench -median 5`.
#include "core/api/deployment.h"
#include "core/api/namespace.h"
#include "core/apiserver/apiserver.h"
#include "core/base/manualclock.h"
#include "core/client/inprocessclient.h"
#include "core/client/sharedindexinformer.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QElapsedTimer>
#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace rlab;
using namespace rlab::client;

namespace {

constexpr int kKeys = 1000;
#ifdef NDEBUG
constexpr int kScale = 1;
#else
constexpr int kScale = 10;   // Debug and sanitizer CI runs: same code paths, a tenth of the events
#endif

const apiserver::ResourceType &deployments()
{
    static const apiserver::ResourceType rt = apiserver::resources::byKind(api::Kind::Deployment);
    return rt;
}

// What a controller's handler does in the cheapest case: count (controllers enqueue a key).
class CountingHandler : public ResourceEventHandler
{
public:
    void onAdd(const api::ObjectPtr &, bool) override { count.fetch_add(1, std::memory_order_relaxed); }
    void onUpdate(const api::ObjectPtr &, const api::ObjectPtr &) override { count.fetch_add(1, std::memory_order_relaxed); }
    void onDelete(const api::ObjectPtr &, const DeletedFinalStateUnknown *) override { count.fetch_add(1, std::memory_order_relaxed); }
    std::atomic<qint64> count{0};
};

// A store with kKeys Deployments and a synced informer over it; `objects` are immutable values
// the benchmark writes straight into the KvStore (one put = one MODIFIED watch event).
struct Fixture
{
    store::KvStore kv;
    ManualClock clock{0};
    apiserver::ApiServer api{kv, clock};
    client::InProcessClient client{api};
    std::vector<QByteArray> keys;
    std::vector<api::ObjectPtr> objects;
    SharedIndexInformer informer{client, deployments()};
    std::shared_ptr<CountingHandler> handler = std::make_shared<CountingHandler>();

    explicit Fixture(DriveMode mode)
    {
        auto ns = std::make_shared<api::Namespace>();
        ns->metadata.name = QStringLiteral("default");
        api.create(ns);
        for (int i = 0; i < kKeys; ++i) {
            const auto r = api.create(test::makeDeployment(QStringLiteral("web-%1").arg(i), 1));
            Q_ASSERT(r.ok());
            keys.push_back(deployments().etcdKey(QStringLiteral("default"), r.value->metadata.name));
            objects.push_back(r.value);
        }
        informer.addEventHandler(handler);
        informer.run(mode);
        if (mode == DriveMode::Deterministic)
            while (informer.processPending() > 0) { }
        else
            informer.waitForSync(std::chrono::seconds(30));
        handler->count = 0;
    }
    void put(int i) { kv.put(keys[std::size_t(i % kKeys)], objects[std::size_t(i % kKeys)]); }
    void waitFor(qint64 target)
    {
        while (handler->count.load(std::memory_order_relaxed) < target)
            std::this_thread::yield();
    }
};

void report(const char *what, qint64 events, qint64 nsecs)
{
    qInfo("%s: %lld events in %.1f ms = %.0f events/s", what, events, double(nsecs) / 1e6,
          nsecs > 0 ? double(events) * 1e9 / double(nsecs) : 0.0);
}

} // namespace

class TestInformerBench : public QObject
{
    Q_OBJECT

private slots:
    // The pump alone: events already pending in the watch, delivered by processPending().
    void benchPumpOnly()
    {
        constexpr int kEvents = 200'000 / kScale;
        Fixture f(DriveMode::Deterministic);
        for (int i = 0; i < kEvents; ++i)
            f.put(i);
        QElapsedTimer t;
        t.start();
        QBENCHMARK_ONCE {
            while (f.informer.processPending() > 0) { }
        }
        report("pump only (deterministic)", f.handler->count.load(), t.nsecsElapsed());
        QCOMPARE(f.handler->count.load(), qint64(kEvents));
    }

    // Store write -> handler on one thread: puts, then one pump per batch of 1000 writes.
    void benchStoreWriteToHandlerDeterministic()
    {
        constexpr int kEvents = 100'000 / kScale;
        Fixture f(DriveMode::Deterministic);
        qint64 events = 0;
        QElapsedTimer t;
        t.start();
        QBENCHMARK {
            for (int i = 0; i < kEvents; ++i) {
                f.put(i);
                if (i % 1000 == 999)
                    f.informer.processPending();
            }
            while (f.informer.processPending() > 0) { }
            events += kEvents;
        }
        report("store write -> handler (deterministic)", events, t.nsecsElapsed());
        QCOMPARE(f.handler->count.load(), events);
    }

    // Store write -> handler with the informer on its own thread, woken by the watch.
    void benchStoreWriteToHandlerThreaded()
    {
        constexpr int kEvents = 100'000 / kScale;
        Fixture f(DriveMode::Threaded);
        qint64 events = 0;
        QElapsedTimer t;
        t.start();
        QBENCHMARK {
            for (int i = 0; i < kEvents; ++i)
                f.put(i);
            events += kEvents;
            f.waitFor(events);
        }
        report("store write -> handler (threaded)", events, t.nsecsElapsed());
        f.informer.stop();
        QCOMPARE(f.handler->count.load(), events);
    }

    // End to end through the API server (defaulting, validation, optimistic concurrency):
    // what a controller's update costs until every informer handler has heard of it. The
    // Fixture's objects are kept current, so each update carries the right resourceVersion.
    void benchApiServerUpdateToHandler()
    {
        constexpr int kEvents = 20'000 / kScale;
        Fixture f(DriveMode::Deterministic);
        qint64 events = 0;
        int replicas = 1;
        QElapsedTimer t;
        t.start();
        QBENCHMARK {
            ++replicas;
            for (int i = 0; i < kEvents; ++i) {
                api::ObjectPtr &current = f.objects[std::size_t(i % kKeys)];
                auto copy = std::static_pointer_cast<api::Deployment>(current->clone());
                copy->spec.replicas = replicas + i / kKeys;
                const auto r = f.api.update(copy);
                if (!r.ok())
                    QFAIL(qPrintable(r.error->message));
                current = r.value;
                if (i % 1000 == 999)
                    f.informer.processPending();
            }
            while (f.informer.processPending() > 0) { }
            events += kEvents;
        }
        report("ApiServer update -> handler (deterministic)", events, t.nsecsElapsed());
        QCOMPARE(f.handler->count.load(), events);
    }
};

QTEST_GUILESS_MAIN(TestInformerBench)
#include "tst_informer_bench.moc"
