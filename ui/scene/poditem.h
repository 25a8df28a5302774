#pragma once
#include "core/api/pod.h"
#include "ui/scene/motion.h"
#include "ui/scene/phasecolors.h"

#include <QColor>
#include <QGraphicsItem>
#include <QString>

#include <memory>

namespace rlab::ui {

// One pod on the canvas: a rounded chip coloured by its PodStage, labelled with the name's
// random suffix ("abc12" of nginx-5f7799dff-abc12). Position, opacity, scale and colour are
// Tweens advanced once per frame by the scene (advance(dt)), never by timers. Painting is cheap
// for thousands of chips: no effects, no shadows; below ~40 px on screen a chip is one plain
// rectangle, its label appears from ~64 px. GUI thread only.
class PodItem : public QGraphicsItem
{
public:
    explicit PodItem(const QString &name);
    // Narrower than this on screen, a chip is one plain rectangle (no border, no label).
    static constexpr double kPlainBelowPx = 40;
    // The chip of another pod, as new (the scene keeps the chips of removed pods for the next
    // ones: taking an item out of a scene of thousands costs more than the item).
    void reuse(const QString &name);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // Targets; animate = false jumps there (a reset, the first picture).
    void moveTo(const QPointF &target, bool animate);
    void setStage(PodStage stage, bool animate);
    void fadeTo(double opacity, double scale, bool animate);
    // Presenter mode: the label in large type (CanvasText).
    void setPresenter(bool on);
    // One frame's progress; false when every tween is at rest.
    bool advance(double dt);

    // The pod as stored now; its hover text is made from it when asked (CardContents::podTooltip,
    // in the installed language), not on every write of the pod.
    void setPod(std::shared_ptr<const api::Pod> pod) { m_pod = std::move(pod); }
    QString hoverText() const;
    PodStage stage() const { return m_stage; }
    const QString &label() const { return m_label; }
    QColor currentColor() const;
    QPointF targetPos() const { return m_pos.to; }
    // At far zoom the scene paints the chips itself (PodFieldItem) from their tweens: a detached
    // chip runs only its tweens while they move and takes their values as an item when they
    // come to rest or it is attached again (issue #16: setPos, setOpacity and setScale on every
    // moving chip of a 5,000-pod rolling update were ~10 % of its longest frames). At rest, and
    // whenever attached, pos(), opacity() and scale() are exact.
    void setDetached(bool on);
    // Where the chip is shown now (its tweens), and whether it is (visible, not transparent).
    QPointF shownPos() const { return m_pos.value(); }
    double shownOpacity() const { return m_opacity.value(); }
    double shownScale() const { return m_scale.value(); }
    bool isShownVisible() const { return m_visible; }
    bool isShown() const { return m_visible && shownOpacity() > 0.0; }
    bool isAnimating() const;
    bool removing = false;   // deleted from the store: fading out, then removed

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    void takeTweens();   // the item's pos, opacity and scale from the tweens
    QString m_label;
    std::shared_ptr<const api::Pod> m_pod;
    PodStage m_stage = PodStage::Pending;
    Tween<QPointF> m_pos;
    Tween<double> m_opacity;
    Tween<double> m_scale;
    QColor m_colorFrom, m_colorTo;
    double m_colorT = 1.0;
    bool m_presenter = false;
    bool m_detached = false;
    bool m_visible = true;   // isVisible(), kept here for PodFieldItem's loop over thousands
};

} // namespace rlab::ui
