// Threads hammer the API server (std::thread only, so it runs under ThreadSanitizer): optimistic
// concurrency must let exactly one writer win per resourceVersion, nothing may be lost, and a
// watcher must see every change once, in revision order.
#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;

class TestApiServerStress : public QObject
{
    Q_OBJECT

private slots:
    void conflictingUpdates()
    {
        test::ApiFixture f;
        QVERIFY(f.api.create(test::makeDeployment(QStringLiteral("web"))).ok());
        const ResourceType rt = f.rt(Kind::Deployment);
        ListOptions lo;
        lo.resourceVersion = QString::number(f.api.currentRevision());
        auto watch = f.api.watch(rt, QStringLiteral("default"), lo).value;

        constexpr int kThreads = 4, kIncrements = 150;
        std::atomic<int> conflicts{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&] {
                for (int i = 0; i < kIncrements; ++i) {
                    for (;;) {   // read-modify-write with retry on Conflict, like client-go's RetryOnConflict
                        auto cur = f.api.getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"));
                        auto next = std::static_pointer_cast<Deployment>(cur->clone());
                        const int n = next->metadata.annotations.value(QStringLiteral("count")).toInt();
                        next->metadata.annotations[QStringLiteral("count")] = QString::number(n + 1);
                        const auto r = f.api.update(next);
                        if (r.ok())
                            break;
                        if (r.error->code != 409)
                            return;
                        conflicts.fetch_add(1);
                    }
                }
            });
        }
        // concurrent creators of distinct pods
        std::vector<std::thread> creators;
        for (int t = 0; t < 2; ++t) {
            creators.emplace_back([&, t] {
                for (int i = 0; i < 100; ++i)
                    f.api.create(test::makePod(QStringLiteral("p-%1-%2").arg(t).arg(i)));
            });
        }
        for (auto &th : threads)
            th.join();
        for (auto &th : creators)
            th.join();
        const auto final = f.api.getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"));
        QCOMPARE(final->metadata.annotations.value(QStringLiteral("count")).toInt(), kThreads * kIncrements);
        QCOMPARE(f.api.list(f.rt(Kind::Pod), QStringLiteral("default")).value.items.size(), 200);
        const auto events = watch->take();
        QCOMPARE(int(events.size()), kThreads * kIncrements);
        qint64 last = 0;
        int expected = 1;
        for (const ApiWatchEvent &e : events) {
            QVERIFY(e.revision > last);
            last = e.revision;
            QCOMPARE(e.object->metadata.annotations.value(QStringLiteral("count")).toInt(), expected++);
        }
        qInfo("%d conflicts retried", conflicts.load());
    }
};

QTEST_GUILESS_MAIN(TestApiServerStress)
#include "tst_apiserver_stress.moc"
