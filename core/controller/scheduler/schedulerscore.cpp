// Scheduler: the score phase (framework.RunScorePlugins) and the tie-break generator.
#include "core/controller/scheduler/scheduler.h"

#include "core/controller/scheduler/scoreplugins.h"

#include <QJsonArray>

#include <algorithm>

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

// helper.DefaultSelector: the selectors of what controls the pod. The lab serves no
// ReplicationControllers and simulates no StatefulSets, and the scheduler does not watch
// Services, so it is the controlling ReplicaSet's selector (empty: no default spreading).
namespace {
// The system default constraints' topology keys, looked up once per node (SpreadNode::topology).
QList<std::pair<QString, std::optional<QString>>> systemDefaultTopology(const Labels &labels)
{
    QList<std::pair<QString, std::optional<QString>>> out;
    for (const scoring::SpreadConstraint &c : scoring::systemDefaultConstraints(Selector())) {
        const auto it = labels.constFind(c.topologyKey);
        out.append({c.topologyKey, it == labels.cend() ? std::nullopt : std::optional<QString>(*it)});
    }
    return out;
}
} // namespace

Selector Scheduler::defaultSpreadSelector(const Pod &pod)
{
    const OwnerReference *owner = pod.metadata.controllerRef();
    if (!owner || owner->kind != QLatin1String("ReplicaSet") || owner->apiVersion != QLatin1String("apps/v1"))
        return Selector();
    const auto rs = m_replicaSets.get(pod.metadata.namespace_, owner->name);
    if (!rs || !rs->spec.selector)
        return Selector();
    // Parsed once per ReplicaSet: the pods of one ReplicaSet all ask for the same selector.
    if (const auto it = m_spreadSelectors.constFind(rs->metadata.uid); it != m_spreadSelectors.cend())
        return *it;
    if (m_spreadSelectors.size() >= 4096)
        m_spreadSelectors.clear();
    const Selector parsed = Selector::fromLabelSelector(*rs->spec.selector).value_or(Selector());
    if (!rs->metadata.uid.isEmpty())
        m_spreadSelectors.insert(rs->metadata.uid, parsed);
    return parsed;
}

void Scheduler::updateSnapshot()
{
    bool nodesChanged = false;
    QSet<QString> usageChanged;
    {
        std::lock_guard lock(m_mutex);
        nodesChanged = m_nodesChanged;
        m_nodesChanged = false;
        usageChanged.swap(m_usageChanged);
    }
    const auto applyUsage = [](NodeInfo &info, const NodeUsage &u) {
        info.requestedCpuMilli = u.cpuMilli;
        info.requestedMemoryBytes = u.memoryBytes;
        info.nonZeroCpuMilli = u.nonZeroCpuMilli;
        info.nonZeroMemoryBytes = u.nonZeroMemoryBytes;
        info.pods = u.pods;
    };
    if (!nodesChanged) {
        std::lock_guard lock(m_mutex);
        for (const QString &name : std::as_const(usageChanged)) {
            const auto it = m_snapshotIndex.constFind(name);
            if (it != m_snapshotIndex.cend())
            {
                applyUsage(m_snapshot[std::size_t(*it)], m_usage.value(name));
                m_resourceScores[std::size_t(*it)].valid = false;   // its usage changed
            }
        }
        return;
    }
    QList<std::shared_ptr<const Node>> nodes = m_nodes.list();
    std::sort(nodes.begin(), nodes.end(), [](const auto &a, const auto &b) { return a->metadata.name < b->metadata.name; });
    m_snapshot.clear();
    m_resourceScores.clear();
    m_snapshot.reserve(std::size_t(nodes.size()));
    m_snapshotIndex.clear();
    m_spreadNodes.clear();
    m_spreadNodeIds.clear();
    m_spreadTopologies.clear();
    m_imageNodes.clear();
    m_imageScores.clear();
    {
        std::lock_guard lock(m_mutex);
        // A node's allocatable is parsed once per Node object (they are immutable values).
        for (const auto &n : nodes) {
            NodeInfo &cached = m_nodeInfos[n->metadata.name];
            if (cached.node != n)
                cached = NodeInfo(n);
            m_snapshotIndex.insert(n->metadata.name, int(m_snapshot.size()));
            m_snapshot.push_back(cached);
            applyUsage(m_snapshot.back(), m_usage.value(n->metadata.name));
            m_spreadNodeIds.push_back(m_spread.nodeId(n->metadata.name));
        }
    }
    for (const auto &n : nodes) {
        m_spreadNodes << scoring::SpreadNode{n->metadata.name, n->metadata.labels, {}, {}, systemDefaultTopology(n->metadata.labels)};
        QStringList images = scoring::nodeImages(*n);
        images.removeDuplicates();
        for (const QString &image : images)
            m_imageNodes[image] += 1;
    }
    m_resourceScores.resize(m_snapshot.size());
    if (m_nextStartNodeIndex >= int(m_snapshot.size()))
        m_nextStartNodeIndex = 0;
}

