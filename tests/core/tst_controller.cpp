// The classic controller runner: processNextWorkItem's handleErr (forget / addRateLimited up to
// maxRetries, then drop), the trace it writes, and worker QThreads that never hold one key twice
// and drain on a graceful shutDown.
#include "core/controller/controller.h"
#include "core/base/manualclock.h"
#include "core/base/tracelog.h"

#include <QSet>
#include <QTest>

#include <atomic>
#include <mutex>

using namespace rlab;
using namespace rlab::controller;

class TestController : public QObject
{
    Q_OBJECT

private slots:
    void successForgetsAndTraces()
    {
        ManualClock clock(1000);
        TraceLog trace;
        Controller c(QStringLiteral("deployment"), QStringLiteral("syncDeployment"), clock, &trace, 15);
        c.setSyncHandler([](const QString &) { return SyncResult{{}, {QStringLiteral("did it")}}; });
        c.enqueue(QStringLiteral("default/web"));
        c.enqueue(QStringLiteral("default/web"));   // deduplicated
        QVERIFY(c.processNextWorkItem(0, false));
        QVERIFY(!c.processNextWorkItem(0, false));
        QCOMPARE(c.syncs(), 1);
        QStringList types;
        for (const TraceEvent &e : trace.since(0))
            types << e.type;
        QVERIFY2(types.contains(QStringLiteral("QueueDedup")) && types.contains(QStringLiteral("ReconcileEnd")), qPrintable(types.join(',')));
        const auto events = trace.since(0);
        const auto end = std::find_if(events.begin(), events.end(), [](const TraceEvent &e) { return e.type == QLatin1String("ReconcileEnd"); });
        QCOMPARE(end->text, QStringLiteral("syncDeployment default/web: did it"));
    }

    // A reconcile's start and end read "<sync function> <key>" and "...: <notes>" (one note as
    // it is, several joined by "; "), each controller with its own sync function's name.
    void reconcileTextsNameTheirSyncFunction()
    {
        ManualClock clock(1000);
        TraceLog trace;
        Controller rs(QStringLiteral("replicaset"), QStringLiteral("syncReplicaSet"), clock, &trace, 15);
        Controller pods(QStringLiteral("kubelet/node-1"), QStringLiteral("syncPod"), clock, &trace, 15);
        rs.setSyncHandler([](const QString &) { return SyncResult{{}, {QStringLiteral("created 2 pods"), QStringLiteral("expecting 2")}}; });
        pods.setSyncHandler([](const QString &) { return SyncResult{{}, {QStringLiteral("started nginx")}}; });
        rs.enqueue(QStringLiteral("default/web"));
        pods.enqueue(QStringLiteral("default/web-1"));
        pods.enqueue(QStringLiteral("default/web-2"));
        QVERIFY(rs.processNextWorkItem(0, false));
        QVERIFY(pods.processNextWorkItem(1, false));
        QStringList texts;
        for (const TraceEvent &e : trace.since(0))
            if (e.type.startsWith(QLatin1String("Reconcile")))
                texts << e.type + QLatin1Char(' ') + e.text;
        QCOMPARE(texts, (QStringList{QStringLiteral("ReconcileStart syncReplicaSet default/web"),
                                     QStringLiteral("ReconcileEnd syncReplicaSet default/web: created 2 pods; expecting 2"),
                                     QStringLiteral("ReconcileStart syncPod default/web-1"),
                                     QStringLiteral("ReconcileEnd syncPod default/web-1: started nginx")}));
    }

    // A queue operation's detail ({depth, whileProcessing}, readyAt for addAfter) and text are
    // made when the trace is read, from what the event stored: each as the queue saw it.
    void queueEventsKeepTheirDepthAndWhileProcessing()
    {
        ManualClock clock(1000);
        TraceLog trace;
        Controller c(QStringLiteral("deployment"), QStringLiteral("syncDeployment"), clock, &trace, 15);
        c.setSyncHandler([&c](const QString &key) {
            if (key == QLatin1String("default/a"))
                c.enqueue(key);   // while a worker processes it
            return SyncResult{};
        });
        c.enqueue(QStringLiteral("default/a"));
        c.enqueue(QStringLiteral("default/b"));
        c.enqueue(QStringLiteral("default/c"));
        QVERIFY(c.processNextWorkItem(0, false));
        c.enqueueAfter(QStringLiteral("default/d"), 250);
        QStringList got;
        for (const TraceEvent &e : trace.since(0)) {
            if (e.type != QLatin1String("QueueAdd") && e.type != QLatin1String("QueueAddAfter"))
                continue;
            const QJsonObject d = e.detail;
            got << QStringLiteral("%1 %2 depth=%3%4%5 | %6")
                       .arg(e.type, e.key)
                       .arg(d.value(QLatin1String("depth")).toInteger())
                       .arg(d.value(QLatin1String("whileProcessing")).toBool() ? QStringLiteral(" whileProcessing") : QString())
                       .arg(d.contains(QLatin1String("readyAt")) ? QStringLiteral(" readyAt=%1").arg(d.value(QLatin1String("readyAt")).toInteger()) : QString())
                       .arg(e.text);
        }
        QCOMPARE(got, (QStringList{
                          "QueueAdd default/a depth=1 | add default/a (depth 1)",
                          "QueueAdd default/b depth=2 | add default/b (depth 2)",
                          "QueueAdd default/c depth=3 | add default/c (depth 3)",
                          "QueueAdd default/a depth=2 whileProcessing | add default/a while a worker processes it: it will be processed once more after done",
                          "QueueAddAfter default/d depth=3 readyAt=1250 | addAfter default/d: in 250 ms",
                      }));
    }

