// Every sample scenario in resources/scenarios runs to "passed" on the deterministic runner, and
// the same scenario + seed gives byte-identical trace and dump (design.md §3, §5).
#include "core/cli/rlabcli.h"
#include "core/sim/scenario.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace rlab;

namespace {
QString scenarioDir()
{
    return qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(".")) + QStringLiteral("/resources/scenarios");
}
} // namespace

class TestScenarios : public QObject
{
    Q_OBJECT

private slots:
    void samplesPass_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(scenarioDir());
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 9, qPrintable(dir.path()));
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void samplesPass()
    {
        QFETCH(QString, path);
        QStringList errors;
        const std::optional<Scenario> s = Scenario::load(path, &errors);
        QVERIFY2(s, qPrintable(errors.join(QLatin1Char('\n'))));
        ScenarioRunner runner(*s);
        QElapsedTimer timer;
        timer.start();
        const ScenarioRunner::Outcome outcome = runner.run();
        if (outcome != ScenarioRunner::Outcome::Passed)
            qWarning().noquote() << runner.log().join(QLatin1Char('\n'));
        QVERIFY2(outcome == ScenarioRunner::Outcome::Passed, qPrintable(runner.failures().join(QLatin1Char('\n'))));
        qInfo("%s: %lld ms wall, %lld trace events", qPrintable(s->name), timer.elapsed(), runner.simulation().trace().lastSeq());
    }

    // Upstream's worked example (rolling.go, upstream-semantics.md §5.10): 10 replicas with
    // 25%/25% → maxSurge 3, maxUnavailable 2: the new ReplicaSet starts at 3 (13 = 10 + 3
    // allowed), the old one goes down to 8 (minAvailable), the new one grows to 5. Those 5 new
    // pods start at 6 s (pull 2 s + start 1 s) and, with no readiness probe, are Ready as they
    // start, but the kubelets post their statuses one after another: a sync between them sees 2
    // of the 5 ready, so the old one may lose 13 - 8 - 3 unavailable = 2 (to 6) and the new one
    // grows to 7; the next sees 5 of 7 ready: 13 - 8 - 2 = 3, old to 3, new to 10; the last 3
    // start at 7 s (the image is on their nodes by then): the old one goes to 0.
    void rollingUpdateFollowsUpstreamTimeline()
    {
        QStringList errors;
        const std::optional<Scenario> s = Scenario::load(scenarioDir() + QStringLiteral("/rolling-update.yaml"), &errors);
        QVERIFY(s);
        ScenarioRunner runner(*s);
        QCOMPARE(runner.run(), ScenarioRunner::Outcome::Passed);
        QStringList steps;
        QString oldRs;   // the ReplicaSet scaled first is revision 1's
        for (const TraceEvent &e : runner.simulation().trace().since(0)) {
            if (e.type != QLatin1String("Event") || !e.text.contains(QLatin1String("ScalingReplicaSet")))
                continue;
            // "Normal ScalingReplicaSet: Scaled down replica set nginx-5f7799dff to 8 from 10"
            const QString rs = e.text.section(QLatin1String("replica set "), 1).section(QLatin1Char(' '), 0, 0);
            const QString to = e.text.section(QLatin1String(" to "), 1).section(QLatin1Char(' '), 0, 0);
            if (oldRs.isEmpty())
                oldRs = rs;
            steps << QStringLiteral("%1=%2").arg(rs == oldRs ? QStringLiteral("old") : QStringLiteral("new"), to);
        }
        QCOMPARE(steps, (QStringList{QStringLiteral("old=10"), QStringLiteral("new=3"), QStringLiteral("old=8"), QStringLiteral("new=5"),
                                     QStringLiteral("old=6"), QStringLiteral("new=7"), QStringLiteral("old=3"), QStringLiteral("new=10"),
                                     QStringLiteral("old=0")}));
    }

    void sameSeedSameTraceAndDump()
    {
        QTemporaryDir tmp;
        QByteArray traces[2], dumps[2];
        for (int i = 0; i < 2; ++i) {
            const QString trace = tmp.filePath(QStringLiteral("trace%1.jsonl").arg(i));
            const QString dump = tmp.filePath(QStringLiteral("dump%1.yaml").arg(i));
            QString out, err;
            QTextStream o(&out), e(&err);
            const int rc = cli::runRlab({QStringLiteral("run"), scenarioDir() + QStringLiteral("/rolling-update.yaml"),
                                         QStringLiteral("--trace"), trace, QStringLiteral("--dump"), dump, QStringLiteral("--quiet")}, o, e);
            QVERIFY2(rc == 0, qPrintable(err));
            QFile t(trace), d(dump);
            QVERIFY(t.open(QIODevice::ReadOnly) && d.open(QIODevice::ReadOnly));
            traces[i] = t.readAll();
            dumps[i] = d.readAll();
        }
        QVERIFY(traces[0].size() > 10000);
        QVERIFY(traces[0] == traces[1]);
        QVERIFY(dumps[0] == dumps[1]);
        QVERIFY(dumps[0].startsWith("apiVersion: v1\nitems:\n"));
    }

    void invalidScenariosExitTwo_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        const QByteArray head = "apiVersion: rlab.dev/v1alpha1\nkind: Scenario\nmetadata: {name: bad}\nspec:\n";
        QTest::newRow("unknown step") << head + "  steps:\n  - jump: {deployment: x}\n" << ":6:5: unknown step \"jump\"";
        QTest::newRow("missing file") << head + "  steps:\n  - apply: {file: nope.yaml}\n" << ":6:5: apply: file \"nope.yaml\" not found";
        QTest::newRow("unknown controller") << head + "  controllers: [deployment, hpa]\n" << "unknown controller \"hpa\"";
        QTest::newRow("bad duration") << head + "  steps:\n  - advance: 10 minutes\n" << "advance: invalid duration";
        // Issue #17 item 5: numbers out of range are errors with file:line, never 0.
        QTest::newRow("duration overflow") << head + "  steps:\n  - advance: 99999999999999999999h\n"
                                           << ":6:5: advance: invalid duration \"99999999999999999999h\"";
        QTest::newRow("duration past int64 ns") << head + "  steps:\n  - advance: 2562048h\n" << ":6:5: advance: invalid duration";
        QTest::newRow("nodes over 2^31") << head + "  nodes: 3000000000\n"
                                         << ":5:3: spec.nodes: Invalid value: 3000000000: must be an integer between 0 and 5000";
        QTest::newRow("nodes 2^31-1") << head + "  nodes: 2147483647\n" << "spec.nodes: Invalid value: 2147483647";
        QTest::newRow("node pods over 2^31") << head + "  nodes: [{name: n1, pods: 2147483648}]\n"
                                             << "spec.nodes[0].pods: Invalid value: 2147483648: must be an integer between 0 and 2147483647";
        QTest::newRow("scale over 2^31") << head + "  steps:\n  - scale: {deployment: web, replicas: 2147483648}\n"
                                         << ":6:5: scale: replicas: Invalid value: 2147483648: must be an integer between 0 and 2147483647";
        QTest::newRow("not a scenario") << QByteArray("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n") << "expected apiVersion: rlab.dev/v1alpha1 and kind: Scenario";
    }
    void invalidScenariosExitTwo()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("bad.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        QString out, err;
        QTextStream o(&out), e(&err);
        QCOMPARE(cli::runRlab({QStringLiteral("run"), path}, o, e), 2);
        QVERIFY2(err.contains(error), qPrintable(err));
        QVERIFY2(err.startsWith(path), qPrintable(err));
    }

    void failedExpectExitsOne()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("expect.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("apiVersion: rlab.dev/v1alpha1\nkind: Scenario\nmetadata: {name: e}\nspec:\n"
                "  objects:\n  - {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {a: b}}\n"
                "  steps:\n  - expect: {kind: ConfigMap, name: c, data.a: x}\n");
        f.close();
        QString out, err;
        QTextStream o(&out), e(&err);
        QCOMPARE(cli::runRlab({QStringLiteral("run"), path}, o, e), 1);
        QVERIFY2(err.contains(QLatin1String(":8:5: expect: ConfigMap c: data.a is \"b\", expected \"x\"")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
