// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/deployment.h"
#include "core/apiserver/featuregate.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/client/lister.h"
#include "core/client/sharedindexinformer.h"
#include "core/controller/controller.h"
#include "core/api/deploymentutil.h"
#include "core/controller/eventrecorder.h"

#include <QMap>
#include <QStringList>

#include <memory>
#include <optional>

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

using deploymentutil::ReplicaSetPtr;

using DeploymentPtr = std::shared_ptr<const api::Deployment>;
using PodPtr = std::shared_ptr<const api::Pod>;

// DeploymentController's knobs (feature gates of kube-controller-manager).
struct DeploymentControllerOptions
{
    // Gate DeploymentReplicaSetTerminatingReplicas (off at the served 1.31; alpha 1.33, beta
    // and on from 1.35): status.terminatingReplicas is reported, and cleanupDeployment only
    // deletes ReplicaSets known to have none terminating.
    bool terminatingReplicas = apiserver::FeatureGate::enabled(apiserver::FeatureGate::DeploymentReplicaSetTerminatingReplicas);
};

// kube-controller-manager's Deployment controller (pkg/controller/deployment): handlers on the
// shared Deployment, ReplicaSet and Pod informers only enqueue "namespace/name" keys;
// syncDeployment re-reads the listers and decides like upstream, step by step (split like
// upstream: sync.cpp, rolling.cpp, recreate.cpp, rollback.cpp, progress.cpp). No thread of its
// own: run(workers) starts worker QThreads, or a runner calls processNextWorkItem(w, false).
// Thread rules: construct/run/shutDown/destroy on the owning thread; handlers on the informer's
// pumping thread; syncDeployment on any worker, never two workers for one key.
class DeploymentController
{
public:
    static constexpr int MaxRetries = 15;                   // maxRetries
    static constexpr int ConcurrentDeploymentSyncs = 5;     // --concurrent-deployment-syncs
    using Options = DeploymentControllerOptions;
    using RSList = QList<ReplicaSetPtr>;
    // Pods by the UID of their controlling ReplicaSet (every claimed RS has an entry).
    using PodMap = QMap<QString, QList<PodPtr>>;

    // What one sync decided, in upstream's words with the numbers: each step adds a note
    // "<phase> → <function>: <decision>", e.g. "rolloutRolling → reconcileNewReplicaSet:
    // scaled up web-7c5b4f from 1 to 2 (maxSurge 1: 5 allowed, 4 running)". One per sync.
    struct Context
    {
        QString phase = QStringLiteral("syncDeployment");
        QStringList notes;
        void note(const QString &function, const QString &text)
        {
            notes.append(QStringLiteral("%1 → %2: %3").arg(phase, function, text));
        }
    };

    // Result of scaling one ReplicaSet.
    struct ScaleResult
    {
        bool scaled = false;   // the size changed (an annotation-only update is not "scaled")
        ReplicaSetPtr rs;      // the ReplicaSet as written (or as given when nothing was written)
        QString error;
    };
    struct NewAndOld
    {
        ReplicaSetPtr newRS;
        RSList oldRSs;
        QString error;
    };
    struct CleanupResult
    {
        RSList oldRSs;
        int cleanupCount = 0;
        QString error;
    };

    DeploymentController(client::Interface &api, client::SharedInformerFactory &informers, TraceLog *trace = nullptr,
                         Options options = {});
    ~DeploymentController();   // shuts down, removes its handlers
    DeploymentController(const DeploymentController &) = delete;
    DeploymentController &operator=(const DeploymentController &) = delete;

    // The sync handler; also callable directly (a scenario's `sync:` step).
    SyncResult syncDeployment(const QString &key);

    // The queue and worker loop (name "deployment", rate-limited, maxRetries 15).
    Controller &controller() { return m_controller; }
    bool processNextWorkItem(int worker, bool wait = true) { return m_controller.processNextWorkItem(worker, wait); }
    void run(int workers = ConcurrentDeploymentSyncs) { m_controller.run(workers); }
    void shutDown(bool drain = false) { m_controller.shutDown(drain); }
    // The three handlers have seen their informers' initial lists.
    bool hasSynced() const;
    EventRecorder &recorder() { return m_recorder; }
    const Options &options() const { return m_options; }

    // --- deploymentcontroller.cpp: ownership --------------------------------------------
    // ClaimReplicaSets over every RS of the namespace: adopts matching orphans (after one
    // uncached recheck of the deployment), releases owned ones that no longer match.
    RSList getReplicaSetsForDeployment(Context &ctx, const api::Deployment &d, QString *error);
    PodMap getPodMapForDeployment(const api::Deployment &d, const RSList &rsList) const;
    static QString podControllerUIDIndex() { return QStringLiteral("controllerUID"); }

