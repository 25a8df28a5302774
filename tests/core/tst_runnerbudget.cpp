// DeterministicRunner's wall-clock budget (the window's frame): advance()/runUntilIdle() with a
// deadline stop after the step that crosses it, leave virtual time where they got, continue on
// the next call, and — cut anywhere — produce the same trace and store as one unbudgeted run.
#include "core/api/deployment.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"

#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace std::chrono_literals;

namespace {
QByteArray traceDump(Simulation &sim)
{
    QByteArray out;
    for (const TraceEvent &e : sim.trace().since(0))
        out += QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) + '\n';
    return out;
}

std::unique_ptr<Simulation> makeLab(const QString &latency)
{
    SimulationConfig config;
    config.latency = LatencyModel::preset(latency).value_or(LatencyModel{});
    auto sim = std::make_unique<Simulation>(config);
    for (int i = 0; i < 3; ++i)
        sim->api().create(test::makeDeployment(QStringLiteral("web-%1").arg(i), 4 + i));
    return sim;
}

using Wall = DeterministicRunner::WallClock;
} // namespace

class TestRunnerBudget : public QObject
{
    Q_OBJECT

private slots:
    void budgetedAdvanceEqualsOneRun_data()
    {
        QTest::addColumn<QString>("latency");
        QTest::addColumn<int>("budgetUs");   // -1: a deadline already past (one step per call)
        QTest::addColumn<qint64>("virtualMs");
        QTest::newRow("instant, one step per call") << QStringLiteral("instant") << -1 << qint64(60'000);
        QTest::newRow("classroom, one step per call") << QStringLiteral("classroom") << -1 << qint64(60'000);
        QTest::newRow("classroom, 50 us per call") << QStringLiteral("classroom") << 50 << qint64(60'000);
        QTest::newRow("realistic, 200 us per call") << QStringLiteral("realistic") << 200 << qint64(120'000);
        QTest::newRow("instant, generous budget") << QStringLiteral("instant") << 5'000'000 << qint64(60'000);
    }

    void budgetedAdvanceEqualsOneRun()
    {
        QFETCH(QString, latency);
        QFETCH(int, budgetUs);
        QFETCH(qint64, virtualMs);

        const std::unique_ptr<Simulation> whole = makeLab(latency);
        const qint64 t0 = whole->clock().now();
        whole->runner().advance(virtualMs);
        QVERIFY(!whole->runner().hitDeadline());
        QCOMPARE(whole->clock().now(), t0 + virtualMs);

        const std::unique_ptr<Simulation> cut = makeLab(latency);
        QCOMPARE(cut->clock().now(), t0);
        const qint64 target = t0 + virtualMs;
        int calls = 0;
        int stoppedEarly = 0;
        while (cut->clock().now() < target) {
            const qint64 before = cut->clock().now();
            const Wall::time_point deadline = budgetUs < 0 ? Wall::time_point{} : Wall::now() + std::chrono::microseconds(budgetUs);
            const qint64 steps = cut->runner().advance(target - before, 10'000'000, deadline);
            ++calls;
            QVERIFY(!cut->runner().hitStepLimit());
            if (cut->runner().hitDeadline()) {
                ++stoppedEarly;
                // Virtual time stops where it got: never past the target, and work was done.
                QVERIFY(cut->clock().now() <= target);
                QVERIFY(steps > 0 || cut->clock().now() > before);
            } else {
                QCOMPARE(cut->clock().now(), target);
            }
            QVERIFY2(calls < 10'000'000, "no progress");
        }
        if (budgetUs < 0) {
            QVERIFY2(stoppedEarly > 10, qPrintable(QString::number(stoppedEarly)));
            // The first call did one step only: its time stayed at the start.
        }
        qInfo("%s: %d calls, %d stopped at the deadline, %lld trace events", QTest::currentDataTag(), calls, stoppedEarly,
              qint64(whole->trace().since(0).size()));
        QCOMPARE(traceDump(*cut), traceDump(*whole));
        QCOMPARE(cut->api().store().revision(), whole->api().store().revision());
    }

    void aPastDeadlineRunsOneStepAndKeepsTime()
    {
        const std::unique_ptr<Simulation> sim = makeLab(QStringLiteral("instant"));
        const qint64 t0 = sim->clock().now();
        const qint64 steps = sim->runner().advance(10'000, 10'000'000, Wall::time_point{});
        QCOMPARE(steps, qint64(1));
        QVERIFY(sim->runner().hitDeadline());
        QCOMPARE(sim->clock().now(), t0);
        // The next unbudgeted call clears the flag and reaches its target.
        sim->runner().advance(10'000);
        QVERIFY(!sim->runner().hitDeadline());
        QCOMPARE(sim->clock().now(), t0 + 10'000);
    }

    void budgetedRunUntilIdleEqualsOneRun()
    {
        const std::unique_ptr<Simulation> whole = makeLab(QStringLiteral("classroom"));
        const qint64 t0 = whole->clock().now();
        whole->runner().runUntilIdle(600'000);
        const std::unique_ptr<Simulation> cut = makeLab(QStringLiteral("classroom"));
        int calls = 0;
        do {
            cut->runner().runUntilIdle(t0 + 600'000 - cut->clock().now(), 10'000'000, Wall::time_point{});
            ++calls;
        } while (cut->runner().hitDeadline());
        QVERIFY(calls > 10);
        QCOMPARE(cut->clock().now(), whole->clock().now());
        QCOMPARE(traceDump(*cut), traceDump(*whole));
    }
};

QTEST_GUILESS_MAIN(TestRunnerBudget)
#include "tst_runnerbudget.moc"
