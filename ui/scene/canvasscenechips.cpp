// CanvasScene's pod chips (issue #16): far zoom (one PodFieldItem paints them, the chips run
// detached), the chips of removed pods kept for the next ones, and the drops of faded-out pods
// spread over ticks. The class and its thread rules are in canvasscene.h.
#include "ui/scene/canvasscene.h"

#include "ui/scene/podfielditem.h"
#include "ui/scene/poditem.h"
#include "ui/scene/podlayeritem.h"

namespace rlab::ui {

void CanvasScene::setFarZoom(bool far)
{
    if (far == m_farZoom)
        return;
    m_farZoom = far;
    for (QGraphicsItem *chip : m_podLayer->childItems())
        static_cast<PodItem *>(chip)->setDetached(far);
    m_podLayer->setOpacity(far ? 0.0 : 1.0);
    m_podField->setVisible(far);
}

const PodItem *CanvasScene::podChipAt(const QPointF &scenePos) const
{
    // The topmost chip painted there: PodFieldItem paints them in this order.
    const QList<QGraphicsItem *> chips = m_podLayer->childItems();
    for (auto it = chips.crbegin(); it != chips.crend(); ++it)
        if (const auto *pod = static_cast<const PodItem *>(*it); pod->isShown() && PodFieldItem::chipRect(*pod).contains(scenePos))
            return pod;
    return nullptr;
}

void CanvasScene::dropFaded()
{
    for (int dropped = 0; !m_faded.empty() && dropped < kDropsPerTick; m_faded.pop_front()) {
        const Faded &f = m_faded.front();
        // Still that chip, still deleted: not dropped meanwhile, nor put again under its name.
        if (const auto it = findPod(f.key); it != m_pods.end() && it->item == f.item && it->deleted) {
            dropPod(f.key);
            ++dropped;
        }
    }
}

PodItem *CanvasScene::takeChip(const QString &name)
{
    if (m_spareChips.empty()) {
        auto *item = new PodItem(name);
        item->setParentItem(m_podLayer);   // in the scene with its layer
        item->setDetached(m_farZoom);
        return item;
    }
    PodItem *item = m_spareChips.back();
    m_spareChips.pop_back();
    item->reuse(name);
    item->setVisible(true);
    return item;
}

void CanvasScene::keepChip(PodItem *item)
{
    if (m_spareChips.size() >= kMaxSpareChips) {
        delete item;
        return;
    }
    item->setVisible(false);
    item->setData(0, QVariant());   // not a pod any more (for whoever walks the scene's items)
    m_spareChips.push_back(item);
}

} // namespace rlab::ui
