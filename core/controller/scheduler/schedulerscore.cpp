// Scheduler: the score phase (framework.RunScorePlugins) and the tie-break generator.
#include "core/controller/scheduler/scheduler.h"

#include "core/controller/scheduler/scoreplugins.h"

#include <QJsonArray>

namespace rlab::controller {

using namespace rlab::api;

namespace {
// A topologySpreadConstraint's labelSelector (+ matchLabelKeys, whose values come from the pod).
Selector constraintSelector(const QJsonObject &c, const Pod &pod)
{
    LabelSelector ls;
    const QJsonObject sel = c.value(QLatin1String("labelSelector")).toObject();
    const QJsonObject ml = sel.value(QLatin1String("matchLabels")).toObject();
    for (auto it = ml.begin(); it != ml.end(); ++it)
        ls.matchLabels.insert(it.key(), it.value().toString());
    for (const QJsonValue &e : sel.value(QLatin1String("matchExpressions")).toArray()) {
        LabelSelectorRequirement r;
        r.key = e[QLatin1String("key")].toString();
        r.operator_ = e[QLatin1String("operator")].toString();
        for (const QJsonValue &v : e[QLatin1String("values")].toArray())
            r.values << v.toString();
        ls.matchExpressions << r;
    }
    for (const QJsonValue &k : c.value(QLatin1String("matchLabelKeys")).toArray())
        if (pod.metadata.labels.contains(k.toString()))
            ls.matchExpressions << LabelSelectorRequirement{k.toString(), QStringLiteral("In"), {pod.metadata.labels.value(k.toString())}};
    if (!c.contains(QLatin1String("labelSelector")))
        return Selector::nothing();   // a nil selector matches no pods
    return Selector::fromLabelSelector(ls).value_or(Selector::nothing());
}
} // namespace

void Scheduler::setSeed(quint64 seed)
{
    std::lock_guard lock(m_mutex);
    m_rng = seed;
}

quint64 Scheduler::nextRandom()
{
    // splitmix64
    quint64 z = (m_rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// helper.DefaultSelector: the selectors of what controls the pod. The lab serves no
// ReplicationControllers and simulates no StatefulSets, and the scheduler does not watch
// Services, so it is the controlling ReplicaSet's selector (empty: no default spreading).
Selector Scheduler::defaultSpreadSelector(const Pod &pod) const
{
    const OwnerReference *owner = pod.metadata.controllerRef();
    if (!owner || owner->kind != QLatin1String("ReplicaSet") || owner->apiVersion != QLatin1String("apps/v1"))
        return Selector();
    const auto rs = m_replicaSets.get(pod.metadata.namespace_, owner->name);
    if (!rs || !rs->spec.selector)
        return Selector();
    return Selector::fromLabelSelector(*rs->spec.selector).value_or(Selector());
}

QList<Scheduler::NodeScore> Scheduler::scoreNodes(const Pod &pod, const PodRequests &req, const QList<std::shared_ptr<const Node>> &nodes,
                                                  const QHash<QString, NodeInfo> &infos, const QStringList &feasible)
{
    using namespace scoring;
    QList<NodeScore> out;
    // Every feasible name is in infos (filtered from the same nodes): no copies, no defaults.
    const auto info = [&infos](const QString &name) -> const NodeInfo & { return *infos.constFind(name); };
    QList<std::shared_ptr<const Node>> feasibleNodes;
    for (const QString &name : feasible) {
        out << NodeScore{name, 0, {}};
        feasibleNodes << info(name).node;
    }
    // The per-plugin trace values repeat (most nodes score alike, cycle after cycle): each
    // {raw, score, weighted} object, and each node's whole plugin object, is built once and
    // shared (implicitly) instead of once per node. A node's signature lists its plugins' values
    // in call order (plugin, 0, raw, score, weighted | plugin, 1, skip reason), so equal
    // signatures mean equal plugin objects.
    std::vector<std::vector<qint64>> signature(std::size_t(out.size()));
    std::vector<QList<std::pair<QString, QJsonObject>>> parts(std::size_t(out.size()));
    const auto add = [&](const char *plugin, int weight, const QList<qint64> &raw, const QList<qint64> &normalized) {
        const QString name = QLatin1String(plugin);
        std::lock_guard lock(m_mutex);
        for (qsizetype i = 0; i < out.size(); ++i) {
            const std::array<qint64, 3> values{raw[i], normalized[i], normalized[i] * weight};
            auto it = m_scoreJson.find(values);
            if (it == m_scoreJson.end()) {
                if (m_scoreJson.size() >= 4096)
                    m_scoreJson.clear();
                it = m_scoreJson.emplace(values, QJsonObject{{QStringLiteral("raw"), values[0]},
                                                             {QStringLiteral("score"), values[1]},
                                                             {QStringLiteral("weighted"), values[2]}}).first;
            }
            signature[std::size_t(i)].insert(signature[std::size_t(i)].end(),
                                             {qint64(reinterpret_cast<quintptr>(plugin)), 0, values[0], values[1], values[2]});
            parts[std::size_t(i)].append({name, it->second});
            out[i].total += values[2];
        }
    };
    const auto skip = [&](const char *plugin, const char *why) {
        const QString name = QLatin1String(plugin);
        const QJsonObject skipped{{QStringLiteral("skip"), QLatin1String(why)}};
        for (qsizetype i = 0; i < out.size(); ++i) {
            signature[std::size_t(i)].insert(signature[std::size_t(i)].end(),
                                             {qint64(reinterpret_cast<quintptr>(plugin)), 1, qint64(reinterpret_cast<quintptr>(why))});
            parts[std::size_t(i)].append({name, skipped});
        }
    };
    const auto finish = [&] {
        std::lock_guard lock(m_mutex);
        for (qsizetype i = 0; i < out.size(); ++i) {
            auto it = m_pluginsJson.find(signature[std::size_t(i)]);
            if (it == m_pluginsJson.end()) {
                if (m_pluginsJson.size() >= 4096)
                    m_pluginsJson.clear();
                QJsonObject plugins;
                for (const auto &[name, value] : std::as_const(parts[std::size_t(i)]))
                    plugins.insert(name, value);
                it = m_pluginsJson.emplace(std::move(signature[std::size_t(i)]), plugins).first;
            }
            out[i].plugins = it->second;
        }
    };
    QList<qint64> raw, norm;
    // TaintToleration (3): untolerated PreferNoSchedule taints, reverse-normalized.
    for (const auto &n : feasibleNodes)
        raw << taintTolerationRaw(pod, *n);
    norm = raw;
    defaultNormalize(norm, true);
    add("TaintToleration", kTaintTolerationWeight, raw, norm);
    // NodeAffinity (2): preferred terms' weights, normalized.
    if (!hasPreferredNodeAffinity(pod)) {
        skip("NodeAffinity", "no preferred node affinity");
    } else {
        raw.clear();
        for (const auto &n : feasibleNodes)
            raw << nodeAffinityRaw(pod, *n).value_or(0);
        norm = raw;
        defaultNormalize(norm, false);
        add("NodeAffinity", kNodeAffinityWeight, raw, norm);
    }
    // NodeResourcesFit (1): LeastAllocated, no normalization.
    raw.clear();
    for (const QString &name : feasible)
        raw << leastAllocated(req, info(name));
    add("NodeResourcesFit", kNodeResourcesFitWeight, raw, raw);
    // PodTopologySpread (2): the pod's ScheduleAnyway constraints, or the system defaults.
    QList<SpreadConstraint> constraints;
    const QJsonArray own = pod.spec.extra.value(QLatin1String("topologySpreadConstraints")).toArray();
    for (const QJsonValue &c : own)
        if (c[QLatin1String("whenUnsatisfiable")].toString() == QLatin1String("ScheduleAnyway"))
            constraints << SpreadConstraint{c[QLatin1String("topologyKey")].toString(), c[QLatin1String("maxSkew")].toInt(1),
                                            constraintSelector(c.toObject(), pod)};
    if (own.isEmpty()) {
        const Selector selector = defaultSpreadSelector(pod);
        if (!selector.isEmpty())
            constraints = systemDefaultConstraints(selector);
    }
    QList<SpreadNode> spreadNodes;
    QList<int> feasibleIdx;
    const QSet<QString> feasibleSet(feasible.cbegin(), feasible.cend());
    {
        // The counts come from the scheduler cache (SpreadCounts), kept up to date as pods are
        // assumed, bound and removed: no pod is matched here.
        std::lock_guard lock(m_mutex);
        QList<QHash<QString, qint64>> perConstraint;
        for (const SpreadConstraint &c : constraints)
            perConstraint << m_spread.counts(pod.metadata.namespace_, c.selector);
        for (const auto &n : nodes) {
            SpreadNode sn{n->metadata.name, n->metadata.labels, {}, {}};
            for (const auto &counts : perConstraint)
                sn.matching << counts.value(n->metadata.name);
            if (feasibleSet.contains(n->metadata.name))
                feasibleIdx << int(spreadNodes.size());
            spreadNodes << sn;
        }
    }
    QList<qint64> spreadRaw;
    const std::optional<QList<qint64>> spread =
        podTopologySpread(constraints, pod.metadata.namespace_, spreadNodes, feasibleIdx, !own.isEmpty(), &spreadRaw);
    if (spread)
        add("PodTopologySpread", kPodTopologySpreadWeight, spreadRaw, *spread);
    else
        skip("PodTopologySpread", own.isEmpty() ? "no controller selects the pod" : "no ScheduleAnyway constraint");
    // InterPodAffinity (2): the lab models no pod (anti-)affinity terms.
    skip("InterPodAffinity", "no pod affinity terms");
    // NodeResourcesBalancedAllocation (1): skipped for a pod that requests nothing.
    if (!balancedAllocation(req, info(feasible.first()))) {
        skip("NodeResourcesBalancedAllocation", "the pod requests no cpu or memory");
    } else {
        raw.clear();
        for (const QString &name : feasible)
            raw << balancedAllocation(req, info(name)).value_or(0);
        add("NodeResourcesBalancedAllocation", kBalancedAllocationWeight, raw, raw);
    }
    // ImageLocality (1): images already on the node, scaled by how many nodes have them.
    QHash<QString, int> imageNodes;
    for (const auto &n : nodes) {
        QStringList images = nodeImages(*n);
        images.removeDuplicates();
        for (const QString &image : images)
            imageNodes[image] += 1;
    }
    raw.clear();
    for (const auto &n : feasibleNodes)
        raw << imageLocality(pod, *n, int(nodes.size()), imageNodes);
    add("ImageLocality", kImageLocalityWeight, raw, raw);
    finish();
    return out;
}

} // namespace rlab::controller
