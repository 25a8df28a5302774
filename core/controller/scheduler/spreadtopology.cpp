#include "core/controller/scheduler/spreadtopology.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rlab::controller::scoring {

SpreadTopology SpreadTopology::of(const QStringList &keys, const QList<SpreadNode> &nodes)
{
    SpreadTopology t;
    t.keys = keys;
    const std::size_t nk = std::size_t(keys.size()), nn = std::size_t(nodes.size());
    t.isHostname.assign(nk, 0);
    t.anyHasKey.assign(nk, 0);
    t.values.assign(nk, {});
    t.domain.assign(nk, std::vector<int>(nn, 0));
    t.hasKey.assign(nk, std::vector<char>(nn, 0));
    t.hasAll.assign(nn, 1);
    for (std::size_t c = 0; c < nk; ++c) {
        t.isHostname[c] = keys[qsizetype(c)] == QLatin1String("kubernetes.io/hostname");
        QHash<QString, int> ids;
        for (std::size_t n = 0; n < nn; ++n) {
            const QString *v = nodes[qsizetype(n)].topologyValue(keys[qsizetype(c)]);
            if (v) {
                t.hasKey[c][n] = 1;
                t.anyHasKey[c] = 1;
            } else {
                t.hasAll[n] = 0;
            }
            const QString value = v ? *v : QString();
            auto it = ids.constFind(value);
            if (it == ids.cend()) {
                it = ids.insert(value, int(t.values[c].size()));
                t.values[c] << value;
            }
            t.domain[c][n] = *it;
        }
    }
    return t;
}

