// `rlab bench --size small` (issue #16) runs here so that it cannot rot: 10 Deployments of 10
// replicas on 10 nodes go through create -> Available, roll -> complete, scale x2 -> Available,
// and the report (text and --json) carries every phase with its counts. Only what the run must
// do is asserted (phases complete, 200 live pods, at least the writes each pod needs); the
// seconds are printed, never compared. The floor (BenchFloor) replays the same writes to the
// same watchers and must hand each watcher exactly what the lab's store handed it.
#include "core/api/pod.h"
#include "core/cli/benchfloor.h"
#include "core/cli/benchspill.h"
#include "core/cli/rlabcli.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <QTextStream>

using namespace rlab;

class TestBenchSize : public QObject
{
    Q_OBJECT
private slots:
    void smallPresetRunsEveryPhase()
    {
        QString out, err;
        QTextStream o(&out), e(&err);
        QCOMPARE(cli::runRlab({QStringLiteral("bench"), QStringLiteral("--size"), QStringLiteral("small"), QStringLiteral("--json")}, o, e), 0);
        const QJsonObject r = QJsonDocument::fromJson(out.toUtf8()).object();
        QVERIFY2(!r.isEmpty(), qPrintable(out + err));
        QCOMPARE(r.value(QLatin1String("benchmark")).toString(), QStringLiteral("size"));
        QCOMPARE(r.value(QLatin1String("size")).toString(), QStringLiteral("small"));
        QCOMPARE(r.value(QLatin1String("deployments")).toInt(), 10);
        QCOMPARE(r.value(QLatin1String("replicas")).toInt(), 10);
        QCOMPARE(r.value(QLatin1String("nodes")).toInt(), 10);
        QVERIFY(r.value(QLatin1String("complete")).toBool());
        QCOMPARE(r.value(QLatin1String("livePods")).toInt(), 200);   // scaled x2
        QVERIFY(r.value(QLatin1String("peakRssBytes")).toInteger() > 0);
        QVERIFY(r.value(QLatin1String("labPeakRssBytes")).toInteger() > 0);
        QVERIFY(r.value(QLatin1String("peakRssBytes")).toInteger() >= r.value(QLatin1String("labPeakRssBytes")).toInteger());
        QCOMPARE(r.value(QLatin1String("floorError")).toString(), QString());
        QVERIFY(r.value(QLatin1String("heapBytesPerLivePod")).toDouble() > 0);
        const QJsonArray phases = r.value(QLatin1String("phases")).toArray();
        QCOMPARE(phases.size(), 3);
        const QStringList names{QStringLiteral("create"), QStringLiteral("roll"), QStringLiteral("scale")};
        double overheadSum = 0;
        for (qsizetype i = 0; i < phases.size(); ++i) {
            const QJsonObject p = phases[i].toObject();
            QCOMPARE(p.value(QLatin1String("phase")).toString(), names[i]);
            QVERIFY2(p.value(QLatin1String("complete")).toBool(), qPrintable(names[i]));
            // Each phase brings up 100 pods: a create, a bind and a status update at least.
            QVERIFY2(p.value(QLatin1String("apiWrites")).toInteger() >= 300, qPrintable(names[i]));
            QVERIFY(p.value(QLatin1String("reconciles")).toInteger() >= 100);   // a kubelet sync per pod at least
            // ... and the pod informer hears each of those writes.
            QVERIFY(p.value(QLatin1String("watchEventsDelivered")).toInteger() >= 300);
            QVERIFY(p.value(QLatin1String("traceEventsKept")).toInteger() > 0);
            QVERIFY(p.contains(QLatin1String("wallSeconds")) && p.contains(QLatin1String("cpuSeconds")));
            // The floor replayed every change of the phase (a revision has one change or more)
            // and its watchers heard the pod writes too; its CPU is reported, not compared.
            QVERIFY2(p.value(QLatin1String("floorWrites")).toInteger() >= p.value(QLatin1String("apiWrites")).toInteger(), qPrintable(names[i]));
            QVERIFY(p.value(QLatin1String("floorWatchEventsDelivered")).toInteger() >= 300);
            QVERIFY(p.value(QLatin1String("floorCpuSeconds")).toDouble() > 0);
            // The bench's own work around the floor (spilling, reading back) is reported apart,
            // counted in neither figure (floorReplaysTheLabsCompactions).
            QVERIFY(p.value(QLatin1String("benchOverheadCpuSeconds")).isDouble());
            overheadSum += p.value(QLatin1String("benchOverheadCpuSeconds")).toDouble();
            QVERIFY(p.value(QLatin1String("pipelineOverFloor")).toDouble() > 0);
            // The kernel's share of each CPU figure is a part of it (0 when too small to see).
            const double cpu = p.value(QLatin1String("cpuSeconds")).toDouble();
            const double kernel = p.value(QLatin1String("kernelCpuSeconds")).toDouble(-1);
            QVERIFY2(kernel >= 0 && kernel <= cpu, qPrintable(names[i]));
            const double floorKernel = p.value(QLatin1String("floorKernelCpuSeconds")).toDouble(-1);
            QVERIFY(floorKernel >= 0 && floorKernel <= p.value(QLatin1String("floorCpuSeconds")).toDouble());
            QVERIFY(p.value(QLatin1String("userPipelineOverFloor")).isDouble());
            // Where the memory is: every pod written so far has its Events (Scheduled at least),
            // the store holds them among its keys, and history was retained meanwhile.
            const qint64 events = p.value(QLatin1String("liveEvents")).toInteger();
            QVERIFY2(events >= 100, qPrintable(names[i]));
            QVERIFY(p.value(QLatin1String("storeKeys")).toInteger() > events);
            QVERIFY(p.value(QLatin1String("retainedRevisionsPeak")).toInteger() > 0);
            QVERIFY(p.value(QLatin1String("heapBytes")).toInteger() > 0);
        }
        QVERIFY(r.value(QLatin1String("pipelineOverFloor")).toDouble() > 0);
        QCOMPARE(r.value(QLatin1String("benchOverheadCpuSeconds")).toDouble(), overheadSum);
        QVERIFY(r.value(QLatin1String("kernelCpuSeconds")).toDouble(-1) >= 0);
        QVERIFY(r.value(QLatin1String("kernelCpuSeconds")).toDouble() <= r.value(QLatin1String("cpuSeconds")).toDouble());
        // The roll also deletes the 100 old pods.
        QVERIFY(phases[1].toObject().value(QLatin1String("apiWrites")).toInteger() >= 400);
    }

