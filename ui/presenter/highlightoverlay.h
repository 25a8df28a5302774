#pragma once
#include <QMargins>
#include <QPointer>
#include <QWidget>

namespace rlab::ui {

// A translucent rounded rectangle with a label, drawn over a target widget of the window it
// belongs to (a child of that window, above every dock). It follows the target: any move,
// resize, show or hide of the target or one of its ancestors re-places it; it hides with the
// target and never takes mouse events. Example: target at (100, 40) 300×200 in the window,
// margin 6 → the overlay covers (94, 34) 312×212 (clipped to the window), the label in its
// top-right corner. The target's own visible buttons and combo boxes are kept clear (masked out,
// the label placed below them), so the canvas's −/+/Fit and a panel's chooser stay readable.
// With a `room` widget (a docked panel: its headings and first lines sit where the label would),
// the label gets a strip of its own: room's top contents margin grows by the label's height
// while it is highlighted (its layout moves everything down), and is put back by clear() or
// the next showOn(). GUI thread only.
class HighlightOverlay : public QWidget
{
    Q_OBJECT
public:
    explicit HighlightOverlay(QWidget *window);

    void showOn(QWidget *target, const QString &label, QWidget *room = nullptr);
    void clear();
    QWidget *target() const { return m_target; }
    QString label() const { return m_label; }
    // The rectangle drawn around the target, in window coordinates.
    QRect targetRect() const;
    // The label's rectangle and the buttons' rectangles left uncovered, in window coordinates.
    QRect labelRect() const;
    QList<QRect> keptClear() const;

    static constexpr int kMargin = 6;
    // The strip a `room` widget is given: the label's height and the gap above and below it.
    int stripHeight() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void watch(bool on);
    void place();
    void giveRoomBack();

    QPointer<QWidget> m_target;
    QList<QPointer<QWidget>> m_watched;
    QString m_label;
    QList<QRect> m_holes;   // the target's buttons, in overlay coordinates
    QPointer<QWidget> m_room;
    QMargins m_roomMargins;   // room's own, before the strip
};

} // namespace rlab::ui
