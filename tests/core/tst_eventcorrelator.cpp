// SPDX-License-Identifier: Apache-2.0
// client-go's EventCorrelator around EventRecorder (tools/record/events_cache.go; cases after
// events_cache_test.go's TestEventCorrelator and TestEventSpamFilter): similar events (same
// source, object, type, reason) are aggregated from the 10th distinct message within 10 minutes
// into one "(combined from similar events): …" Event whose count goes up; a source writes 25
// events about one object, then 1 every 5 minutes; the scheduler's recorder (events.k8s.io,
// Correlation::None) neither aggregates nor filters.
#include "core/controller/eventrecorder.h"

#include "core/api/event.h"
#include "core/api/namespace.h"
#include "core/base/tracelog.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

#include <map>
#include <set>

using namespace rlab;
using namespace rlab::api;
using controller::CompactKey;
using controller::EventCorrelator;
using controller::EventRecorder;

namespace {
// test::ApiFixture with a trace (the spam filter's "not written" lines are looked at).
struct Fixture
{
    store::KvStore store;
    ManualClock clock{test::kStartMs};
    TraceLog trace;
    apiserver::ApiServer api{store, clock, &trace, 42};
    client::InProcessClient client{api};
    Fixture()
    {
        auto ns = std::make_shared<Namespace>();
        ns->metadata.name = QStringLiteral("default");
        if (!api.create(ns).ok())
            qFatal("cannot create namespace default");
    }
    apiserver::ResourceType rt(Kind kind) const { return apiserver::resources::byKind(kind); }
};

QList<std::shared_ptr<const Event>> storedEvents(Fixture &f)
{
    QList<std::shared_ptr<const Event>> out;
    for (const ObjectPtr &o : f.client.list(f.rt(Kind::Event), QStringLiteral("default")).value.items)
        out << objectCast<Event>(o);
    return out;
}
} // namespace

class TestEventCorrelator : public QObject
{
    Q_OBJECT

private slots:
    void aggregation_data()
    {
        QTest::addColumn<int>("messages");         // distinct messages, same reason, one object
        QTest::addColumn<qint64>("gapMs");         // virtual time between them
        QTest::addColumn<int>("expectedEvents");   // Events stored
        QTest::addColumn<int>("combinedCount");    // count of the combined Event (0: none)
        QTest::newRow("9 messages: 9 Events") << 9 << qint64(1000) << 9 << 0;
        QTest::newRow("10th message: combined") << 10 << qint64(1000) << 10 << 1;
        QTest::newRow("20 messages: 9 + one combined counted 11 times") << 20 << qint64(1000) << 10 << 11;
        // A gap over 10 minutes starts a fresh record each time: nothing is combined.
        QTest::newRow("20 messages 11 minutes apart: 20 Events") << 20 << qint64(11 * 60 * 1000) << 20 << 0;
    }
    void aggregation()
    {
        QFETCH(int, messages);
        QFETCH(qint64, gapMs);
        QFETCH(int, expectedEvents);
        QFETCH(int, combinedCount);
        Fixture f;
        const ObjectPtr rs = f.client.create(test::makePod(QStringLiteral("web"))).value;
        QVERIFY(rs);
        EventRecorder recorder(f.client, QStringLiteral("replicaset-controller"));
        for (int i = 0; i < messages; ++i) {
            recorder.event(*rs, QStringLiteral("Normal"), QStringLiteral("SuccessfulCreate"), QStringLiteral("Created pod: web-%1").arg(i));
            f.clock.advance(gapMs);
        }
        const auto events = storedEvents(f);
        QCOMPARE(int(events.size()), expectedEvents);
        int combined = 0;
        for (const auto &e : events)
            if (e->message.startsWith(QLatin1String("(combined from similar events): "))) {
                combined = e->count;
                // The newest message is the one shown (upstream patches the message too).
                QCOMPARE(e->message, QStringLiteral("(combined from similar events): Created pod: web-%1").arg(messages - 1));
            }
        QCOMPARE(combined, combinedCount);
    }

