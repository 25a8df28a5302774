// SPDX-License-Identifier: Apache-2.0
// EventRecorder: repeats of one (object, type, reason, message) update one Event (count + 1);
// the correlator remembers the 4096 most recently used keys (upstream's LRU), so a repeat that
// comes after 4096 other keys writes a new Event, as kube-controller-manager's recorder does.
// (Correlation::None here: 4096 events about one object would otherwise be aggregated and
// spam-filtered first — tst_eventcorrelator covers those.)
#include "core/controller/eventrecorder.h"

#include "core/api/event.h"
#include "tests/testutil/fixtures.h"
#include "tests/testutil/forwardingclient.h"

#include <functional>

#include <QHash>
#include <QSet>

#include <QTest>

using namespace rlab;
using namespace rlab::api;

class TestEventRecorder : public QObject
{
    Q_OBJECT

private slots:
    void correlation_data();
    void correlation();
    void repeatDuringTheFirstWrite();
    void equalMessagesShareOneString();
    void namesAreObjectDotHexTime();
};

namespace {
// Runs `during` once, in the middle of the next Event create (before it reaches the API server):
// what a second worker recording the same event at that moment would do.
class InterleavingClient : public test::ForwardingClient
{
public:
    using ForwardingClient::ForwardingClient;
    using ForwardingClient::create;
    std::function<void()> during;
    Result<ObjectPtr> create(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                             const WriteOptions &opts = {}) override
    {
        if (during && rt.kind == QLatin1String("Event"))
            std::exchange(during, {})();
        return ForwardingClient::create(rt, ns, std::move(obj), opts);
    }
};
} // namespace

void TestEventRecorder::correlation_data()
{
    QTest::addColumn<int>("othersBetween");   // distinct events recorded between the two repeats
    QTest::addColumn<int>("expectedEvents");  // Events stored at the end
    QTest::addColumn<int>("expectedCount");   // count of the newest Event for the repeated key
    QTest::newRow("repeat right away") << 0 << 1 << 2;
    QTest::newRow("repeat after 4095 others: still remembered") << 4095 << 4096 << 2;
    QTest::newRow("repeat after 4096 others: evicted, a new Event") << 4096 << 4098 << 1;
}

void TestEventRecorder::correlation()
{
    QFETCH(int, othersBetween);
    QFETCH(int, expectedEvents);
    QFETCH(int, expectedCount);
    test::ApiFixture f;
    auto pod = test::makePod(QStringLiteral("web-1"));
    const ObjectPtr stored = f.client.create(pod).value;
    QVERIFY(stored);
    controller::EventRecorder recorder(f.client, QStringLiteral("kubelet"), controller::EventRecorder::Correlation::None);
    const QString type = QStringLiteral("Normal");
    recorder.event(*stored, type, QStringLiteral("Pulling"), QStringLiteral("Pulling image \"nginx\""));
    for (int i = 0; i < othersBetween; ++i)
        recorder.event(*stored, type, QStringLiteral("Other"), QStringLiteral("message %1").arg(i));
    f.clock.advance(1000);
    recorder.event(*stored, type, QStringLiteral("Pulling"), QStringLiteral("Pulling image \"nginx\""));
    const auto events = f.client.list(f.rt(Kind::Event), QStringLiteral("default")).value.items;
    QCOMPARE(int(events.size()), expectedEvents);
    int newestCount = 0;
    Time newest = -1;
    for (const ObjectPtr &o : events) {
        const auto ev = objectCast<Event>(o);
        if (ev->reason == QLatin1String("Pulling") && ev->firstTimestamp >= newest) {
            newest = ev->firstTimestamp;
            newestCount = ev->count;
        }
    }
    QCOMPARE(newestCount, expectedCount);
}

