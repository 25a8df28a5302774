// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/controller/activepodswithranks.h"

#include <QStringList>

namespace rlab::controller {

// How manageReplicas picks the victims of a scale-down (replica_set.go). Pure: any thread.
//
// getPodsRankedByRelatedPodsOnSameNode(podsToRank, related, now): rank = number of ACTIVE pods
// in `related` (every pod of every ReplicaSet with the same controller, e.g. all ReplicaSets of
// one Deployment) on the same node as the pod (unscheduled pods share the node "").
//
// getPodsToDelete(pods, related, diff): when diff < len(pods), sort with ActivePodsWithRanks
// and take the first diff; when diff == len(pods) everything goes, in input order.
// Worked example, diff 1, pods {ready on node-1, ready on node-2}, related {node-1 pod,
// node-2 pod, another node-2 pod}: ranks {1, 2}, so the node-2 pod is deleted: it is doubled
// up, and deleting it spreads the Deployment over more nodes.
ActivePodsWithRanks getPodsRankedByRelatedPodsOnSameNode(const QList<PodPtr> &podsToRank, const QList<PodPtr> &relatedPods,
                                                         qint64 nowMs, ActivePodsWithRanks::Gates gates = {});
QList<PodPtr> getPodsToDelete(const QList<PodPtr> &filteredPods, const QList<PodPtr> &relatedPods, int diff, qint64 nowMs,
                              ActivePodsWithRanks::Gates gates = {});
// "namespace/name" of each pod (controller.PodKey), the keys expectDeletions tracks.
QStringList getPodKeys(const QList<PodPtr> &pods);
QString PodKey(const api::Pod &pod);

} // namespace rlab::controller
