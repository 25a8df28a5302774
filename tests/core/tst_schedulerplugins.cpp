// Scheduler filter and score plugins as tables, and the FitError message.
#include "core/controller/scheduler/schedulerplugins.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller;

namespace {
std::shared_ptr<Pod> podRequesting(const QString &cpu, const QString &memory)
{
    auto p = test::makePod(QStringLiteral("p"));
    if (!cpu.isEmpty())
        p->spec.containers[0].resources.requests.insert(QStringLiteral("cpu"), cpu);
    if (!memory.isEmpty())
        p->spec.containers[0].resources.requests.insert(QStringLiteral("memory"), memory);
    return p;
}
} // namespace

class TestSchedulerPlugins : public QObject
{
    Q_OBJECT

private slots:
    void filter_data()
    {
        QTest::addColumn<QString>("cpu");
        QTest::addColumn<QString>("memory");
        QTest::addColumn<QString>("usedCpu");
        QTest::addColumn<QString>("usedMemory");
        QTest::addColumn<QString>("nodeSetup");
        QTest::addColumn<QString>("podSetup");
        QTest::addColumn<QStringList>("reasons");
        QTest::newRow("fits") << "1" << "1Gi" << "1" << "1Gi" << "" << "" << QStringList{};
        QTest::newRow("exactly full fits") << "2" << "4Gi" << "2" << "4Gi" << "" << "" << QStringList{};
        QTest::newRow("insufficient cpu") << "3500m" << "" << "1" << "" << "" << "" << QStringList{"Insufficient cpu"};
        QTest::newRow("insufficient cpu and memory") << "5" << "9Gi" << "" << "" << "" << "" << QStringList{"Insufficient cpu", "Insufficient memory"};
        QTest::newRow("best effort always fits resources") << "" << "" << "4" << "8Gi" << "" << "" << QStringList{};
        QTest::newRow("too many pods") << "" << "" << "" << "" << "pods=1" << "" << QStringList{"Too many pods"};
        QTest::newRow("cordoned") << "" << "" << "" << "" << "unschedulable" << "" << QStringList{"node(s) were unschedulable"};
        QTest::newRow("untolerated taint") << "" << "" << "" << "" << "taint" << "" << QStringList{"node(s) had untolerated taint {dedicated: gpu}"};
        QTest::newRow("tolerated taint") << "" << "" << "" << "" << "taint" << "toleration" << QStringList{};
        QTest::newRow("not-ready taint, default tolerations are NoExecute only") << "" << "" << "" << "" << "notready" << "" << QStringList{"node(s) had untolerated taint {node.kubernetes.io/not-ready: }"};
        QTest::newRow("nodeSelector mismatch") << "" << "" << "" << "" << "" << "selector" << QStringList{"node(s) didn't match Pod's node affinity/selector"};
        QTest::newRow("nodeSelector match") << "" << "" << "" << "" << "label" << "selector" << QStringList{};
    }
    void filter()
    {
        QFETCH(QString, cpu);
        QFETCH(QString, memory);
        QFETCH(QString, usedCpu);
        QFETCH(QString, usedMemory);
        QFETCH(QString, nodeSetup);
        QFETCH(QString, podSetup);
        QFETCH(QStringList, reasons);
        auto node = test::makeNode(QStringLiteral("n1"));   // 4 cpu, 8Gi, 110 pods
        if (nodeSetup == QLatin1String("pods=1"))
            node->status.allocatable[QStringLiteral("pods")] = QStringLiteral("1");
        if (nodeSetup == QLatin1String("unschedulable"))
            node->spec.unschedulable = true;
        if (nodeSetup == QLatin1String("taint"))
            node->spec.taints = {Taint{QStringLiteral("dedicated"), QStringLiteral("gpu"), QStringLiteral("NoSchedule"), 0}};
        if (nodeSetup == QLatin1String("notready"))
            node->spec.taints = {Taint{QStringLiteral("node.kubernetes.io/not-ready"), QString(), QStringLiteral("NoSchedule"), 0}};
        if (nodeSetup == QLatin1String("label"))
            node->metadata.labels.insert(QStringLiteral("disk"), QStringLiteral("ssd"));
        NodeInfo info(node);
        if (!usedCpu.isEmpty() || !usedMemory.isEmpty() || nodeSetup == QLatin1String("pods=1"))
            info.addPod(PodRequests::of(*podRequesting(usedCpu, usedMemory)));
        auto pod = podRequesting(cpu, memory);
        if (podSetup == QLatin1String("toleration"))
            pod->spec.tolerations = {Toleration{QStringLiteral("dedicated"), QStringLiteral("Equal"), QStringLiteral("gpu"), QStringLiteral("NoSchedule"), {}}};
        if (podSetup == QLatin1String("selector"))
            pod->spec.nodeSelector.insert(QStringLiteral("disk"), QStringLiteral("ssd"));
        QCOMPARE(scheduling::filter(*pod, PodRequests::of(*pod), info).reasons, reasons);
        // The scheduler's quick question (no reasons) agrees with the full filter.
        QCOMPARE(scheduling::fits(*pod, PodRequests::of(*pod), info), reasons.isEmpty());
    }

