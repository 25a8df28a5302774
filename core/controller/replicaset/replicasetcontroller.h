// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/labelselector.h"
#include "core/api/replicaset.h"
#include "core/apiserver/featuregate.h"
#include "core/client/lister.h"
#include "core/client/sharedindexinformer.h"
#include "core/controller/activepodswithranks.h"
#include "core/controller/controller.h"
#include "core/controller/eventrecorder.h"
#include "core/controller/slowstartbatch.h"
#include "core/controller/uidtrackingcontrollerexpectations.h"

#include <atomic>
#include <memory>

namespace rlab {
class TraceLog;
namespace client {
class Interface;
}
namespace client {
class SharedInformerFactory;
}
} // namespace rlab

namespace rlab::controller {

class PodControl;
using ReplicaSetPtr = std::shared_ptr<const api::ReplicaSet>;

// ReplicaSetController's knobs (kube-controller-manager flags and feature gates).
struct ReplicaSetControllerOptions
{
    int burstReplicas = 500;   // BurstReplicas: most creates or deletes per sync
    // Report status.terminatingReplicas (gate DeploymentReplicaSetTerminatingReplicas: off
    // at the served 1.31, on from 1.35).
    bool statusTerminatingReplicas = apiserver::FeatureGate::enabled(apiserver::FeatureGate::DeploymentReplicaSetTerminatingReplicas);
    PodDeletionGates deletionGates;                  // PodDeletionCost, LogarithmicScaleDown
    qint64 expectationsTimeoutMs = 5 * 60 * 1000;   // ExpectationsTimeout
};

// kube-controller-manager's ReplicaSet controller (pkg/controller/replicaset/replica_set.go):
// keeps spec.replicas active pods per ReplicaSet. Handlers on the shared ReplicaSet and Pod
// informers only update expectations and enqueue "namespace/name" keys; syncReplicaSet
// (replicasetsync.cpp) claims pods, runs manageReplicas when the expectations are satisfied —
// creates in slow-start batches 1, 2, 4, … (at most burstReplicas 500 per sync), deletes the
// lowest-ranked pods (getPodsToDelete) — and writes the status (replicasetstatus.cpp).
// Worked example, an RS of 3 with no pods: sync 1 creates 3 pods in batches 1+2 and expects 3
// creations; a sync before the informer has delivered them does nothing but the status; the 3
// pod adds lower the expectations to 0 and the next sync finds 3 pods: nothing to do.
// Driving: run(workers) starts worker QThreads (batch calls then run in parallel threads); or
// a deterministic runner pumps the informer factory and calls processNextWorkItem(w, false) on
// its own thread, and then the controller starts no thread at all (batch calls run in turn).
// Thread rules: construct/run/shutDown/destroy on the owning thread; handlers run on the
// informer's pumping thread; syncReplicaSet on any worker, never two workers for one key.
class ReplicaSetController
{
public:
    static constexpr int BurstReplicas = 500;
    static constexpr int ConcurrentReplicaSetSyncs = 5;   // --concurrent-replicaset-syncs
    // The RS informer index by controller UID (getReplicaSetsWithSameController).
    static QString controllerUIDIndex() { return QStringLiteral("controllerUID"); }
    // The pod informer index claimPods reads: controller UID, or "orphan/<namespace>".
    static QString podClaimIndex() { return QStringLiteral("podClaim"); }

    using Options = ReplicaSetControllerOptions;

    ReplicaSetController(client::Interface &api, client::SharedInformerFactory &informers, TraceLog *trace = nullptr,
                         Options options = {});
    ~ReplicaSetController();   // shuts down, removes its handlers
    ReplicaSetController(const ReplicaSetController &) = delete;
    ReplicaSetController &operator=(const ReplicaSetController &) = delete;

    // The sync handler; also callable directly (a scenario's `sync:` step).
    SyncResult syncReplicaSet(const QString &key);

    // The queue and worker loop (name "replicaset", rate-limited, retries forever).
    Controller &controller() { return m_controller; }
    bool processNextWorkItem(int worker, bool wait = true) { return m_controller.processNextWorkItem(worker, wait); }
    // Starts `workers` worker QThreads; batch calls then run in parallel like upstream's goroutines.
    void run(int workers = ConcurrentReplicaSetSyncs);
    void shutDown(bool drain = false);
    // Both handlers have seen their informer's initial list.
    bool hasSynced() const;

    UIDTrackingControllerExpectations &expectations() { return m_expectations; }
    EventRecorder &recorder() { return m_recorder; }
    // Replaces RealPodControl (tests: failing creates). Call before run().
    void setPodControl(std::shared_ptr<PodControl> podControl);
    void setBatchExecution(BatchExecution execution) { m_execution.store(execution); }
    const Options &options() const { return m_options; }

    // Read-only lookups on the informer caches (upstream tests call them directly; so do ours).
    // The ReplicaSets in the pod's namespace whose non-empty selector matches its labels.
    QList<ReplicaSetPtr> getPodReplicaSets(const api::Pod &pod) const;
    // Every cached ReplicaSet with the same controller ref uid as rs (rs included); none if rs
    // has no controller.
    QList<ReplicaSetPtr> getReplicaSetsWithSameController(const api::ReplicaSet &rs) const;
    // The pods selected by any of those ReplicaSets, each once.
    QList<PodPtr> getIndirectlyRelatedPods(const api::ReplicaSet &rs) const;

private:
    // Informer handlers (replica_set.go addRS … deletePod).
    void addRS(const api::ObjectPtr &obj);
    void updateRS(const api::ObjectPtr &oldObj, const api::ObjectPtr &curObj);
    void deleteRS(const api::ObjectPtr &obj);
    void addPod(const api::ObjectPtr &obj);
    void updatePod(const api::ObjectPtr &oldObj, const api::ObjectPtr &curObj);
    void deletePod(const api::ObjectPtr &obj);
    void enqueueRS(const api::ReplicaSet &rs);
    void enqueueRSAfter(const api::ReplicaSet &rs, qint64 delayMs);

    ReplicaSetPtr resolveControllerRef(const QString &ns, const api::OwnerReference &controllerRef) const;

    // syncReplicaSet's steps (replicasetsync.cpp).
    QList<PodPtr> claimPods(const ReplicaSetPtr &rs, const api::Selector &selector, const QList<PodPtr> &filteredPods,
                            QString *error, QStringList &notes);
    QString manageReplicas(const QList<PodPtr> &activePods, const ReplicaSetPtr &rs, QStringList &notes);
    QString createReplicas(int diff, const ReplicaSetPtr &rs, const QString &rsKey, QStringList &notes);
    QString deleteReplicas(int diff, const QList<PodPtr> &activePods, const ReplicaSetPtr &rs, const QString &rsKey,
                           QStringList &notes);

    client::Interface &m_api;
    const Options m_options;
    client::SharedIndexInformer &m_rsInformer;
    client::SharedIndexInformer &m_podInformer;
    client::Lister<api::ReplicaSet> m_rsLister;
    client::Lister<api::Pod> m_podLister;
    EventRecorder m_recorder;
    UIDTrackingControllerExpectations m_expectations;
    std::shared_ptr<PodControl> m_podControl;
    std::atomic<BatchExecution> m_execution{BatchExecution::Sequential};
    Controller m_controller;
    client::HandlerRegistration m_rsHandler;
    client::HandlerRegistration m_podHandler;
};

} // namespace rlab::controller