// Upstream's broadcaster hands events to the sink one at a time: a repeat recorded while the
// first Event is still being created must count on that Event, not create a second one (served
// labs showed up to four "(combined from similar events)" Events for one ReplicaSet).
void TestEventRecorder::repeatDuringTheFirstWrite()
{
    test::ApiFixture f;
    const ObjectPtr stored = f.client.create(test::makePod(QStringLiteral("web-1"))).value;
    QVERIFY(stored);
    InterleavingClient client(f.client);
    controller::EventRecorder recorder(client, QStringLiteral("kubelet"), controller::EventRecorder::Correlation::None);
    const QString type = QStringLiteral("Normal");
    const QString reason = QStringLiteral("Pulling");
    const QString message = QStringLiteral("Pulling image \"nginx\"");
    client.during = [&] { recorder.event(*stored, type, reason, message); };
    recorder.event(*stored, type, reason, message);
    const auto events = f.client.list(f.rt(Kind::Event), QStringLiteral("default")).value.items;
    QCOMPARE(int(events.size()), 1);
    QCOMPARE(objectCast<Event>(events.front())->count, 2);
}

// A kubelet writes "Started container nginx" for each of its pods: the Events it writes of one
// text share one string (a copy made per call, as .arg() makes them, is not kept), while a
// different text stays its own. Seen as written, through a watch (the store keeps an Event
// nothing else holds packed, and a read unpacks it: tst_eventpack).
void TestEventRecorder::equalMessagesShareOneString()
{
    test::ApiFixture f;
    const auto watch = f.api.watch(f.rt(Kind::Event), QStringLiteral("default"));
    QVERIFY(watch.ok());
    controller::EventRecorder recorder(f.client, QStringLiteral("kubelet"));
    const QString type = QStringLiteral("Normal");
    for (int i = 0; i < 3; ++i) {
        const ObjectPtr pod = f.client.create(test::makePod(QStringLiteral("web-%1").arg(i))).value;
        QVERIFY(pod);
        recorder.event(*pod, type, QStringLiteral("Started"), QStringLiteral("Started container %1").arg(QStringLiteral("nginx")));
        recorder.event(*pod, type, QStringLiteral("Killing"), QStringLiteral("Stopping container %1").arg(QStringLiteral("nginx")));
    }
    QHash<QString, QSet<const QChar *>> storage;   // message -> where its characters live
    const auto events = watch.value->take();
    QCOMPARE(int(events.size()), 6);
    for (const apiserver::ApiWatchEvent &e : events) {
        const auto ev = objectCast<Event>(e.object);
        storage[ev->message].insert(ev->message.constData());
    }
    QCOMPARE(storage.size(), 2);
    QCOMPARE(storage.value(QStringLiteral("Started container nginx")).size(), 1);
    QCOMPARE(storage.value(QStringLiteral("Stopping container nginx")).size(), 1);
}

QTEST_GUILESS_MAIN(TestEventRecorder)
// upstream's fmt.Sprintf("%v.%x", ref.Name, t.UnixNano()): the object's name, a dot and the
// write's time in nanoseconds as lower-case hex (here: ms * 10^6 plus a counter, so unique).
void TestEventRecorder::namesAreObjectDotHexTime()
{
    test::ApiFixture f;
    const ObjectPtr stored = f.client.create(test::makePod(QStringLiteral("web-1"))).value;
    QVERIFY(stored);
    controller::EventRecorder recorder(f.client, QStringLiteral("kubelet"));
    recorder.event(*stored, QStringLiteral("Normal"), QStringLiteral("Pulling"), QStringLiteral("Pulling image \"nginx\""));
    recorder.event(*stored, QStringLiteral("Normal"), QStringLiteral("Pulled"), QStringLiteral("pulled"));
    const auto events = f.client.list(f.rt(Kind::Event), QStringLiteral("default")).value.items;
    QCOMPARE(int(events.size()), 2);
    QStringList names;
    for (const ObjectPtr &o : events) {
        const auto ev = objectCast<Event>(o);
        const QString &name = ev->metadata.name;
        QVERIFY2(name.startsWith(QLatin1String("web-1.")), qPrintable(name));
        bool ok = false;
        const quint64 nanos = name.mid(6).toULongLong(&ok, 16);
        QVERIFY2(ok && name.mid(6) == QString::number(nanos, 16), qPrintable(name));   // lower case, no padding
        QCOMPARE(qint64(nanos / 1000000), ev->firstTimestamp);   // the write's time
        names << name;
    }
    QVERIFY(names[0] != names[1]);
}

#include "tst_eventrecorder.moc"
