#pragma once
#include <QGraphicsItem>

namespace rlab::ui {

// The parent of every PodItem: draws nothing itself (the scene turns its opacity to 0 at far
// zoom, PodFieldItem then paints the chips).
class PodLayerItem : public QGraphicsItem
{
public:
    PodLayerItem() { setFlag(ItemHasNoContents); }
    QRectF boundingRect() const override { return {}; }
    void paint(QPainter *, const QStyleOptionGraphicsItem *, QWidget *) override {}
};

} // namespace rlab::ui
