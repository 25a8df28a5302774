#include "ui/scene/canvasscene.h"

#include "ui/models/objectsummary.h"
#include "ui/scene/cardcontents.h"
#include "ui/scene/carditem.h"
#include "ui/scene/nodelaneitem.h"
#include "ui/scene/phasecolors.h"
#include "ui/scene/poditem.h"
#include "ui/theme.h"

#include <algorithm>

namespace rlab::ui {

namespace {

const QString kRevisionAnnotation = QStringLiteral("deployment.kubernetes.io/revision");
const QString kUnowned = QStringLiteral("~unowned/");

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

CanvasScene::CanvasScene(QObject *parent)
    : QGraphicsScene(parent)
{
    // Thousands of items that move together: a BSP index would be rebuilt every frame.
    setItemIndexMethod(QGraphicsScene::NoIndex);
    setBackgroundBrush(QColor(0xf3, 0xf4, 0xf6));
    m_waitingLane = new NodeLaneItem;
    m_waitingLane->setLook({tr("Unscheduled"), tr("0 pods waiting"), true, true});
    addItem(m_waitingLane);
    relayout(false);
}

CanvasScene::~CanvasScene() = default;

void CanvasScene::clearAll()
{
    for (PodState &p : m_pods)
        delete p.item;
    for (ColumnState &c : m_replicaSets)
        delete c.card;
    for (DeploymentState &d : m_deployments)
        delete d.card;
    for (NodeState &n : m_nodes)
        delete n.lane;
    m_pods.clear();
    m_replicaSets.clear();
    m_deployments.clear();
    m_nodes.clear();
    m_anim.clear();
    m_waitingRows = 1;
}

void CanvasScene::reset(const std::vector<view::KeyValue> &kvs, qint64 monotonicMs, qint64 virtualNowMs)
{
    clearAll();
    for (const view::KeyValue &kv : kvs)
        put(kv, false);
    relayout(false);
    refreshCards(false);
    m_lastMonotonicMs = monotonicMs;
    m_lastVirtualMs = virtualNowMs;
}

void CanvasScene::apply(const std::vector<view::WatchEvent> &events)
{
    for (const view::WatchEvent &e : events) {
        if (e.type == view::WatchEvent::Put)
            put(e.kv, true);
        else
            remove(e.kv.key, true);
    }
    if (m_layoutDirty)
        relayout(true);
    refreshCards(true);
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
        auto it = m_pods.find(key);
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
        const qsizetype slash = key.indexOf(QLatin1Char('/'));
        if (!key.startsWith(kUnowned))
            tag(it->card, QStringLiteral("ReplicaSet"), key.left(slash), key.mid(slash + 1));
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
        auto old = m_replicaSets.find(state.column);
        if (old != m_replicaSets.end()) {
            old->cellSlots[state.lane].release(key);
            --old->pods;
        }
        if (auto n = m_nodes.find(state.lane); n != m_nodes.end())
            --n->pods;
    }
    ColumnState &col = column(columnKey);
    col.cellSlots[lane].acquire(key);
    ++col.pods;
    if (auto n = m_nodes.find(lane); n != m_nodes.end())
        ++n->pods;
    state.column = columnKey;
    state.lane = lane;
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
    auto it = m_pods.find(key);
    const bool fresh = it == m_pods.end();
    if (fresh) {
        it = m_pods.insert(key, PodState{});
        it->item = new PodItem(pod->metadata.name);
        tag(it->item, QStringLiteral("Pod"), pod->metadata.namespace_, pod->metadata.name);
        it->item->setData(3, animate);   // to fly in from its ReplicaSet at the next layout
        addItem(it->item);
    }
    it->pod = pod;
    placePod(key, *it, columnKey, lane);
    const PodStage stage = PhaseColors::stageOf(*pod);
    it->item->setStage(stage, animate && !fresh);
    if (stage == PodStage::Terminating)
        it->item->fadeTo(0.45, 0.92, animate);
    it->item->setToolTip(CardContents::podTooltip(*pod));
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
    col.plannedCols = CanvasLayout::chipColumnsFor((rs->replicas() + nodes - 1) / nodes);
    const int cols = std::max(col.chipCols, col.plannedCols);
    if (!col.rs || deployment != col.deployment || revision != col.revision || cols != col.chipCols)
        m_layoutDirty = true;
    col.rs = rs;
    col.deployment = deployment;
    col.revision = revision;
    col.chipCols = cols;
    col.card->setToolTip(QStringLiteral("ReplicaSet %1\n%2").arg(keyOf(*rs), ObjectSummary::explanation(*rs)));
}

void CanvasScene::putDeployment(const std::shared_ptr<const api::Deployment> &d)
{
    const QString key = keyOf(*d);
    auto it = m_deployments.find(key);
    if (it == m_deployments.end()) {
        it = m_deployments.insert(key, DeploymentState{});
        it->card = new CardItem;
        tag(it->card, QStringLiteral("Deployment"), d->metadata.namespace_, d->metadata.name);
        addItem(it->card);
        m_layoutDirty = true;
    }
    it->deployment = d;
    QString tip = QStringLiteral("Deployment %1\n%2").arg(key, ObjectSummary::explanation(*d));
    for (const api::Condition &c : d->status.conditions)
        tip += QStringLiteral("\n%1 %2: %3").arg(c.type, c.status, c.reason);
    it->card->setToolTip(tip);
}

void CanvasScene::putNode(const std::shared_ptr<const api::Node> &n)
{
    const QString key = n->metadata.name;
    auto it = m_nodes.find(key);
    if (it == m_nodes.end()) {
        it = m_nodes.insert(key, NodeState{});
        it->lane = new NodeLaneItem;
        tag(it->lane, QStringLiteral("Node"), QString(), key);
        addItem(it->lane);
        m_layoutDirty = true;
        for (auto p = m_pods.begin(); p != m_pods.end(); ++p) {
            if (p->lane.isEmpty() && p->pod && p->pod->spec.nodeName == key)
                placePod(p.key(), *p, p->column, key);
        }
    }
    it->node = n;
    it->lane->setToolTip(QStringLiteral("Node %1\n%2").arg(key, ObjectSummary::status(*n)));
}

void CanvasScene::dropPod(const QString &key)
{
    auto it = m_pods.find(key);
    if (it == m_pods.end())
        return;
    auto col = m_replicaSets.find(it->column);
    if (col != m_replicaSets.end()) {
        col->cellSlots[it->lane].release(key);
        if (--col->pods == 0 && !col->rs) {
            m_anim.remove(col->card);
            delete col->card;
            m_replicaSets.erase(col);
        }
    }
    if (auto n = m_nodes.find(it->lane); n != m_nodes.end())
        --n->pods;
    m_anim.remove(it->item);
    delete it->item;
    m_pods.erase(it);
    m_layoutDirty = true;
}

void CanvasScene::relayout(bool animate)
{
    m_layoutDirty = false;
    // Columns: ReplicaSets grouped by Deployment, by revision; a Deployment without any
    // ReplicaSet yet still gets an (empty) column for its card.
    struct Ref
    {
        QString group, column;   // column "" = a Deployment's placeholder
        qint64 revision = 0;
    };
    std::vector<Ref> refs;
    QSet<QString> groupsWithColumns;
    for (auto it = m_replicaSets.cbegin(); it != m_replicaSets.cend(); ++it) {
        const QString group = it->deployment.isEmpty() ? QStringLiteral("~") + it.key() : it->deployment;
        refs.push_back({group, it.key(), it->revision});
        groupsWithColumns.insert(group);
    }
    for (auto it = m_deployments.cbegin(); it != m_deployments.cend(); ++it) {
        if (!groupsWithColumns.contains(it.key()))
            refs.push_back({it.key(), QString(), 0});
    }
    std::sort(refs.begin(), refs.end(), [](const Ref &a, const Ref &b) {
        return std::tie(a.group, a.revision, a.column) < std::tie(b.group, b.revision, b.column);
    });

    QStringList nodeOrder = m_nodes.keys();
    std::sort(nodeOrder.begin(), nodeOrder.end(), CanvasLayout::naturalLess);

    std::vector<CanvasLayout::Column> columns;
    m_columnIndex.clear();
    int waitingRows = 0;
    std::vector<int> laneRows(std::size_t(nodeOrder.size()) + 1, 1);
    for (std::size_t i = 0; i < refs.size(); ++i) {
        CanvasLayout::Column c;
        c.startsGroup = i > 0 && refs[i].group != refs[i - 1].group;
        if (!refs[i].column.isEmpty()) {
            ColumnState &col = m_replicaSets[refs[i].column];
            // After a big scale-down a cell is mostly holes: its pods close ranks (animated).
            for (PodSlots &cell : col.cellSlots)
                cell.compactIfSparse();
            int fullest = 0;
            for (const QString &n : nodeOrder)
                fullest = std::max(fullest, col.cellSlots.value(n).extent());
            col.chipCols = CanvasLayout::settle(col.chipCols, std::max(col.plannedCols, CanvasLayout::chipColumnsFor(fullest)));
            c.chipCols = col.chipCols;
            waitingRows = std::max(waitingRows, col.cellSlots.value(QString()).extent() > 0
                                                    ? CanvasLayout::rowsFor(col.cellSlots.value(QString()).extent(), col.chipCols)
                                                    : 0);
            for (qsizetype n = 0; n < nodeOrder.size(); ++n)
                laneRows[std::size_t(n) + 1] = std::max(laneRows[std::size_t(n) + 1],
                                                        CanvasLayout::rowsFor(col.cellSlots.value(nodeOrder[n]).extent(), col.chipCols));
            m_columnIndex.insert(refs[i].column, int(i));
        }
        columns.push_back(c);
    }
    // Node lanes grow at once and shrink at two thirds (CanvasLayout::settle); the waiting lane
    // grows while pods wait and folds back once empty.
    m_waitingRows = waitingRows == 0 ? 1 : std::max(m_waitingRows, waitingRows);
    laneRows[0] = m_waitingRows;
    for (qsizetype n = 0; n < nodeOrder.size(); ++n) {
        NodeState &ns = m_nodes[nodeOrder[n]];
        ns.rows = CanvasLayout::settle(ns.rows, laneRows[std::size_t(n) + 1]);
        laneRows[std::size_t(n) + 1] = ns.rows;
    }
    m_geometry = CanvasLayout::compute(columns, laneRows);
    const CanvasLayout::Geometry &g = m_geometry;

    // Cards.
    for (std::size_t i = 0; i < refs.size(); ++i) {
        if (!refs[i].column.isEmpty())
            m_replicaSets[refs[i].column].card->setTargetRect(CanvasLayout::replicaSetCard(g, int(i)), animate);
        if (i + 1 == refs.size() || refs[i + 1].group != refs[i].group) {
            std::size_t first = i;
            while (first > 0 && refs[first - 1].group == refs[i].group)
                --first;
            auto d = m_deployments.find(refs[i].group);
            if (d != m_deployments.end())
                d->card->setTargetRect(CanvasLayout::deploymentCard(g, int(first), int(i)), animate);
        }
    }
    // Lanes and their cells.
    std::vector<std::pair<double, double>> cells;
    for (std::size_t i = 0; i < refs.size(); ++i) {
        if (!refs[i].column.isEmpty())
            cells.emplace_back(g.columnX[i], g.columnW[i]);
    }
    const double laneW = g.sceneRect.width() - 2 * CanvasLayout::kMargin;
    m_waitingLane->setGeometry(QRectF(CanvasLayout::kMargin, g.laneY[0], laneW, g.laneH[0]), cells, animate);
    QHash<QString, int> laneIndex;
    laneIndex.insert(QString(), 0);
    for (qsizetype n = 0; n < nodeOrder.size(); ++n) {
        laneIndex.insert(nodeOrder[n], int(n) + 1);
        m_nodes[nodeOrder[n]].lane->setGeometry(
            QRectF(CanvasLayout::kMargin, g.laneY[std::size_t(n) + 1], laneW, g.laneH[std::size_t(n) + 1]), cells, animate);
    }
    if (animate) {
        m_anim.add(m_waitingLane);
        for (NodeState &ns : m_nodes)
            m_anim.add(ns.lane);
        for (ColumnState &c : m_replicaSets)
            m_anim.add(c.card);
        for (DeploymentState &d : m_deployments)
            m_anim.add(d.card);
    }
    // Pods: their slot in their cell; a newcomer flies in from its ReplicaSet card.
    for (auto it = m_pods.begin(); it != m_pods.end(); ++it) {
        const int ci = m_columnIndex.value(it->column, -1);
        if (ci < 0)
            continue;
        const ColumnState &col = m_replicaSets[it->column];
        const int slot = col.cellSlots.value(it->lane).slotOf(it.key());
        const std::size_t li = std::size_t(laneIndex.value(it->lane, 0));
        const QPointF target = QPointF(g.columnX[std::size_t(ci)], g.laneY[li]) + CanvasLayout::chipOffset(std::max(slot, 0), col.chipCols);
        PodItem *item = it->item;
        if (item->data(3).toBool()) {
            item->setData(3, false);
            const QRectF card = CanvasLayout::replicaSetCard(g, ci);
            item->moveTo(QPointF(card.center().x() - CanvasLayout::kChipW / 2, card.bottom() - CanvasLayout::kChipH), false);
            item->fadeTo(0.0, 0.3, false);
            item->fadeTo(1.0, 1.0, true);
        }
        if (item->targetPos() != target || item->isAnimating()) {
            item->moveTo(target, animate);
            if (animate)
                m_anim.add(item);
        }
    }
    setSceneRect(g.sceneRect);
}

void CanvasScene::refreshCards(bool animate)
{
    // The new ReplicaSet of a Deployment: the highest revision among its ReplicaSets.
    QHash<QString, qint64> newest;
    for (const ColumnState &c : std::as_const(m_replicaSets)) {
        if (c.rs && !c.deployment.isEmpty())
            newest[c.deployment] = std::max(newest.value(c.deployment, 0), c.revision);
    }
    for (auto it = m_replicaSets.begin(); it != m_replicaSets.end(); ++it) {
        CardContent content;
        content.kind = QStringLiteral("ReplicaSet");
        if (!it->rs) {
            content.title = it.key().startsWith(kUnowned) ? tr("Pods without a ReplicaSet") : it.key().section(QLatin1Char('/'), 1);
            content.detail = it.key().startsWith(kUnowned) ? tr("namespace %1").arg(it.key().mid(kUnowned.size())) : tr("deleted");
            content.accent = theme::muted();
            content.faded = true;
        } else {
            const bool isNew = it->deployment.isEmpty() || it->revision >= newest.value(it->deployment, 0);
            content = CardContents::replicaSet(*it->rs, it->revision, isNew);
        }
        it->card->setContent(content, animate);
        if (animate && it->card->isAnimating())
            m_anim.add(it->card);
    }
    for (auto it = m_deployments.begin(); it != m_deployments.end(); ++it) {
        const CardContent content = CardContents::deployment(*it->deployment);
        it->card->setContent(content, animate);
        if (animate && it->card->isAnimating())
            m_anim.add(it->card);
    }
    for (auto it = m_nodes.begin(); it != m_nodes.end(); ++it) {
        const bool ready = it->node && it->node->isReady();
        it->lane->setLook({it.key(),
                           (ready ? tr("Ready") : tr("NotReady")) + QStringLiteral(" · ") + (it->pods == 1 ? tr("1 pod") : tr("%1 pods").arg(it->pods)),
                           ready, false});
    }
    const int waiting = int(std::count_if(m_pods.cbegin(), m_pods.cend(), [](const PodState &p) { return p.lane.isEmpty(); }));
    m_waitingLane->setLook({tr("Unscheduled"), waiting == 1 ? tr("1 pod waiting") : tr("%1 pods waiting").arg(waiting), true, true});
}

void CanvasScene::tick(qint64 monotonicMs, qint64 virtualNowMs)
{
    const double dt = Motion::step(double(monotonicMs - m_lastMonotonicMs), double(virtualNowMs - m_lastVirtualMs));
    m_lastMonotonicMs = monotonicMs;
    m_lastVirtualMs = virtualNowMs;
    if (dt <= 0)
        return;
    for (PodItem *item : m_anim.advance(dt))
        dropPod(item->data(1).toString() + QLatin1Char('/') + item->data(2).toString());
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
    const auto it = m_pods.constFind(ns + QLatin1Char('/') + name);
    if (it == m_pods.cend())
        return -1;
    const auto col = m_replicaSets.constFind(it->column);
    return col == m_replicaSets.cend() ? -1 : col->cellSlots.value(it->lane).slotOf(it.key());
}

} // namespace rlab::ui
