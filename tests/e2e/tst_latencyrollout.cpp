// The loop you can watch (issue #13), measured on the trace of real scenarios: under the
// classroom preset keys wait visibly in the Deployment and ReplicaSet queues and workers hold
// them; pods stay Pending for a while; the same seed gives the same trace; realistic throttles
// a large scale-up with the controller client's 20 qps / 30 burst; instant is the old trace.
#include "core/base/tracelog.h"
#include "core/sim/scenario.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"

#include <QJsonDocument>
#include <QTest>

#include <set>

using namespace rlab;

namespace {
QString scenarioDir()
{
    return qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(".")) + QStringLiteral("/resources/scenarios");
}

std::vector<TraceEvent> runScenario(const QString &file, const QString &latency, bool *passed)
{
    QStringList errors;
    std::optional<Scenario> s = Scenario::load(scenarioDir() + QLatin1Char('/') + file, &errors);
    if (!s)
        return {};
    s->latency = latency;
    ScenarioRunner runner(*s);
    *passed = runner.run() == ScenarioRunner::Outcome::Passed;
    return runner.simulation().trace().since(0);
}

// What scripts/queue-occupancy.py computes: from the `kubectl set image` request to the last
// QueueDone of the queues, the share of time at least one key is queued (or parked while its
// key is processed) or held by a worker, and the share of gets that waited.
struct Occupancy
{
    double occupied = 0;
    int gets = 0, waited = 0;
};

Occupancy occupancy(const std::vector<TraceEvent> &trace, const QStringList &queues)
{
    qint64 start = -1, end = -1;
    for (const TraceEvent &e : trace) {
        if (start < 0 && e.type == QLatin1String("Request")
            && e.detail.value(QLatin1String("userAgent")).toString() == QLatin1String("kubectl set image"))
            start = e.t;
        if (start >= 0 && e.type == QLatin1String("QueueDone") && queues.contains(e.component))
            end = e.t;
    }
    Occupancy o;
    if (start < 0 || end <= start)
        return o;
    std::set<QString> queued, processing;
    qint64 busySince = -1, busy = 0;
    for (const TraceEvent &e : trace) {
        if (!queues.contains(e.component))
            continue;
        const QString k = e.component + QLatin1Char(' ') + e.key;
        const bool before = !queued.empty() || !processing.empty();
        if (e.type == QLatin1String("QueueAdd") || e.type == QLatin1String("QueueRequeue")) {
            queued.insert(k);
        } else if (e.type == QLatin1String("QueueGet")) {
            queued.erase(k);
            processing.insert(k);
            if (e.t >= start) {
                ++o.gets;
                // "worker N got KEY after M ms in the queue"
                o.waited += e.text.section(QLatin1String(" after "), -1).section(QLatin1Char(' '), 0, 0).toLongLong() > 0;
            }
        } else if (e.type == QLatin1String("QueueDone")) {
            processing.erase(k);
        }
        const bool after = !queued.empty() || !processing.empty();
        if (!before && after)
            busySince = e.t;
        else if (before && !after) {
            busy += std::max<qint64>(0, std::min(e.t, end) - std::max(busySince, start));
            busySince = -1;
        }
    }
    if (busySince >= 0)
        busy += std::max<qint64>(0, end - std::max(busySince, start));
    o.occupied = double(busy) / double(end - start);
    return o;
}
} // namespace

class TestLatencyRollout : public QObject
{
    Q_OBJECT

private slots:
    void classroomRolloutKeepsTheQueuesVisible()
    {
        bool passed = false;
        const std::vector<TraceEvent> trace = runScenario(QStringLiteral("rolling-update.yaml"), QStringLiteral("classroom"), &passed);
        QVERIFY(passed);
        for (const QString &q : {QStringLiteral("queue/deployment"), QStringLiteral("queue/replicaset")}) {
            const Occupancy o = occupancy(trace, {q});
            qInfo("%s: queued or processing %.1f%% of the rollout, %d/%d gets waited > 0 ms", qPrintable(q),
                  o.occupied * 100, o.waited, o.gets);
            QVERIFY2(o.occupied >= 0.5, qPrintable(q));
            QVERIFY(o.gets > 0);
            QVERIFY2(o.waited >= 0.8 * o.gets, qPrintable(q));
        }
        // Several workers hold keys at once somewhere in the rollout (5 ReplicaSet workers).
        std::set<int> workers;
        for (const TraceEvent &e : trace)
            if (e.component == QLatin1String("queue/replicaset") && e.type == QLatin1String("QueueGet"))
                workers.insert(e.worker);
        QVERIFY2(workers.size() >= 2, "only one ReplicaSet worker ever held a key");
    }

