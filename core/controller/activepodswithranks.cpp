// SPDX-License-Identifier: Apache-2.0
#include "core/controller/activepodswithranks.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace rlab::controller {

ActivePodsWithRanks::ActivePodsWithRanks(QList<PodPtr> pods, QList<int> rank, qint64 nowMs, Gates gates)
    : m_pods(std::move(pods)), m_rank(std::move(rank)), m_now(nowMs), m_gates(gates)
{
    m_rank.resize(m_pods.size());
}

// Rules 6 and 8 for two different, non-equal times.
bool ActivePodsWithRanks::lessByTime(api::Time ti, api::Time tj, const api::Pod &pi, const api::Pod &pj) const
{
    if (!m_gates.logarithmicScaleDown || m_now == 0 || ti == 0 || tj == 0)
        return afterOrZero(ti, tj);
    const qint64 diff = logarithmicRankDiff(ti, tj, m_now);
    if (diff == 0)
        return pi.metadata.uid < pj.metadata.uid;
    return diff < 0;
}

bool ActivePodsWithRanks::less(qsizetype i, qsizetype j) const
{
    const api::Pod &pi = *m_pods.at(i);
    const api::Pod &pj = *m_pods.at(j);
    // 1. Unassigned < assigned.
    const QString &ni = pi.spec.nodeName, &nj = pj.spec.nodeName;
    if (ni != nj && (ni.isEmpty() || nj.isEmpty()))
        return ni.isEmpty();
    // 2. Pending < Unknown < Running.
    const int oi = podPhaseToOrdinal(pi.status.phase), oj = podPhaseToOrdinal(pj.status.phase);
    if (oi != oj)
        return oi < oj;
    // 3. Not ready < ready.
    const bool ri = IsPodReady(pi), rj = IsPodReady(pj);
    if (ri != rj)
        return !ri;
    // 4. Lower pod-deletion-cost < higher.
    if (m_gates.podDeletionCost) {
        const qint32 ci = getDeletionCostFromPodAnnotations(pi.metadata.annotations);
        const qint32 cj = getDeletionCostFromPodAnnotations(pj.metadata.annotations);
        if (ci != cj)
            return ci < cj;
    }
    // 5. Doubled up (more related pods on the node) < not doubled up.
    if (m_rank.at(i) != m_rank.at(j))
        return m_rank.at(i) > m_rank.at(j);
    // 6. Been ready for empty time < less time < more time.
    if (ri && rj) {
        const api::Time ti = podReadyTime(pi), tj = podReadyTime(pj);
        if (ti != tj)
            return lessByTime(ti, tj, pi, pj);
    }
    // 7. Higher container restart counts < lower.
    if (const std::optional<bool> r = compareMaxContainerRestarts(pi, pj))
        return *r;
    // 8. Empty creation time < newer < older.
    const api::Time ci = pi.metadata.creationTimestamp, cj = pj.metadata.creationTimestamp;
    if (ci != cj)
        return lessByTime(ci, cj, pi, pj);
    return false;
}

void ActivePodsWithRanks::sort()
{
    std::vector<qsizetype> order(size_t(m_pods.size()));
    std::iota(order.begin(), order.end(), qsizetype(0));
    std::stable_sort(order.begin(), order.end(), [this](qsizetype a, qsizetype b) { return less(a, b); });
    QList<PodPtr> pods;
    QList<int> rank;
    pods.reserve(m_pods.size());
    rank.reserve(m_pods.size());
    for (qsizetype i : order) {
        pods.append(m_pods.at(i));
        rank.append(m_rank.at(i));
    }
    m_pods = std::move(pods);
    m_rank = std::move(rank);
}

} // namespace rlab::controller
