#pragma once
#include "core/api/labelselector.h"
#include "core/controller/scheduler/nodeinfo.h"

#include <QList>
#include <QString>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace rlab::controller {

// The default profile's Score plugins (kube-scheduler default_plugins.go), as pure functions so
// upstream's score tables can be ported: each returns a node's raw score; normalizers turn a
// list of raw scores (one per feasible node, same order) into 0..100. The scheduler multiplies
// by the weights below and sums (framework.RunScorePlugins). Plugins the lab cannot exercise
// (VolumeBinding without StorageCapacityScoring, InterPodAffinity without pod affinity terms)
// skip and add 0, as upstream's PreScore Skip does.
namespace scoring {

constexpr int kMaxNodeScore = 100;
constexpr int kTaintTolerationWeight = 3, kNodeAffinityWeight = 2, kNodeResourcesFitWeight = 1,
              kPodTopologySpreadWeight = 2, kInterPodAffinityWeight = 2, kBalancedAllocationWeight = 1,
              kImageLocalityWeight = 1;

// NodeResourcesFit, LeastAllocated (cpu 1, memory 1): per resource (allocatable - requested) x 100
// / allocatable with the node's non-zero requests + the pod's; resources with allocatable 0 skipped.
// E.g. 4000m / 8 GiB allocatable, 1000m / 2 GiB requested with the pod's: (75 + 75) / 2 = 75.
// Inline: the scheduler calls these for every feasible node of every pod.
inline qint64 leastAllocated(const PodRequests &pod, const NodeInfo &node)
{
    const qint64 requested[] = {node.nonZeroCpuMilli + pod.nonZeroCpuMilli, node.nonZeroMemoryBytes + pod.nonZeroMemoryBytes};
    const qint64 allocatable[] = {node.allocatableCpuMilli, node.allocatableMemoryBytes};
    qint64 sum = 0, weights = 0;
    for (int i = 0; i < 2; ++i) {
        if (allocatable[i] == 0)
            continue;
        sum += requested[i] > allocatable[i] ? 0 : (allocatable[i] - requested[i]) * kMaxNodeScore / allocatable[i];
        weights += 1;
    }
    return weights == 2 ? sum / 2 : sum;   // the mean over the resources counted (weights 0: sum is 0)
}
// NodeResourcesBalancedAllocation: 100 x (1 - std of the requested fractions), actual requests;
// nullopt (Skip) for a pod that requests nothing (issue 129138).
// E.g. cpu 0.5 and memory 0.25 of allocatable: std 0.125, score 87.
inline std::optional<qint64> balancedAllocation(const PodRequests &pod, const NodeInfo &node)
{
    if (pod.cpuMilli == 0 && pod.memoryBytes == 0)
        return std::nullopt;
    const qint64 requested[] = {node.requestedCpuMilli + pod.cpuMilli, node.requestedMemoryBytes + pod.memoryBytes};
    const qint64 allocatable[] = {node.allocatableCpuMilli, node.allocatableMemoryBytes};
    double fractions[2] = {0, 0};
    int n = 0;
    for (int i = 0; i < 2; ++i) {
        if (allocatable[i] == 0)
            continue;
        fractions[n++] = std::min(1.0, double(requested[i]) / double(allocatable[i]));
    }
    double stddev = 0;
    if (n == 2)
        stddev = std::abs((fractions[0] - fractions[1]) / 2);
    return qint64((1 - stddev) * kMaxNodeScore);
}
// math.Round of a score that is not negative (half away from zero), without a libm call:
// 2.5 -> 3, 2.4999 -> 2. Exact: x - trunc(x) loses nothing.
inline qint64 roundNonNegative(double x)
{
    const auto t = qint64(x);
    return t + (x - double(t) >= 0.5 ? 1 : 0);
}
// TaintToleration: how many PreferNoSchedule taints the pod does not tolerate (reverse-normalized).
qint64 taintTolerationRaw(const api::Pod &pod, const api::Node &node);
// The same in two steps, the first once per pod (PreScore's): the pod's tolerations that can
// tolerate PreferNoSchedule (effect empty or PreferNoSchedule), then each node's count.
QList<api::Toleration> preferNoScheduleTolerations(const api::Pod &pod);
qint64 taintTolerationRaw(const QList<api::Toleration> &preferred, const api::Node &node);
// NodeAffinity: the sum of the weights of the pod's preferred node-affinity terms the node
// matches (normalized). nullopt (Skip) when the pod has no preferred terms.
std::optional<qint64> nodeAffinityRaw(const api::Pod &pod, const api::Node &node);
bool hasPreferredNodeAffinity(const api::Pod &pod);
// ImageLocality: from status.images; imageNodes = how many of the cluster's nodes have each image.
qint64 imageLocality(const api::Pod &pod, const api::Node &node, int totalNodes, const QHash<QString, int> &imageNodes);
// The same with the pod's images (init containers then containers) normalized once: podImages(),
// and the node's image sizes parsed once (imageSizes(), kept in NodeInfo as upstream's ImageStates).
qint64 imageLocality(const QStringList &podImages, const api::Node &node, int totalNodes, const QHash<QString, int> &imageNodes);
qint64 imageLocality(const QStringList &podImages, const QHash<QString, qint64> &nodeImageSizes, int totalNodes,
                     const QHash<QString, int> &imageNodes);
QHash<QString, qint64> imageSizes(const api::Node &node);   // every normalized name -> sizeBytes
QStringList podImages(const api::Pod &pod);
QStringList nodeImages(const api::Node &node);   // every name of every image, normalized (":latest")

// DefaultNormalizeScore: 100 x raw / max (reverse: 100 - that); all 0 (reverse: 100) when max is 0.
void defaultNormalize(QList<qint64> &scores, bool reverse);

// PodTopologySpread scoring. A constraint applies with its selector; hostname constraints count
// the node's own pods, others the pods of the node's domain.
struct SpreadConstraint
{
    QString topologyKey;
    int maxSkew = 1;
    api::Selector selector;
};
// kube-scheduler's system defaults (hostname maxSkew 3, zone maxSkew 5, ScheduleAnyway) with the
// pod's default selector (its Services' and controlling ReplicaSet's selectors merged).
QList<SpreadConstraint> systemDefaultConstraints(const api::Selector &selector);
// One node's pods as spreading counts them: labels, namespace, terminating.
struct SpreadPod
{
    api::Labels labels;
    QString ns;
    bool terminating = false;
};
struct SpreadNode
{
    QString name;
    api::Labels labels;
    QList<SpreadPod> pods;
    // When not empty: the matching pods per constraint, already counted by the caller (the
    // scheduler's SpreadCounts); `pods` is then not looked at.
    QList<qint64> matching;
    // Optional: the values of some topology keys looked up beforehand (nullopt: the node lacks
    // the key), read before `labels` — the scheduler fills the system default keys once per node
    // instead of two label lookups per node per pod.
    QList<std::pair<QString, std::optional<QString>>> topology;
    const QString *topologyValue(const QString &key) const;   // nullptr: no such label
};
// Raw scores for `feasible` (indices into allNodes), then normalized (scoring.go NormalizeScore).
// requireAllTopologies: user constraints (nodes lacking a key are ignored and get 0); false for
// the system defaults. Empty constraints: nullopt (Skip).
std::optional<QList<qint64>> podTopologySpread(const QList<SpreadConstraint> &constraints, const QString &ns,
                                               const QList<SpreadNode> &allNodes, const QList<int> &feasible,
                                               bool requireAllTopologies, QList<qint64> *raw = nullptr);

} // namespace scoring
} // namespace rlab::controller
