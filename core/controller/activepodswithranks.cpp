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

ActivePodsWithRanks::Key ActivePodsWithRanks::keyOf(qsizetype i) const
{
    const api::Pod &p = *m_pods.at(i);
    Key k;
    k.unassigned = p.spec.nodeName.isEmpty();
    k.phase = podPhaseToOrdinal(p.status.phase);
    k.ready = IsPodReady(p);
    k.cost = m_gates.podDeletionCost ? getDeletionCostFromPodAnnotations(p.metadata.annotations) : 0;
    k.readyTime = k.ready ? podReadyTime(p) : 0;
    return k;
}

bool ActivePodsWithRanks::less(qsizetype i, qsizetype j) const
{
    return less(keyOf(i), keyOf(j), i, j);
}

bool ActivePodsWithRanks::less(const Key &ki, const Key &kj, qsizetype i, qsizetype j) const
{
    const api::Pod &pi = *m_pods.at(i);
    const api::Pod &pj = *m_pods.at(j);
    // 1. Unassigned < assigned.
    if (ki.unassigned != kj.unassigned)
        return ki.unassigned;
    // 2. Pending < Unknown < Running.
    if (ki.phase != kj.phase)
        return ki.phase < kj.phase;
    // 3. Not ready < ready.
    if (ki.ready != kj.ready)
        return !ki.ready;
    // 4. Lower pod-deletion-cost < higher.
    if (m_gates.podDeletionCost && ki.cost != kj.cost)
        return ki.cost < kj.cost;
    // 5. Doubled up (more related pods on the node) < not doubled up.
    if (m_rank.at(i) != m_rank.at(j))
        return m_rank.at(i) > m_rank.at(j);
    // 6. Been ready for empty time < less time < more time.
    if (ki.ready && kj.ready && ki.readyTime != kj.readyTime)
        return lessByTime(ki.readyTime, kj.readyTime, pi, pj);
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
    std::vector<Key> keys(order.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
        keys[i] = keyOf(qsizetype(i));
    std::stable_sort(order.begin(), order.end(),
                     [this, &keys](qsizetype a, qsizetype b) { return less(keys[std::size_t(a)], keys[std::size_t(b)], a, b); });
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
