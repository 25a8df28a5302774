// CanvasScene's layout pass (split from canvasscene.cpp): relayout() places the Deployment and
// ReplicaSet cards, the node lanes and every pod slot from the scene's state (CanvasLayout does
// the arithmetic), and refreshCards() rewrites the cards' contents. GUI thread only.
#include "ui/scene/canvasscene.h"

#include "ui/models/objectsummary.h"
#include "ui/scene/cardcontents.h"
#include "ui/scene/carditem.h"
#include "ui/scene/nodelaneitem.h"
#include "ui/scene/phasecolors.h"
#include "ui/scene/podfielditem.h"
#include "ui/scene/poditem.h"
#include "ui/theme.h"

#include <QCoreApplication>
#include <algorithm>

namespace rlab::ui {

const PodSlots &CanvasScene::cellOf(const ColumnState &column, const QString &lane)
{
    // By reference: QHash::value() would copy the cell (its slot vector) for every pod.
    static const PodSlots none;
    const auto it = column.cellSlots.constFind(lane);
    return it == column.cellSlots.cend() ? none : *it;
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
                if (cell.compactIfSparse())
                    m_placeAll = true;
            int fullest = 0;
            for (const QString &n : nodeOrder)
                fullest = std::max(fullest, cellOf(col, n).extent());
            col.chipCols = CanvasLayout::settle(col.chipCols, std::max(col.plannedCols, CanvasLayout::chipColumnsFor(fullest, m_presenter)));
            c.chipCols = col.chipCols;
            // As wide as the card's title needs: "nginx-7c5ddbdf54" whole in presenter type.
            // (From the stored object: refreshCards() writes the card's content after this pass.)
            if (col.rs)
                c.minWidth = CardItem::widthForTitle(col.rs->metadata.name,
                                                     col.revision > 0 ? QCoreApplication::translate("rlab::ui::CardContents", "rev %1").arg(col.revision) : QString(),
                                                     m_presenter);
            waitingRows = std::max(waitingRows, cellOf(col, QString()).extent() > 0
                                                    ? CanvasLayout::rowsFor(cellOf(col, QString()).extent(), col.chipCols)
                                                    : 0);
            for (qsizetype n = 0; n < nodeOrder.size(); ++n)
                laneRows[std::size_t(n) + 1] = std::max(laneRows[std::size_t(n) + 1],
                                                        CanvasLayout::rowsFor(cellOf(col, nodeOrder[n]).extent(), col.chipCols));
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
    if (m_presenter && waitingRows == 0)
        laneRows[0] = 0;   // nobody waits: presenter mode gives the lane's room to the nodes
    m_geometry = CanvasLayout::compute(columns, laneRows, m_presenter);
    // Wider than the canvas shows at the readable zoom: the compact picture. Its columns are as
    // wide as their words (title, and the badge line's short summary) and chips; an old
    // ReplicaSet scaled to 0 with no pod left folds to its badge.
    std::vector<bool> folded(refs.size(), false);
    m_compact = m_presenter && m_availableWidth > 0 && m_geometry.sceneRect.width() > m_availableWidth;
    if (m_compact) {
        QHash<QString, qint64> newest;
        for (const ColumnState &c : std::as_const(m_replicaSets))
            if (c.rs && !c.deployment.isEmpty())
                newest[c.deployment] = std::max(newest.value(c.deployment, 0), c.revision);
        for (std::size_t i = 0; i < refs.size(); ++i) {
            if (refs[i].column.isEmpty())
                continue;
            const ColumnState &col = m_replicaSets[refs[i].column];
            if (!col.rs)
                continue;
            const CardContent content = CardContents::replicaSet(*col.rs, col.revision, col.deployment.isEmpty() || col.revision >= newest.value(col.deployment, 0));
            folded[i] = !col.deployment.isEmpty() && col.revision < newest.value(col.deployment, 0) && col.rs->replicas() == 0 && col.pods == 0
                        && !content.badge.isEmpty();
            columns[i].folded = folded[i];
            const QString &line = content.shortSummary.isEmpty() ? content.summary : content.shortSummary;
            columns[i].minWidth = folded[i] ? CardItem::widthForFolded(content.badge)
                                            : std::max(columns[i].minWidth, CardItem::widthForSummary(content.badge, line));
        }
        // A Deployment's card spans its columns: its title and short summary whole, or its last
        // (newest) column widens.
        for (std::size_t last = 0; last < refs.size(); ++last) {
            if (last + 1 < refs.size() && refs[last + 1].group == refs[last].group)
                continue;
            const auto d = m_deployments.constFind(refs[last].group);
            if (d == m_deployments.cend() || !d->deployment)
                continue;
            std::size_t first = last;
            while (first > 0 && refs[first - 1].group == refs[last].group)
                --first;
            double span = 0;
            for (std::size_t i = first; i <= last; ++i)
                span += std::max(columns[i].folded ? 0.0 : CanvasLayout::compactColumnWidth(columns[i].chipCols), std::ceil(columns[i].minWidth))
                        + (i > first ? CanvasLayout::kCompactColumnGap : 0);
            const CardContent content = CardContents::deployment(*d->deployment);
            const QString &line = content.shortSummary.isEmpty() ? content.summary : content.shortSummary;
            const double needed = std::max(CardItem::widthForTitle(content.title, content.badge, true), CardItem::widthForSummary(content.badge, line));
            if (needed > span)
                columns[last].minWidth = std::max(columns[last].minWidth, CanvasLayout::compactColumnWidth(columns[last].chipCols)) + (needed - span);
        }
        m_geometry = CanvasLayout::compute(columns, laneRows, true, true);
    }
    const CanvasLayout::Geometry &g = m_geometry;

    // Cards.
    for (std::size_t i = 0; i < refs.size(); ++i) {
        if (!refs[i].column.isEmpty()) {
            m_replicaSets[refs[i].column].card->setTargetRect(CanvasLayout::replicaSetCard(g, int(i)), animate);
            m_replicaSets[refs[i].column].card->setFolded(folded[i]);
        }
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
    const double laneW = g.sceneRect.width() - 2 * g.margin;
    m_waitingLane->setVisible(g.laneH[0] > 0);
    m_waitingLane->setHeader(g.laneHeader);
    m_waitingLane->setGeometry(QRectF(g.margin, g.laneY[0], laneW, g.laneH[0]), cells, animate);
    m_laneIndex.clear();
    m_laneIndex.insert(QString(), 0);
    for (qsizetype n = 0; n < nodeOrder.size(); ++n) {
        m_laneIndex.insert(nodeOrder[n], int(n) + 1);
        m_nodes[nodeOrder[n]].lane->setHeader(g.laneHeader);
        m_nodes[nodeOrder[n]].lane->setGeometry(
            QRectF(g.margin, g.laneY[std::size_t(n) + 1], laneW, g.laneH[std::size_t(n) + 1]), cells, animate);
    }
    if (!g.laneY.empty())   // the field paints the chips at far zoom: in the lanes
        m_podField->setArea(QRectF(g.margin, g.laneY.front(), laneW, g.laneY.back() + g.laneH.back() - g.laneY.front()));
    if (animate) {
        m_anim.add(m_waitingLane);
        for (NodeState &ns : m_nodes)
            m_anim.add(ns.lane);
        for (ColumnState &c : m_replicaSets)
            m_anim.add(c.card);
        for (DeploymentState &d : m_deployments)
            m_anim.add(d.card);
    }
    // Pods: a sliced reset places them in slices of their own (continueReset). Otherwise all of
    // them when anything they all depend on changed, else only those put in another cell.
    if (m_podsLaidOutLater) {
        m_placeAll = true;
    } else {
        PlacementBasis basis{g.columnX, g.laneY, std::vector<int>(refs.size(), 0), g.laneHeader, m_columnIndex, m_laneIndex};
        for (std::size_t i = 0; i < refs.size(); ++i)
            if (!refs[i].column.isEmpty())
                basis.chipCols[i] = m_replicaSets[refs[i].column].chipCols;
        if (m_placeAll || !animate || basis != m_placedWith) {
            placeAllPods(animate);
            ++m_placementCounts.all;
        } else {
            ++m_placementCounts.moved;
            for (const QString &key : std::as_const(m_placeMoved))
                if (const auto it = findPod(key); it != m_pods.end())
                    placePods(it, std::next(it), animate);
        }
        m_placedWith = std::move(basis);
        m_placeAll = false;
        m_placeMoved.clear();
        Q_ASSERT(podsAtTheirSlots());
    }
    setSceneRect(g.sceneRect);
    if (m_farZoom)
        m_podField->update();   // chips moved: detached, they do not ask for it themselves
}

void CanvasScene::placeAllPods(bool animate)
{
    // A lane grown by a row moves every lane below it (and their pods): most layouts of a
    // rolling update move thousands of chips. Cell by cell, each chip is one step from its
    // slot (no lookup per pod); the new pods first start from their ReplicaSet's card.
    for (const QString &key : std::as_const(m_placeMoved))
        if (const auto it = findPod(key); it != m_pods.end() && it->flyIn)
            placePods(it, std::next(it), animate);
    const CanvasLayout::Geometry &g = m_geometry;
    for (auto col = m_replicaSets.cbegin(); col != m_replicaSets.cend(); ++col) {
        const int ci = m_columnIndex.value(col.key(), -1);
        if (ci < 0)
            continue;
        const int chipCols = col->chipCols;
        for (auto cell = col->cellSlots.cbegin(); cell != col->cellSlots.cend(); ++cell) {
            const std::size_t li = std::size_t(m_laneIndex.value(cell.key(), 0));
            const QPointF base(g.columnX[std::size_t(ci)], g.laneY[li] + g.laneHeader);
            cell->forEach([&](int slot, PodItem *item) {
                const QPointF target = base + CanvasLayout::chipOffset(std::max(slot, 0), chipCols);
                if (item && (item->targetPos() != target || item->isAnimating())) {
                    item->moveTo(target, animate);
                    if (animate)
                        m_anim.add(item);
                }
            });
        }
    }
}

std::optional<QPointF> CanvasScene::slotTarget(const QString &key, const PodState &pod) const
{
    const int ci = m_columnIndex.value(pod.column, -1);
    const auto col = m_replicaSets.constFind(pod.column);
    if (ci < 0 || col == m_replicaSets.cend())
        return std::nullopt;
    const int slot = cellOf(*col, pod.lane).slotOf(key);
    const std::size_t li = std::size_t(m_laneIndex.value(pod.lane, 0));
    const CanvasLayout::Geometry &g = m_geometry;
    return QPointF(g.columnX[std::size_t(ci)], g.laneY[li] + g.laneHeader) + CanvasLayout::chipOffset(std::max(slot, 0), col->chipCols);
}

bool CanvasScene::podsAtTheirSlots() const
{
    for (auto it = m_pods.cbegin(); it != m_pods.cend(); ++it) {
        const std::optional<QPointF> target = slotTarget(it.key(), *it);
        if (target && it->item->targetPos() != *target) {
            qWarning("pod %s: target (%g, %g), its slot at (%g, %g)", qPrintable(it.key()), it->item->targetPos().x(),
                     it->item->targetPos().y(), target->x(), target->y());
            return false;
        }
    }
    return true;
}

void CanvasScene::placePods(QMap<QString, PodState>::iterator from, QMap<QString, PodState>::iterator to, bool animate)
{
    // Each pod: its slot in its cell; a newcomer flies in from its ReplicaSet card.
    const CanvasLayout::Geometry &g = m_geometry;
    for (auto it = from; it != to; ++it) {
        const std::optional<QPointF> slot = slotTarget(it.key(), *it);
        if (!slot)
            continue;
        const QPointF target = *slot;
        const int ci = m_columnIndex.value(it->column, -1);
        PodItem *item = it->item;
        if (it->flyIn) {
            it->flyIn = false;
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
}

void CanvasScene::setAvailableWidth(double units)
{
    if (units == m_availableWidth)
        return;
    m_availableWidth = units;
    if (m_presenter)
        relayout(false);
}

void CanvasScene::setPresenter(bool on)
{
    if (on == m_presenter)
        return;
    m_presenter = on;
    // Cells sized afresh for the other mode's chip columns; lanes grow back as needed.
    const int nodes = std::max<int>(1, int(m_nodes.size()));
    for (ColumnState &col : m_replicaSets) {
        col.plannedCols = col.rs ? CanvasLayout::chipColumnsFor((col.rs->replicas() + nodes - 1) / nodes, on) : 2;
        col.chipCols = col.plannedCols;
        if (col.card)
            col.card->setPresenter(on);
    }
    for (NodeState &n : m_nodes) {
        n.rows = 1;
        if (n.lane)
            n.lane->setPresenter(on);
    }
    m_waitingRows = 1;
    m_waitingLane->setPresenter(on);
    for (DeploymentState &d : m_deployments)
        if (d.card)
            d.card->setPresenter(on);
    for (PodState &p : m_pods)
        if (p.item)
            p.item->setPresenter(on);
    relayout(false);
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
            content.title = it.key().startsWith(unownedPrefix()) ? tr("Pods without a ReplicaSet") : it.key().section(QLatin1Char('/'), 1);
            content.detail = it.key().startsWith(unownedPrefix()) ? tr("namespace %1").arg(it.key().mid(unownedPrefix().size())) : tr("deleted");
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
        const QString pods = it->pods == 1 ? tr("1 pod") : tr("%1 pods").arg(it->pods);
        it->lane->setLook({it.key(), (ready ? tr("Ready") : tr("NotReady")) + QStringLiteral(" · ") + pods,
                           ready ? pods : tr("NotReady"), ready, false});
    }
    // Counted as pods are placed and dropped: walking 20,000 pods here was 11 % of the longest
    // GUI stretches while a 20,000-pod lab opens (refreshCards runs per reset slice).
    const int waiting = m_waitingPods;
    Q_ASSERT(waiting == int(std::count_if(m_pods.cbegin(), m_pods.cend(), [](const PodState &p) { return p.lane.isEmpty(); })));
    const QString waitingText = waiting == 1 ? tr("1 pod waiting") : tr("%1 pods waiting").arg(waiting);
    m_waitingLane->setLook({tr("Unscheduled"), waitingText, waitingText, true, true});
}

} // namespace rlab::ui