    void spamFilter()
    {
        Fixture f;
        const ObjectPtr pod = f.client.create(test::makePod(QStringLiteral("web-1"))).value;
        QVERIFY(pod);
        EventRecorder recorder(f.client, QStringLiteral("kubelet"));
        // 30 different reasons (nothing aggregates): 25 written, 5 kept back.
        for (int i = 0; i < 30; ++i)
            recorder.event(*pod, QStringLiteral("Normal"), QStringLiteral("Reason%1").arg(i), QStringLiteral("m"));
        QCOMPARE(storedEvents(f).size(), 25);
        int skippedTraces = 0;
        for (const TraceEvent &t : f.trace.since(0))
            skippedTraces += t.type == QLatin1String("Event") && t.text.contains(QLatin1String("not written: the event spam filter")) ? 1 : 0;
        QCOMPARE(skippedTraces, 5);
        // Another object from the same source has its own bucket.
        const ObjectPtr other = f.client.create(test::makePod(QStringLiteral("web-2"))).value;
        recorder.event(*other, QStringLiteral("Normal"), QStringLiteral("Pulled"), QStringLiteral("m"));
        QCOMPARE(storedEvents(f).size(), 26);
        // A token comes back every 5 minutes: one more after 5, not before.
        f.clock.advance(4 * 60 * 1000);
        recorder.event(*pod, QStringLiteral("Normal"), QStringLiteral("Late1"), QStringLiteral("m"));
        QCOMPARE(storedEvents(f).size(), 26);
        f.clock.advance(60 * 1000);
        recorder.event(*pod, QStringLiteral("Normal"), QStringLiteral("Late2"), QStringLiteral("m"));
        QCOMPARE(storedEvents(f).size(), 27);
    }

