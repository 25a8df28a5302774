// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/deployment.h"
#include "core/api/replicaset.h"

#include <QList>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

namespace rlab::deploymentutil {

using ReplicaSetPtr = std::shared_ptr<const api::ReplicaSet>;

// The arithmetic and predicates of the Deployment controller, with upstream's names
// (pkg/controller/deployment/util/deployment_util.go and the ReplicaSet helpers of
// pkg/controller/controller_utils.go). Pure functions of immutable values: any thread. Lists of
// ReplicaSets may contain nullptr entries (upstream appends a nil new RS); every sum and filter
// skips them. Times are virtual-clock milliseconds; "now" is always passed in. It lives on the api
// floor because three clients share it: the Deployment controller, kubectl's rollout verbs
// (upstream keeps a copy in k8s.io/kubectl/pkg/util/deployment) and the window's arithmetic.
//
// Worked example (the 25%/25% defaults, replicas 10): ResolveFenceposts("25%", "25%", 10) =
// surge ceil(2.5) = 3, unavailable floor(2.5) = 2, so a rollout may run 13 pods and must keep
// MinAvailable = 8 of them available.

// --- Keys (deployment_util.go, apps/v1 types.go) -----------------------------------------
inline const QString RevisionAnnotation = QStringLiteral("deployment.kubernetes.io/revision");
inline const QString RevisionHistoryAnnotation = QStringLiteral("deployment.kubernetes.io/revision-history");
inline const QString DesiredReplicasAnnotation = QStringLiteral("deployment.kubernetes.io/desired-replicas");
inline const QString MaxReplicasAnnotation = QStringLiteral("deployment.kubernetes.io/max-replicas");
inline const QString DeprecatedRollbackTo = QStringLiteral("deprecated.deployment.rollback.to");
inline const QString LastAppliedConfigAnnotation = QStringLiteral("kubectl.kubernetes.io/last-applied-configuration");
inline const QString ChangeCauseAnnotation = QStringLiteral("kubernetes.io/change-cause");
inline const QString DefaultDeploymentUniqueLabelKey = QStringLiteral("pod-template-hash");

// Condition types and reasons.
inline const QString DeploymentAvailable = QStringLiteral("Available");
inline const QString DeploymentProgressingType = QStringLiteral("Progressing");
inline const QString DeploymentReplicaFailure = QStringLiteral("ReplicaFailure");
inline const QString ReplicaSetUpdatedReason = QStringLiteral("ReplicaSetUpdated");
inline const QString FailedRSCreateReason = QStringLiteral("ReplicaSetCreateError");
inline const QString NewReplicaSetReason = QStringLiteral("NewReplicaSetCreated");
inline const QString FoundNewRSReason = QStringLiteral("FoundNewReplicaSet");
inline const QString NewRSAvailableReason = QStringLiteral("NewReplicaSetAvailable");
inline const QString TimedOutReason = QStringLiteral("ProgressDeadlineExceeded");
inline const QString PausedDeployReason = QStringLiteral("DeploymentPaused");
inline const QString ResumedDeployReason = QStringLiteral("DeploymentResumed");
inline const QString MinimumReplicasAvailable = QStringLiteral("MinimumReplicasAvailable");
inline const QString MinimumReplicasUnavailable = QStringLiteral("MinimumReplicasUnavailable");
// Event reasons of the legacy rollback.
inline const QString RollbackRevisionNotFound = QStringLiteral("DeploymentRollbackRevisionNotFound");
inline const QString RollbackTemplateUnchanged = QStringLiteral("DeploymentRollbackTemplateUnchanged");
inline const QString RollbackDone = QStringLiteral("DeploymentRollback");

inline constexpr int MaxInt32 = 2147483647;   // "no deadline" / "keep all history"
inline constexpr int MaxRevHistoryLengthInChars = 2000;   // sync.go maxRevHistoryLengthInChars

// --- Conditions ---------------------------------------------------------------------------
// Both times stamped with nowMs (metav1.Now(), whole seconds as stored).
api::Condition NewDeploymentCondition(const QString &type, const QString &status, const QString &reason,
                                      const QString &message, qint64 nowMs);
const api::Condition *GetDeploymentCondition(const api::DeploymentStatus &status, const QString &type);
// Same status and reason: nothing changes. Otherwise the old one of that type goes and the new
// one is appended; lastTransitionTime is carried over when only the reason changed.
void SetDeploymentCondition(api::DeploymentStatus &status, api::Condition condition);
void RemoveDeploymentCondition(api::DeploymentStatus &status, const QString &type);
// Both deployment times take the RS condition's lastTransitionTime.
api::Condition ReplicaSetToDeploymentCondition(const api::Condition &rsCondition);

// --- Revisions ----------------------------------------------------------------------------
// The revision annotation: missing = 0 (ok); unparsable: *ok = false.
qint64 Revision(const api::Object &obj, bool *ok = nullptr);
// Largest parseable revision (unparsable ones skipped).
qint64 MaxRevision(const QList<ReplicaSetPtr> &allRSs);
// Second-largest: revisions 1, 3, 2 give 2; a value equal to the max pushes the old max down,
// so 3, 3 give 3.
qint64 LastRevision(const QList<ReplicaSetPtr> &allRSs);
// Sets the deployment's revision annotation; true if it changed.
bool SetDeploymentRevision(api::Deployment &d, const QString &revision);

// --- Annotations --------------------------------------------------------------------------
// The annotations never copied between Deployment and ReplicaSet (annotationsToSkip).
bool skipCopyAnnotation(const QString &key);
// Copies every non-skipped deployment annotation whose value differs; true if any did.
bool copyDeploymentAnnotationsToReplicaSet(const api::Deployment &d, api::ReplicaSet &rs);
// The skip-listed subset of annotations.
QMap<QString, QString> getSkippedAnnotations(const QMap<QString, QString> &annotations);
// The new RS's annotations: copies the deployment's, raises the revision to newRevision when
// it is higher (recording the old one in revision-history, trimmed from the front to
// revHistoryLimitInChars), and on creation (!exists) the desired/max replica annotations.
// Example, limit 5: history "11,12" + old revision 13 would be 8 chars, so "11" goes: "12,13".
bool SetNewReplicaSetAnnotations(const api::Deployment &d, api::ReplicaSet &rs, const QString &newRevision,
                                 bool exists, int revHistoryLimitInChars = MaxRevHistoryLengthInChars);
// Rollback: the deployment keeps its skip-listed annotations and takes all others from rs.
void SetDeploymentAnnotationsTo(api::Deployment &d, const api::ReplicaSet &rs);
// desired-replicas / max-replicas; true if either string changed.
bool SetReplicasAnnotations(api::ReplicaSet &rs, int desiredReplicas, int maxReplicas);
bool ReplicasAnnotationsNeedUpdate(const api::ReplicaSet &rs, int desiredReplicas, int maxReplicas);
// A non-negative int32 annotation: {value, valid}; a missing key is {0, false} without error;
// "-1" / "x" give "invalid syntax", 2147483648 "out of range" (strconv.ParseUint wording).
std::pair<int, bool> getNonNegativeInt32FromAnnotation(const api::Object &obj, const QString &key,
                                                       QString *error = nullptr);
std::optional<int> GetDesiredReplicasAnnotation(const api::ReplicaSet &rs);
std::optional<int> getMaxReplicasAnnotation(const api::ReplicaSet &rs);

// --- Templates, new and old ReplicaSets ---------------------------------------------------
// Equal pod templates once the pod-template-hash label is removed from both.
bool EqualIgnoreHash(const api::PodTemplateSpec &t1, const api::PodTemplateSpec &t2);
// Rollback: the deployment's template becomes rs's, minus the pod-template-hash label.
void SetFromReplicaSetTemplate(api::Deployment &d, const api::PodTemplateSpec &tmpl);
// Sorts rsList by creation time (in place, like upstream) and returns the oldest RS whose
// template equals the deployment's ignoring the hash, or nullptr.
ReplicaSetPtr FindNewReplicaSet(const api::Deployment &d, QList<ReplicaSetPtr> &rsList);
// (old RSs with spec.replicas != 0, all old RSs): every RS but the new one.
std::pair<QList<ReplicaSetPtr>, QList<ReplicaSetPtr>> FindOldReplicaSets(const api::Deployment &d,
                                                                         QList<ReplicaSetPtr> &rsList);

// --- Rolling-update arithmetic ------------------------------------------------------------
struct Fenceposts
{
    int surge = 0;
    int unavailable = 0;
    QString error;   // "" on success; surge = unavailable = 0 on error
};
// nullopt counts as 0; percent surge rounds up, percent unavailable down; both 0 makes
// unavailable 1 (0%/10% of 5 -> 0/0 -> 0/1).
Fenceposts ResolveFenceposts(const std::optional<api::IntOrString> &maxSurge,
                             const std::optional<api::IntOrString> &maxUnavailable, int desired);
bool IsRollingUpdate(const api::Deployment &d);
int MaxSurge(const api::Deployment &d);
// Go's int32 + and -: they wrap around (defined in Go; undefined behaviour for a C++ int), so
// `replicas + maxSurge` for replicas 2147483647 is as negative here as in kube-controller-manager.
constexpr int AddInt32(int a, int b) { return int(std::uint32_t(a) + std::uint32_t(b)); }
constexpr int SubInt32(int a, int b) { return int(std::uint32_t(a) - std::uint32_t(b)); }
constexpr int MulInt32(int a, int b) { return int(std::uint32_t(a) * std::uint32_t(b)); }
// Capped at spec.replicas; 0 for Recreate or replicas 0.
int MaxUnavailable(const api::Deployment &d);
int MinAvailable(const api::Deployment &d);
// The size the new RS may grow to now. Example: replicas 10, maxSurge 3, RSs 10 (old) + 0
// (new): 10 < 13, so the new RS may take min(13 - 10, 10 - 0) = 3. Recreate: spec.replicas.
int NewRSNewReplicas(const api::Deployment &d, const QList<ReplicaSetPtr> &allRSs, const api::ReplicaSet &newRS,
                     QString *error = nullptr);

// --- Status predicates --------------------------------------------------------------------
bool HasProgressDeadline(const api::Deployment &d);
bool HasRevisionHistoryLimit(const api::Deployment &d);
// updated == replicas == available == spec, and the generation observed.
bool DeploymentComplete(const api::Deployment &d, const api::DeploymentStatus &newStatus);
// Compared with d.status: more updated, fewer old, more ready or more available replicas.
bool DeploymentProgressing(const api::Deployment &d, const api::DeploymentStatus &newStatus);
// newStatus's Progressing condition is older than progressDeadlineSeconds (strictly).
bool DeploymentTimedOut(const api::Deployment &d, const api::DeploymentStatus &newStatus, qint64 nowMs);
// rs is at full size, annotated for the current size, and fully available.
bool IsSaturated(const api::Deployment &d, const ReplicaSetPtr &rs);

// --- Sums ---------------------------------------------------------------------------------
int GetReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss);          // spec.replicas
int GetActualReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss);    // status.replicas
int GetReadyReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss);
int GetAvailableReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss);
// nullopt (unknown) as soon as one synced RS (observedGeneration > 0) does not report it.
std::optional<int> GetTerminatingReplicaCountForReplicaSets(const QList<ReplicaSetPtr> &rss);

