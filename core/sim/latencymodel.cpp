#include "core/sim/latencymodel.h"

namespace rlab {

bool LatencyModel::isInstant() const
{
    return getMs == 0 && listMs == 0 && writeMs == 0 && watchDeliveryMs == 0 && queueGetMs == 0
        && reconcileBaseMs == 0 && schedulerCycleMs == 0 && controllerQps <= 0 && schedulerQps <= 0 && kubeletQps <= 0;
}

QStringList LatencyModel::presetNames()
{
    return {QStringLiteral("classroom"), QStringLiteral("realistic"), QStringLiteral("instant")};
}

std::optional<LatencyModel> LatencyModel::preset(const QString &name)
{
    LatencyModel m;
    m.name = name;
    if (name == QLatin1String("instant"))
        return m;
    // Throttling is the same in both: the clients' own defaults.
    // kube-controller-manager --kube-api-qps 20 / --kube-api-burst 30, one client per controller
    // (pkg/controller/apis/config/v1alpha1/defaults.go; cmd/kube-controller-manager/app/apps.go
    // ClientOrDie("deployment-controller")); kube-scheduler clientConnection 50/100
    // (pkg/scheduler/apis/config/v1/defaults.go); kubelet kubeAPIQPS/kubeAPIBurst 50/100 since
    // v1.27 (pkg/kubelet/apis/config/v1beta1/defaults.go, PR #116121).
    m.controllerQps = 20;
    m.controllerBurst = 30;
    m.schedulerQps = 50;
    m.schedulerBurst = 100;
    m.kubeletQps = 50;
    m.kubeletBurst = 100;
    if (name == QLatin1String("realistic")) {
        // p50s of shared/reference/latency-figures.md §9:
        // - mutating call incl. etcd commit 5 ms: ClusterLoader2 APIResponsiveness sample, pods
        //   DELETE p50 4.6 ms (kubernetes/perf-tests); etcd single-client write 1.6 ms (etcd docs,
        //   op-guide/performance.md); far under the 1 s SLO (sig-scalability/slos/api_call_latency.md).
        m.writeMs = 5;
        // - single-object GET 2 ms: etcd linearizable read 0.7 ms (op-guide/performance.md) plus
        //   apiserver overhead; 5,000-node clusters keep p90 < 100 ms (Kubernetes blog, 2017-03-30).
        m.getMs = 2;
        // - small namespaced LIST 10 ms (same blog post: all API calls < 500 ms at 5,000 nodes).
        m.listMs = 10;
        // - watch delivery ~10 ms: "watch events appear about 10 ms after they happen" (etcd docs,
        //   learning/api_guarantees.md); the apiserver fans out from its watch cache (cacher.go).
        m.watchDeliveryMs = 10;
        // - a free worker's get and a reconcile's own CPU: a goroutine wake-up and a few hundred
        //   microseconds of work; 1 ms is the clock's grain.
        m.queueGetMs = 1;
        m.reconcileBaseMs = 1;
        // - scheduling cycle 15 ms: ~75 % of pods under 20 ms with the default scheduler
        //   (scheduler_pod_scheduling_sli_duration_seconds, kwok-gpu-simulator perf/README.md),
        //   consistent with ClusterLoader2's >= 100 pods/s threshold.
        m.schedulerCycleMs = 15;
        return m;
    }
    if (name == QLatin1String("classroom")) {
        // The realistic hops warped by t' = 400 ms × sqrt(t / 5 ms) (latency-figures.md §9): the
        // order of the hops is kept and the fastest one (a worker's get) still lasts long enough
        // to point at on a projector at ×1. write 5 ms → 400, get 2 → 250, list 10 → 570, watch
        // 10 → 570, get/reconcile 1 → 180, scheduling cycle 15 → 690.
        m.writeMs = 400;
        m.getMs = 250;
        m.listMs = 570;
        m.watchDeliveryMs = 570;
        m.queueGetMs = 180;
        m.reconcileBaseMs = 180;
        m.schedulerCycleMs = 690;
        return m;
    }
    return std::nullopt;
}

} // namespace rlab
