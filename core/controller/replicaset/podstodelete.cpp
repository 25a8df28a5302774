// SPDX-License-Identifier: Apache-2.0
#include "core/controller/replicaset/podstodelete.h"

#include <QHash>

namespace rlab::controller {

ActivePodsWithRanks getPodsRankedByRelatedPodsOnSameNode(const QList<PodPtr> &podsToRank, const QList<PodPtr> &relatedPods,
                                                         qint64 nowMs, ActivePodsWithRanks::Gates gates)
{
    QHash<QString, int> podsOnNode;
    for (const PodPtr &pod : relatedPods)
        if (IsPodActive(*pod))
            ++podsOnNode[pod->spec.nodeName];
    QList<int> ranks;
    ranks.reserve(podsToRank.size());
    for (const PodPtr &pod : podsToRank)
        ranks.append(podsOnNode.value(pod->spec.nodeName));
    return ActivePodsWithRanks(podsToRank, ranks, nowMs, gates);
}

QList<PodPtr> getPodsToDelete(const QList<PodPtr> &filteredPods, const QList<PodPtr> &relatedPods, int diff, qint64 nowMs,
                              ActivePodsWithRanks::Gates gates)
{
    // No need to sort when all of them go; diff is never more than len(filteredPods).
    if (diff < filteredPods.size()) {
        ActivePodsWithRanks ranked = getPodsRankedByRelatedPodsOnSameNode(filteredPods, relatedPods, nowMs, gates);
        ranked.sort();
        return ranked.pods().mid(0, diff);
    }
    return filteredPods.mid(0, diff);
}

QString PodKey(const api::Pod &pod)
{
    return pod.metadata.namespace_ + QLatin1Char('/') + pod.metadata.name;
}

QStringList getPodKeys(const QList<PodPtr> &pods)
{
    QStringList keys;
    keys.reserve(pods.size());
    for (const PodPtr &pod : pods)
        keys.append(PodKey(*pod));
    return keys;
}

} // namespace rlab::controller
