#include "core/controller/scheduler/scoreplugins.h"

#include "core/controller/scheduler/schedulerplugins.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace rlab::controller::scoring {

using namespace rlab::api;

qint64 leastAllocated(const PodRequests &pod, const NodeInfo &node)
{
    const qint64 requested[] = {node.nonZeroCpuMilli + pod.nonZeroCpuMilli, node.nonZeroMemoryBytes + pod.nonZeroMemoryBytes};
    const qint64 allocatable[] = {node.allocatableCpuMilli, node.allocatableMemoryBytes};
    qint64 sum = 0, weights = 0;
    for (int i = 0; i < 2; ++i) {
        if (allocatable[i] == 0)
            continue;
        sum += requested[i] > allocatable[i] ? 0 : (allocatable[i] - requested[i]) * kMaxNodeScore / allocatable[i];
        weights += 1;
    }
    return weights == 0 ? 0 : sum / weights;
}

std::optional<qint64> balancedAllocation(const PodRequests &pod, const NodeInfo &node)
{
    if (pod.cpuMilli == 0 && pod.memoryBytes == 0)
        return std::nullopt;
    const qint64 requested[] = {node.requestedCpuMilli + pod.cpuMilli, node.requestedMemoryBytes + pod.memoryBytes};
    const qint64 allocatable[] = {node.allocatableCpuMilli, node.allocatableMemoryBytes};
    double fractions[2] = {0, 0};
    int n = 0;
    for (int i = 0; i < 2; ++i) {
        if (allocatable[i] == 0)
            continue;
        fractions[n++] = std::min(1.0, double(requested[i]) / double(allocatable[i]));
    }
    double stddev = 0;
    if (n == 2)
        stddev = std::abs((fractions[0] - fractions[1]) / 2);
    return qint64((1 - stddev) * kMaxNodeScore);
}

qint64 taintTolerationRaw(const Pod &pod, const Node &node)
{
    // Tolerations that can tolerate PreferNoSchedule: effect empty or PreferNoSchedule.
    QList<Toleration> preferred;
    for (const Toleration &t : pod.spec.tolerations)
        if (t.effect.isEmpty() || t.effect == QLatin1String("PreferNoSchedule"))
            preferred << t;
    qint64 count = 0;
    for (const Taint &taint : node.spec.taints)
        if (taint.effect == QLatin1String("PreferNoSchedule") && !scheduling::tolerates(preferred, taint))
            ++count;
    return count;
}

namespace {
QJsonArray preferredTerms(const Pod &pod)
{
    return pod.spec.extra.value(QLatin1String("affinity")).toObject().value(QLatin1String("nodeAffinity")).toObject()
        .value(QLatin1String("preferredDuringSchedulingIgnoredDuringExecution")).toArray();
}

// v1.NodeSelectorRequirement against a label (or field) value.
bool requirementMatches(const QJsonObject &r, const QMap<QString, QString> &values)
{
    const QString key = r.value(QLatin1String("key")).toString();
    const QString op = r.value(QLatin1String("operator")).toString();
    QStringList vals;
    for (const QJsonValue &v : r.value(QLatin1String("values")).toArray())
        vals << v.toString();
    const bool has = values.contains(key);
    const QString value = values.value(key);
    if (op == QLatin1String("In"))
        return has && vals.contains(value);
    if (op == QLatin1String("NotIn"))
        return !has || !vals.contains(value);
    if (op == QLatin1String("Exists"))
        return has;
    if (op == QLatin1String("DoesNotExist"))
        return !has;
    if (op == QLatin1String("Gt") || op == QLatin1String("Lt")) {
        bool ok1 = false, ok2 = false;
        const qint64 have = value.toLongLong(&ok1), want = vals.value(0).toLongLong(&ok2);
        if (!has || !ok1 || !ok2 || vals.size() != 1)
            return false;
        return op == QLatin1String("Gt") ? have > want : have < want;
    }
    return false;
}

// A NodeSelectorTerm: every requirement holds; an empty term matches nothing.
bool termMatches(const QJsonObject &term, const Node &node)
{
    const QJsonArray exprs = term.value(QLatin1String("matchExpressions")).toArray();
    const QJsonArray fields = term.value(QLatin1String("matchFields")).toArray();
    if (exprs.isEmpty() && fields.isEmpty())
        return false;
    for (const QJsonValue &e : exprs)
        if (!requirementMatches(e.toObject(), node.metadata.labels))
            return false;
    const QMap<QString, QString> nodeFields{{QStringLiteral("metadata.name"), node.metadata.name}};
    for (const QJsonValue &f : fields)
        if (!requirementMatches(f.toObject(), nodeFields))
            return false;
    return true;
}

QString normalizedImageName(const QString &name)
{
    return name.lastIndexOf(QLatin1Char(':')) <= name.lastIndexOf(QLatin1Char('/')) ? name + QStringLiteral(":latest") : name;
}
} // namespace

bool hasPreferredNodeAffinity(const Pod &pod)
{
    return !preferredTerms(pod).isEmpty();
}

