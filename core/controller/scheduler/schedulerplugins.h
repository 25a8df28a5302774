#pragma once
#include "core/controller/scheduler/nodeinfo.h"

#include <QMap>
#include <QStringList>

namespace rlab::controller {

// The default kube-scheduler plugins the lab runs, as pure functions (table-tested):
// Filters, in upstream order: NodeUnschedulable, NodeName, TaintToleration, NodeAffinity
// (nodeSelector), NodeResourcesFit (pod count, cpu, memory). Each failure reason is upstream's
// text; a node may fail with several ("Insufficient cpu", "Insufficient memory").
// score(): the two resource scores side by side (NodeResourcesFit LeastAllocated and
// NodeResourcesBalancedAllocation, without the best-effort Skip); the scheduler scores with the
// whole default profile in scoreplugins.h. Worked example, node 4000m / 8Gi with 1000m / 2Gi requested,
// pod 1000m / 2Gi: LeastAllocated cpu (4000-2000)*100/4000 = 50, memory 50 → 50; Balanced:
// fractions 0.5 and 0.5, std 0 → 100; total 150.
namespace scheduling {

struct FilterOutcome
{
    QStringList reasons;   // empty: the node fits
    bool fits() const { return reasons.isEmpty(); }
};

struct ScoreOutcome
{
    int leastAllocated = 0;
    int balancedAllocation = 0;
    int total() const { return leastAllocated + balancedAllocation; }
};

FilterOutcome filter(const api::Pod &pod, const PodRequests &requests, const NodeInfo &node);
// filter(...).fits() without the reasons: stops at the first failing plugin (the scheduler asks
// this of ~420 nodes a pod at 1,000 nodes, most of which fit, then filter() of those that don't).
bool fits(const api::Pod &pod, const PodRequests &requests, const NodeInfo &node);
// NodeResourcesFit's Filter alone: room for one more pod, and for the pod's cpu and memory
// requests (a resource it does not request always fits). Inline: for a pod without nodeName
// or nodeSelector on a schedulable node without taints, fits() is this (the scheduler's loop
// asks it directly of such nodes, ~420 a pod at 1,000 nodes).
inline bool fitsResources(const PodRequests &req, const NodeInfo &info)
{
    return info.pods + 1 <= info.allowedPods
           && !(req.cpuMilli > 0 && info.requestedCpuMilli + req.cpuMilli > info.allocatableCpuMilli)
           && !(req.memoryBytes > 0 && info.requestedMemoryBytes + req.memoryBytes > info.allocatableMemoryBytes);
}
ScoreOutcome score(const PodRequests &requests, const NodeInfo &node);
bool tolerates(const QList<api::Toleration> &tolerations, const api::Taint &taint);

// FitError.Error(): "0/3 nodes are available: 1 Insufficient memory, 2 Insufficient cpu."
// Reasons are counted over nodes and sorted by their text, like upstream.
QString fitErrorMessage(int numNodes, const QMap<QString, int> &reasonCounts);

} // namespace scheduling
} // namespace rlab::controller
