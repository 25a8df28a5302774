// `rlab bench --size ... --rounds N` (issue #16): the whole bench runs N times, each in a child
// process, and the figures are the median round's by pipeline/floor, with every round listed.
// Asserted: the rounds' count and order, that the figures are the median round's, that a
// round's figures survive the trip through JSON that brings them back, and the flag's errors.
// The seconds themselves are never compared.
#include "core/cli/rlabcli.h"
#include "core/cli/sizebench.h"
#include "core/cli/sizebenchrounds.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QTextStream>

using namespace rlab;

namespace {
cli::SizeBenchOptions tiny(int rounds)
{
    cli::SizeBenchOptions o;
    o.deployments = 2;
    o.replicas = 2;
    o.nodes = 2;
    o.rounds = rounds;
    return o;
}
} // namespace

class TestBenchRounds : public QObject
{
    Q_OBJECT
private slots:
    void medianIndex_data()
    {
        QTest::addColumn<QList<double>>("ratios");
        QTest::addColumn<int>("median");
        QTest::newRow("none") << QList<double>{} << 0;
        QTest::newRow("one") << QList<double>{9.5} << 0;
        QTest::newRow("three, the middle first") << QList<double>{8.6, 11.2, 8.1} << 0;
        QTest::newRow("three, the middle last") << QList<double>{11.2, 8.1, 8.6} << 2;
        QTest::newRow("four: the upper of the two middles") << QList<double>{9.0, 7.0, 8.0, 10.0} << 0;
        QTest::newRow("equal ratios: the first of them in sorted order") << QList<double>{8.0, 8.0, 8.0} << 1;
        QTest::newRow("five") << QList<double>{12.0, 7.0, 9.0, 8.0, 30.0} << 2;
    }
    void medianIndex()
    {
        QFETCH(QList<double>, ratios);
        QFETCH(int, median);
        QCOMPARE(cli::medianIndex(ratios), median);
    }

    void figuresSurviveTheirJson()
    {
        const cli::SizeBenchOptions o = tiny(1);
        const cli::SizeBenchResult r = cli::runSizeBench(o);
        QVERIFY(r.complete);
        const QJsonObject json = r.toJson(o);
        const std::optional<cli::SizeBenchResult> back = cli::SizeBenchResult::fromJson(json);
        QVERIFY(back);
        QCOMPARE(back->toJson(o), json);
        QCOMPARE(back->toText(o), r.toText(o));
        QCOMPARE(back->phases.size(), qsizetype(3));
        QCOMPARE(back->phases[2].reconcilesBy, r.phases[2].reconcilesBy);
        QVERIFY(!cli::SizeBenchResult::fromJson(QJsonObject{{QStringLiteral("benchmark"), QStringLiteral("store")}}));
        QVERIFY(!cli::SizeBenchResult::fromJson(QJsonObject{}));
    }

    void eachRoundRunsAndTheMedianIsReported()
    {
        QString error;
        QStringList heard;
        const cli::SizeBenchResult r = cli::runSizeBenchRounds(tiny(3), [&](const QString &phase, double) {
            if (!heard.contains(phase))
                heard << phase;
        }, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(r.complete);
        QCOMPARE(r.rounds.size(), qsizetype(3));
        QList<double> ratios;
        for (const cli::SizeBenchRound &round : r.rounds) {
            QVERIFY(round.complete);
            QVERIFY(round.cpuS > 0 && round.floorCpuS > 0 && round.labPeakRssBytes > 0);
            QCOMPARE(round.pipelineOverFloor, round.cpuS / round.floorCpuS);
            ratios << round.pipelineOverFloor;
        }
        QCOMPARE(r.medianRound, cli::medianIndex(ratios));
        const cli::SizeBenchRound &median = r.rounds[r.medianRound];
        QCOMPARE(r.cpuS(), median.cpuS);
        QCOMPARE(r.floorCpuS(), median.floorCpuS);
        QCOMPARE(r.labPeakRssBytes, median.labPeakRssBytes);
        // The children ran the phases in the order of their rounds, and said so (the progress
        // a terminal shows comes from the round's own process).
        QVERIFY2(heard.size() >= 9, qPrintable(heard.join(u", ")));
        QCOMPARE(heard.first(), QStringLiteral("1/3 create"));
        QVERIFY2(heard.indexOf(QStringLiteral("3/3 scale")) > heard.indexOf(QStringLiteral("2/3 scale")), qPrintable(heard.join(u", ")));
        QVERIFY2(heard.indexOf(QStringLiteral("2/3 create")) > heard.indexOf(QStringLiteral("1/3 scale")), qPrintable(heard.join(u", ")));
    }

    void roundsFlag()
    {
        const QStringList tinyArgs{QStringLiteral("bench"), QStringLiteral("--size"), QStringLiteral("small"), QStringLiteral("--replicas"),
                                   QStringLiteral("2"), QStringLiteral("--nodes"), QStringLiteral("2")};
        for (const int rounds : {1, 2}) {
            QString out, err;
            QTextStream o(&out), e(&err);
            QCOMPARE(cli::runRlab(tinyArgs + QStringList{QStringLiteral("--rounds"), QString::number(rounds), QStringLiteral("--json")}, o, e), 0);
            const QJsonObject r = QJsonDocument::fromJson(out.toUtf8()).object();
            QVERIFY2(r.value(QLatin1String("complete")).toBool(), qPrintable(out + err));
            // One round: this process, no list.
            QCOMPARE(r.value(QLatin1String("rounds")).toArray().size(), rounds == 1 ? 0 : rounds);
        }
        QString out, err;
        QTextStream o(&out), e(&err);
        QCOMPARE(cli::runRlab(tinyArgs + QStringList{QStringLiteral("--rounds"), QStringLiteral("3")}, o, e), 0);
        QVERIFY2(out.contains(QLatin1String("rounds: 3, each in a process of its own; pipeline/floor ")), qPrintable(out));
        QCOMPARE(cli::runRlab(tinyArgs + QStringList{QStringLiteral("--rounds"), QStringLiteral("0")}, o, e), 2);
        QVERIFY2(err.contains(QLatin1String("rlab bench: --rounds needs a positive number")), qPrintable(err));
        QCOMPARE(cli::runRlab(tinyArgs + QStringList{QStringLiteral("--rounds")}, o, e), 2);
    }

    void presetsRounds()
    {
        QCOMPARE(cli::SizeBenchOptions::preset(QStringLiteral("small"))->rounds, 3);
        QCOMPARE(cli::SizeBenchOptions::preset(QStringLiteral("medium"))->rounds, 3);
        QCOMPARE(cli::SizeBenchOptions::preset(QStringLiteral("large"))->rounds, 1);
    }
};

QTEST_GUILESS_MAIN(TestBenchRounds)
#include "tst_benchrounds.moc"