    // Two kubelet-style watches (pods filed under spec.nodeName) and one on every pod: the floor
    // mirrors them, and a replay hands each the events the lab's store handed its original.
    void floorReplaysToTheSameWatchers()
    {
        store::KvStore lab;
        const auto nodeOf = [](const api::Object &o) -> std::optional<QString> {
            const auto *pod = dynamic_cast<const api::Pod *>(&o);
            return pod ? std::optional<QString>(pod->spec.nodeName) : std::nullopt;
        };
        const auto pods = store::KeyRange::prefix(QByteArrayLiteral("/registry/pods/"));
        auto all = lab.watch(pods).watcher;
        auto n1 = lab.watch(pods, 0, {}, {QStringLiteral("spec.nodeName"), QStringLiteral("n1"), nodeOf}).watcher;
        auto n2 = lab.watch(pods, 0, {}, {QStringLiteral("spec.nodeName"), QStringLiteral("n2"), nodeOf}).watcher;
        cli::BenchFloor floor(lab);
        QCOMPARE(floor.watchers(), qsizetype(3));
        // The capture is the store's write log, no watcher: the lab's writes go to its own three.
        QCOMPARE(lab.watchers().size(), std::size_t(3));
        lab.put(QByteArrayLiteral("/registry/pods/default/a"), test::makePod(QStringLiteral("a")));
        lab.put(QByteArrayLiteral("/registry/pods/default/a"), test::makePod(QStringLiteral("a"), QStringLiteral("n1")));
        lab.put(QByteArrayLiteral("/registry/pods/default/b"), test::makePod(QStringLiteral("b"), QStringLiteral("n2")));
        lab.put(QByteArrayLiteral("/registry/nodes/n1"), test::makeNode(QStringLiteral("n1")));
        lab.deleteRange(store::KeyRange::single(QByteArrayLiteral("/registry/pods/default/a")));
        const qint64 labDelivered = qint64(all->take().size() + n1->take().size() + n2->take().size());
        QCOMPARE(labDelivered, qint64(4 + 2 + 1));   // all: 4 pod changes; n1: bind + delete; n2: b
        QCOMPARE(lab.stats().eventsDelivered, labDelivered);   // none to the bench
        QCOMPARE(floor.captured(), qint64(0));   // still in the lab's write log
        floor.spillPending();
        QCOMPARE(floor.captured(), qint64(5));
        floor.endPhase();
        floor.endPhase();   // nothing new: an empty phase
        // Written after the capture stopped: not the floor's.
        floor.stopCapture();
        lab.put(QByteArrayLiteral("/registry/pods/default/c"), test::makePod(QStringLiteral("c"), QStringLiteral("n1")));
        QCOMPARE(floor.captured(), qint64(5));
        // Three rounds, each from the first record into a fresh store: every round replays all
        // the writes (a round that read nothing would be the fastest and could be the median).
        QList<double> heard;
        for (int again = 0; again < 2; ++again) {   // and again: replay() may run twice
            heard.clear();
            const QList<cli::BenchFloor::Phase> phases = floor.replay([&](double done) { heard << done; });
            QVERIFY2(floor.error().isEmpty(), qPrintable(floor.error()));
            QCOMPARE(floor.roundCpuS().size(), std::size_t(cli::BenchFloor::kRounds));
            QCOMPARE(phases.size(), qsizetype(2));
            QCOMPARE(phases[0].writes, qint64(5));
            QCOMPARE(phases[0].delivered, labDelivered);
            QVERIFY(phases[0].cpuS >= 0);
            QCOMPARE(phases[1].writes, qint64(0));
            QCOMPARE(phases[1].delivered, qint64(0));
            QVERIFY(std::is_sorted(heard.cbegin(), heard.cend()));
            QCOMPARE(heard.size(), qsizetype(cli::BenchFloor::kRounds));
            QCOMPARE(heard.last(), 1.0);
        }
        // Each round alone: the same figures as the median.
        for (int round = 0; round < 3; ++round) {
            const QList<cli::BenchFloor::Phase> one = floor.replay({}, 1);
            QCOMPARE(one.size(), qsizetype(2));
            QCOMPARE(one[0].writes, qint64(5));
            QCOMPARE(one[0].delivered, labDelivered);
        }
    }

