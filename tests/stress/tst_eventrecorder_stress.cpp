// Workers recording the same event at once (std::thread only, so it runs under ThreadSanitizer):
// upstream's broadcaster hands events to the sink one at a time, so N workers x M repeats of one
// event make exactly one Event counted N x M times; and similar events from many workers are
// combined into exactly one "(combined from similar events)" Event after the 9 distinct ones.
#include "core/api/event.h"
#include "core/controller/eventrecorder.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

#include <thread>
#include <vector>

using namespace rlab;
using namespace rlab::api;

class TestEventRecorderStress : public QObject
{
    Q_OBJECT

private slots:
    void repeatsFromManyWorkersCountOnOneEvent()
    {
        test::ApiFixture f;
        const ObjectPtr pod = f.client.create(test::makePod(QStringLiteral("web-1"))).value;
        QVERIFY(pod);
        controller::EventRecorder recorder(f.client, QStringLiteral("kubelet"), controller::EventRecorder::Correlation::None);
        constexpr int kThreads = 6, kRepeats = 150;
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&] {
                for (int i = 0; i < kRepeats; ++i)
                    recorder.event(*pod, QStringLiteral("Normal"), QStringLiteral("Pulled"), QStringLiteral("Container image \"nginx\" already present on machine"));
            });
        for (std::thread &t : threads)
            t.join();
        const auto events = f.client.list(f.rt(Kind::Event), QStringLiteral("default")).value.items;
        QCOMPARE(int(events.size()), 1);
        QCOMPARE(objectCast<Event>(events.front())->count, kThreads * kRepeats);
    }

    void similarEventsFromManyWorkersCombineIntoOne()
    {
        test::ApiFixture f;
        const ObjectPtr rs = f.client.create(test::makePod(QStringLiteral("web-rs"))).value;
        QVERIFY(rs);
        controller::EventRecorder recorder(f.client, QStringLiteral("replicaset-controller"));
        constexpr int kThreads = 4, kEach = 5;   // 20 distinct messages: 9 written, then one combined
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&, t] {
                for (int i = 0; i < kEach; ++i)
                    recorder.event(*rs, QStringLiteral("Normal"), QStringLiteral("SuccessfulCreate"),
                                   QStringLiteral("Created pod: web-%1-%2").arg(t).arg(i));
            });
        for (std::thread &t : threads)
            t.join();
        const auto events = f.client.list(f.rt(Kind::Event), QStringLiteral("default")).value.items;
        int combined = 0, combinedCount = 0;
        for (const ObjectPtr &o : events) {
            const auto ev = objectCast<Event>(o);
            if (ev->message.startsWith(QLatin1String("(combined from similar events): "))) {
                ++combined;
                combinedCount = ev->count;
            }
        }
        QCOMPARE(combined, 1);
        QCOMPARE(int(events.size()), 10);
        QCOMPARE(combinedCount, kThreads * kEach - 9);
    }
};

QTEST_GUILESS_MAIN(TestEventRecorderStress)
#include "tst_eventrecorder_stress.moc"