std::optional<qint64> nodeAffinityRaw(const Pod &pod, const Node &node)
{
    const QJsonArray terms = preferredTerms(pod);
    if (terms.isEmpty())
        return std::nullopt;
    qint64 sum = 0;
    for (const QJsonValue &t : terms) {
        const QJsonObject term = t.toObject();
        const qint64 weight = term.value(QLatin1String("weight")).toInteger();
        if (weight != 0 && termMatches(term.value(QLatin1String("preference")).toObject(), node))
            sum += weight;
    }
    return sum;
}

QStringList nodeImages(const Node &node)
{
    QStringList out;
    for (const QJsonValue &image : node.status.extra.value(QLatin1String("images")).toArray())
        for (const QJsonValue &n : image.toObject().value(QLatin1String("names")).toArray())
            out << normalizedImageName(n.toString());
    return out;
}

QStringList podImages(const Pod &pod)
{
    QStringList out;
    for (const Container &c : pod.spec.initContainers)
        out << normalizedImageName(c.image);
    for (const Container &c : pod.spec.containers)
        out << normalizedImageName(c.image);
    return out;
}

qint64 imageLocality(const Pod &pod, const Node &node, int totalNodes, const QHash<QString, int> &imageNodes)
{
    return imageLocality(podImages(pod), node, totalNodes, imageNodes);
}

QHash<QString, qint64> imageSizes(const Node &node)
{
    QHash<QString, qint64> sizes;
    for (const QJsonValue &image : node.status.extra.value(QLatin1String("images")).toArray())
        for (const QJsonValue &n : image.toObject().value(QLatin1String("names")).toArray())
            sizes.insert(normalizedImageName(n.toString()), image.toObject().value(QLatin1String("sizeBytes")).toInteger());
    return sizes;
}

qint64 imageLocality(const QStringList &images, const Node &node, int totalNodes, const QHash<QString, int> &imageNodes)
{
    return imageLocality(images, imageSizes(node), totalNodes, imageNodes);
}

qint64 imageLocality(const QStringList &images, const QHash<QString, qint64> &sizes, int totalNodes, const QHash<QString, int> &imageNodes)
{
    constexpr qint64 mb = 1024 * 1024, minThreshold = 23 * mb, maxContainerThreshold = 1000 * mb;
    qint64 sum = 0;
    if (!sizes.isEmpty() && totalNodes > 0)
        for (const QString &name : images)
            if (const auto it = sizes.constFind(name); it != sizes.cend())
                sum += qint64(double(*it) * (double(imageNodes.value(name)) / double(totalNodes)));
    const qint64 maxThreshold = maxContainerThreshold * images.size();
    sum = std::clamp(sum, minThreshold, std::max(minThreshold, maxThreshold));
    if (maxThreshold <= minThreshold)
        return 0;
    return kMaxNodeScore * (sum - minThreshold) / (maxThreshold - minThreshold);
}

void defaultNormalize(QList<qint64> &scores, bool reverse)
{
    qint64 max = 0;
    for (qint64 s : scores)
        max = std::max(max, s);
    for (qint64 &s : scores) {
        if (max == 0)
            s = reverse ? kMaxNodeScore : 0;
        else
            s = reverse ? kMaxNodeScore - kMaxNodeScore * s / max : kMaxNodeScore * s / max;
    }
}

QList<SpreadConstraint> systemDefaultConstraints(const Selector &selector)
{
    return {SpreadConstraint{QStringLiteral("kubernetes.io/hostname"), 3, selector},
            SpreadConstraint{QStringLiteral("topology.kubernetes.io/zone"), 5, selector}};
}

const QString *SpreadNode::topologyValue(const QString &key) const
{
    // The keys usually share the text of the same literal (systemDefaultConstraints): the
    // pointer comparison answers before the text one.
    for (const auto &[k, v] : topology)
        if ((k.constData() == key.constData() && k.size() == key.size()) || k == key)
            return v ? &*v : nullptr;
    const auto it = labels.constFind(key);
    return it == labels.cend() ? nullptr : &it.value();
}

namespace {
int countMatching(const QList<SpreadPod> &pods, const Selector &selector, const QString &ns)
{
    int n = 0;
    for (const SpreadPod &p : pods)
        if (!p.terminating && p.ns == ns && selector.matches(p.labels))
            ++n;
    return n;
}

qint64 nodeMatching(const SpreadNode &node, qsizetype constraint, const Selector &selector, const QString &ns)
{
    return node.matching.isEmpty() ? countMatching(node.pods, selector, ns) : node.matching[constraint];
}

} // namespace

