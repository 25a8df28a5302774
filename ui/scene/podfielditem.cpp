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

void PodFieldItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    // E.g. a chip at (200, 266) scaled 0.4 while it fades out: 112 × 28 about its centre
    // (256, 280) → the rectangle (222.4, 274.4) 44.8 × 11.2, in its colour at its opacity.
    painter->setRenderHint(QPainter::Antialiasing, false);
    const QSizeF chip(CanvasLayout::kChipW, CanvasLayout::kChipH);
    for (const QGraphicsItem *child : m_layer->childItems()) {
        if (!child->isVisible() || child->opacity() <= 0.0)
            continue;
        const auto *pod = static_cast<const PodItem *>(child);
        const double s = pod->scale();
        const QPointF centre = pod->pos() + QPointF(chip.width() / 2, chip.height() / 2);
        const QRectF r(centre - QPointF(chip.width() * s / 2, chip.height() * s / 2), chip * s);
        QColor fill = pod->currentColor();
        fill.setAlphaF(float(fill.alphaF() * pod->opacity()));
        painter->fillRect(r, fill);
    }
}

} // namespace rlab::ui
