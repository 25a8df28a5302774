#pragma once
#include "core/sim/view/watchevent.h"
#include "ui/models/objectref.h"

#include <QGraphicsView>

class QToolButton;

namespace rlab::ui {

class CanvasScene;
class ClusterSession;

// The cluster canvas: Deployments → ReplicaSets → pods, nodes as lanes (CanvasScene), as a
// QGraphicsView that connects itself to the session: storeEvents → CanvasScene::apply,
// frameDone → tick (animations follow frames, so tests drive them), clusterReset → an instant
// rebuild from session.snapshot() (also an old revision: time travel shows the past, no fly-in).
// Zoom: Ctrl+wheel, +/-, 0, the Fit button or a double-click anywhere = fit; drag pans. It fits the picture as it grows
// until the user zooms. Fit shows the whole picture, or, when that would fill less than a quarter
// of the view's height (many Deployments side by side), the picture's height from its left end
// (refitted as the picture changes, it stays where the user scrolled to).
// Hover shows the object's tooltip; a click emits objectActivated.
// One full-viewport repaint per frame at most (FullViewportUpdate: with hundreds of chips moving,
// the union of dirty rects is the viewport anyway). A language change rewrites the cards' words.
// In presenter mode it tells the scene how wide a picture it shows at the readable zoom (no text
// under 18 px); a wider one is laid out compact (CanvasScene::setAvailableWidth).
// GUI thread only.
class ClusterCanvas : public QGraphicsView
{
    Q_OBJECT
public:
    explicit ClusterCanvas(ClusterSession &session, QWidget *parent = nullptr);
    ~ClusterCanvas() override;

    CanvasScene *canvasScene() const { return m_scene; }
    double zoom() const;
    bool autoFit() const { return m_autoFit; }
    // The object drawn at a viewport position (empty kind: background).
    ObjectRef objectAt(const QPoint &viewportPos) const;
    // Presenter mode: the scene in large type (CanvasScene::setPresenter), the legend at
    // CanvasText::kPresenterLegendPx, and a fit that never zooms below
    // CanvasText::minReadableZoom() (beyond that the picture pans instead of shrinking).
    void setPresenter(bool on);
    bool isPresenter() const { return m_presenter; }
    // The smallest text of the picture on screen now, in px (CanvasText × zoom).
    double smallestTextPx() const;
    // The legend's font and its box in the viewport (entries wrap into rows; see CanvasLegend).
    QFont legendFont() const;
    QRect legendRect() const;

public slots:
    void fit();
    void zoomBy(double factor);
    void rebuild();          // from session.snapshot(), no animation
    void tick(qint64 monotonicMs);
    // Every running motion at its end and the view fitted (if it fits itself): the picture as
    // it settles. A screenshot runs no frames after its last writes, so a layout they changed
    // was grabbed mid-flight (the new ReplicaSet's column cut off at the canvas's edge).
    void finishMotion();

signals:
    void objectActivated(const rlab::ui::ObjectRef &ref);

protected:
    void changeEvent(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    // Paints, and tells the session how long it took (its frame budget counts the painting).
    void paintEvent(QPaintEvent *event) override;

private:
    void onStoreEvents(const std::vector<view::WatchEvent> &events);
    void fitIfAuto();
    // Tells the scene whether a chip is narrower than PodItem::kPlainBelowPx at this zoom.
    void applyLevelOfDetail();
    void placeButtons();
    QList<int> legendRows(const QFontMetrics &fm) const;

    ClusterSession &m_session;
    CanvasScene *m_scene;
    QToolButton *m_fitButton;
    QToolButton *m_zoomInButton;
    QToolButton *m_zoomOutButton;
    QPoint m_pressPos;
    bool m_autoFit = true;
    QRectF m_fittedRect;
    bool m_panning = false;   // the last fit showed the height of a picture wider than the view
    bool m_presenter = false;
};

} // namespace rlab::ui
