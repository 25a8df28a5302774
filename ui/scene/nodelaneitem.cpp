#include "ui/scene/nodelaneitem.h"

#include "ui/scene/canvaslayout.h"
#include "ui/scene/canvastext.h"
#include "ui/theme.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace rlab::ui {

void NodeLaneItem::setLook(const Look &look)
{
    if (look == m_look)
        return;
    m_look = look;
    update();
}

void NodeLaneItem::setGeometry(const QRectF &rect, const std::vector<std::pair<double, double>> &cells, bool animate)
{
    if (rect.size() != m_size) {
        prepareGeometryChange();
        m_size = rect.size();
    }
    std::vector<std::pair<double, double>> rel;
    rel.reserve(cells.size());
    for (const auto &[x, w] : cells)
        rel.emplace_back(x - rect.left(), w);
    if (rel != m_cells) {
        m_cells = std::move(rel);
        update();
    }
    if (animate)
        m_pos.retarget(rect.topLeft());
    else
        m_pos.snap(rect.topLeft());
    setPos(m_pos.value());
}

void NodeLaneItem::setPresenter(bool on)
{
    if (on == m_presenter)
        return;
    m_presenter = on;
    update();
}

void NodeLaneItem::setHeader(double height)
{
    if (height == m_header)
        return;
    m_header = height;
    update();
}

bool NodeLaneItem::advance(double dt)
{
    m_pos.advance(dt);
    setPos(m_pos.value());
    return m_pos.running();
}

void NodeLaneItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF r = boundingRect().adjusted(0.5, 0.5, -0.5, -0.5);
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QColor lane = m_look.waitingLane ? QColor(0xff, 0xfb, 0xeb) : (m_look.ready ? Qt::white : QColor(0xfe, 0xf2, 0xf2));
    painter->setPen(QPen(m_look.waitingLane ? QColor(0xfc, 0xd3, 0x4d) : QColor(0xd1, 0xd5, 0xdb), 1.0,
                         m_look.waitingLane ? Qt::DashLine : Qt::SolidLine));
    painter->setBrush(lane);
    painter->drawRoundedRect(r, 8, 8);
    painter->setPen(Qt::NoPen);
    painter->setBrush(m_look.waitingLane ? QColor(0xfe, 0xf3, 0xc7) : QColor(0xf1, 0xf5, 0xf9));
    const double cellsTop = r.top() + (m_presenter ? m_header : 0);
    for (const auto &[x, w] : m_cells)
        painter->drawRoundedRect(QRectF(x, cellsTop + 4, w, r.bottom() - cellsTop - 8), 6, 6);
    if (lod < 0.2)
        return;
    if (m_presenter && m_header > 0) {
        // The strip: "● node-1   3 pods" on one line over the cells.
        const QFont title = CanvasText::font(CanvasText::Role::LaneTitle, true), status = CanvasText::font(CanvasText::Role::LaneStatus, true);
        const double dot = m_look.waitingLane ? 0 : 22, x = r.left() + 12;
        const QRectF strip(x + dot, r.top() + 2, r.width() - 24 - dot, m_header - 2);
        painter->setFont(title);
        painter->setPen(QColor(0x1f, 0x29, 0x37));
        painter->drawText(strip, Qt::AlignLeft | Qt::AlignVCenter, m_look.title);
        const double titleW = QFontMetricsF(title).horizontalAdvance(m_look.title);
        if (!m_look.waitingLane) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(m_look.ready ? QColor(0x16, 0xa3, 0x4a) : theme::deleted());
            painter->drawEllipse(QPointF(x + 7, strip.center().y()), 7, 7);
        }
        painter->setFont(status);
        painter->setPen(m_look.ready || m_look.waitingLane ? theme::muted() : theme::deleted());
        painter->drawText(strip.adjusted(titleW + 16, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, m_look.shortStatus);
        return;
    }

    // Gutter: node name and state.
    const double gx = r.left() + 12, gw = CanvasLayout::gutter(m_presenter) - 20;
    if (m_presenter) {
        const QFont title = CanvasText::font(CanvasText::Role::LaneTitle, true), status = CanvasText::font(CanvasText::Role::LaneStatus, true);
        const double line = CanvasText::kPresenterPx + 8, dot = m_look.waitingLane ? 0 : 22;
        const bool twoLines = r.height() >= 2 * line + 8;
        const double top = r.top() + (r.height() - (twoLines ? 2 : 1) * line) / 2;
        painter->setFont(title);
        painter->setPen(QColor(0x1f, 0x29, 0x37));
        painter->drawText(QRectF(gx + dot, top, gw - dot, line), Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetricsF(title).elidedText(m_look.title, Qt::ElideRight, gw - dot));
        if (!m_look.waitingLane) {
            painter->setBrush(m_look.ready ? QColor(0x16, 0xa3, 0x4a) : theme::deleted());
            painter->drawEllipse(QPointF(gx + 7, top + line / 2), 7, 7);
        }
        if (twoLines) {
            painter->setFont(status);
            painter->setPen(m_look.ready || m_look.waitingLane ? theme::muted() : theme::deleted());
            painter->drawText(QRectF(gx, top + line, gw, line), Qt::AlignLeft | Qt::AlignVCenter,
                              QFontMetricsF(status).elidedText(m_look.shortStatus, Qt::ElideRight, gw));
        }
        return;
    }
    QFont title;
    title.setPointSizeF(m_look.waitingLane ? 10.5 : 11.5);
    title.setBold(true);
    painter->setFont(title);
    painter->setPen(QColor(0x1f, 0x29, 0x37));
    const double top = r.top() + std::min(8.0, r.height() / 2 - 18);
    painter->drawText(QRectF(gx + (m_look.waitingLane ? 0 : 16), top, gw, 20), Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetricsF(title).elidedText(m_look.title, Qt::ElideRight, gw - 16));
    if (!m_look.waitingLane) {
        painter->setBrush(m_look.ready ? QColor(0x16, 0xa3, 0x4a) : theme::deleted());
        painter->drawEllipse(QPointF(gx + 5, top + 10), 5, 5);
    }
    QFont small;
    small.setPointSizeF(9);
    painter->setFont(small);
    painter->setPen(m_look.ready || m_look.waitingLane ? theme::muted() : theme::deleted());
    painter->drawText(QRectF(gx, top + 20, gw, 16), Qt::AlignLeft | Qt::AlignVCenter, m_look.status);
}

} // namespace rlab::ui
