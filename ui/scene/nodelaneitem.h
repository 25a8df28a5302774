#pragma once
#include "ui/scene/motion.h"

#include <QGraphicsItem>
#include <QString>
#include <vector>

namespace rlab::ui {

// One horizontal lane of the canvas: a node (name, Ready / NotReady, pod count in the gutter)
// or the "waiting for a node" lane of unbound pods. It paints the lane and one faint cell per
// ReplicaSet column, so a chip visibly belongs to the card above it. Its rectangle glides like
// everything else (Tween, advanced by the scene). GUI thread only.
class NodeLaneItem : public QGraphicsItem
{
public:
    struct Look
    {
        QString title;    // "node-1", "Waiting for a node"
        QString status;   // "Ready · 3 pods"
        QString shortStatus;   // presenter mode: "3 pods", "NotReady"
        bool ready = true;
        bool waitingLane = false;
        bool operator==(const Look &) const = default;
    };

    // Painted from a device-resolution cache (redrawn when its look, geometry or the zoom
    // changes): an antialiased rounded lane and its cells cost ~0.7 ms to rasterise at
    // 1,900 x 200 px, and every frame of a rollout repaints each lane under moving pods.
    NodeLaneItem()
    {
        setZValue(-1);
        setCacheMode(QGraphicsItem::DeviceCoordinateCache);
    }

    QRectF boundingRect() const override { return QRectF(QPointF(0, 0), m_size); }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    void setLook(const Look &look);
    const Look &look() const { return m_look; }
    // Lane rectangle and the columns' x ranges (scene x, width).
    void setGeometry(const QRectF &rect, const std::vector<std::pair<double, double>> &cells, bool animate);
    bool advance(double dt);
    bool isAnimating() const { return m_pos.running(); }
    // Presenter mode (CanvasText): the wider gutter, the title in large type, the short status
    // only when the lane has room for a second line.
    void setPresenter(bool on);
    // Presenter mode's compact picture: the node's name and pod count in a strip of this height
    // at the lane's top (its cells below), instead of the gutter. 0: the gutter.
    void setHeader(double height);
    double header() const { return m_header; }

private:
    Look m_look;
    QSizeF m_size;
    Tween<QPointF> m_pos;
    std::vector<std::pair<double, double>> m_cells;   // relative to the lane's left edge
    bool m_presenter = false;
    double m_header = 0;
};

} // namespace rlab::ui