std::size_t Scheduler::SignatureHash::operator()(const std::vector<qint64> &v) const noexcept
{
    quint64 h = 0xcbf29ce484222325ULL;
    for (const qint64 x : v)
        h = (h ^ quint64(x)) * 0x100000001b3ULL;
    return std::size_t(h ^ (h >> 32));
}

std::vector<qint64> Scheduler::pluginsSignature(const NodeScore &score)
{
    std::vector<qint64> signature;
    pluginsSignature(score, signature);
    return signature;
}

void Scheduler::pluginsSignature(const NodeScore &score, std::vector<qint64> &signature)
{
    // Written by index into a vector sized for the longest form (five values a plugin, two
    // more for nodeEntryJson's index and total), then cut to length: an insert per plugin was
    // most of a lookup's cost.
    signature.resize(std::size_t(score.count) * 5 + 2);
    qint64 *at = signature.data();
    for (int p = 0; p < score.count; ++p) {
        const PluginScore &ps = score.plugins[std::size_t(p)];
        *at++ = qint64(reinterpret_cast<quintptr>(ps.plugin));
        if (ps.skip) {
            *at++ = 1;
            *at++ = qint64(reinterpret_cast<quintptr>(ps.skip));
        } else {
            *at++ = 0;
            *at++ = ps.raw;
            *at++ = ps.score;
            *at++ = ps.weighted;
        }
    }
    signature.resize(std::size_t(at - signature.data()));
}

std::size_t Scheduler::SerialsHash::operator()(const std::array<quint64, kTopCandidates> &s) const noexcept
{
    quint64 h = 0xcbf29ce484222325ULL;
    for (const quint64 x : s)
        h = (h ^ x) * 0x100000001b3ULL;
    return std::size_t(h ^ (h >> 29));
}

Scheduler::NodeEntry Scheduler::nodeEntryJson(const NodeScore &score, const QString &nodeName)
{
    // {node, filter: fits, plugins, score}: the same node scoring the same way (most do, cycle
    // after cycle) shares one object, like pluginsJson's.
    std::vector<qint64> &key = m_signature;
    pluginsSignature(score, key);
    key.push_back(score.index);
    key.push_back(score.total);
    auto it = m_nodeEntryJson.find(key);
    if (it != m_nodeEntryJson.end() && it->second.node == nodeName)
        return it->second;
    const QJsonObject entry{{QStringLiteral("node"), nodeName},
                            {QStringLiteral("filter"), QStringLiteral("fits")},
                            {QStringLiteral("plugins"), pluginsJson(score)},
                            {QStringLiteral("score"), score.total}};
    if (it != m_nodeEntryJson.end())   // another node took the index since: a new entry
        return it->second = NodeEntry{entry, m_nextEntrySerial++, nodeName};
    if (m_nodeEntryJson.size() >= 4096)
        m_nodeEntryJson.clear();
    return m_nodeEntryJson.emplace(key, NodeEntry{entry, m_nextEntrySerial++, nodeName}).first->second;   // a copy: m_signature stays scratch
}

namespace {
const QString &fitsText()
{
    static const QString fits = QStringLiteral("fits");
    return fits;
}
} // namespace

QJsonObject Scheduler::filterEntryJson(const QString &nodeName, const QString &filter)
{
    const QString &text = filter.isEmpty() ? fitsText() : filter;
    const std::pair<QString, QString> key{nodeName, text};
    if (const auto it = m_filterEntryJson.constFind(key); it != m_filterEntryJson.cend())
        return *it;
    if (m_filterEntryJson.size() >= 4096)
        m_filterEntryJson.clear();
    return *m_filterEntryJson.insert(key, QJsonObject{{QStringLiteral("node"), nodeName}, {QStringLiteral("filter"), text}});
}