    // The spill file hands back what was appended, in order, across its read chunks: values of
    // every size (empty, one byte, past a 4 MiB chunk), deletes and puts.
    void spillRoundTrips()
    {
        cli::BenchSpill spill;
        QVERIFY2(spill.ok(), qPrintable(spill.errorString()));
        std::vector<cli::BenchSpill::Record> written;
        for (int i = 0; i < 3000; ++i) {
            const qsizetype size = i == 1500 ? (5 << 20) : (i * 37) % 4000;
            written.push_back({i % 7 != 0, "/registry/k/" + QByteArray::number(i), QByteArray(size, char('a' + i % 26))});
            spill.append(written.back().put, written.back().key, written.back().value);
        }
        QCOMPARE(spill.appended(), qint64(3000));
        std::vector<cli::BenchSpill::Record> read;
        for (;;) {
            std::vector<cli::BenchSpill::Record> batch = spill.readNext(777);
            if (batch.empty())
                break;
            QVERIFY(batch.size() <= 777);
            read.insert(read.end(), batch.begin(), batch.end());
        }
        QVERIFY2(spill.ok(), qPrintable(spill.errorString()));
        QCOMPARE(read.size(), written.size());
        for (std::size_t i = 0; i < read.size(); ++i) {
            QCOMPARE(read[i].put, written[i].put);
            QCOMPARE(read[i].key, written[i].key);
            QCOMPARE(read[i].value, written[i].value);
        }
    }

