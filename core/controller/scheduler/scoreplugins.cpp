#include "core/controller/scheduler/scoreplugins.h"

#include "core/controller/scheduler/schedulerplugins.h"
#include "core/controller/scheduler/spreadtopology.h"

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

QList<Toleration> preferNoScheduleTolerations(const Pod &pod)
{
    QList<Toleration> preferred;
    for (const Toleration &t : pod.spec.tolerations)
        if (t.effect.isEmpty() || t.effect == QLatin1String("PreferNoSchedule"))
            preferred << t;
    return preferred;
}

qint64 taintTolerationRaw(const QList<Toleration> &preferred, const Node &node)
{
    qint64 count = 0;
    for (const Taint &taint : node.spec.taints)
        if (taint.effect == QLatin1String("PreferNoSchedule") && !scheduling::tolerates(preferred, taint))
            ++count;
    return count;
}

qint64 taintTolerationRaw(const Pod &pod, const Node &node)
{
    return taintTolerationRaw(preferNoScheduleTolerations(pod), node);
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
} // namespace

std::optional<QList<qint64>> podTopologySpread(const QList<SpreadConstraint> &constraints, const QString &ns,
                                               const QList<SpreadNode> &allNodes, const QList<int> &feasible,
                                               bool requireAllTopologies, QList<qint64> *rawOut)
{
    if (constraints.isEmpty())
        return std::nullopt;
    QStringList keys;
    for (const SpreadConstraint &c : constraints)
        keys << c.topologyKey;
    const SpreadTopology topology = SpreadTopology::of(keys, allNodes);
    // The matching pods per constraint and node: counted beforehand (SpreadNode::matching) or
    // from the node's pods.
    std::vector<std::vector<qint64>> matching(std::size_t(constraints.size()));
    for (qsizetype c = 0; c < constraints.size(); ++c) {
        std::vector<qint64> &m = matching[std::size_t(c)];
        m.reserve(std::size_t(allNodes.size()));
        for (const SpreadNode &node : allNodes)
            m.push_back(node.matching.isEmpty() ? countMatching(node.pods, constraints[c].selector, ns) : node.matching[c]);
    }
    return podTopologySpread(constraints, topology, matching, feasible, requireAllTopologies, rawOut);
}

} // namespace rlab::controller::scoring