QJsonObject Scheduler::pluginsJson(const NodeScore &score)
{
    // The per-plugin trace values repeat (most nodes score alike, cycle after cycle): each
    // {raw, score, weighted} object, and each node's whole plugin object, is built once and
    // shared (implicitly). A signature lists the plugins' values in call order (plugin, 0, raw,
    // score, weighted | plugin, 1, skip reason), so equal signatures mean equal objects.
    std::vector<qint64> signature = pluginsSignature(score);
    auto it = m_pluginsJson.find(signature);
    if (it != m_pluginsJson.end())
        return it->second;
    if (m_pluginsJson.size() >= 4096)
        m_pluginsJson.clear();
    QJsonObject plugins;
    for (int p = 0; p < score.count; ++p) {
        const PluginScore &ps = score.plugins[std::size_t(p)];
        if (ps.skip) {
            plugins.insert(QLatin1String(ps.plugin), QJsonObject{{QStringLiteral("skip"), QLatin1String(ps.skip)}});
            continue;
        }
        const std::array<qint64, 3> values{ps.raw, ps.score, ps.weighted};
        auto v = m_scoreJson.find(values);
        if (v == m_scoreJson.end()) {
            if (m_scoreJson.size() >= 4096)
                m_scoreJson.clear();
            v = m_scoreJson.emplace(values, QJsonObject{{QStringLiteral("raw"), values[0]},
                                                        {QStringLiteral("score"), values[1]},
                                                        {QStringLiteral("weighted"), values[2]}}).first;
        }
        plugins.insert(QLatin1String(ps.plugin), v->second);
    }
    return m_pluginsJson.emplace(std::move(signature), plugins).first->second;
}

void Scheduler::fillPlugins(NodeScore &score, std::size_t position) const
{
    score.count = int(m_runCount);
    for (std::size_t r = 0; r < m_runCount; ++r) {
        const PluginRun &run = m_runs[r];
        score.plugins[r] = run.skip ? PluginScore{run.plugin, run.skip, 0, 0, 0}
                                    : PluginScore{run.plugin, nullptr, run.raw[position], run.normalized[position],
                                                  run.normalized[position] * run.weight};
    }
}

