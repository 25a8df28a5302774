#pragma once
#include <QPointF>
#include <QRectF>
#include <QString>
#include <vector>

namespace rlab::ui {

// Geometry of the cluster canvas, in scene units (1 unit = 1 px at zoom 1). Columns are
// ReplicaSets, grouped by Deployment (newest revision rightmost); rows are bands:
//   y  16 … 116  Deployment cards (spanning their ReplicaSets' columns)
//   y 128 … 232  ReplicaSet cards
//   y 256 …      lane 0 "waiting for a node" (unbound pods wait at their RS), then one lane per
//                node; a lane is as tall as its fullest cell.
// A cell (column × lane) holds its pods' chips in a grid, slot s at row s / cols, column s % cols.
// Worked example: 2 chip columns → column width max(260, 16 + 2·120 − 8) = 260; slot 3 of a
// 2-column cell sits at (8 + 120, 10 + 34) from the cell's corner; a lane with 2 chip rows is
// 2·34 − 6 + 20 = 82 tall. Pure functions; any thread.
struct CanvasLayout
{
    static constexpr double kMargin = 16, kGutter = 176;   // node names live in the gutter
    static constexpr double kDeploymentY = 16, kDeploymentH = 100;
    static constexpr double kReplicaSetY = 128, kReplicaSetH = 104;
    static constexpr double kLanesY = 256, kLaneGap = 6;
    static constexpr double kCardW = 260, kColumnGap = 16, kGroupGap = 48;
    static constexpr double kChipW = 112, kChipH = 28, kPitchX = 120, kPitchY = 34;
    static constexpr double kCellPadX = 8, kCellPadY = 10;

    struct Column
    {
        int chipCols = 2;
        bool startsGroup = false;   // first column of another Deployment: a wider gap before it
        double minWidth = 0;        // its card's title, whole (CardItem::widthForTitle)
        bool folded = false;        // compact: an empty old ReplicaSet, minWidth wide (its badge)
    };
    struct Geometry
    {
        std::vector<double> columnX, columnW, laneY, laneH;
        QRectF sceneRect;
        double deploymentY = kDeploymentY, deploymentH = kDeploymentH, replicaSetY = kReplicaSetY, replicaSetH = kReplicaSetH;
        double margin = kMargin;
        double laneHeader = 0;   // compact: the node's name above its cells, in each lane's top
    };

    // Presenter mode (CanvasText): a wider gutter for the node names in large type, cards at
    // least 300 wide ("nginx-5f7799dff" and "rev 2  0/15 ready" in large type) of two lines (Deployment y 16 … 100, ReplicaSet 108 … 192, lanes from 208), and a lane of 0 rows
    // (the waiting lane while nobody waits) takes no room at all.
    static constexpr double kPresenterGutter = 190, kPresenterCardW = 300, kPresenterCardH = 84, kPresenterLanesY = 208;
    static double gutter(bool presenter) { return presenter ? kPresenterGutter : kGutter; }

    // Compact presenter picture, for a canvas narrower than the readable picture (two
    // Deployments' rollouts side by side at 1280 px): no gutter — each node's name in a strip
    // over its lane —, tighter margins and gaps, a column as wide as its chips and its card's
    // words (not 300), and an empty old ReplicaSet folded to its badge. Example: columns
    // {folded 96, 250, 270} of two Deployments → x 8, 112, 386; width 8 + 96 + 8 + 250 + 24 +
    // 270 + 8 = 664; a one-row lane 48 + 40 tall, its chips from y + 40.
    static constexpr double kCompactMargin = 8, kCompactColumnGap = 8, kCompactGroupGap = 24, kLaneHeaderH = 40;
    static double compactColumnWidth(int chipCols) { return 2 * kCellPadX + chipCols * kPitchX - (kPitchX - kChipW); }

    // Chip columns for a cell holding n pods: max(2, ceil(sqrt(2n))): 3 → 3, 50 → 10. Presenter
    // mode stacks more rows (a projected canvas has little width to spare): max(2, ceil(sqrt(n/2))):
    // 10 → 3, 50 → 5.
    static int chipColumnsFor(int pods, bool presenter = false);
    static int rowsFor(int count, int chipCols);   // at least 1
    // A size that follows its need with hysteresis (chip columns of a column, rows of a lane):
    // grows at once, shrinks only when the need fell to two thirds or less, so a rolling update's
    // churn does not reflow the canvas but a scale-down 100 → 20 does. E.g. (9, 4) → 4,
    // (9, 7) → 9, (3, 5) → 5.
    static int settle(int current, int needed);
    static double columnWidth(int chipCols, bool presenter = false);
    static double laneHeight(int rows);
    static QPointF chipOffset(int slot, int chipCols);
    static Geometry compute(const std::vector<Column> &columns, const std::vector<int> &laneRows, bool presenter = false, bool compact = false);
    // Lane order of nodes: "node-2" before "node-10" (the text before a trailing number, then
    // the number), else plain string order.
    static bool naturalLess(const QString &a, const QString &b);
    // Card rectangles from a computed geometry.
    static QRectF replicaSetCard(const Geometry &g, int column);
    static QRectF deploymentCard(const Geometry &g, int firstColumn, int lastColumn);
};

} // namespace rlab::ui
