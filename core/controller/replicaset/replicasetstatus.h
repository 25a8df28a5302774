// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/replicaset.h"
#include "core/apiserver/apierror.h"
#include "core/controller/podutil.h"

#include <QString>

namespace rlab::client {
class Interface;
}

namespace rlab::controller {

// ReplicaSet status arithmetic and write-back (replica_set_utils.go). Pure functions except
// updateReplicaSetStatus, which writes through the ApiServer; all callable from any thread.
//
// Worked example: spec.replicas 3, minReadySeconds 10, template labels {app: web, tier: fe},
// active pods A {app: web, tier: fe} Ready since t=0 s, B {app: web} Ready since t=5 s,
// C {app: web, tier: fe} not ready; at now = 12 s:
//   replicas 3, fullyLabeledReplicas 2 (A, C), readyReplicas 2 (A, B), availableReplicas 1
//   (A: 0 + 10 s is before 12 s; B: 5 + 10 s is not), terminatingReplicas = how many
//   terminating pods were passed in (gate DeploymentReplicaSetTerminatingReplicas, on).
// ReplicaFailure: a manageReplicas error with no such condition yet adds
//   {type ReplicaFailure, status True, reason FailedCreate (fewer pods than spec) or
//    FailedDelete (more), message = the error}; no error removes it; an error while one exists
//   leaves it as it was (first failure kept, its lastTransitionTime too).

inline const QString ReplicaSetReplicaFailure = QStringLiteral("ReplicaFailure");
constexpr int statusUpdateRetries = 1;

// calculateStatus(rs, activePods, terminatingPods, manageReplicasErr): the new status, starting
// from rs.status (observedGeneration is left to updateReplicaSetStatus).
// withTerminatingReplicas: the controller kind reports terminatingReplicas (ReplicaSet yes,
// ReplicationController no) and the gate is on; else terminatingReplicas is null.
api::ReplicaSetStatus calculateStatus(const api::ReplicaSet &rs, const QList<PodPtr> &activePods,
                                      const QList<PodPtr> &terminatingPods, const QString &manageReplicasErr,
                                      qint64 nowMs, bool withTerminatingReplicas = true);

// NewReplicaSetCondition: lastTransitionTime = now.
api::Condition NewReplicaSetCondition(const QString &type, const QString &status, const QString &reason,
                                      const QString &message, qint64 nowMs);
// GetCondition: the condition of that type, or nullptr.
const api::Condition *GetCondition(const api::ReplicaSetStatus &status, const QString &type);
// SetCondition: adds or replaces the condition of its type, unless one with the same status
// and reason is there already (then nothing changes, lastTransitionTime included).
void SetCondition(api::ReplicaSetStatus &status, const api::Condition &condition);
// RemoveCondition: drops the condition of that type, if any.
void RemoveCondition(api::ReplicaSetStatus &status, const QString &type);

// updateReplicaSetStatus: nothing to do when replicas, fullyLabeled, ready, available,
// terminating and conditions are unchanged and status.observedGeneration == generation.
// Otherwise sets observedGeneration = generation and UpdateStatus; on failure GETs the latest
// object and retries once (statusUpdateRetries), then gives up with the update error (a GET
// failure wins). Returns the ReplicaSet as stored afterwards. *note (if given) gets upstream's
// log line "Updating status for ReplicaSet: default/web, replicas 0->3 (need 3), …" or "".
apiserver::Result<std::shared_ptr<const api::ReplicaSet>>
updateReplicaSetStatus(client::Interface &api, std::shared_ptr<const api::ReplicaSet> rs,
                       api::ReplicaSetStatus newStatus, QString *note = nullptr);

} // namespace rlab::controller