    // What the window pays to read queue operations back (their detail and text are made on
    // read): 100,000 adds and gets of 100 keys, read with since() (no assertion on time).
    void benchReadQueueEvents()
    {
        ManualClock clock(1000);
        TraceLog trace;
        Controller c(QStringLiteral("replicaset"), QStringLiteral("syncReplicaSet"), clock, &trace, 15);
        c.setSyncHandler([](const QString &) { return SyncResult{}; });
        for (int i = 0; i < 50'000; ++i) {
            c.enqueue(QStringLiteral("default/web-%1").arg(i % 100));
            if (i % 2)
                QVERIFY(c.processNextWorkItem(0, false));
        }
        QBENCHMARK {
            const auto events = trace.since(0);
            QVERIFY(events.size() > 50'000);
        }
    }

    void errorsRetryWithBackoffThenDrop_data()
    {
        QTest::addColumn<int>("maxRetries");
        QTest::addColumn<int>("expectedSyncs");
        QTest::newRow("maxRetries 3: 1 + 3 retries") << 3 << 4;
        QTest::newRow("maxRetries 15 (Deployment): 1 + 15 retries") << 15 << 16;
    }
    void errorsRetryWithBackoffThenDrop()
    {
        QFETCH(int, maxRetries);
        QFETCH(int, expectedSyncs);
        ManualClock clock(1000);
        Controller c(QStringLiteral("deployment"), QStringLiteral("syncDeployment"), clock, nullptr, maxRetries);
        c.setSyncHandler([](const QString &) { return SyncResult{QStringLiteral("boom"), {}}; });
        c.enqueue(QStringLiteral("default/web"));
        QList<qint64> retryTimes;
        for (int i = 0; i < 100; ++i) {
            if (c.processNextWorkItem(0, false)) {
                retryTimes << clock.now();
                continue;
            }
            if (!clock.nextTimerAt())
                break;
            clock.advanceTo(*clock.nextTimerAt());
        }
        QCOMPARE(c.syncs(), expectedSyncs);
        // 5 ms, 10 ms, 20 ms … between attempts (the per-item exponential limiter)
        QCOMPARE(retryTimes.value(1) - retryTimes.value(0), 5);
        QCOMPARE(retryTimes.value(2) - retryTimes.value(1), 10);
        QCOMPARE(c.queue().numRequeues(QStringLiteral("default/web")), 0);   // forgotten when dropped
    }

    void workerThreadsNeverShareAKeyAndDrain()
    {
        ManualClock clock(1000);
        Controller c(QStringLiteral("replicaset"), QStringLiteral("syncReplicaSet"), clock, nullptr, -1);
        std::mutex m;
        QSet<QString> inFlight;
        std::atomic<int> overlaps{0}, done{0};
        c.setSyncHandler([&](const QString &key) {
            {
                std::lock_guard lock(m);
                if (inFlight.contains(key))
                    ++overlaps;
                inFlight.insert(key);
            }
            QThread::yieldCurrentThread();
            {
                std::lock_guard lock(m);
                inFlight.remove(key);
            }
            ++done;
            return SyncResult{};
        });
        for (int i = 0; i < 200; ++i)
            c.enqueue(QStringLiteral("default/k%1").arg(i % 50));   // overlapping keys
        c.run(5);
        QCOMPARE(c.workers(), 5);
        for (int i = 0; i < 200; ++i)
            c.enqueue(QStringLiteral("default/k%1").arg(i % 50));
        c.shutDown(true);   // graceful: queued keys are still processed, then the threads end
        QVERIFY(!c.isRunning());
        QCOMPARE(overlaps.load(), 0);
        QVERIFY2(done.load() >= 50, qPrintable(QString::number(done.load())));
        QCOMPARE(c.queue().len(), 0);
    }

    void abandonStopsWithoutProcessingMore()
    {
        ManualClock clock(1000);
        Controller c(QStringLiteral("replicaset"), QStringLiteral("syncReplicaSet"), clock, nullptr, -1);
        std::atomic<int> done{0};
        c.setSyncHandler([&](const QString &) {
            ++done;
            return SyncResult{};
        });
        c.run(2);
        c.shutDown(false);
        QVERIFY(!c.isRunning());
        c.enqueue(QStringLiteral("default/late"));   // ignored after shutdown
        QCOMPARE(done.load(), 0);
        QVERIFY(!c.processNextWorkItem(0, false));
    }
};

QTEST_GUILESS_MAIN(TestController)
#include "tst_controller.moc"
