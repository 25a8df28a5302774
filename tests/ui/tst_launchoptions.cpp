#include "ui/launchoptions.h"

#include <QtTest>

using namespace rlab::ui;

// The command line of reconcile-lab.
class TestLaunchOptions : public QObject
{
    Q_OBJECT

private slots:
    void testParse_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QString>("screenshot");
        QTest::addColumn<double>("after");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("valid");
        const QSize def(1280, 720);
        QTest::newRow("nothing") << QStringList{} << QStringList{} << QString() << 0.0 << def << true;
        QTest::newRow("files") << QStringList{"a.yaml", "b.json"} << QStringList{"a.yaml", "b.json"} << QString() << 0.0 << def << true;
        QTest::newRow("screenshot") << QStringList{"--screenshot", "out.png", "a.yaml"} << QStringList{"a.yaml"} << "out.png" << 0.0
                                    << def << true;
        QTest::newRow("after and size") << QStringList{"--screenshot", "o.png", "--after", "2.5", "--size", "1920x1080"}
                                        << QStringList{} << "o.png" << 2.5 << QSize(1920, 1080) << true;
        QTest::newRow("negative after") << QStringList{"--screenshot", "o.png", "--after", "-1"} << QStringList{} << "o.png"
                                        << 0.0 << def << false;
        QTest::newRow("bad size") << QStringList{"--screenshot", "o.png", "--size", "big"} << QStringList{} << "o.png" << 0.0
                                  << def << false;
        QTest::newRow("after without screenshot") << QStringList{"--after", "3"} << QStringList{} << QString() << 3.0 << def
                                                  << false;
        QTest::newRow("unknown option") << QStringList{"--frobnicate"} << QStringList{} << QString() << 0.0 << def << false;
    }

    void testParse()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, files);
        QFETCH(QString, screenshot);
        QFETCH(double, after);
        QFETCH(QSize, size);
        QFETCH(bool, valid);
        const LaunchOptions o = LaunchOptions::parse(QStringList{"reconcile-lab"} + args);
        QCOMPARE(o.error.isEmpty(), valid);
        if (!valid)
            return;
        QCOMPARE(o.files, files);
        QCOMPARE(o.screenshot, screenshot);
        QCOMPARE(o.afterSeconds, after);
        QCOMPARE(o.size, size);
    }
};

QTEST_GUILESS_MAIN(TestLaunchOptions)
#include "tst_launchoptions.moc"
