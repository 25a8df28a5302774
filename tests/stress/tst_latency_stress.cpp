// The latency model's baton under ThreadSanitizer: lane workers are VirtualWorker std::threads
// that run only while the runner waits for them. A 30-replica rolling update under classroom
// (5 Deployment + 5 ReplicaSet workers, scheduler, kubelets, all parking on their requests)
// must pass, end in the same state twice (determinism), and leave no reconcile in flight.
#include "core/base/tracelog.h"
#include "core/sim/scenario.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"
#include "core/sim/virtualworker.h"

#include <QTest>

#include <atomic>
#include <thread>

using namespace rlab;

namespace {
const QByteArray kScenario = "apiVersion: rlab.dev/v1alpha1\nkind: Scenario\nmetadata: {name: latency-stress}\n"
                             "spec:\n  latency: classroom\n  nodes: 3\n  steps:\n"
                             "  - apply:\n      apiVersion: apps/v1\n      kind: Deployment\n"
                             "      metadata: {name: web}\n      spec:\n        replicas: 30\n"
                             "        selector: {matchLabels: {app: web}}\n        template:\n"
                             "          metadata: {labels: {app: web}}\n"
                             "          spec: {containers: [{name: app, image: \"nginx:1.25\"}]}\n"
                             "  - runUntilIdle: {timeout: 600s}\n"
                             "  - setImage: {deployment: web, container: app, image: \"nginx:1.26\"}\n"
                             "  - runUntilIdle: {timeout: 900s}\n"
                             "  - expect: {deployment: web, replicas: 30, updatedReplicas: 30, availableReplicas: 30}\n";

struct Outcome
{
    bool passed = false;
    qint64 events = 0, revision = 0, nowMs = 0;
};

Outcome runOnce()
{
    QStringList errors;
    std::optional<Scenario> s = Scenario::parse(kScenario, QStringLiteral("latency-stress.yaml"), &errors);
    if (!s)
        return {};
    ScenarioRunner runner(*s);
    Outcome o;
    o.passed = runner.run() == ScenarioRunner::Outcome::Passed;
    o.events = runner.simulation().trace().lastSeq();
    o.revision = runner.simulation().api().currentRevision();
    o.nowMs = runner.simulation().clock().now();
    if (runner.simulation().runner().heldCount() != 0)
        o.passed = false;
    return o;
}
} // namespace

class TestLatencyStress : public QObject
{
    Q_OBJECT

private slots:
    void classroomRolloutUnderTheBaton()
    {
        const Outcome a = runOnce();
        const Outcome b = runOnce();
        QVERIFY(a.passed);
        QVERIFY(b.passed);
        QCOMPARE(a.events, b.events);
        QCOMPARE(a.revision, b.revision);
        QCOMPARE(a.nowMs, b.nowMs);
    }

    void batonPassesManyTimes()
    {
        // One worker parks 10,000 times; the runner resumes it each time. A counter written only
        // by whoever holds the baton must end exact (TSan checks the hand-over orders it).
        VirtualWorker w(QStringLiteral("w"));
        long long counter = 0;
        VirtualWorker::State st = w.start([&] {
            for (int i = 0; i < 10'000; ++i) {
                ++counter;
                VirtualWorker::current()->park(i);
            }
        });
        long long resumes = 0;
        while (st == VirtualWorker::State::Parked) {
            ++counter;
            ++resumes;
            st = w.resume();
        }
        QCOMPARE(resumes, 10'000);
        QCOMPARE(counter, 20'000);
    }
};

QTEST_GUILESS_MAIN(TestLatencyStress)
#include "tst_latency_stress.moc"
