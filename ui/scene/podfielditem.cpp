#include "ui/scene/podfielditem.h"

#include "ui/scene/canvaslayout.h"
#include "ui/scene/poditem.h"

#include <QPainter>

namespace rlab::ui {

PodFieldItem::PodFieldItem(const QGraphicsItem *layer)
    : m_layer(layer)
{
    setVisible(false);
    setAcceptedMouseButtons(Qt::NoButton);
}

void PodFieldItem::setArea(const QRectF &area)
{
    if (area == m_area)
        return;
    prepareGeometryChange();
    m_area = area;
}

QRectF PodFieldItem::chipRect(const PodItem &pod)
{
    // E.g. a chip at (200, 266) scaled 0.4 while it fades out: 112 × 28 about its centre
    // (256, 280) → the rectangle (222.4, 274.4) 44.8 × 11.2.
    const QSizeF chip(CanvasLayout::kChipW, CanvasLayout::kChipH);
    const double s = pod.shownScale();
    const QPointF centre = pod.shownPos() + QPointF(chip.width() / 2, chip.height() / 2);
    return QRectF(centre - QPointF(chip.width() * s / 2, chip.height() * s / 2), chip * s);
}

void PodFieldItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    // Each shown chip as chipRect in its colour at its opacity.
    painter->setRenderHint(QPainter::Antialiasing, false);
    for (const QGraphicsItem *child : m_layer->childItems()) {
        const auto *pod = static_cast<const PodItem *>(child);
        if (!pod->isShownVisible())   // a spare chip: nothing else of it is read
            continue;
        const double opacity = pod->shownOpacity();   // one easing per chip and frame
        if (opacity <= 0.0)
            continue;
        QColor fill = pod->currentColor();
        fill.setAlphaF(float(fill.alphaF() * opacity));
        painter->fillRect(chipRect(*pod), fill);
    }
}

} // namespace rlab::ui