    void instantRolloutIsTheZeroTimeLoop()
    {
        bool passed = false;
        const std::vector<TraceEvent> trace = runScenario(QStringLiteral("rolling-update.yaml"), QStringLiteral("instant"), &passed);
        QVERIFY(passed);
        const Occupancy o = occupancy(trace, {QStringLiteral("queue/deployment"), QStringLiteral("queue/replicaset")});
        QCOMPARE(o.waited, 0);
        QCOMPARE(o.occupied, 0.0);
        bool passedDefault = false;
        const std::vector<TraceEvent> byDefault = runScenario(QStringLiteral("rolling-update.yaml"), QString(), &passedDefault);
        QVERIFY(passedDefault);
        QCOMPARE(byDefault.size(), trace.size());
        for (std::size_t i = 0; i < trace.size(); ++i)
            QCOMPARE(QJsonDocument(byDefault[i].toJson()).toJson(), QJsonDocument(trace[i].toJson()).toJson());
    }

    void sameSeedSameTrace()
    {
        bool a = false, b = false;
        const std::vector<TraceEvent> one = runScenario(QStringLiteral("rolling-update.yaml"), QStringLiteral("classroom"), &a);
        const std::vector<TraceEvent> two = runScenario(QStringLiteral("rolling-update.yaml"), QStringLiteral("classroom"), &b);
        QVERIFY(a && b);
        QCOMPARE(one.size(), two.size());
        for (std::size_t i = 0; i < one.size(); ++i)
            QCOMPARE(QJsonDocument(one[i].toJson()).toJson(), QJsonDocument(two[i].toJson()).toJson());
    }

    void podsStayPendingUntilBoundInClassroom()
    {
        bool passed = false;
        const std::vector<TraceEvent> trace = runScenario(QStringLiteral("first-apply.yaml"), QStringLiteral("classroom"), &passed);
        QVERIFY(passed);
        // From etcd's create of a pod to the scheduler's bind of it.
        QHash<QString, qint64> created;
        QList<qint64> pending;
        const QString prefix = QStringLiteral("/registry/pods/");
        for (const TraceEvent &e : trace) {
            if (e.type == QLatin1String("Put") && e.key.startsWith(prefix) && e.text.contains(QLatin1String(" created ")))
                created.insert(e.key.mid(prefix.size()), e.t);
            if (e.type == QLatin1String("Bind") && created.contains(e.key))
                pending << e.t - created.value(e.key);
        }
        QVERIFY2(!pending.isEmpty(), "no pod was created and bound");
        for (qint64 ms : pending)
            QVERIFY2(ms >= 1000, qPrintable(QStringLiteral("a pod was Pending only %1 ms").arg(ms)));
        qInfo("%lld pods: Pending for %s ms before their bind", qint64(pending.size()),
              qPrintable([&] { QStringList l; for (qint64 ms : pending) l << QString::number(ms); return l.join(QLatin1Char(' ')); }()));
    }

    void realisticThrottlesALargeScaleUp()
    {
        // 200 pods from one ReplicaSet sync: the controller client has 30 tokens, then 20 per
        // second, so the last create comes at least (200 - 30) / 20 = 8.5 s after the first.
        SimulationConfig config;
        config.latency = *LatencyModel::preset(QStringLiteral("realistic"));
        config.controllers = {QStringLiteral("deployment"), QStringLiteral("replicaset")};
        Simulation sim(config);
        QStringList errors;
        const QByteArray yaml = "apiVersion: rlab.dev/v1alpha1\nkind: Scenario\nmetadata: {name: scale-200}\nspec:\n"
                                "  latency: realistic\n  controllers: [deployment, replicaset]\n  steps:\n"
                                "  - apply:\n      apiVersion: apps/v1\n      kind: Deployment\n"
                                "      metadata: {name: big}\n      spec:\n        replicas: 200\n"
                                "        selector: {matchLabels: {app: big}}\n        template:\n"
                                "          metadata: {labels: {app: big}}\n"
                                "          spec: {containers: [{name: app, image: nginx}]}\n"
                                "  - runUntilIdle: {timeout: 120s}\n";
        std::optional<Scenario> s = Scenario::parse(yaml, QStringLiteral("scale-200.yaml"), &errors);
        QVERIFY2(s, qPrintable(errors.join(QLatin1Char('\n'))));
        ScenarioRunner runner(*s);
        QCOMPARE(runner.run(), ScenarioRunner::Outcome::Passed);
        qint64 first = -1, last = -1;
        int creates = 0;
        for (const TraceEvent &e : runner.simulation().trace().since(0)) {
            if (e.type == QLatin1String("Request") && e.detail.value(QLatin1String("resource")).toString() == QLatin1String("pods")
                && e.detail.value(QLatin1String("verb")).toString() == QLatin1String("create")) {
                ++creates;
                first = first < 0 ? e.t : first;
                last = e.t;
            }
        }
        QCOMPARE(creates, 200);
        qInfo("200 pod creates spread over %lld ms of virtual time", last - first);
        QVERIFY2(last - first >= 8500, qPrintable(QString::number(last - first)));
    }
};

QTEST_GUILESS_MAIN(TestLatencyRollout)
#include "tst_latencyrollout.moc"