std::optional<QList<qint64>> podTopologySpread(const QList<SpreadConstraint> &constraints, const QString &ns,
                                               const QList<SpreadNode> &allNodes, const QList<int> &feasible,
                                               bool requireAllTopologies, QList<qint64> *rawOut)
{
    if (constraints.isEmpty())
        return std::nullopt;
    const QString hostname = QStringLiteral("kubernetes.io/hostname");
    // Each node's value for each constraint's topology key, looked up once (nullptr: the node
    // lacks the key); the passes below read these instead of the label maps.
    const qsizetype nc = constraints.size();
    std::vector<const QString *> topo(std::size_t(allNodes.size() * nc), nullptr);
    std::vector<char> hasAll(std::size_t(allNodes.size()), 1);
    std::vector<char> isHostname(std::size_t(nc), 0);
    for (qsizetype c = 0; c < nc; ++c)
        isHostname[std::size_t(c)] = constraints[c].topologyKey == hostname;
    for (qsizetype i = 0; i < allNodes.size(); ++i)
        for (qsizetype c = 0; c < nc; ++c) {
            const QString *v = allNodes[i].topologyValue(constraints[c].topologyKey);
            if (!v)
                hasAll[std::size_t(i)] = 0;
            else
                topo[std::size_t(i * nc + c)] = v;
        }
    // A node's value for a constraint; a node without the key reads as "" (one shared empty
    // string), as before. Values are compared through these pointers: the same label text is
    // often the same QString data (equal pointers answer at once).
    static const QString kEmpty;
    const auto value = [&](qsizetype node, qsizetype c) -> const QString * {
        const QString *v = topo[std::size_t(node * nc + c)];
        return v ? v : &kEmpty;
    };
    const auto same = [](const QString *a, const QString *b) { return a == b || *a == *b; };
    // PreScore: domains among the feasible nodes, their sizes, and the pods counted per domain
    // over every node.
    // Runs of nodes share a value (often every node: ""), so each loop remembers its last value
    // per constraint and skips the set insert / lookup when it repeats.
    QSet<int> ignored;
    QList<QSet<QString>> domains(nc);
    std::vector<const QString *> lastInserted(static_cast<std::size_t>(nc), nullptr);
    for (int i : feasible) {
        if (requireAllTopologies && !hasAll[std::size_t(i)]) {
            ignored.insert(i);
            continue;
        }
        for (qsizetype c = 0; c < nc; ++c) {
            if (isHostname[std::size_t(c)])
                continue;
            const QString *v = value(i, c);
            const QString *&last = lastInserted[std::size_t(c)];
            if (last && same(last, v))
                continue;
            domains[c].insert(*v);
            last = v;
        }
    }
    QList<QHash<QString, qint64>> counts(nc);
    // Per constraint: the last value looked up and its counter (nullptr: not a domain). The
    // pointer stays valid until the next insert into counts[c], which only a new value makes.
    std::vector<const QString *> lastValue(static_cast<std::size_t>(nc), nullptr);
    std::vector<qint64 *> lastCounter(std::size_t(nc), nullptr);
    for (qsizetype n = 0; n < allNodes.size(); ++n) {
        const SpreadNode &node = allNodes[n];
        if (requireAllTopologies && !hasAll[std::size_t(n)])
            continue;
        for (qsizetype c = 0; c < nc; ++c) {
            if (isHostname[std::size_t(c)])
                continue;
            const std::size_t cc = std::size_t(c);
            const QString *v = value(n, c);
            if (!lastValue[cc] || !same(lastValue[cc], v)) {
                lastCounter[cc] = domains[c].contains(*v) ? &counts[c][*v] : nullptr;
                lastValue[cc] = v;
            }
            if (lastCounter[cc])
                *lastCounter[cc] += nodeMatching(node, c, constraints[c].selector, ns);
        }
    }
    QList<double> weights;
    for (qsizetype c = 0; c < nc; ++c) {
        const qsizetype size = isHostname[std::size_t(c)] ? feasible.size() - ignored.size() : domains[c].size();
        weights << std::log(double(size + 2));
    }
    // Score per feasible node.
    QList<qint64> raw;
    raw.reserve(feasible.size());
    for (int i : feasible) {
        if (ignored.contains(i)) {
            raw << 0;
            continue;
        }
        double score = 0;
        for (qsizetype c = 0; c < nc; ++c) {
            const SpreadConstraint &sc = constraints[c];
            const QString *v = topo[std::size_t(i * nc + c)];
            if (!v)
                continue;
            const qint64 cnt = isHostname[std::size_t(c)] ? nodeMatching(allNodes[i], c, sc.selector, ns) : counts[c].value(*v);
            score += double(cnt) * weights[c] + double(sc.maxSkew - 1);
        }
        raw << qint64(std::round(score));
    }
    if (rawOut)
        *rawOut = raw;
    // NormalizeScore: fewer matching pods score higher; ignored nodes 0.
    qint64 min = std::numeric_limits<qint64>::max(), max = 0;
    for (qsizetype k = 0; k < feasible.size(); ++k) {
        if (ignored.contains(feasible[k]))
            continue;
        min = std::min(min, raw[k]);
        max = std::max(max, raw[k]);
    }
    QList<qint64> out;
    for (qsizetype k = 0; k < feasible.size(); ++k) {
        if (ignored.contains(feasible[k]))
            out << 0;
        else if (max == 0)
            out << kMaxNodeScore;
        else
            out << kMaxNodeScore * (max + min - raw[k]) / max;
    }
    return out;
}

} // namespace rlab::controller::scoring
