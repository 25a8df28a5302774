#pragma once
#include "ui/scene/motion.h"

#include <QColor>
#include <QGraphicsItem>
#include <QList>
#include <QString>

namespace rlab::ui {

// What a Deployment or ReplicaSet card says: "Deployment" / "ReplicaSet", the name, a badge
// ("rev 2"), one line of detail (image, pod-template-hash, strategy) and its counters
// (desired / current / ready / available). A plain value.
struct CardContent
{
    QString kind;
    QString title;
    QString badge;
    QString detail;
    QList<QPair<QString, int>> counters;
    QString summary;        // presenter mode's one line instead of the counters: "2/3 ready"
    QString shortSummary;   // drawn instead when the summary does not fit ("2/3 ready" of "2/3 ready · 1 updated")
    QColor accent;          // header stripe and badge: the new ReplicaSet is blue, old ones grey
    bool faded = false;     // an old ReplicaSet scaled to 0: drawn lighter
    bool operator==(const CardContent &) const = default;
};

// A Deployment or ReplicaSet card on the canvas, custom painted. A counter that changes is
// highlighted and the highlight fades within ~1 s (pulse tweens advanced by the scene each
// frame), so the learner sees "ready 2 → 3" tick. GUI thread only.
class CardItem : public QGraphicsItem
{
public:
    CardItem() = default;

    QRectF boundingRect() const override { return QRectF(QPointF(0, 0), m_size); }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    void setContent(const CardContent &content, bool animate);
    const CardContent &content() const { return m_content; }
    void setTargetRect(const QRectF &rect, bool animate);
    bool advance(double dt);
    bool isAnimating() const;
    // Presenter mode (CanvasText): title, then badge and summary, in large type.
    void setPresenter(bool on);
    // The title as painted: whole, or middle-elided when the card is too narrow for it.
    QString shownTitle() const;
    // The card width a title needs to be drawn whole (the layout widens a column to it).
    static double widthForTitle(const QString &title, const QString &badge, bool presenter);
    // Presenter mode's second line (badge, then the summary) as painted: the summary, or its
    // short form when the card is too narrow for it (elided only if even that does not fit).
    QString shownSummary() const;
    // Presenter mode's compact picture: an empty old ReplicaSet folded to its badge ("rev 1", the
    // name in the tooltip) — a level of detail, not a cut: shownTitle() and shownSummary() are "".
    void setFolded(bool on);
    bool isFolded() const { return m_folded; }
    // Presenter widths: a card whose badge line shows `summary` whole; a folded card.
    static double widthForSummary(const QString &badge, const QString &summary);
    static double widthForFolded(const QString &badge);

private:
    void paintPresenter(QPainter *painter, const QRectF &r, const QColor &accent);

    CardContent m_content;
    QSizeF m_size{220, 100};
    Tween<QPointF> m_pos;
    QList<double> m_pulse;   // per counter: 1 just changed … 0 at rest
    bool m_presenter = false;
    bool m_folded = false;
};

} // namespace rlab::ui
