// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/controller/podutil.h"

#include <QMap>

#include <optional>

namespace rlab::controller {

// The annotation that lets users pick which pods go first on scale-down (PodDeletionCost gate).
inline const QString PodDeletionCost = QStringLiteral("controller.kubernetes.io/pod-deletion-cost");

// controller.ActivePods: the rank-less "which pod is worth less" order (earlier = deleted
// first), used e.g. to pick pods to report. Rules in sequence until one decides:
//  1. unassigned (no nodeName) < assigned     2. Pending < Unknown < Running
//  3. not Ready < Ready                       4. both Ready: ready more recently < longer
//                                                (a zero ready time counts as most recent)
//  5. more container restarts < fewer         6. newer creationTimestamp < older (zero newest)
// Example: {unscheduled, scheduled-pending, running-not-ready, ready since 1 min, ready since
// 1 month} is already in order. sort() is stable (upstream's sort.Sort is not), so equal pods
// keep their input order and deterministic runs stay byte-identical. Pure: any thread.
class ActivePods
{
public:
    static bool less(const api::Pod &a, const api::Pod &b);
    static void sort(QList<PodPtr> &pods);
};

// Helpers shared by ActivePods and ActivePodsWithRanks (controller_utils.go).

// Rank of a phase in rule 2: Pending 0, Unknown 1, Running 2, anything else 0.
int podPhaseToOrdinal(const QString &phase);
// t1 after t2, where a zero time counts as after everything.
bool afterOrZero(api::Time t1, api::Time t2);
// floor(log2(now − t1)) − floor(log2(now − t2)), durations in nanoseconds like Go's
// time.Duration; a duration <= 0 has rank −1. Example, now − t = 2 h (7.2e12 ns → 42) versus
// 5 h (1.8e13 ns → 44): −2, so the pod ready for 2 h sorts first; 5 h vs 8 h (2.88e13 → 44): 0.
qint64 logarithmicRankDiff(api::Time t1, api::Time t2, qint64 nowMs);
// The pod-deletion-cost annotation as int32; 0 when missing or invalid ("+10", "008", "1.5",
// out of int32 range). *valid tells an invalid value from a missing one.
qint32 getDeletionCostFromPodAnnotations(const QMap<QString, QString> &annotations, bool *valid = nullptr);

struct ContainerRestarts
{
    int regular = 0;   // max restartCount over status.containerStatuses
    int sidecar = 0;   // max over restartable (restartPolicy Always) init containers
};
ContainerRestarts maxContainerRestarts(const api::Pod &pod);
// Rule "more restarts first": regular containers decide, then sidecars; nullopt if equal.
std::optional<bool> compareMaxContainerRestarts(const api::Pod &a, const api::Pod &b);

} // namespace rlab::controller