// PreScore: the domains among the feasible nodes (all of them but, with requireAllTopologies,
// those lacking a key) and the matching pods per domain over every node; Score: per feasible
// node, sum over constraints of count x log(domains + 2) + maxSkew - 1, rounded; NormalizeScore:
// 100 x (max + min - raw) / max, ignored nodes 0.
// Example (hostname, maxSkew 3; feasible a, b with 2 and 0 matching pods): weight log(2 + 2) =
// 1.386; raw a = round(2 x 1.386 + 2) = 5, b = round(0 + 2) = 2; min 2, max 5: a 100 x 2 / 5
// = 40, b 100 x 5 / 5 = 100.
bool podTopologySpread(const QList<SpreadConstraint> &constraints, const SpreadTopology &topology,
                       const std::vector<std::vector<qint64>> &matching, std::span<const int> feasible,
                       bool requireAllTopologies, std::vector<qint64> &raw, std::vector<qint64> &out)
{
    if (constraints.isEmpty())
        return false;
    const std::size_t nc = std::size_t(constraints.size());
    const std::size_t nn = topology.hasAll.size();
    const auto ignoredNode = [&](int n) { return requireAllTopologies && !topology.hasAll[std::size_t(n)]; };
    qsizetype ignoredCount = 0;
    std::vector<std::vector<char>> inDomain(nc);
    std::vector<qsizetype> domainCount(nc, 0);
    for (std::size_t c = 0; c < nc; ++c)
        inDomain[c].assign(std::size_t(topology.values[c].size()), 0);
    // A constraint whose key no node has adds nothing to any node's score (only nodes with the
    // key score it): its domains and counts are not worked out (the system default's zone key on
    // the lab's unlabelled nodes: ~40 % of this plugin's work at 1,000 nodes).
    const auto scored = [&topology](std::size_t c) { return topology.anyHasKey[c] != 0; };
    // Only a scored constraint on a key other than the hostname has domains to find (the system
    // defaults on unlabelled nodes have none: hostname, and a zone no node has).
    bool anyDomains = false;
    for (std::size_t c = 0; c < nc; ++c)
        anyDomains = anyDomains || (!topology.isHostname[c] && scored(c));
    for (int i : feasible) {
        if (ignoredNode(i)) {
            ++ignoredCount;
            continue;
        }
        if (!anyDomains)
            continue;
        for (std::size_t c = 0; c < nc; ++c) {
            if (topology.isHostname[c] || !scored(c))
                continue;
            char &in = inDomain[c][std::size_t(topology.domain[c][std::size_t(i)])];
            if (!in) {
                in = 1;
                ++domainCount[c];
            }
        }
    }
    std::vector<std::vector<qint64>> counts(nc);
    for (std::size_t c = 0; c < nc; ++c) {
        if (topology.isHostname[c] || !scored(c))
            continue;
        counts[c].assign(inDomain[c].size(), 0);
        const std::vector<int> &domain = topology.domain[c];
        const std::vector<qint64> &m = matching[c];
        for (std::size_t n = 0; n < nn; ++n) {
            if (ignoredNode(int(n)) || !inDomain[c][std::size_t(domain[n])])
                continue;
            counts[c][std::size_t(domain[n])] += m[n];
        }
    }
    std::vector<double> weights(nc);
    for (std::size_t c = 0; c < nc; ++c) {
        const qsizetype size = topology.isHostname[c] ? qsizetype(feasible.size()) - ignoredCount : domainCount[c];
        weights[c] = std::log(double(size + 2));
    }
    // Score, node by node: each scored constraint's rows read straight (the per-node loop runs
    // ~420 times a pod at 1,000 nodes).
    struct Row
    {
        const char *hasKey;
        const qint64 *count;   // by node (hostname) or by domain
        const int *domain;     // null: by node
        double weight, skew;
    };
    std::vector<Row> rows;
    rows.reserve(nc);
    for (std::size_t c = 0; c < nc; ++c)
        if (scored(c))
            rows.push_back(Row{topology.hasKey[c].data(), topology.isHostname[c] ? matching[c].data() : counts[c].data(),
                               topology.isHostname[c] ? nullptr : topology.domain[c].data(), weights[c],
                               double(constraints[qsizetype(c)].maxSkew - 1)});
    const std::size_t nf = feasible.size();
    raw.assign(nf, 0);
    for (std::size_t k = 0; k < nf; ++k) {
        const int i = feasible[k];
        const std::size_t n = std::size_t(i);
        if (ignoredNode(i))
            continue;
        double score = 0;
        for (const Row &row : rows) {
            if (!row.hasKey[n])
                continue;
            const qint64 cnt = row.domain ? row.count[std::size_t(row.domain[n])] : row.count[n];
            score += double(cnt) * row.weight + row.skew;
        }
        raw[k] = roundNonNegative(score);   // math.Round; the score is never negative
    }
    qint64 min = std::numeric_limits<qint64>::max(), max = 0;
    for (std::size_t k = 0; k < nf; ++k) {
        if (ignoredNode(feasible[k]))
            continue;
        min = std::min(min, raw[k]);
        max = std::max(max, raw[k]);
    }
    out.assign(nf, 0);
    for (std::size_t k = 0; k < nf; ++k) {
        if (ignoredNode(feasible[k]))
            continue;
        out[k] = max == 0 ? kMaxNodeScore : kMaxNodeScore * (max + min - raw[k]) / max;
    }
    return true;
}

std::optional<QList<qint64>> podTopologySpread(const QList<SpreadConstraint> &constraints, const SpreadTopology &topology,
                                               const std::vector<std::vector<qint64>> &matching, const QList<int> &feasible,
                                               bool requireAllTopologies, QList<qint64> *rawOut)
{
    std::vector<qint64> raw, out;
    if (!podTopologySpread(constraints, topology, matching, std::span<const int>(feasible.cbegin(), feasible.cend()),
                           requireAllTopologies, raw, out))
        return std::nullopt;
    if (rawOut)
        *rawOut = QList<qint64>(raw.cbegin(), raw.cend());
    return QList<qint64>(out.cbegin(), out.cend());
}

} // namespace rlab::controller::scoring