    void score_data()
    {
        QTest::addColumn<QString>("usedCpu");
        QTest::addColumn<QString>("usedMemory");
        QTest::addColumn<QString>("cpu");
        QTest::addColumn<QString>("memory");
        QTest::addColumn<int>("least");
        QTest::addColumn<int>("balanced");
        QTest::newRow("worked example: 1 cpu/2Gi used + 1 cpu/2Gi") << "1" << "2Gi" << "1" << "2Gi" << 50 << 100;
        QTest::newRow("empty node, small pod") << "" << "" << "400m" << "800Mi" << 90 << 99;
        QTest::newRow("unbalanced: cpu-heavy") << "" << "" << "2" << "0" << 73 << 75;
    }
    void score()
    {
        QFETCH(QString, usedCpu);
        QFETCH(QString, usedMemory);
        QFETCH(QString, cpu);
        QFETCH(QString, memory);
        QFETCH(int, least);
        QFETCH(int, balanced);
        NodeInfo info(test::makeNode(QStringLiteral("n1")));
        if (!usedCpu.isEmpty())
            info.addPod(PodRequests::of(*podRequesting(usedCpu, usedMemory)));
        const auto pod = podRequesting(cpu, memory == QLatin1String("0") ? QString() : memory);
        const scheduling::ScoreOutcome s = scheduling::score(PodRequests::of(*pod), info);
        QCOMPARE(s.leastAllocated, least);
        QCOMPARE(s.balancedAllocation, balanced);
    }

    // PodRequests::of remembers the last containers it read by their shared data: copies of a
    // template answer alike, and a pod whose containers differ (its own list) is read again.
    void podRequestsFollowTheContainers()
    {
        const auto a = podRequesting(QStringLiteral("250m"), QStringLiteral("64Mi"));
        auto b = std::static_pointer_cast<Pod>(a->clone());   // shares a's containers
        QCOMPARE(PodRequests::of(*a).cpuMilli, 250);
        QCOMPARE(PodRequests::of(*b).cpuMilli, 250);
        QCOMPARE(PodRequests::of(*b).memoryBytes, 64 * 1024 * 1024);
        b->spec.containers[0].resources.requests.insert(QStringLiteral("cpu"), QStringLiteral("1"));   // detaches
        QCOMPARE(PodRequests::of(*b).cpuMilli, 1000);
        QCOMPARE(PodRequests::of(*a).cpuMilli, 250);
        const auto none = podRequesting(QString(), QString());
        QCOMPARE(PodRequests::of(*none).cpuMilli, 0);
        QCOMPARE(PodRequests::of(*none).nonZeroCpuMilli, PodRequests::compute(none->spec.containers).nonZeroCpuMilli);
        QVERIFY(PodRequests::of(*none).nonZeroCpuMilli > 0);   // the scheduler's default for an unset request
    }

    void fitError()
    {
        QMap<QString, int> reasons{{QStringLiteral("Insufficient cpu"), 2}, {QStringLiteral("Insufficient memory"), 1}};
        QCOMPARE(scheduling::fitErrorMessage(3, reasons), QStringLiteral("0/3 nodes are available: 1 Insufficient memory, 2 Insufficient cpu."));
        QCOMPARE(scheduling::fitErrorMessage(3, {{QStringLiteral("Insufficient cpu"), 3}}), QStringLiteral("0/3 nodes are available: 3 Insufficient cpu."));
    }
};

QTEST_GUILESS_MAIN(TestSchedulerPlugins)
#include "tst_schedulerplugins.moc"
