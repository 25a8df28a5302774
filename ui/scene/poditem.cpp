#include "ui/scene/poditem.h"

#include "ui/scene/canvaslayout.h"
#include "ui/scene/cardcontents.h"
#include "ui/scene/canvastext.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace rlab::ui {

PodItem::PodItem(const QString &name)
    : m_label(name.section(QLatin1Char('-'), -1))
{
    m_opacity.snap(1.0);
    m_scale.snap(1.0);
    m_colorFrom = m_colorTo = PhaseColors::color(m_stage);
    setTransformOriginPoint(CanvasLayout::kChipW / 2, CanvasLayout::kChipH / 2);
    setAcceptHoverEvents(false);
}

void PodItem::reuse(const QString &name)
{
    m_label = name.section(QLatin1Char('-'), -1);
    m_stage = PodStage::Pending;
    m_pos.snap(m_pos.value());
    setPos(m_pos.value());
    m_opacity.snap(1.0);
    m_scale.snap(1.0);
    setOpacity(1.0);
    setScale(1.0);
    m_colorFrom = m_colorTo = PhaseColors::color(m_stage);
    m_colorT = 1.0;
    removing = false;
    m_pod.reset();
    update();
}

QString PodItem::hoverText() const
{
    return m_pod ? CardContents::podTooltip(*m_pod) : QString();
}

QRectF PodItem::boundingRect() const
{
    return QRectF(0, 0, CanvasLayout::kChipW, CanvasLayout::kChipH);
}

QColor PodItem::currentColor() const
{
    // At rest (nearly every chip of a big picture, painted every frame) the colour it went to.
    return m_colorT >= 1.0 ? m_colorTo : PhaseColors::mix(m_colorFrom, m_colorTo, Motion::easeInOutCubic(m_colorT));
}

void PodItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF r = boundingRect();
    const QColor fill = currentColor();
    // The view does not save the painter's state per item (DontSavePainterState): every item
    // sets the hints, pen, brush and font it uses.
    if (lod * r.width() < kPlainBelowPx) {   // a few pixels on screen: a plain rectangle is all one can see
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(r, fill);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(fill.darker(125), 1.0));
    painter->setBrush(fill);
    painter->drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), 7, 7);
    if (lod * r.width() < 64)
        return;
    static const QFont font = CanvasText::font(CanvasText::Role::ChipLabel, false),
                       large = CanvasText::font(CanvasText::Role::ChipLabel, true);
    painter->setFont(m_presenter ? large : font);
    painter->setPen(PhaseColors::textColor(m_stage));
    painter->drawText(r, Qt::AlignCenter, m_label);
}

void PodItem::setPresenter(bool on)
{
    if (on == m_presenter)
        return;
    m_presenter = on;
    update();
}

void PodItem::moveTo(const QPointF &target, bool animate)
{
    if (animate)
        m_pos.retarget(target);
    else
        m_pos.snap(target);
    if (!m_detached || !m_pos.running())
        setPos(m_pos.value());
}

void PodItem::setDetached(bool on)
{
    if (on == m_detached)
        return;
    m_detached = on;
    if (!on) {
        takeTweens();
        update();
    }
}

void PodItem::takeTweens()
{
    setPos(m_pos.value());
    setOpacity(m_opacity.value());
    setScale(m_scale.value());
}

QVariant PodItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemVisibleHasChanged)
        m_visible = value.toBool();
    return QGraphicsItem::itemChange(change, value);
}

void PodItem::setStage(PodStage stage, bool animate)
{
    if (stage == m_stage && m_colorTo == PhaseColors::color(stage))
        return;
    m_stage = stage;
    m_colorFrom = animate ? currentColor() : PhaseColors::color(stage);
    m_colorTo = PhaseColors::color(stage);
    m_colorT = animate ? 0.0 : 1.0;
    if (!m_detached)
        update();
}

void PodItem::fadeTo(double opacity, double scale, bool animate)
{
    if (animate) {
        m_opacity.retarget(opacity);
        m_scale.retarget(scale);
    } else {
        m_opacity.snap(opacity);
        m_scale.snap(scale);
    }
    if (!m_detached || (!m_opacity.running() && !m_scale.running())) {
        setOpacity(m_opacity.value());
        setScale(m_scale.value());
    }
}

bool PodItem::isAnimating() const
{
    return m_pos.running() || m_opacity.running() || m_scale.running() || m_colorT < 1.0;
}

bool PodItem::advance(double dt)
{
    if (m_pos.running()) {
        m_pos.advance(dt);
        if (!m_detached || !m_pos.running())
            setPos(m_pos.value());
    }
    if (m_opacity.running() || m_scale.running()) {
        m_opacity.advance(dt);
        m_scale.advance(dt);
        if (!m_detached || (!m_opacity.running() && !m_scale.running())) {
            setOpacity(m_opacity.value());
            setScale(m_scale.value());
        }
    }
    if (m_colorT < 1.0) {
        m_colorT = std::min(1.0, m_colorT + dt);
        if (!m_detached)
            update();
    }
    return isAnimating();
}

} // namespace rlab::ui