    void skippedRepeatsStillCount()
    {
        // The event logger counts a repeat even when the spam filter keeps it back: the next
        // written update carries the whole count (upstream's eventObserve runs before Filter).
        Fixture f;
        const ObjectPtr pod = f.client.create(test::makePod(QStringLiteral("web-1"))).value;
        EventRecorder recorder(f.client, QStringLiteral("kubelet"));
        for (int i = 0; i < 30; ++i)
            recorder.event(*pod, QStringLiteral("Warning"), QStringLiteral("BackOff"), QStringLiteral("Back-off restarting failed container"));
        auto events = storedEvents(f);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.front()->count, 25);   // 25 written (1 create + 24 updates), 5 kept back
        f.clock.advance(5 * 60 * 1000);
        recorder.event(*pod, QStringLiteral("Warning"), QStringLiteral("BackOff"), QStringLiteral("Back-off restarting failed container"));
        events = storedEvents(f);
        QCOMPARE(events.front()->count, 31);
    }

    void schedulerRecorderNeitherAggregatesNorFilters()
    {
        Fixture f;
        const ObjectPtr pod = f.client.create(test::makePod(QStringLiteral("web-1"))).value;
        EventRecorder recorder(f.client, QStringLiteral("default-scheduler"), EventRecorder::Correlation::None);
        for (int i = 0; i < 40; ++i)
            recorder.event(*pod, QStringLiteral("Warning"), QStringLiteral("FailedScheduling"), QStringLiteral("0/%1 nodes are available").arg(i));
        const auto events = storedEvents(f);
        QCOMPARE(events.size(), 40);
        for (const auto &e : events)
            QVERIFY(!e->message.startsWith(QLatin1String("(combined")));
    }

    // EventAggregate's record of one aggregate key: the distinct local keys seen within 10
    // minutes, the first (in key order) popped when the 10th arrives, which combines. 5,000
    // random messages of 14 (most 1 s apart, 1 in 60 after 11 minutes) on 3 aggregate keys: the same
    // answers as a std::set per key, as upstream's sets.String with PopAny.
    // KeyHash: the recorder's keys tell every different sequence of parts apart, where a part
    // ends included ("ab" + "c" is not "a" + "bc"), empty parts too, and every length a part's
    // eight-byte steps leave (0 to 7 characters past the last whole step).
    void keyHashTellsPartSequencesApart()
    {
        using KeyHash = EventCorrelator::KeyHash;
        const auto key = [](const QStringList &parts) {
            KeyHash h;
            for (const QString &p : parts)
                h = h.then(p);
            return std::pair{h.compact().a, h.compact().b};
        };
        QCOMPARE(key({u"kubelet"_qs, u"Pod"_qs}), key({u"kubelet"_qs, u"Pod"_qs}));   // a function of the parts
        std::set<std::pair<quint64, quint64>> seen;
        int made = 0;
        const auto add = [&](const QStringList &parts) {
            ++made;
            seen.insert(key(parts));
        };
        add({});
        add({u""_qs});
        add({u""_qs, u""_qs});
        add({u"ab"_qs, u"c"_qs});
        add({u"a"_qs, u"bc"_qs});
        add({u"abc"_qs});
        add({u"abc"_qs, u""_qs});
        add({u""_qs, u"abc"_qs});
        const QString base = QStringLiteral("web-7c5b4f-x2x9z.18867251edfa001c");
        for (qsizetype n = 0; n <= base.size(); ++n) {
            if (n > 0)
                add({base.left(n)});
            add({base.left(n), base.mid(n)});
            QString flipped = base.left(n);
            if (n > 0) {
                flipped[n - 1] = QChar(flipped[n - 1].unicode() ^ 1);   // one bit of the last character
                add({flipped});
            }
        }
        // A part given by its compact key (a remembered message's) is a part of its own kind.
        for (const QString &m : {u"Started container app"_qs, u""_qs, u"abc"_qs}) {
            KeyHash byText = KeyHash{}.then(u"kubelet"_qs).then(m);
            KeyHash byKey = KeyHash{}.then(u"kubelet"_qs).then(CompactKey::of(m));
            ++made;
            seen.insert({byKey.compact().a, byKey.compact().b});
            QVERIFY(byText.compact() != byKey.compact());
            QCOMPARE(KeyHash{}.then(u"kubelet"_qs).then(CompactKey::of(m)).compact(), byKey.compact());
        }
        for (int i = 0; i < 20000; ++i)   // pod names as the lab makes them
            add({u"kubelet"_qs, u"Pod"_qs, u"default"_qs, QStringLiteral("web-%1").arg(i), u"v1"_qs});
        QCOMPARE(int(seen.size()), made);
    }

    void aggregateMatchesASetModel()
    {
        using controller::CompactKey;
        using controller::EventCorrelator;
        quint64 seed = 4242;
        const auto next = [&seed](quint64 n) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            return (seed >> 33) % n;
        };
        EventCorrelator correlator;
        struct Model
        {
            std::set<CompactKey> keys;
            qint64 lastMs = 0;
        };
        std::map<int, Model> models;
        qint64 now = 1'000'000;
        int combined = 0;
        for (int i = 0; i < 5000; ++i) {
            now += next(60) == 0 ? 11 * 60 * 1000 : 1000;
            const int aggregate = int(next(3));
            const QString message = QStringLiteral("message %1").arg(next(14));
            const CompactKey aggregateKey = CompactKey::of(QStringLiteral("aggregate %1").arg(aggregate));
            const CompactKey local = CompactKey::of(message);
            const EventCorrelator::Aggregated got = correlator.aggregate(aggregateKey, CompactKey::of(message + QString::number(aggregate)), local, message, now);
            Model &m = models[aggregate];
            if (m.keys.empty() || now - m.lastMs > EventCorrelator::kMaxIntervalMs)
                m.keys.clear();
            m.keys.insert(local);
            m.lastMs = now;
            const bool combine = int(m.keys.size()) >= EventCorrelator::kMaxEvents;
            if (combine)
                m.keys.erase(m.keys.begin());
            QCOMPARE(got.combined, combine);
            QCOMPARE(got.key, combine ? aggregateKey : CompactKey::of(message + QString::number(aggregate)));
            combined += combine ? 1 : 0;
        }
        QVERIFY2(combined > 500 && combined < 4500, qPrintable(QString::number(combined)));   // both answers are exercised
    }
};

QTEST_GUILESS_MAIN(TestEventCorrelator)
#include "tst_eventcorrelator.moc"
