#pragma once
#include <QString>
#include <QStringList>

#include <optional>

namespace rlab {

// What each hop of the control plane costs in virtual time (design.md §3): API requests by
// verb (a write includes the etcd commit), watch delivery from the store to an informer (its
// handler enqueues at once), a free worker's get after the add, a reconcile's own work, the
// scheduler's cycle, and each client's rate limiter (client-go's token bucket: QPS, burst).
// Kubelet stages stay the scenario's `kubelet:` delays. Presets:
//  - instant: every hop free (the first wave's behaviour; benchmarks, single-sync tables);
//  - realistic: sourced figures of real clusters (shared/reference/latency-figures.md §9);
//  - classroom: the same hops in the same order, stretched so each is seen at ×1.
// Worked example, classroom: syncDeployment that reads nothing and writes one ReplicaSet and
// the Deployment status holds its worker 180 + 2 × 400 = 980 ms; the watch event of each write
// reaches the ReplicaSet informer 570 ms after its commit, and the key is got 180 ms later.
// A plain value: copy it anywhere.
struct LatencyModel
{
    QString name = QStringLiteral("instant");
    qint64 getMs = 0;             // GET of one object (and the scale subresource)
    qint64 listMs = 0;            // LIST
    qint64 writeMs = 0;           // create, update, patch, delete, bind: includes the etcd commit
    qint64 watchDeliveryMs = 0;   // commit → informer handler → queue add
    qint64 queueGetMs = 0;        // queue add → a free worker's get()
    qint64 reconcileBaseMs = 0;   // a sync handler's own work, besides its API calls
    qint64 schedulerCycleMs = 0;  // one scheduling cycle (filter, score, assume), besides the bind
    // Client-side throttling, per client (0 qps = none): kube-controller-manager builds one
    // client per controller (--kube-api-qps 20, --kube-api-burst 30); the scheduler and every
    // kubelet have 50/100.
    double controllerQps = 0;
    int controllerBurst = 0;
    double schedulerQps = 0;
    int schedulerBurst = 0;
    double kubeletQps = 0;
    int kubeletBurst = 0;

    // True when no hop costs anything and nothing is throttled: the runner's zero-time path.
    bool isInstant() const;

    static std::optional<LatencyModel> preset(const QString &name);
    static QStringList presetNames();   // classroom, realistic, instant
    static LatencyModel instant() { return {}; }
};

} // namespace rlab
