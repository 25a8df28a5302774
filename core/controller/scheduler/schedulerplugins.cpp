#include "core/controller/scheduler/schedulerplugins.h"

#include <algorithm>
#include <cmath>

namespace rlab::controller::scheduling {

using namespace rlab::api;

bool tolerates(const QList<Toleration> &tolerations, const Taint &taint)
{
    for (const Toleration &t : tolerations) {
        if (!t.effect.isEmpty() && t.effect != taint.effect)
            continue;
        if (t.key.isEmpty() && t.operator_ == QLatin1String("Exists"))
            return true;   // tolerates everything
        if (t.key != taint.key)
            continue;
        if (t.operator_ == QLatin1String("Exists"))
            return true;
        if ((t.operator_.isEmpty() || t.operator_ == QLatin1String("Equal")) && t.value == taint.value)
            return true;
    }
    return false;
}

namespace {
// The default profile's filters in order; each failure's reason goes to `reasons` when given
// (NodeResourcesFit reports every insufficient resource), else the first failure answers.
bool runFilters(const Pod &pod, const PodRequests &req, const NodeInfo &info, QStringList *reasons)
{
    const auto fail = [reasons](const QString &why) {
        if (reasons)
            *reasons << why;
        return false;
    };
    const Node &node = *info.node;
    // NodeUnschedulable (cordoned), unless the pod tolerates the unschedulable taint.
    if (node.spec.unschedulable) {
        Taint t;
        t.key = QStringLiteral("node.kubernetes.io/unschedulable");
        t.effect = QStringLiteral("NoSchedule");
        if (!tolerates(pod.spec.tolerations, t))
            return fail(QStringLiteral("node(s) were unschedulable"));
    }
    // NodeName
    if (!pod.spec.nodeName.isEmpty() && pod.spec.nodeName != node.metadata.name)
        return fail(QStringLiteral("node(s) didn't match the requested node name"));
    // TaintToleration: the first untolerated NoSchedule/NoExecute taint.
    for (const Taint &t : node.spec.taints) {
        if (t.effect == QLatin1String("PreferNoSchedule"))
            continue;
        if (!tolerates(pod.spec.tolerations, t))
            return fail(QStringLiteral("node(s) had untolerated taint {%1: %2}").arg(t.key, t.value));
    }
    // NodeAffinity (spec.nodeSelector)
    for (auto it = pod.spec.nodeSelector.cbegin(); it != pod.spec.nodeSelector.cend(); ++it) {
        if (node.metadata.labels.value(it.key()) != it.value() || !node.metadata.labels.contains(it.key()))
            return fail(QStringLiteral("node(s) didn't match Pod's node affinity/selector"));
    }
    // NodeResourcesFit: all insufficient resources are reported.
    bool fit = true;
    if (info.pods + 1 > info.allowedPods) {
        fit = fail(QStringLiteral("Too many pods"));
        if (!reasons)
            return false;
    }
    if (req.cpuMilli > 0 && info.requestedCpuMilli + req.cpuMilli > info.allocatableCpuMilli) {
        fit = fail(QStringLiteral("Insufficient cpu"));
        if (!reasons)
            return false;
    }
    if (req.memoryBytes > 0 && info.requestedMemoryBytes + req.memoryBytes > info.allocatableMemoryBytes)
        fit = fail(QStringLiteral("Insufficient memory"));
    return fit;
}
} // namespace

FilterOutcome filter(const Pod &pod, const PodRequests &req, const NodeInfo &info)
{
    FilterOutcome out;
    runFilters(pod, req, info, &out.reasons);
    return out;
}

bool fits(const Pod &pod, const PodRequests &req, const NodeInfo &info)
{
    const bool fit = runFilters(pod, req, info, nullptr);
    Q_ASSERT(!pod.spec.nodeName.isEmpty() || !pod.spec.nodeSelector.isEmpty() || info.node->spec.unschedulable
             || !info.node->spec.taints.isEmpty() || fit == fitsResources(req, info));
    return fit;
}

ScoreOutcome score(const PodRequests &req, const NodeInfo &info)
{
    ScoreOutcome s;
    auto least = [](qint64 requested, qint64 capacity) -> qint64 {
        if (capacity <= 0 || requested > capacity)
            return 0;
        return (capacity - requested) * 100 / capacity;
    };
    const qint64 cpu = info.nonZeroCpuMilli + req.nonZeroCpuMilli;
    const qint64 mem = info.nonZeroMemoryBytes + req.nonZeroMemoryBytes;
    s.leastAllocated = int((least(cpu, info.allocatableCpuMilli) + least(mem, info.allocatableMemoryBytes)) / 2);
    // BalancedAllocation uses the pod's real requests (upstream: requested, not non-zero).
    const double fc = info.allocatableCpuMilli > 0 ? std::min(1.0, double(info.requestedCpuMilli + req.cpuMilli) / double(info.allocatableCpuMilli)) : 0;
    const double fm = info.allocatableMemoryBytes > 0 ? std::min(1.0, double(info.requestedMemoryBytes + req.memoryBytes) / double(info.allocatableMemoryBytes)) : 0;
    const double mean = (fc + fm) / 2;
    const double stddev = std::sqrt(((fc - mean) * (fc - mean) + (fm - mean) * (fm - mean)) / 2);
    s.balancedAllocation = int((1 - stddev) * 100);
    return s;
}

QString fitErrorMessage(int numNodes, const QMap<QString, int> &reasonCounts)
{
    QStringList parts;
    for (auto it = reasonCounts.cbegin(); it != reasonCounts.cend(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    std::sort(parts.begin(), parts.end());
    return QStringLiteral("0/%1 nodes are available: %2.").arg(numNodes).arg(parts.join(QStringLiteral(", ")));
}

} // namespace rlab::controller::scheduling
