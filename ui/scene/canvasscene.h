#pragma once
#include "core/api/deployment.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/sim/view/keyvalue.h"
#include "core/sim/view/watchevent.h"
#include "ui/scene/animationset.h"
#include "ui/scene/canvaslayout.h"
#include "ui/scene/podslots.h"

#include <QGraphicsScene>
#include <QHash>
#include <QMap>
#include <QSet>

#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace rlab::ui {

class CardItem;
class NodeLaneItem;
class PodFieldItem;
class PodItem;
class PodLayerItem;

// The cluster picture: decodes the store's Deployments, ReplicaSets, Pods and Nodes (from a
// snapshot or from watch events) and keeps one item per object, laid out by CanvasLayout:
// ReplicaSet columns grouped under their Deployment (owner reference; revision annotation
// deployment.kubernetes.io/revision ascending, so the new ReplicaSet is rightmost and blue),
// node lanes below, each pod in the cell of its controller ReplicaSet × its spec.nodeName (or
// the "waiting for a node" lane). Slots (PodSlots) and lane heights are kept, never reshuffled.
// apply() animates; reset() and animate = false place everything at once. tick() advances every
// running tween by one frame and removes pods whose fade-out ended. Items carry the ObjectRef of
// their object in data(0..2) (kind, namespace, name). A reset() of kSliceKeys keys or more is
// built in slices (issue #17: 20,000 pods are handed over without a long frame): each tick()
// places the next kSliceMs worth of objects (hidden: nothing is painted before it has its
// place); once all are in, the next tick() lays out the cards and lanes, the ones after move
// the pods to their slots and then show everything, kShowChunk items per frame; events that
// arrive meanwhile are kept and applied after it (isResetting()). In presenter mode a picture
// wider than the view shows at the readable zoom is laid out compact (setAvailableWidth). GUI
// thread only.
class CanvasScene : public QGraphicsScene
{
    Q_OBJECT
public:
    explicit CanvasScene(QObject *parent = nullptr);
    ~CanvasScene() override;

    // Forgets everything and shows `kvs` at once (no fly-in), or in slices when there are
    // kSliceKeys keys or more (0: always, for tests). `virtualNowMs`: the cluster clock.
    void reset(const std::vector<view::KeyValue> &kvs, qint64 monotonicMs, qint64 virtualNowMs);
    // reset() from keys shared with their owner (the session's snapshot): a sliced reset keeps
    // the pointer, no copy of the keys on the GUI thread. The keys must not change meanwhile.
    void resetShared(std::shared_ptr<const std::vector<view::KeyValue>> kvs, qint64 monotonicMs, qint64 virtualNowMs);
    static constexpr qsizetype kSliceKeys = 2000;
    static constexpr int kSliceMs = 6;
    static constexpr std::size_t kShowChunk = 2500;   // items a reset shows per slice
    void setSliceThreshold(qsizetype keys) { m_sliceKeys = keys; }
    void setSliceMs(int ms) { m_sliceMs = ms; }   // 0: one chunk of 64 keys per slice (tests)
    bool isResetting() const { return m_resetKvs != nullptr; }
    // How many slices the last reset took (1: at once; sliced: the keys', the layout's, the showing's).
    int resetSlices() const { return m_resetSlices; }
    void apply(const std::vector<view::WatchEvent> &events);
    // One frame: tweens move by Motion::step(wall delta, virtual delta).
    // budgetMs >= 0: a reset's slice takes at most that long (the frame's budget left), down to
    // one chunk of 64 keys at 0.
    void tick(qint64 monotonicMs, qint64 virtualNowMs, int budgetMs = -1);

