#pragma once
#include "core/controller/scheduler/scoreplugins.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <span>
#include <vector>

namespace rlab::controller::scoring {

// PodTopologySpread's view of the nodes for one list of topology keys, worked out once per node
// snapshot instead of once per pod: for key c and node n, the node's domain (an index into
// values[c]) and whether it has the key. A node without the key reads as "" (upstream's label
// lookup), so it shares the domain of "". Example: keys {hostname, zone} over nodes a (zone=z1)
// and b (no zone label): values[1] = {"z1", ""}, domain[1] = {0, 1}, hasKey[1] = {1, 0},
// hasAll = {1, 0}, anyHasKey = {1, 1}. Immutable once built; the scheduler keeps it under its
// cycle lock.
struct SpreadTopology
{
    QStringList keys;
    std::vector<char> isHostname;               // per key
    std::vector<char> anyHasKey;                // per key: some node has it
    std::vector<QStringList> values;            // per key: domain id -> label value
    std::vector<std::vector<int>> domain;       // per key, per node
    std::vector<std::vector<char>> hasKey;      // per key, per node
    std::vector<char> hasAll;                   // per node: every key
    static SpreadTopology of(const QStringList &keys, const QList<SpreadNode> &nodes);
};

// PodTopologySpread's PreScore + Score + NormalizeScore over a SpreadTopology of the
// constraints' keys (same order) and matching[c][n], the pods on node n that constraint c's
// selector matches. O(nodes x constraints) with no label or string work per node; the same
// answers as the SpreadNode form in scoreplugins.h (which builds these and calls this).
std::optional<QList<qint64>> podTopologySpread(const QList<SpreadConstraint> &constraints, const SpreadTopology &topology,
                                               const std::vector<std::vector<qint64>> &matching, const QList<int> &feasible,
                                               bool requireAllTopologies, QList<qint64> *rawOut = nullptr);
// The same into raw and out (resized to feasible's size; the scheduler reuses them): false
// (Skip, both untouched) when there are no constraints.
bool podTopologySpread(const QList<SpreadConstraint> &constraints, const SpreadTopology &topology,
                       const std::vector<std::vector<qint64>> &matching, std::span<const int> feasible,
                       bool requireAllTopologies, std::vector<qint64> &raw, std::vector<qint64> &out);

} // namespace rlab::controller::scoring
