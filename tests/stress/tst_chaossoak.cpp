// The short chaos soak CI runs (issue #17; long soaks: `rlab soak --hours N`): faults and
// commands every 20 s of virtual time on both runners, the control plane's promises checked
// every 10 s (ownership, workqueue stinginess, a watch that skips and repeats nothing), then
// every Deployment converges. Also: a soak is reproducible (same seed, same figures), and the
// checks do catch a broken promise (a pod stored with a second controller, bypassing validation).
#include "core/cli/rlabcli.h"
#include "core/sim/chaossoak.h"

#include <QTest>

using namespace rlab;

class TestChaosSoak : public QObject
{
    Q_OBJECT

private slots:
    void deterministicHalfHour()
    {
        ChaosConfig c;
        c.virtualMs = 30 * 60 * 1000;
        c.seed = 7;
        const ChaosReport r = ChaosSoak(c).run();
        qInfo("deterministic, 30 virtual minutes: %lld actions, %lld checks, %lld watch events, %lld violations, converged %d, "
              "RSS %lld -> %lld KiB, %.1f s CPU",
              r.actions, r.checks, r.watchEvents, r.violationCount, int(r.converged), r.rssStartKb, r.rssEndKb, r.cpuSeconds);
        QVERIFY2(r.ok(), qPrintable(r.violations.join(QLatin1Char('\n'))));
        QCOMPARE(r.actions, 90);
        QVERIFY(r.checks >= 180);
        QVERIFY(r.watchEvents > 100);
        QVERIFY(r.actionCounts.value(QStringLiteral("delete pod")) > 10);
        QVERIFY(r.actionCounts.value(QStringLiteral("fail node")) > 0);
        QVERIFY(r.actionCounts.value(QStringLiteral("set image")) > 5);
    }

    void sameSeedSameSoak()
    {
        ChaosConfig c;
        c.virtualMs = 10 * 60 * 1000;
        c.seed = 3;
        const ChaosReport a = ChaosSoak(c).run();
        const ChaosReport b = ChaosSoak(c).run();
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(b.watchEvents, a.watchEvents);
        QCOMPARE(b.actionCounts, a.actionCounts);
        QCOMPARE(b.virtualMs, a.virtualMs);
    }

    void threadedTenMinutes()
    {
        ChaosConfig c;
        c.virtualMs = 10 * 60 * 1000;
        c.seed = 11;
        c.threaded = true;
        const ChaosReport r = ChaosSoak(c).run();
        qInfo("threaded, 10 virtual minutes: %lld actions, %lld checks, %lld watch events, %lld violations, converged %d, %.1f s CPU",
              r.actions, r.checks, r.watchEvents, r.violationCount, int(r.converged), r.cpuSeconds);
        QVERIFY2(r.ok(), qPrintable(r.violations.join(QLatin1Char('\n'))));
        QCOMPARE(r.actions, 30);
    }

    void theChecksCatchABrokenPromise()
    {
        ChaosConfig c;
        c.virtualMs = 10 * 60 * 1000;
        c.injectTwoControllers = true;
        const ChaosReport r = ChaosSoak(c).run();
        QVERIFY(!r.ok());
        QVERIFY(r.violationCount > 0);
        QVERIFY2(r.violations.join(QLatin1Char('\n')).contains(QLatin1String("has 2 controllers")), qPrintable(r.violations.join(QLatin1Char('\n'))));
    }

    void theCommandLine()
    {
        QString o, e;
        QTextStream out(&o), err(&e);
        QCOMPARE(cli::runRlab({QStringLiteral("soak"), QStringLiteral("--minutes"), QStringLiteral("5"), QStringLiteral("--json")}, out, err), 0);
        out.flush();
        QVERIFY2(o.contains(QLatin1String("\"violations\":0")) && o.contains(QLatin1String("\"converged\":true")), qPrintable(o));
        QCOMPARE(cli::runRlab({QStringLiteral("soak"), QStringLiteral("--hours"), QStringLiteral("-1")}, out, err), 2);
        QCOMPARE(cli::runRlab({QStringLiteral("soak"), QStringLiteral("--latency"), QStringLiteral("slow")}, out, err), 2);
    }
};

QTEST_GUILESS_MAIN(TestChaosSoak)
#include "tst_chaossoak.moc"
