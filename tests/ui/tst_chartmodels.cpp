#include "ui/charts/requestbuckets.h"
#include "ui/charts/seriesstyle.h"
#include "ui/charts/timeseriesmodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace rlab::ui;

// The plain parts of the charts: the time-series table (bounded, series added later, CSV), the
// per-second request buckets and the series styling.
class TestChartModels : public QObject
{
    Q_OBJECT

private slots:
    void testSeriesAddedLater()
    {
        TimeSeriesModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m.addSeries("a · desired"), 1);
        m.append(0.0, {3});
        QCOMPARE(m.addSeries("b · desired"), 2);
        QCOMPARE(m.addSeries("a · desired"), 1);   // known: same column
        m.append(1.5, {2, 1});
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.columnCount(), 3);
        QCOMPARE(m.value(0, 2), 0.0);   // b did not exist yet
        QCOMPARE(m.value(1, 0), 1.5);
        QCOMPARE(m.value(1, 2), 1.0);
        QCOMPARE(m.headerData(0, Qt::Horizontal).toString(), QStringLiteral("t (s)"));
        m.append(1.5, {4, 0});   // same time: replaces the row
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.value(1, 1), 4.0);
        QCOMPARE(m.toCsv(), QStringLiteral("t_seconds,a · desired,b · desired\n0.000,3,0\n1.500,4,0\n"));
        m.clear();
        QCOMPARE(m.rowCount(), 0);
        QCOMPARE(m.columnCount(), 1);
    }

    void testCapacity_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("samples");
        QTest::addColumn<double>("firstKept");
        QTest::newRow("under") << 10 << 4 << 0.0;
        QTest::newRow("exactly") << 10 << 10 << 0.0;
        QTest::newRow("oldest leave") << 10 << 25 << 15.0;
    }

    void testCapacity()
    {
        QFETCH(int, capacity);
        QFETCH(int, samples);
        QFETCH(double, firstKept);
        TimeSeriesModel m(nullptr, capacity);
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.addSeries("x");
        for (int i = 0; i < samples; ++i)
            m.append(i, {double(i)});
        QCOMPARE(m.rowCount(), qMin(samples, capacity));
        QCOMPARE(m.value(0, 0), firstKept);
        QCOMPARE(m.lastTime(), double(samples - 1));
    }

    void testCsvQuotesAndFile()
    {
        TimeSeriesModel m;
        m.addSeries("a,b");
        m.append(2, {7});
        QCOMPARE(m.toCsv(), QStringLiteral("t_seconds,\"a,b\"\n2.000,7\n"));
        QTemporaryDir dir;
        const QString path = dir.filePath("x.csv");
        QVERIFY(m.writeCsv(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()), m.toCsv());
        QString error;
        QVERIFY(!m.writeCsv(dir.filePath("no/such/dir/x.csv"), &error));
        QVERIFY(!error.isEmpty());
    }

    void testRequestBuckets_data()
    {
        QTest::addColumn<QList<qint64>>("times");
        QTest::addColumn<QStringList>("agents");
        QTest::addColumn<qint64>("now");
        QTest::addColumn<QStringList>("expected");   // "second: client=n …"
        QTest::newRow("doc example") << QList<qint64>{200, 700, 2100} << QStringList{"deployment", "deployment", "kubelet/node-1"} << qint64(3000)
                                     << QStringList{"0: deployment=2", "1:", "2: kubelet=1"};
        QTest::newRow("current second stays open") << QList<qint64>{200, 1200} << QStringList{"a", "b"} << qint64(1500)
                                                   << QStringList{"0: a=1"};
        QTest::newRow("kubectl and empty agents") << QList<qint64>{0, 10} << QStringList{"kubectl set image", ""} << qint64(1000)
                                                  << QStringList{"0: kubectl=1 other=1"};
        QTest::newRow("long gap collapses") << QList<qint64>{0, 500'000} << QStringList{"a", "a"} << qint64(501'000)
                                            << QStringList{"0: a=1", "1:", "499:", "500: a=1"};
    }

    void testRequestBuckets()
    {
        QFETCH(QList<qint64>, times);
        QFETCH(QStringList, agents);
        QFETCH(qint64, now);
        QFETCH(QStringList, expected);
        RequestBuckets b;
        for (qsizetype i = 0; i < times.size(); ++i)
            b.add(times[i], agents[i]);
        QStringList actual;
        for (const RequestBuckets::Second &s : b.takeComplete(now)) {
            QString line = QString::number(s.second) + QLatin1Char(':');
            for (auto it = s.counts.cbegin(); it != s.counts.cend(); ++it)
                line += QStringLiteral(" %1=%2").arg(it.key()).arg(it.value());
            actual << line;
        }
        QCOMPARE(actual, expected);
        QVERIFY(b.takeComplete(now).isEmpty());   // handed out once
    }

    void testSeriesStyle_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("group");
        QTest::addColumn<QString>("measure");
        QTest::addColumn<int>("penStyle");
        QTest::newRow("rs desired") << "nginx-5f77 · desired" << "nginx-5f77" << "desired" << int(Qt::SolidLine);
        QTest::newRow("rs ready") << "nginx-5f77 · ready" << "nginx-5f77" << "ready" << int(Qt::SolidLine);
        QTest::newRow("unavailable is dashed") << "nginx · unavailable" << "nginx" << "unavailable" << int(Qt::DashLine);
        QTest::newRow("a controller") << "deployment" << "deployment" << "" << int(Qt::SolidLine);
    }

    void testSeriesStyle()
    {
        QFETCH(QString, name);
        QFETCH(QString, group);
        QFETCH(QString, measure);
        QFETCH(int, penStyle);
        QCOMPARE(SeriesStyle::groupOf(name), group);
        QCOMPARE(SeriesStyle::measureOf(name), measure);
        QCOMPARE(int(SeriesStyle::penStyle(measure)), penStyle);
        QCOMPARE(SeriesStyle::name(group, measure), name);
        QVERIFY(SeriesStyle::colour(0) != SeriesStyle::colour(1));
        QCOMPARE(SeriesStyle::colour(8), SeriesStyle::colour(0));
        // Nested: the wider the line, the paler, so coinciding measures all show.
        QVERIFY(SeriesStyle::width("desired") > SeriesStyle::width("current"));
        QVERIFY(SeriesStyle::width("current") > SeriesStyle::width("ready"));
        QVERIFY(SeriesStyle::width("ready") > SeriesStyle::width("available"));
        QVERIFY(SeriesStyle::alpha("desired") < SeriesStyle::alpha("available"));
    }
};

QTEST_MAIN(TestChartModels)
#include "tst_chartmodels.moc"