    // For tests and the view.
    int deploymentCardCount() const { return int(m_deployments.size()); }
    int replicaSetCardCount() const { return int(m_replicaSets.size()); }
    QList<PodItem *> podItems() const;
    PodItem *podItem(const QString &ns, const QString &name) const
    {
        const auto it = findPod(ns + QLatin1Char('/') + name);
        return it == m_pods.cend() ? nullptr : it->item;
    }
    CardItem *replicaSetCard(const QString &ns, const QString &name) const { return m_replicaSets.value(ns + QLatin1Char('/') + name).card; }
    CardItem *deploymentCard(const QString &ns, const QString &name) const { return m_deployments.value(ns + QLatin1Char('/') + name).card; }
    NodeLaneItem *laneOf(const QString &node) const { return node.isEmpty() ? m_waitingLane : m_nodes.value(node).lane; }
    // The lane a pod currently sits in ("" = waiting), and its slot there (-1: no such pod).
    QString podLane(const QString &ns, const QString &name) const
    {
        const auto it = findPod(ns + QLatin1Char('/') + name);
        return it == m_pods.cend() ? QString() : it->lane;
    }
    int podSlot(const QString &ns, const QString &name) const;
    // Every laid-out pod's target is its slot in the last layout: placing only the pods put in
    // another cell left none behind (Debug builds check it after every layout; tests too).
    bool podsAtTheirSlots() const;
    // Far zoom (the view's: a chip narrower than PodItem::kPlainBelowPx): every chip is painted
    // by one PodFieldItem, the PodItems (moved and animated as ever) are skipped by the view.
    void setFarZoom(bool far);
    bool isFarZoom() const { return m_farZoom; }
    // The pod whose chip is at `scenePos`, topmost first (at far zoom hit tests find no PodItem).
    const PodItem *podChipAt(const QPointF &scenePos) const;
    // Layouts that placed every pod, and those that placed only the pods put in another cell.
    struct PlacementCounts
    {
        int all = 0;
        int moved = 0;
    };
    PlacementCounts placementCounts() const { return m_placementCounts; }
    // Running tweens, and removed pods whose fade ended but whose chip is not dropped yet.
    int animatingCount() const { return m_anim.size() + int(m_faded.size()); }
    // At most this many faded-out pods are dropped per tick (issue #16: a rolling update's 1,250
    // old pods end their fade in one frame; dropping them and the layout after took ~13 ms).
    static constexpr int kDropsPerTick = 200;
    // Presenter mode (CanvasText): large type, taller cells (CanvasLayout::chipColumnsFor), the
    // wider gutter; relaid out at once.
    void setPresenter(bool on);
    // The cards' and lanes' words and every item's tooltip again in the installed language
    // (after a language switch), from the objects as they are now.
    void retranslate();
    bool isPresenter() const { return m_presenter; }
    // The picture's width the view shows at its least readable zoom, in scene units (presenter
    // mode): a picture wider than that is laid out compact (CanvasLayout's compact geometry,
    // empty old ReplicaSets folded, node names over their lanes). 0: no limit.
    void setAvailableWidth(double units);
    bool isCompact() const { return m_compact; }
    const CanvasLayout::Geometry &geometry() const { return m_geometry; }

private:
    struct PodState
    {
        std::shared_ptr<const api::Pod> pod;
        QString column;    // ReplicaSet key "ns/name", or "~unowned/ns"
        QString lane;      // node name, "" while unbound
        PodItem *item = nullptr;
        bool deleted = false;
        bool faded = false;   // deleted, its fade ended: waiting in m_faded to be dropped
        bool flyIn = false;   // new and animated: flies in from its ReplicaSet at the next layout
    };
    struct ColumnState
    {
        std::shared_ptr<const api::ReplicaSet> rs;   // null: pods of a ReplicaSet not (or no longer) stored
        QString deployment;                           // owner Deployment key, "" if none
        qint64 revision = 0;
        CardItem *card = nullptr;
        int chipCols = 2;                             // grows at once, shrinks at 2/3 (settle)
        int plannedCols = 2;                          // for spec.replicas spread over the nodes
        QHash<QString, PodSlots> cellSlots;               // by lane
        int pods = 0;
    };
    struct DeploymentState
    {
        std::shared_ptr<const api::Deployment> deployment;
        CardItem *card = nullptr;
    };
    struct NodeState
    {
        std::shared_ptr<const api::Node> node;
        NodeLaneItem *lane = nullptr;
        int rows = 1;   // grows at once, shrinks at 2/3 (CanvasLayout::settle)
        int pods = 0;
    };

    void helpEvent(QGraphicsSceneHelpEvent *event) override;
    void clearAll();
    // A sliced reset adds its items hidden (they have no place before the layout); the last
    // slice shows them all, laid out.
    void hideWhileResetting(QGraphicsItem *item) const;
    // A sliced reset's items, to show once laid out: the node lanes, the cards, then the pods.
    std::vector<QGraphicsItem *> itemsToShow() const;
    // One slice of a sliced reset: places reset keys until `budgetMs` have passed (at least
    // one); once the last is in, the next slice lays out the cards and lanes, the ones after
    // move the pods to their slots (still hidden) and then show everything, kShowChunk a slice;
    // the last applies the held events.
    void continueReset(int budgetMs);
    void put(const view::KeyValue &kv, bool animate);
    void remove(const QByteArray &etcdKey, bool animate);
    void putPod(const std::shared_ptr<const api::Pod> &pod, bool animate);
    void putReplicaSet(const std::shared_ptr<const api::ReplicaSet> &rs);
    void putDeployment(const std::shared_ptr<const api::Deployment> &d);
    void putNode(const std::shared_ptr<const api::Node> &n);
    void placePod(const QString &key, PodState &state, const QString &column, const QString &lane);
    void dropPod(const QString &key);
    // A chip for a new pod: a spare one shown again, or a new item added to the scene.
    PodItem *takeChip(const QString &name);
    // A removed pod's chip hidden and kept for the next pod (at most kMaxSpareChips).
    void keepChip(PodItem *item);
    static constexpr std::size_t kMaxSpareChips = 4096;
    ColumnState &column(const QString &key);
    static QString unownedPrefix();   // the column key of pods without a ReplicaSet
    void relayout(bool animate);   // canvasscenelayout.cpp
    // The pods of [from, to) moved to their slots in the last layout (m_geometry, m_laneIndex).
    void placePods(QMap<QString, PodState>::iterator from, QMap<QString, PodState>::iterator to, bool animate);
    // Every pod moved to its slot in the last layout, cell by cell (the new ones fly in first).
    void placeAllPods(bool animate);
    // Where the pod's slot is in the last layout; nullopt when its column has no place in it.
    std::optional<QPointF> slotTarget(const QString &key, const PodState &pod) const;

