#include "ui/scene/canvasscene.h"

#include "ui/models/objectsummary.h"
#include "ui/scene/cardcontents.h"
#include "ui/scene/carditem.h"
#include "ui/scene/nodelaneitem.h"
#include "ui/scene/phasecolors.h"
#include "ui/scene/podfielditem.h"
#include "ui/scene/poditem.h"
#include "ui/scene/podlayeritem.h"
#include "ui/theme.h"

#include <QElapsedTimer>
#include <QGraphicsSceneHelpEvent>
#include <QGraphicsView>
#include <QToolTip>
#include <algorithm>
#include <utility>

namespace rlab::ui {

namespace {

const QString kRevisionAnnotation = QStringLiteral("deployment.kubernetes.io/revision");
const QString kUnowned = QStringLiteral("~unowned/");
const QByteArray kPodsPrefix = QByteArrayLiteral("/registry/pods/");

QString keyOf(const api::Object &o)
{
    return o.metadata.namespace_.isEmpty() ? o.metadata.name : o.metadata.namespace_ + QLatin1Char('/') + o.metadata.name;
}

void tag(QGraphicsItem *item, const QString &kind, const QString &ns, const QString &name)
{
    item->setData(0, kind);
    item->setData(1, ns);
    item->setData(2, name);
}

} // namespace

QString CanvasScene::unownedPrefix()
{
    return kUnowned;
}

CanvasScene::CanvasScene(QObject *parent)
    : QGraphicsScene(parent)
{
    // Thousands of items that move together: a BSP index would be rebuilt every frame.
    setItemIndexMethod(QGraphicsScene::NoIndex);
    setBackgroundBrush(QColor(0xf3, 0xf4, 0xf6));
    m_waitingLane = new NodeLaneItem;
    m_waitingLane->setLook({tr("Unscheduled"), tr("0 pods waiting"), tr("0 pods waiting"), true, true});
    addItem(m_waitingLane);
    m_podLayer = new PodLayerItem;
    addItem(m_podLayer);
    m_podField = new PodFieldItem(m_podLayer);
    addItem(m_podField);
    relayout(false);
}

void CanvasScene::helpEvent(QGraphicsSceneHelpEvent *event)
{
    // A pod's hover text is made now, from the pod as stored (building it on every write of
    // every pod was a third of CanvasScene::putPod). At far zoom the chips are not items the
    // scene's own help finds: podChipAt.
    const PodItem *pod = nullptr;
    if (m_farZoom) {
        pod = podChipAt(event->scenePos());
    } else {
        const QList<QGraphicsItem *> under = items(event->scenePos(), Qt::IntersectsItemShape, Qt::DescendingOrder,
                                                   views().isEmpty() ? QTransform() : views().first()->transform());
        if (!under.isEmpty())
            pod = dynamic_cast<const PodItem *>(under.first());
    }
    if (const QString text = pod ? pod->hoverText() : QString(); !text.isEmpty()) {
        QToolTip::showText(event->screenPos(), text, event->widget());
        event->accept();
        return;
    }
    QGraphicsScene::helpEvent(event);
}

CanvasScene::~CanvasScene() = default;

void CanvasScene::clearAll()
{
    for (PodState &p : m_pods)
        delete p.item;
    for (PodItem *item : m_spareChips)
        delete item;
    m_spareChips.clear();
    for (ColumnState &c : m_replicaSets)
        delete c.card;
    for (DeploymentState &d : m_deployments)
        delete d.card;
    for (NodeState &n : m_nodes)
        delete n.lane;
    m_pods.clear();
    m_podIndex.clear();
    m_waitingPods = 0;
    m_replicaSets.clear();
    m_deployments.clear();
    m_nodes.clear();
    m_anim.clear();
    m_faded.clear();
    m_waitingRows = 1;
    m_placeMoved.clear();
    m_placeAll = true;
}

void CanvasScene::apply(const std::vector<view::WatchEvent> &events)
{
    if (m_resetKvs) {
        m_held.insert(m_held.end(), events.begin(), events.end());
        return;
    }
    bool pods = false;
    for (const view::WatchEvent &e : events) {
        pods = pods || e.kv.key.startsWith(kPodsPrefix);
        if (e.type == view::WatchEvent::Put)
            put(e.kv, true);
        else
            remove(e.kv.key, true);
    }
    if (m_layoutDirty)
        relayout(true);
    refreshCards(true);
    // The detached chips do not ask for it themselves; only pods' writes change them (a layout
    // that moves them asks for it). Other writes left the field alone: the view repaints all of
    // it on any item's update, 20,000 chips in a restored lab (~8 ms) for a Deployment's status
    // write per frame that changed nothing shown (issue #17).
    if (m_farZoom && pods)
        m_podField->update();
}

void CanvasScene::put(const view::KeyValue &kv, bool animate)
{
    if (!kv.value)
        return;
    if (auto pod = api::objectCast<api::Pod>(kv.value))
        putPod(pod, animate);
    else if (auto rs = api::objectCast<api::ReplicaSet>(kv.value))
        putReplicaSet(rs);
    else if (auto d = api::objectCast<api::Deployment>(kv.value))
        putDeployment(d);
    else if (auto n = api::objectCast<api::Node>(kv.value))
        putNode(n);
}

void CanvasScene::remove(const QByteArray &etcdKey, bool animate)
{
    // /registry/<resource>/<ns>/<name> or /registry/minions/<name>
    const QList<QByteArray> parts = etcdKey.split('/');
    if (parts.size() < 4)
        return;
    const QByteArray resource = parts[2];
    const QString key = QString::fromUtf8(parts.size() >= 5 ? parts[3] + '/' + parts[4] : parts[3]);
    if (resource == "pods") {
        auto it = findPod(key);
        if (it == m_pods.end())
            return;
        if (!animate) {
            dropPod(key);
            return;
        }
        it->deleted = true;
        it->item->removing = true;
        it->item->setStage(PodStage::Terminating, true);
        it->item->fadeTo(0.0, 0.4, true);
        m_anim.add(it->item);
    } else if (resource == "replicasets") {
        auto it = m_replicaSets.find(key);
        if (it == m_replicaSets.end())
            return;
        it->rs.reset();
        if (it->pods == 0) {
            delete it->card;
            m_replicaSets.erase(it);
        }
        m_layoutDirty = true;
    } else if (resource == "deployments") {
        auto it = m_deployments.find(key);
        if (it == m_deployments.end())
            return;
        m_anim.remove(it->card);
        delete it->card;
        m_deployments.erase(it);
        m_layoutDirty = true;
    } else if (resource == "minions") {
        auto it = m_nodes.find(key);
        if (it == m_nodes.end())
            return;
        m_anim.remove(it->lane);
        delete it->lane;
        m_nodes.erase(it);
        for (auto p = m_pods.begin(); p != m_pods.end(); ++p) {
            if (p->lane == key)
                placePod(p.key(), *p, p->column, QString());
        }
        m_layoutDirty = true;
    }
}

CanvasScene::ColumnState &CanvasScene::column(const QString &key)
{
    auto it = m_replicaSets.find(key);
    if (it == m_replicaSets.end()) {
        it = m_replicaSets.insert(key, ColumnState{});
        it->card = new CardItem;
        it->card->setPresenter(m_presenter);
        const qsizetype slash = key.indexOf(QLatin1Char('/'));
        if (!key.startsWith(kUnowned))
            tag(it->card, QStringLiteral("ReplicaSet"), key.left(slash), key.mid(slash + 1));
        hideWhileResetting(it->card);
        addItem(it->card);
        m_layoutDirty = true;
    }
    return *it;
}

void CanvasScene::placePod(const QString &key, PodState &state, const QString &columnKey, const QString &lane)
{
    if (state.item && state.column == columnKey && state.lane == lane && !state.column.isEmpty())
        return;
    if (!state.column.isEmpty()) {
        if (state.lane.isEmpty())
            --m_waitingPods;
        auto old = m_replicaSets.find(state.column);
        if (old != m_replicaSets.end()) {
            old->cellSlots[state.lane].release(key);
            --old->pods;
        }
        if (auto n = m_nodes.find(state.lane); n != m_nodes.end())
            --n->pods;
    }
    ColumnState &col = column(columnKey);
    col.cellSlots[lane].acquire(key, state.item);
    ++col.pods;
    if (auto n = m_nodes.find(lane); n != m_nodes.end())
        ++n->pods;
    state.column = columnKey;
    state.lane = lane;
    if (lane.isEmpty())
        ++m_waitingPods;
    m_placeMoved.insert(key);
    m_layoutDirty = true;
}

void CanvasScene::putPod(const std::shared_ptr<const api::Pod> &pod, bool animate)
{
    const QString key = keyOf(*pod);
    const api::OwnerReference *ref = pod->metadata.controllerRef();
    const QString columnKey = (ref && ref->kind == QLatin1String("ReplicaSet"))
                                  ? pod->metadata.namespace_ + QLatin1Char('/') + ref->name
                                  : kUnowned + pod->metadata.namespace_;
    const QString lane = m_nodes.contains(pod->spec.nodeName) ? pod->spec.nodeName : QString();
    auto it = findPod(key);
    const bool fresh = it == m_pods.end();
    if (fresh) {
        it = m_pods.insert(key, PodState{});
        m_podIndex.insert(key, it);
        it->item = takeChip(pod->metadata.name);
        it->item->setPresenter(m_presenter);
        tag(it->item, QStringLiteral("Pod"), pod->metadata.namespace_, pod->metadata.name);
        hideWhileResetting(it->item);
    }
    if (fresh)
        it->flyIn = animate;   // to fly in from its ReplicaSet at the next layout
    if (it->deleted) {   // put again under its name while fading out (a bare pod recreated)
        it->deleted = false;
        it->faded = false;
        it->item->removing = false;
        it->item->fadeTo(1.0, 1.0, animate);
    }
    it->pod = pod;
    placePod(key, *it, columnKey, lane);
    const PodStage stage = PhaseColors::stageOf(*pod);
    it->item->setStage(stage, animate && !fresh);
    if (stage == PodStage::Terminating)   // faded; in presenter mode its name stays readable from the back row
        it->item->fadeTo(m_presenter ? 0.75 : 0.45, 0.92, animate);
    it->item->setPod(pod);   // its hover text is made on hover (helpEvent)
    if (animate && it->item->isAnimating())
        m_anim.add(it->item);
}

void CanvasScene::putReplicaSet(const std::shared_ptr<const api::ReplicaSet> &rs)
{
    ColumnState &col = column(keyOf(*rs));
    const api::OwnerReference *ref = rs->metadata.controllerRef();
    const QString deployment = (ref && ref->kind == QLatin1String("Deployment")) ? rs->metadata.namespace_ + QLatin1Char('/') + ref->name
                                                                                 : QString();
    const qint64 revision = rs->metadata.annotations.value(kRevisionAnnotation).toLongLong();
    const int nodes = std::max<int>(1, int(m_nodes.size()));
    // Sized for what the ReplicaSet will hold, so a scale-up does not reflow pod after pod.
    col.plannedCols = CanvasLayout::chipColumnsFor((rs->replicas() + nodes - 1) / nodes, m_presenter);
    const int cols = std::max(col.chipCols, col.plannedCols);
    if (!col.rs || deployment != col.deployment || revision != col.revision || cols != col.chipCols)
        m_layoutDirty = true;
    if (m_compact && col.rs && (col.rs->replicas() == 0) != (rs->replicas() == 0))
        m_layoutDirty = true;   // it may fold or unfold
    col.rs = rs;
    col.deployment = deployment;
    col.revision = revision;
    col.chipCols = cols;
    col.card->setToolTip(replicaSetTooltip(keyOf(*rs), *rs));
}

void CanvasScene::putDeployment(const std::shared_ptr<const api::Deployment> &d)
{
    const QString key = keyOf(*d);
    auto it = m_deployments.find(key);
    if (it == m_deployments.end()) {
        it = m_deployments.insert(key, DeploymentState{});
        it->card = new CardItem;
        it->card->setPresenter(m_presenter);
        tag(it->card, QStringLiteral("Deployment"), d->metadata.namespace_, d->metadata.name);
        hideWhileResetting(it->card);
        addItem(it->card);
        m_layoutDirty = true;
    }
    it->deployment = d;
    it->card->setToolTip(deploymentTooltip(key, *d));
}

void CanvasScene::putNode(const std::shared_ptr<const api::Node> &n)
{
    const QString key = n->metadata.name;
    auto it = m_nodes.find(key);
    if (it == m_nodes.end()) {
        it = m_nodes.insert(key, NodeState{});
        it->lane = new NodeLaneItem;
        it->lane->setPresenter(m_presenter);
        tag(it->lane, QStringLiteral("Node"), QString(), key);
        hideWhileResetting(it->lane);
        addItem(it->lane);
        m_layoutDirty = true;
        for (auto p = m_pods.begin(); p != m_pods.end(); ++p) {
            if (p->lane.isEmpty() && p->pod && p->pod->spec.nodeName == key)
                placePod(p.key(), *p, p->column, key);
        }
    }
    it->node = n;
    it->lane->setToolTip(nodeTooltip(key, *n));
}

QString CanvasScene::replicaSetTooltip(const QString &key, const api::ReplicaSet &rs)
{
    return QStringLiteral("ReplicaSet %1\n%2").arg(key, ObjectSummary::explanation(rs));
}

QString CanvasScene::deploymentTooltip(const QString &key, const api::Deployment &d)
{
    QString tip = QStringLiteral("Deployment %1\n%2").arg(key, ObjectSummary::explanation(d));
    for (const api::Condition &c : d.status.conditions)
        tip += QStringLiteral("\n%1 %2: %3").arg(c.type, c.status, c.reason);
    return tip;
}

QString CanvasScene::nodeTooltip(const QString &key, const api::Node &n)
{
    return QStringLiteral("Node %1\n%2").arg(key, ObjectSummary::status(n));
}

void CanvasScene::retranslate()
{
    refreshCards(false);
    // Tooltips are texts set when an object last changed: set again, or an object that does not
    // change keeps the old language under the mouse (a pod's is made on hover, in the language
    // of then).
    for (auto it = m_replicaSets.cbegin(); it != m_replicaSets.cend(); ++it)
        if (it->rs && it->card)
            it->card->setToolTip(replicaSetTooltip(it.key(), *it->rs));
    for (auto it = m_deployments.cbegin(); it != m_deployments.cend(); ++it)
        if (it->deployment && it->card)
            it->card->setToolTip(deploymentTooltip(it.key(), *it->deployment));
    for (auto it = m_nodes.cbegin(); it != m_nodes.cend(); ++it)
        if (it->node && it->lane)
            it->lane->setToolTip(nodeTooltip(it.key(), *it->node));
}

void CanvasScene::dropPod(const QString &key)
{
    auto it = findPod(key);
    if (it == m_pods.end())
        return;
    auto col = m_replicaSets.find(it->column);
    if (col != m_replicaSets.end()) {
        col->cellSlots[it->lane].release(key);
        if (--col->pods == 0 && m_compact)
            m_layoutDirty = true;   // an empty old ReplicaSet folds
        if (col->pods == 0 && !col->rs) {
            m_anim.remove(col->card);
            delete col->card;
            m_replicaSets.erase(col);
        }
    }
    if (auto n = m_nodes.find(it->lane); n != m_nodes.end())
        --n->pods;
    if (!it->column.isEmpty() && it->lane.isEmpty())
        --m_waitingPods;
    m_anim.remove(it->item);
    keepChip(it->item);
    m_podIndex.remove(key);
    m_pods.erase(it);
    m_layoutDirty = true;
}

void CanvasScene::tick(qint64 monotonicMs, qint64 virtualNowMs, int budgetMs)
{
    if (m_resetKvs) {
        m_lastMonotonicMs = monotonicMs;
        m_lastVirtualMs = virtualNowMs;
        continueReset(budgetMs < 0 ? m_sliceMs : qMin(m_sliceMs, budgetMs));
        if (m_farZoom)
            m_podField->update();   // chips shown and placed: detached, they do not ask for it
        return;
    }
    const double dt = Motion::step(double(monotonicMs - m_lastMonotonicMs), double(virtualNowMs - m_lastVirtualMs));
    m_lastMonotonicMs = monotonicMs;
    m_lastVirtualMs = virtualNowMs;
    if (dt <= 0)
        return;
    if (m_farZoom && (m_anim.size() > 0 || !m_faded.empty()))
        m_podField->update();   // the detached chips do not ask for it themselves
    for (PodItem *item : m_anim.advance(dt)) {
        // Once: a layout may move a faded chip still waiting (its cell compacting) and its
        // move ends here again.
        QString key = item->data(1).toString() + QLatin1Char('/') + item->data(2).toString();
        if (const auto it = findPod(key); it != m_pods.end() && it->item == item && it->deleted && !it->faded) {
            it->faded = true;
            m_faded.push_back({std::move(key), item});
        }
    }
    dropFaded();
    if (m_layoutDirty) {
        relayout(true);
        refreshCards(true);
    }
}

QList<PodItem *> CanvasScene::podItems() const
{
    QList<PodItem *> items;
    items.reserve(m_pods.size());
    for (const PodState &p : m_pods)
        items << p.item;
    return items;
}

int CanvasScene::podSlot(const QString &ns, const QString &name) const
{
    const auto it = findPod(ns + QLatin1Char('/') + name);
    if (it == m_pods.cend())
        return -1;
    const auto col = m_replicaSets.constFind(it->column);
    return col == m_replicaSets.cend() ? -1 : cellOf(*col, it->lane).slotOf(it.key());
}

} // namespace rlab::ui