std::span<const Scheduler::NodeScore> Scheduler::scoreNodes(const Pod &pod, const PodRequests &req, const std::vector<int> &feasible)
{
    using namespace scoring;
    // Reused, not value-initialized per cycle: 420 feasible nodes x 8 plugin slots were ~110 KB
    // zeroed per pod at 1,000 nodes. Only index, total and count are reset.
    if (m_scores.size() < feasible.size())
        m_scores.resize(feasible.size());
    const std::span<NodeScore> out(m_scores.data(), feasible.size());
    for (std::size_t i = 0; i < feasible.size(); ++i) {
        out[i].index = feasible[i];
        out[i].total = 0;
        out[i].count = 0;
    }
    m_runCount = 0;
    const auto nextRun = [this](const char *plugin, int weight, const char *skip = nullptr) -> PluginRun & {
        if (m_runCount == m_runs.size())
            m_runs.emplace_back();
        Q_ASSERT(m_runCount < std::tuple_size_v<decltype(NodeScore::plugins)>);
        PluginRun &run = m_runs[m_runCount++];
        run.plugin = plugin;
        run.skip = skip;
        run.weight = skip ? 0 : weight;
        return run;
    };
    const std::size_t nf = feasible.size();
    const NodeInfo *const snapshot = m_snapshot.data();
    // A plugin's raw scores, node by node (rawOf takes the node's snapshot index), written
    // straight into its run's column.
    const auto column = [&](const char *plugin, int weight, auto &&rawOf) -> PluginRun & {
        PluginRun &run = nextRun(plugin, weight);
        run.raw.resize(nf);
        qint64 *at = run.raw.data();
        for (std::size_t k = 0; k < nf; ++k)
            at[k] = rawOf(std::size_t(feasible[k]));
        return run;
    };
    const auto normalize = [](PluginRun &run, bool reverse) {
        // DefaultNormalizeScore, as defaultNormalize() (tested there) but on the run's column.
        qint64 max = 0;
        for (const qint64 s : run.raw)
            max = std::max(max, s);
        run.normalized.resize(run.raw.size());
        for (std::size_t k = 0; k < run.raw.size(); ++k) {
            const qint64 s = run.raw[k];
            run.normalized[k] = max == 0 ? (reverse ? kMaxNodeScore : 0)
                                         : (reverse ? kMaxNodeScore - kMaxNodeScore * s / max : kMaxNodeScore * s / max);
        }
    };
    // TaintToleration (3): untolerated PreferNoSchedule taints, reverse-normalized. Most nodes
    // have no taint: no call for those.
    const QList<Toleration> preferred = preferNoScheduleTolerations(pod);   // once, not per node
    normalize(column("TaintToleration", kTaintTolerationWeight,
                     [&](std::size_t i) { return snapshot[i].node->spec.taints.isEmpty() ? 0 : taintTolerationRaw(preferred, *snapshot[i].node); }),
              true);
    // NodeAffinity (2): preferred terms' weights, normalized.
    if (!hasPreferredNodeAffinity(pod))
        nextRun("NodeAffinity", 0, "no preferred node affinity");
    else
        normalize(column("NodeAffinity", kNodeAffinityWeight, [&](std::size_t i) { return nodeAffinityRaw(pod, *snapshot[i].node).value_or(0); }),
                  false);
    // NodeResourcesFit's and NodeResourcesBalancedAllocation's raw scores depend on the pod's
    // requests and the node's usage alone: kept per node until its usage changes (one node a
    // cycle, where the last pod went), for pods that ask what the last one asked (a ReplicaSet's
    // all do). Their three integer and two floating-point divisions a node were most of
    // scoring's time at 1,000 nodes.
    for (const int idx : feasible) {
        ResourceScores &s = m_resourceScores[std::size_t(idx)];
        if (!s.valid || s.req.cpuMilli != req.cpuMilli || s.req.memoryBytes != req.memoryBytes
            || s.req.nonZeroCpuMilli != req.nonZeroCpuMilli || s.req.nonZeroMemoryBytes != req.nonZeroMemoryBytes)
            s = ResourceScores{req, leastAllocated(req, snapshot[idx]), balancedAllocation(req, snapshot[idx]).value_or(0), true};
    }
    const ResourceScores *const resources = m_resourceScores.data();
    // NodeResourcesFit (1): LeastAllocated, no normalization.
    {
        PluginRun &run = column("NodeResourcesFit", kNodeResourcesFitWeight, [&](std::size_t i) { return resources[i].least; });
        run.normalized = run.raw;
    }
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
    bool spread = false;
    if (!constraints.isEmpty()) {
        // The nodes' domains for these keys, once per node snapshot (the keys are the system
        // defaults' two for almost every pod).
        QStringList keys;
        for (const SpreadConstraint &c : constraints)
            keys << c.topologyKey;
        const QString topologyKey = keys.join(QChar(0x1f));
        auto topology = m_spreadTopologies.constFind(topologyKey);
        if (topology == m_spreadTopologies.cend()) {
            if (m_spreadTopologies.size() >= 64)
                m_spreadTopologies.clear();
            topology = m_spreadTopologies.insert(topologyKey, SpreadTopology::of(keys, m_spreadNodes));
        }
        // The counts come from the scheduler cache (SpreadCounts, by node id), kept up to date
        // as pods are assumed, bound and removed: no pod is matched here. A constraint whose
        // topology key no node has (the system default's zone key on unlabelled nodes) never
        // reads its counts (podTopologySpread scores only nodes with the key): those stay 0.
        std::vector<std::vector<qint64>> &matching = m_spreadMatching;
        matching.resize(std::size_t(constraints.size()));
        {
            std::lock_guard lock(m_mutex);
            for (qsizetype c = 0; c < constraints.size(); ++c) {
                std::vector<qint64> &m = matching[std::size_t(c)];
                m.assign(m_spreadNodeIds.size(), 0);
                const int entry = m_spread.entry(pod.metadata.namespace_, constraints[c].selector);
                if (!topology->anyHasKey[std::size_t(c)])
                    continue;
                const std::vector<qint64> &counts = m_spread.countsOf(entry);
                const auto fillNode = [&](std::size_t n) {
                    const std::size_t id = std::size_t(m_spreadNodeIds[n]);
                    if (id < counts.size())
                        m[n] = counts[id];
                };
                // A hostname constraint reads only the feasible nodes' own counts (its domains
                // are the nodes); other keys sum their domains over every node.
                if (topology->isHostname[std::size_t(c)]) {
                    for (const int n : feasible)
                        fillNode(std::size_t(n));
                } else {
                    for (std::size_t n = 0; n < m_spreadNodeIds.size(); ++n)
                        fillNode(n);
                }
            }
        }
        PluginRun &run = nextRun("PodTopologySpread", kPodTopologySpreadWeight);
        spread = podTopologySpread(constraints, *topology, matching, feasible, !own.isEmpty(), run.raw, run.normalized);
        if (!spread)
            --m_runCount;   // no constraint after all: the skip below takes its place
    }
    if (!spread)
        nextRun("PodTopologySpread", 0, own.isEmpty() ? "no controller selects the pod" : "no ScheduleAnyway constraint");
    // InterPodAffinity (2): the lab models no pod (anti-)affinity terms.
    nextRun("InterPodAffinity", 0, "no pod affinity terms");
    // NodeResourcesBalancedAllocation (1): skipped for a pod that requests nothing.
    if (!balancedAllocation(req, snapshot[std::size_t(feasible.front())])) {
        nextRun("NodeResourcesBalancedAllocation", 0, "the pod requests no cpu or memory");
    } else {
        PluginRun &run = column("NodeResourcesBalancedAllocation", kBalancedAllocationWeight,
                                [&](std::size_t i) { return resources[i].balanced; });
        run.normalized = run.raw;
    }
    // ImageLocality (1): images already on the node, scaled by how many nodes have them. It
    // depends on the pod's images and the nodes alone: with no node reporting an image every
    // node scores the same; else every node's score is worked out once per list of images and
    // node snapshot (a ReplicaSet's pods all ask for the same list).
    {
        const QStringList images = podImages(pod);
        const int totalNodes = int(m_snapshot.size());
        const qint64 none = imageLocality(images, QHash<QString, qint64>(), totalNodes, m_imageNodes);
        PluginRun &run = nextRun("ImageLocality", kImageLocalityWeight);
        if (m_imageNodes.isEmpty()) {
            run.raw.assign(nf, none);
        } else {
            auto scores = m_imageScores.constFind(images);
            if (scores == m_imageScores.cend()) {
                if (m_imageScores.size() >= 256)
                    m_imageScores.clear();
                std::vector<qint64> byNode(m_snapshot.size());
                for (std::size_t n = 0; n < m_snapshot.size(); ++n)
                    byNode[n] = m_snapshot[n].imageSizes.isEmpty() ? none
                                                                    : imageLocality(images, m_snapshot[n].imageSizes, totalNodes, m_imageNodes);
                scores = m_imageScores.insert(images, std::move(byNode));
            }
            run.raw.resize(nf);
            for (std::size_t k = 0; k < nf; ++k)
                run.raw[k] = (*scores)[std::size_t(feasible[k])];
        }
        run.normalized = run.raw;
    }
    // The totals, plugin by plugin (framework.RunScorePlugins: normalized x weight, summed), in
    // a dense column first (a NodeScore is ~350 bytes: one cache line a node a plugin otherwise).
    std::vector<qint64> &totals = m_totals;
    totals.assign(nf, 0);
    for (std::size_t r = 0; r < m_runCount; ++r) {
        const PluginRun &run = m_runs[r];
        if (run.skip)
            continue;
        const qint64 *normalized = run.normalized.data();
        const qint64 weight = run.weight;
        // The default weights are 1, 2 and 3: adds (SSE2 has no
        // 64-bit multiply: one took nine instructions a pair of nodes, a third of scoring's own).
        if (weight == 1) {
            for (std::size_t k = 0; k < nf; ++k)
                totals[k] += normalized[k];
        } else if (weight == 2) {
            for (std::size_t k = 0; k < nf; ++k)
                totals[k] += normalized[k] + normalized[k];
        } else if (weight == 3) {
            for (std::size_t k = 0; k < nf; ++k)
                totals[k] += normalized[k] + normalized[k] + normalized[k];
        } else {
            for (std::size_t k = 0; k < nf; ++k)
                totals[k] += normalized[k] * weight;
        }
    }
    for (std::size_t k = 0; k < nf; ++k)
        out[k].total = totals[k];
    return out;
}

} // namespace rlab::controller
