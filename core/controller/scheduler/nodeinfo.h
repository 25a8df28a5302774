#pragma once
#include "core/api/node.h"
#include "core/api/pod.h"

#include <QHash>

#include <memory>

namespace rlab::controller {

// Resource requests of a pod as the scheduler sums them: cpu in millicores, memory in bytes.
// The "non-zero" figures use the scheduler's defaults for containers that request nothing
// (100m cpu, 200 MiB memory) so that scoring still spreads BestEffort pods.
struct PodRequests
{
    qint64 cpuMilli = 0, memoryBytes = 0;
    qint64 nonZeroCpuMilli = 0, nonZeroMemoryBytes = 0;
    static PodRequests of(const api::Pod &pod);
    static PodRequests compute(const QList<api::Container> &containers);   // of(), unremembered
};

// What the scheduler knows about one node in one scheduling cycle (framework.NodeInfo):
// the node, the sum of the requests of the pods assigned to it, and its images' sizes by
// normalized name (NodeInfo.ImageStates), read from status.images once per Node object. A value.
struct NodeInfo
{
    std::shared_ptr<const api::Node> node;
    qint64 allocatableCpuMilli = 0, allocatableMemoryBytes = 0, allowedPods = 0;
    qint64 requestedCpuMilli = 0, requestedMemoryBytes = 0;
    qint64 nonZeroCpuMilli = 0, nonZeroMemoryBytes = 0;
    int pods = 0;
    QHash<QString, qint64> imageSizes;   // "nginx:1.25" -> sizeBytes (implicitly shared)

    explicit NodeInfo(std::shared_ptr<const api::Node> n = nullptr);
    void addPod(const PodRequests &r);
};

} // namespace rlab::controller
