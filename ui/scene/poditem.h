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
    bool isAnimating() const;
    bool removing = false;   // deleted from the store: fading out, then removed

private:
    QString m_label;
    std::shared_ptr<const api::Pod> m_pod;
    PodStage m_stage = PodStage::Pending;
    Tween<QPointF> m_pos;
    Tween<double> m_opacity;
    Tween<double> m_scale;
    QColor m_colorFrom, m_colorTo;
    double m_colorT = 1.0;
    bool m_presenter = false;
};

} // namespace rlab::ui
