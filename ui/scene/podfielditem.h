#pragma once
#include <QGraphicsItem>

namespace rlab::ui {

class PodItem;

// The pods at far zoom, painted by one item. Below PodItem::kPlainBelowPx on screen a chip is a
// plain rectangle; the view still walked, transformed and painted 5,000 items one by one (its
// own per-item work was ~40 % of a 5,000-pod frame's painting). At far zoom the scene makes the layer holding every PodItem fully
// transparent (the view skips it in one step, and hit tests find no pod there) and shows this
// item, which paints each visible chip of the layer as that rectangle: the chip's position,
// scale (about its centre), colour and opacity, exactly as PodItem::paint would at that zoom.
// The PodItems keep moving and fading their tweens, detached (PodItem::setDetached: no item
// updates while they move); this item paints from the tweens. GUI thread only.
class PodFieldItem : public QGraphicsItem
{
public:
    explicit PodFieldItem(const QGraphicsItem *layer);

    // Where the pods are (the lanes' area; chips flying in from a card are painted too).
    void setArea(const QRectF &area);
    QRectF boundingRect() const override { return m_area; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    // Where a chip is painted: its shown position and scale about its centre.
    static QRectF chipRect(const PodItem &pod);

private:
    const QGraphicsItem *m_layer;
    QRectF m_area;
};

} // namespace rlab::ui