    // The floor compacts where the lab's store compacted, to the same point of the history, and
    // that is part of its timed replay (the lab's compactions are part of the lab's time). Here
    // the lab compacts first to its 10th write, which only key p0 had seen, after 30 writes
    // (the floor then visits p0 alone: compacting to its newest revision would visit all three),
    // again to its 20th with nothing written between, then to its newest after p1 is written
    // again and p2 deleted.
    void floorReplaysTheLabsCompactions()
    {
        store::KvStore lab;
        auto all = lab.watch(store::KeyRange::prefix(QByteArrayLiteral("/registry/pods/"))).watcher;
        cli::BenchFloor floor(lab);
        QCOMPARE(floor.spillCpuS(), 0.0);
        const api::ObjectPtr pod = test::makePod(QStringLiteral("a"));
        const auto key = [](int i) { return QByteArrayLiteral("/registry/pods/default/p") + QByteArray::number(i); };
        for (int i = 0; i < 10; ++i)
            lab.put(key(0), pod);
        const qint64 tenth = lab.revision();
        for (int i = 0; i < 20; ++i)
            lab.put(key(1 + i % 2), pod);
        QCOMPARE(lab.compact(tenth), store::StoreError::None);
        floor.spillPending();
        const qint64 firstVisits = lab.stats().compactionVisits;
        QCOMPARE(firstVisits, qint64(1));
        // Again, with nothing written since: both compactions follow the 30th write.
        QCOMPARE(lab.compact(tenth + 10), store::StoreError::None);
        floor.endPhase();
        const qint64 phaseVisits = lab.stats().compactionVisits;
        QCOMPARE(phaseVisits, qint64(1 + 3));   // then p0 (its write at the first compaction's revision), p1, p2
        for (int i = 0; i < 5; ++i)
            lab.put(key(1), pod);
        lab.deleteRange(store::KeyRange::single(key(2)));
        QCOMPARE(lab.compact(lab.revision()), store::StoreError::None);
        floor.spillPending();
        lab.put(key(3), pod);   // after the last compaction: replayed, not compacted
        floor.endPhase();
        const qint64 secondVisits = lab.stats().compactionVisits - phaseVisits;
        QCOMPARE(secondVisits, qint64(2));   // p1, p2 (p2's write at the last compaction's revision, and since)
        QVERIFY2(floor.spillCpuS() > 0, "spilling is counted");
        const QList<cli::BenchFloor::Phase> phases = floor.replay({}, 1);
        QVERIFY2(floor.error().isEmpty(), qPrintable(floor.error()));
        QCOMPARE(phases.size(), qsizetype(2));
        QCOMPARE(phases[0].writes, qint64(30));
        QCOMPARE(phases[1].writes, qint64(7));
        QCOMPARE(phases[0].compactions, qint64(2));
        QCOMPARE(phases[0].compactionVisits, phaseVisits);
        QCOMPARE(phases[1].compactions, qint64(1));
        QCOMPARE(phases[1].compactionVisits, secondVisits);
        for (const cli::BenchFloor::Phase &p : phases) {
            QVERIFY(p.compactionCpuS > 0);
            QVERIFY(p.compactionCpuS <= p.cpuS);
            QVERIFY2(p.overheadCpuS > 0, "reading the spill is counted apart");
        }
    }

