#include "core/controller/scheduler/nodeinfo.h"

#include "core/api/quantity.h"
#include "core/controller/scheduler/scoreplugins.h"

namespace rlab::controller {

using namespace rlab::api;

namespace {
constexpr qint64 kDefaultMilliCpuRequest = 100;                    // 0.1 core
constexpr qint64 kDefaultMemoryRequest = 200LL * 1024 * 1024;      // 200 MiB

qint64 milli(const QString &text)
{
    qint64 v = 0;
    return parseQuantity(text, &v) ? v : 0;
}
} // namespace

PodRequests PodRequests::of(const Pod &pod)
{
    // A ReplicaSet's pods share their template's containers (one implicitly shared list): their
    // requests are read and parsed once, not for each pod (twice a pod: assume, then the
    // informer's copy). Per thread; the list kept holds its data, so it cannot be reused.
    struct Last
    {
        QList<Container> containers;
        PodRequests requests;
        bool valid = false;
    };
    thread_local Last last;
    if (last.valid && last.containers.isSharedWith(pod.spec.containers))
        return last.requests;
    const PodRequests r = compute(pod.spec.containers);
    last = Last{pod.spec.containers, r, true};
    return r;
}

PodRequests PodRequests::compute(const QList<Container> &containers)
{
    PodRequests r;
    for (const Container &c : containers) {
        const QString cpu = c.resources.requests.value(QStringLiteral("cpu"), c.resources.limits.value(QStringLiteral("cpu")));
        const QString mem = c.resources.requests.value(QStringLiteral("memory"), c.resources.limits.value(QStringLiteral("memory")));
        const qint64 cpuMilli = cpu.isEmpty() ? 0 : milli(cpu);
        const qint64 memBytes = mem.isEmpty() ? 0 : milli(mem) / 1000;
        r.cpuMilli += cpuMilli;
        r.memoryBytes += memBytes;
        r.nonZeroCpuMilli += cpu.isEmpty() ? kDefaultMilliCpuRequest : cpuMilli;
        r.nonZeroMemoryBytes += mem.isEmpty() ? kDefaultMemoryRequest : memBytes;
    }
    return r;
}

NodeInfo::NodeInfo(std::shared_ptr<const Node> n)
    : node(std::move(n))
{
    if (!node)
        return;
    const auto &alloc = node->status.allocatable.isEmpty() ? node->status.capacity : node->status.allocatable;
    allocatableCpuMilli = milli(alloc.value(QStringLiteral("cpu"), QStringLiteral("0")));
    allocatableMemoryBytes = milli(alloc.value(QStringLiteral("memory"), QStringLiteral("0"))) / 1000;
    allowedPods = milli(alloc.value(QStringLiteral("pods"), QStringLiteral("110"))) / 1000;
    imageSizes = scoring::imageSizes(*node);
}

void NodeInfo::addPod(const PodRequests &r)
{
    requestedCpuMilli += r.cpuMilli;
    requestedMemoryBytes += r.memoryBytes;
    nonZeroCpuMilli += r.nonZeroCpuMilli;
    nonZeroMemoryBytes += r.nonZeroMemoryBytes;
    ++pods;
}

} // namespace rlab::controller
