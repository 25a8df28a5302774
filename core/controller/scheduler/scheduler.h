#pragma once
#include "core/base/lightmutex.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/client/lister.h"
#include "core/controller/controller.h"
#include "core/controller/eventrecorder.h"
#include "core/controller/scheduler/nodeinfo.h"
#include "core/controller/scheduler/scoreplugins.h"
#include "core/controller/scheduler/spreadcounts.h"
#include "core/controller/scheduler/spreadtopology.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <array>
#include <map>
#include <mutex>
#include <span>
#include <unordered_map>
#include <vector>

namespace rlab::client {
class Interface;
}
namespace rlab::client {
class SharedInformerFactory;
}

namespace rlab::controller {

// kube-scheduler, reduced to what a Deployment needs: its own queue of unscheduled pods
// (schedulerName default-scheduler, no nodeName), scheduleOne = filter every node (see
// schedulerplugins.h), score the feasible ones with the default profile (scoreplugins.h:
// TaintToleration x3, NodeAffinity x2, NodeResourcesFit x1, PodTopologySpread x2 with the system
// default constraints, InterPodAffinity x2, NodeResourcesBalancedAllocation x1, ImageLocality x1;
// no scoring when one node fits), pick the best (ties: a uniform draw among the top nodes, in name
// order, from a seeded generator, like selectHost's reservoir sampling) and bind through
// pods/binding. Each cycle starts from a snapshot kept incrementally (Cache.UpdateSnapshot:
// only nodes whose usage changed are refreshed; the node list is rebuilt when a Node changes)
// and filters with percentageOfNodesToScore (adaptive; from 100 nodes on it stops after enough
// feasible nodes, starting at nextStartNodeIndex). The Schedule trace event carries every
// node's per-plugin raw, normalized and weighted scores up to kFullDetailNodes nodes; above
// that, the best kTopCandidates nodes' scores and the filter counts. When nothing fits, the pod stays Pending with PodScheduled=False Unschedulable
// and a FailedScheduling event ("0/3 nodes are available: 3 Insufficient cpu."), and is retried
// when a node changes or a pod goes away (and at least every 5 minutes, upstream's
// podMaxInUnschedulablePodsDuration). Bound-but-not-yet-seen pods are "assumed" so that two
// quick cycles do not double-book a node. Thread rules: handlers on the informer thread, the
// sync on one worker at a time per pod key; shared state under m_mutex.
class Scheduler
{
public:
    Scheduler(client::Interface &api, client::SharedInformerFactory &informers, Clock &clock, TraceLog *trace);
    Controller &controller() { return m_controller; }
    // One scheduling cycle for one pod key (the sync handler).
    SyncResult scheduleOne(const QString &key);
    // Clusters up to this size get the whole per-node table in the Schedule trace event.
    static constexpr int kFullDetailNodes = 32;
    static constexpr int kTopCandidates = 3;
    // schedule_one.go numFeasibleNodesToFind with the default (adaptive) percentageOfNodesToScore.
    static int numFeasibleNodesToFind(int numAllNodes);
    // The tie-break generator's seed (default 1); same seed, same choices.
    void setSeed(quint64 seed);

private:
    void enqueueIfUnscheduled(const api::ObjectPtr &obj);
    void moveAllToActiveQueue(const QString &why);
    void markNodesChanged();
    // The scheduler cache: what each node already carries, kept up to date from pod events
    // (parsing every pod's requests on every cycle would make scheduling N pods O(N²)).
    void cachePod(const api::ObjectPtr &obj);
    void uncachePod(const QString &key);
    struct Placement
    {
        QString node;
        PodRequests requests;
        api::Labels labels;   // for PodTopologySpread's counts
        QString ns;
        bool terminating = false;
    };
    // Takes a placement's requests and spread counts off its node (under m_mutex).
    void subtractPlacementLocked(const Placement &p);
    struct PluginScore
    {
        const char *plugin = nullptr;
        const char *skip = nullptr;   // set: the plugin's PreScore returned Skip, and why
        qint64 raw = 0, score = 0, weighted = 0;
    };
    struct NodeScore
    {
        int index = 0;   // into m_snapshot
        qint64 total = 0;
        std::array<PluginScore, 8> plugins{};
        int count = 0;
    };
    // Cache.UpdateSnapshot; under m_cycleMutex, needs m_mutex free.
    void updateSnapshot();
    // RunScorePlugins over the feasible nodes (indices into m_snapshot, name order), written to
    // m_scores (reused): each node's index and total. The plugins' scores stay in m_runs, one
    // run a plugin; fillPlugins() copies a node's into its `plugins` (`count` valid) for the few
    // nodes a trace event shows, not for all ~420 a pod at 1,000 nodes. Under m_cycleMutex,
    // needs m_mutex free.
    std::span<const NodeScore> scoreNodes(const api::Pod &pod, const PodRequests &req, const std::vector<int> &feasible);
    // `score`'s plugin records from the last scoreNodes(), `position` its place in the result.
    void fillPlugins(NodeScore &score, std::size_t position) const;
    struct PluginRun
    {
        const char *plugin = nullptr;
        const char *skip = nullptr;   // set: Skip for every node, and why
        int weight = 0;
        std::vector<qint64> raw, normalized;   // per scored node (not for a skip)
    };
    // A node's plugin -> {raw, score, weighted} (or {skip}) object, shared between equal ones.
    QJsonObject pluginsJson(const NodeScore &score);
    // A scored node's trace entry {node, filter, plugins, score}, shared between equal ones, and
    // its serial (never reused: an entry made again after the cache was emptied gets a new one).
    struct NodeEntry
    {
        QJsonObject json;
        quint64 serial = 0;
        QString node;   // the name in json: a node at the same index may be another one later
    };
    NodeEntry nodeEntryJson(const NodeScore &score, const QString &nodeName);
    // An unscored node's entry in a full-detail event, {node, filter} (filter: why it did not
    // fit, or "fits" with no scoring), shared between equal ones: a node fails the same way pod
    // after pod (building the object was ~6,000 instructions, ten a pod at 10 nodes).
    QJsonObject filterEntryJson(const QString &nodeName, const QString &filter);
    static std::vector<qint64> pluginsSignature(const NodeScore &score);
    static void pluginsSignature(const NodeScore &score, std::vector<qint64> &out);   // into out (cleared)
    // The selector of the pod's controlling ReplicaSet (system default spreading); under
    // m_cycleMutex (its cache is).
    api::Selector defaultSpreadSelector(const api::Pod &pod);
    // splitmix64, under m_mutex; inline (selectHost draws once per tied top node: ~245 a pod
    // at 1,000 equal nodes).
    quint64 nextRandom()
    {
        quint64 z = (m_rng += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    struct NodeUsage
    {
        qint64 cpuMilli = 0, memoryBytes = 0, nonZeroCpuMilli = 0, nonZeroMemoryBytes = 0;
        int pods = 0;
    };

    client::Interface &m_api;
    Clock &m_clock;
    TraceLog *m_trace;
    Controller m_controller;
    EventRecorder m_events;
    client::Lister<api::Pod> m_pods;
    client::Lister<api::Node> m_nodes;
    client::Lister<api::ReplicaSet> m_replicaSets;
    quint64 m_rng = 1;                        // splitmix64 state, under m_mutex
    LightMutex m_mutex;
    QHash<QString, QString> m_assumed;        // pod key -> node, until the informer shows the binding
    QHash<QString, int> m_unschedulable;      // pod key -> attempts
    QHash<QString, Placement> m_placements;   // pod key -> where it counts (bound or assumed)
    QHash<QString, NodeUsage> m_usage;        // node -> sum of its placements
    QHash<QString, NodeInfo> m_nodeInfos;     // node -> its allocatable, parsed (no usage)
    SpreadCounts m_spread;                    // PodTopologySpread's per-node counts, from m_placements
    bool m_nodesChanged = true;               // a Node was added, changed or deleted since the snapshot
    QSet<QString> m_usageChanged;             // nodes whose usage changed since the snapshot
    // One scheduling cycle at a time (upstream's scheduleOne is one goroutine); the snapshot
    // and the trace caches below are under it.
    LightMutex m_cycleMutex;
    std::vector<NodeInfo> m_snapshot;         // every node, name order, with its usage
    QHash<QString, int> m_snapshotIndex;      // node name -> index in m_snapshot
    QList<scoring::SpreadNode> m_spreadNodes; // the same nodes for PodTopologySpread (matching refreshed per cycle)
    std::vector<int> m_spreadNodeIds;         // their SpreadCounts::nodeId, same order
    QHash<QString, scoring::SpreadTopology> m_spreadTopologies;   // topology keys -> their domains over m_spreadNodes (reset with them)
    std::vector<std::vector<qint64>> m_spreadMatching;             // a cycle's matching pods per constraint and node (reused)
    QHash<QString, int> m_imageNodes;         // image -> nodes that have it (ImageLocality)
    QHash<QStringList, std::vector<qint64>> m_imageScores;   // a pod's images -> ImageLocality's raw score per snapshot node (reset with them)
    int m_nextStartNodeIndex = 0;             // where the next cycle starts filtering
    std::vector<int> m_feasible;              // scratch: feasible node indices of the current cycle
    std::vector<qint64> m_totals;             // scratch: scoreNodes' totals, by feasible node
    struct ResourceScores
    {
        PodRequests req;   // what the pod scored asked for
        qint64 least = 0, balanced = 0;
        bool valid = false;   // false: the node's usage changed since
    };
    std::vector<ResourceScores> m_resourceScores;   // per snapshot node, under m_cycleMutex
    std::vector<NodeScore> m_scores;          // scratch: scoreNodes' result (never shrinks)
    std::vector<PluginRun> m_runs;            // scratch: scoreNodes' plugins, m_runCount of them valid
    std::size_t m_runCount = 0;
    std::vector<int> m_top;                   // scratch: the top-scored nodes' indices
    std::map<std::array<qint64, 3>, QJsonObject> m_scoreJson;   // {raw, score, weighted} objects, shared by trace events
    // Signatures hashed, not ordered: a std::map compared ~12 vectors of 20 values a lookup.
    struct SignatureHash
    {
        std::size_t operator()(const std::vector<qint64> &v) const noexcept;
    };
    std::unordered_map<std::vector<qint64>, QJsonObject, SignatureHash> m_pluginsJson;   // a node's plugins object by its signature
    std::unordered_map<std::vector<qint64>, NodeEntry, SignatureHash> m_nodeEntryJson; // a node's entry by signature, index, total
    QHash<std::pair<QString, QString>, QJsonObject> m_filterEntryJson;   // by node name and filter text
    std::vector<qint64> m_signature;          // scratch: nodeEntryJson's lookup key
    quint64 m_nextEntrySerial = 1;
    // A compact Schedule event's {nodes: [the top entries]} by their serials (0: none): cycles
    // that rank the same nodes the same way share one (most pods of a rollout on an even
    // cluster do), instead of an array and an object built for each pod.
    struct SerialsHash
    {
        std::size_t operator()(const std::array<quint64, kTopCandidates> &s) const noexcept;
    };
    std::unordered_map<std::array<quint64, kTopCandidates>, QJsonObject, SerialsHash> m_nodesDetails;
    // ReplicaSet uid -> its parsed selector (spec.selector is immutable in apps/v1), bounded.
    QHash<QString, api::Selector> m_spreadSelectors;
};

} // namespace rlab::controller
