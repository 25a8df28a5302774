// `rlab bench --size small` (issue #16) runs here so that it cannot rot: 10 Deployments of 10
// replicas on 10 nodes go through create -> Available, roll -> complete, scale x2 -> Available,
// and the report (text and --json) carries every phase with its counts. Only what the run must
// do is asserted (phases complete, 200 live pods, at least the writes each pod needs); the
// seconds are printed, never compared.
#include "core/cli/rlabcli.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
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
        QVERIFY(r.value(QLatin1String("heapBytesPerLivePod")).toDouble() > 0);
        const QJsonArray phases = r.value(QLatin1String("phases")).toArray();
        QCOMPARE(phases.size(), 3);
        const QStringList names{QStringLiteral("create"), QStringLiteral("roll"), QStringLiteral("scale")};
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
        }
        // The roll also deletes the 100 old pods.
        QVERIFY(phases[1].toObject().value(QLatin1String("apiWrites")).toInteger() >= 400);
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