    // A lab that never compacts: neither does the floor.
    void floorWithoutLabCompactionsKeepsItsHistory()
    {
        store::KvStore lab;
        auto all = lab.watch(store::KeyRange::prefix(QByteArrayLiteral("/registry/pods/"))).watcher;
        cli::BenchFloor floor(lab);
        const api::ObjectPtr pod = test::makePod(QStringLiteral("a"));
        for (int i = 0; i < 25'000; ++i)
            lab.put(QByteArrayLiteral("/registry/pods/default/a"), pod);
        floor.endPhase();
        const QList<cli::BenchFloor::Phase> phases = floor.replay({}, 1);
        QCOMPARE(phases.size(), qsizetype(1));
        QCOMPARE(phases[0].writes, qint64(25'000));
        QCOMPARE(phases[0].delivered, qint64(25'000));
        QCOMPARE(phases[0].compactions, qint64(0));
        QCOMPARE(phases[0].compactionVisits, qint64(0));
        QCOMPARE(phases[0].compactionCpuS, 0.0);
    }

    // With a short history the lab's store compacts in every phase, and the floor with it: it
    // visits the keys the lab's compactions did, less those the lab wrote before the bench began
    // (nodes, namespaces), which the floor never saw.
    void shortHistoryCompactsTheFloorToo()
    {
        QString out, err;
        QTextStream o(&out), e(&err);
        QCOMPARE(cli::runRlab({QStringLiteral("bench"), QStringLiteral("--size"), QStringLiteral("small"), QStringLiteral("--replicas"),
                               QStringLiteral("2"), QStringLiteral("--nodes"), QStringLiteral("2"), QStringLiteral("--retain-revisions"),
                               QStringLiteral("200"), QStringLiteral("--json")},
                              o, e),
                 0);
        const QJsonObject r = QJsonDocument::fromJson(out.toUtf8()).object();
        QVERIFY2(r.value(QLatin1String("complete")).toBool(), qPrintable(out + err));
        const QJsonArray phases = r.value(QLatin1String("phases")).toArray();
        QCOMPARE(phases.size(), 3);
        double compactionCpu = 0;
        for (const QJsonValue &v : phases) {
            const QJsonObject p = v.toObject();
            const qint64 lab = p.value(QLatin1String("compactionVisits")).toInteger();
            const qint64 floor = p.value(QLatin1String("floorCompactionVisits")).toInteger();
            QVERIFY2(p.value(QLatin1String("floorCompactions")).toInteger() >= 1, qPrintable(p.value(QLatin1String("phase")).toString()));
            QVERIFY2(floor > 0 && floor <= lab, qPrintable(QStringLiteral("%1: %2 of %3").arg(p.value(QLatin1String("phase")).toString()).arg(floor).arg(lab)));
            QVERIFY(p.value(QLatin1String("floorCompactionCpuSeconds")).toDouble() <= p.value(QLatin1String("floorCpuSeconds")).toDouble());
            compactionCpu += p.value(QLatin1String("floorCompactionCpuSeconds")).toDouble();
        }
        QCOMPARE(r.value(QLatin1String("floorCompactionCpuSeconds")).toDouble(), compactionCpu);
    }

    void textReportAndBadSize()
    {
        QString out, err;
        QTextStream o(&out), e(&err);
        QCOMPARE(cli::runRlab({QStringLiteral("bench"), QStringLiteral("--size"), QStringLiteral("small"), QStringLiteral("--replicas"),
                               QStringLiteral("2"), QStringLiteral("--nodes"), QStringLiteral("2")}, o, e), 0);
        QVERIFY2(out.contains(QLatin1String("size bench (custom): 10 Deployment(s) x 2 replicas on 2 nodes")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("every phase complete: yes")), qPrintable(out));
        for (const char *phase : {"create", "roll", "scale"})
            QVERIFY2(out.contains(QLatin1String("\n  ") + QLatin1String(phase)), qPrintable(out));
        err.clear();
        QCOMPARE(cli::runRlab({QStringLiteral("bench"), QStringLiteral("--size"), QStringLiteral("huge")}, o, e), 2);
        QVERIFY2(err.contains(QLatin1String("--size needs one of small, medium, large")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestBenchSize)
#include "tst_benchsize.moc"