    // The slots of `column` in `lane` (empty if none), without copying them.
    static const PodSlots &cellOf(const ColumnState &column, const QString &lane);
    void refreshCards(bool animate);
    // The hover texts of the objects as stored now, in the installed language.
    static QString replicaSetTooltip(const QString &key, const api::ReplicaSet &rs);
    static QString deploymentTooltip(const QString &key, const api::Deployment &d);
    static QString nodeTooltip(const QString &key, const api::Node &n);

    QMap<QString, PodState> m_pods;   // in key order (the reset's slices walk it)
    // m_pods' nodes by key: a lookup in a tree of 5,000 keys sharing a long prefix was a third
    // of putPod (issue #16). QMap's nodes stay put while others come and go.
    QHash<QString, QMap<QString, PodState>::iterator> m_podIndex;
    QMap<QString, PodState>::iterator findPod(const QString &key) { return m_podIndex.value(key, m_pods.end()); }
    QMap<QString, PodState>::const_iterator findPod(const QString &key) const
    {
        const auto it = m_podIndex.constFind(key);
        return it == m_podIndex.cend() ? m_pods.cend() : QMap<QString, PodState>::const_iterator(*it);
    }
    int m_waitingPods = 0;   // pods of m_pods on no node's lane (placePod/dropPod keep it)
    QMap<QString, ColumnState> m_replicaSets;
    QMap<QString, DeploymentState> m_deployments;
    QMap<QString, NodeState> m_nodes;
    NodeLaneItem *m_waitingLane = nullptr;
    int m_waitingRows = 1;
    AnimationSet m_anim;
    CanvasLayout::Geometry m_geometry;
    QHash<QString, int> m_columnIndex;
    QHash<QString, int> m_laneIndex;   // by node name ("" the waiting lane), in the last layout
    // What every pod's place depends on beside its own column, lane and slot. A layout that
    // leaves it as it was moves only the pods put in another cell since the last one (a new
    // pod, a pod bound to a node): a rolling update of 5,000 pods adds a few per frame and
    // placing all 5,000 each time (five hash lookups apiece) was a third of its longest frames.
    struct PlacementBasis
    {
        std::vector<double> columnX, laneY;
        std::vector<int> chipCols;   // by column index
        double laneHeader = 0;
        QHash<QString, int> columns, lanes;
        bool operator==(const PlacementBasis &) const = default;
    };
    PlacementBasis m_placedWith;
    QSet<QString> m_placeMoved;   // pods put in another cell since the last placement
    bool m_placeAll = true;       // the next layout places every pod (a cell compacted, a reset)
    PlacementCounts m_placementCounts;
    // Hidden chips of removed pods, in the scene, for the next ones: removing an item from a
    // scene of 5,000 scans the scene's lists (its index, top-level items, pending updates) and
    // was a fifth of a rolling update's longest frames; a rolling update adds as it removes.
    std::vector<PodItem *> m_spareChips;
    // Pods whose removal fade ended, oldest first, dropped kDropsPerTick a tick. The item is only
    // compared with the pod's (never followed: another path may have dropped and freed it).
    struct Faded
    {
        QString key;
        const PodItem *item = nullptr;
    };
    std::deque<Faded> m_faded;
    void dropFaded();
    PodLayerItem *m_podLayer = nullptr;   // the parent of every PodItem
    PodFieldItem *m_podField = nullptr;   // paints them at far zoom
    bool m_farZoom = false;
    qint64 m_lastMonotonicMs = 0;
    qint64 m_lastVirtualMs = 0;
    bool m_layoutDirty = false;
    bool m_presenter = false;
    bool m_compact = false;
    double m_availableWidth = 0;
    std::shared_ptr<const std::vector<view::KeyValue>> m_resetKvs;   // a sliced reset in progress
    std::size_t m_resetNext = 0;
    bool m_resetLaidOut = false;   // the keys are all placed and laid out: the next slices show them
    bool m_podsLaidOutLater = false;   // relayout() leaves the pods to the reset's next slices
    QMap<QString, PodState>::iterator m_placeNext;   // the reset's pods not laid out yet, from here
    bool m_resetPlaced = false;   // ... and all are: m_toShow is what the next slices show
    std::vector<QGraphicsItem *> m_toShow;   // laid out, still hidden from m_showNext on
    std::size_t m_showNext = 0;
    std::vector<view::WatchEvent> m_held;   // arrived while resetting
    qsizetype m_sliceKeys = kSliceKeys;
    int m_resetSlices = 0;
    int m_sliceMs = kSliceMs;
};

} // namespace rlab::ui
