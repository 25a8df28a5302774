#pragma once
#include <QFont>
#include <QList>

namespace rlab::ui {

// The text sizes of the cluster canvas, in scene units (1 unit = 1 px at zoom 1), so what a
// viewer sees is size × the view's zoom. Normal mode: the point sizes the items always drew
// (chip 10 pt, card counters' labels 8 pt … at 96 dpi ≈ 10.7 px). Presenter mode: every text the
// items draw is kPresenterPx (a chip's label nearly fills its 28-unit height) and the items draw
// less (cards: title, then the badge and one summary line; lanes: the node's name, its pod count
// only when the lane has room), so the presenter canvas never zooms below minReadableZoom():
// 18 / 28 ≈ 0.64, i.e. no text under 18 px on screen. The legend is drawn in view pixels.
// Plain functions; any thread (fonts are values).
struct CanvasText
{
    enum class Role { ChipLabel, CardKind, CardTitle, CardDetail, CardSummary, CounterLabel, CounterNumber, Badge,
                      LaneTitle, LaneStatus };

    static constexpr double kPresenterPx = 28;
    static constexpr double kReadablePx = 18;        // the back row of a classroom
    static constexpr double kPresenterLegendPx = 20;

    static double pixelSize(Role role, bool presenter);
    static QFont font(Role role, bool presenter);
    // The roles the items draw in that mode (normal: no CardSummary; presenter: no kind,
    // detail or counters).
    static QList<Role> drawnRoles(bool presenter);
    // The smallest text drawn, in scene units, and in pixels at a zoom.
    static double smallestPx(bool presenter);
    static double smallestScreenPx(bool presenter, double zoom) { return smallestPx(presenter) * zoom; }
    // The least zoom at which every presenter text is at least kReadablePx on screen.
    static double minReadableZoom() { return kReadablePx / kPresenterPx; }
};

} // namespace rlab::ui