    // --- sync.go --------------------------------------------------------------------------
    QString syncStatusOnly(Context &ctx, api::Deployment &d, RSList rsList);
    QString sync(Context &ctx, api::Deployment &d, RSList rsList);
    QString checkPausedConditions(Context &ctx, api::Deployment &d);
    NewAndOld getAllReplicaSetsAndSyncRevision(Context &ctx, api::Deployment &d, RSList rsList, bool createIfNotExisted);
    ReplicaSetPtr getNewReplicaSet(Context &ctx, api::Deployment &d, RSList &rsList, const RSList &oldRSs,
                                   bool createIfNotExisted, QString *error);
    QString scale(Context &ctx, const api::Deployment &d, const ReplicaSetPtr &newRS, RSList oldRSs);
    ScaleResult scaleReplicaSetAndRecordEvent(Context &ctx, const ReplicaSetPtr &rs, int newScale, const api::Deployment &d);
    ScaleResult scaleReplicaSet(Context &ctx, const ReplicaSetPtr &rs, int newScale, const api::Deployment &d,
                                const QString &scalingOperation);
    QString cleanupDeployment(Context &ctx, const RSList &oldRSs, const api::Deployment &d);
    QString syncDeploymentStatus(Context &ctx, const RSList &allRSs, const ReplicaSetPtr &newRS, api::Deployment &d);
    api::DeploymentStatus calculateStatus(const RSList &allRSs, const ReplicaSetPtr &newRS, const api::Deployment &d) const;
    bool isScalingEvent(Context &ctx, api::Deployment &d, RSList rsList, QString *error);

    // --- rolling.go -----------------------------------------------------------------------
    QString rolloutRolling(Context &ctx, api::Deployment &d, RSList rsList);
    bool reconcileNewReplicaSet(Context &ctx, const RSList &allRSs, const ReplicaSetPtr &newRS, const api::Deployment &d,
                                QString *error);
    bool reconcileOldReplicaSets(Context &ctx, RSList allRSs, RSList oldRSs, const ReplicaSetPtr &newRS,
                                 const api::Deployment &d, QString *error);
    CleanupResult cleanupUnhealthyReplicas(Context &ctx, RSList oldRSs, const api::Deployment &d, int maxCleanupCount);
    int scaleDownOldReplicaSetsForRollingUpdate(Context &ctx, const RSList &allRSs, RSList oldRSs, const api::Deployment &d,
                                                QString *error);

    // --- recreate.go ----------------------------------------------------------------------
    QString rolloutRecreate(Context &ctx, api::Deployment &d, RSList rsList, const PodMap &podMap);
    bool scaleDownOldReplicaSetsForRecreate(Context &ctx, RSList &oldRSs, const api::Deployment &d, QString *error);
    bool scaleUpNewReplicaSetForRecreate(Context &ctx, const ReplicaSetPtr &newRS, const api::Deployment &d, QString *error);
    // Old RSs still report pods, or a pod of any RS but the new one is not Succeeded/Failed.
    static bool oldPodsRunning(const ReplicaSetPtr &newRS, const RSList &oldRSs, const PodMap &podMap);

    // --- rollback.go (the deprecated.deployment.rollback.to annotation) --------------------
    QString rollback(Context &ctx, api::Deployment &d, RSList rsList);
    bool rollbackToTemplate(Context &ctx, api::Deployment &d, const ReplicaSetPtr &rs, QString *error);
    QString updateDeploymentAndClearRollbackTo(Context &ctx, api::Deployment &d);
    static std::optional<qint64> getRollbackTo(const api::Deployment &d);
    static void setRollbackTo(api::Deployment &d, std::optional<qint64> revision);

    // --- progress.go ----------------------------------------------------------------------
    QString syncRolloutStatus(Context &ctx, const RSList &allRSs, const ReplicaSetPtr &newRS, api::Deployment &d);
    QList<api::Condition> getReplicaFailures(const RSList &allRSs, const ReplicaSetPtr &newRS) const;
    // Enqueues the key for the moment the deadline passes (+1 s); returns that wait in ms, 0
    // for "now (rate limited)", -1 for no requeue.
    qint64 requeueStuckDeployment(Context &ctx, const api::Deployment &d, const api::DeploymentStatus &newStatus);

private:
    // Informer handlers (deployment_controller.go addDeployment … deletePod).
    void addDeployment(const api::ObjectPtr &obj);
    void updateDeployment(const api::ObjectPtr &oldObj, const api::ObjectPtr &curObj);
    void deleteDeployment(const api::ObjectPtr &obj);
    void addReplicaSet(const api::ObjectPtr &obj);
    void updateReplicaSet(const api::ObjectPtr &oldObj, const api::ObjectPtr &curObj);
    void deleteReplicaSet(const api::ObjectPtr &obj);
    void deletePod(const api::ObjectPtr &obj);
    void enqueue(const api::Deployment &d) { m_controller.enqueue(d.key()); }

    DeploymentPtr resolveControllerRef(const QString &ns, const api::OwnerReference &controllerRef) const;
    DeploymentPtr getDeploymentForPod(const api::Pod &pod) const;
    QList<DeploymentPtr> getDeploymentsForReplicaSet(const api::ReplicaSet &rs) const;

    // Writes with d as it is (resourceVersion included, as upstream's client does).
    QString updateStatus(Context &ctx, const QString &function, const api::Deployment &d);
    qint64 now() const;

    client::Interface &m_api;
    const Options m_options;
    client::SharedIndexInformer &m_dInformer;
    client::SharedIndexInformer &m_rsInformer;
    client::SharedIndexInformer &m_podInformer;
    client::Lister<api::Deployment> m_dLister;
    client::Lister<api::ReplicaSet> m_rsLister;
    client::Lister<api::Pod> m_podLister;
    EventRecorder m_recorder;
    Controller m_controller;
    client::HandlerRegistration m_dHandler;
    client::HandlerRegistration m_rsHandler;
    client::HandlerRegistration m_podHandler;
};

} // namespace rlab::controller