// --- Proportional scaling -----------------------------------------------------------------
// How many replicas rs gets of toAdd (added so far): its fraction, capped by what is left.
int GetProportion(const ReplicaSetPtr &rs, const api::Deployment &d, int deploymentReplicasToAdd,
                  int deploymentReplicasAdded);
// round(rs.spec * (d.spec + maxSurge) / max-replicas annotation) - rs.spec, rounding half away
// from zero. Example: rs 3 annotated max 7, deployment now 10: round(4.29) - 3 = +1.
int getReplicaSetFraction(const api::ReplicaSet &rs, const api::Deployment &d);
// The only active RS, or (none active) the new RS or the newest old one; nullptr if several.
ReplicaSetPtr FindActiveOrLatest(const ReplicaSetPtr &newRS, const QList<ReplicaSetPtr> &oldRSs);

// --- Lists --------------------------------------------------------------------------------
// Non-null with spec.replicas > 0.
QList<ReplicaSetPtr> FilterActiveReplicaSets(const QList<ReplicaSetPtr> &rss);
// Orders (upstream sort.Interface Less): creation time then name; size descending with ties
// older first / newer first; revision ascending (ties and unparsable: creation time).
bool ReplicaSetsByCreationTimestamp(const ReplicaSetPtr &a, const ReplicaSetPtr &b);
bool ReplicaSetsBySizeOlder(const ReplicaSetPtr &a, const ReplicaSetPtr &b);
bool ReplicaSetsBySizeNewer(const ReplicaSetPtr &a, const ReplicaSetPtr &b);
bool ReplicaSetsByRevision(const ReplicaSetPtr &a, const ReplicaSetPtr &b);
// Of `deployments` (a Lister's list of rs's namespace), those whose non-empty selector matches
// rs's labels.
QList<std::shared_ptr<const api::Deployment>> GetDeploymentsForReplicaSet(const QList<std::shared_ptr<const api::Deployment>> &deployments,
                                                                          const api::ReplicaSet &rs,
                                                                          QString *error = nullptr);

} // namespace rlab::deploymentutil
