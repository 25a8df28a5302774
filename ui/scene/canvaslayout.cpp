#include "ui/scene/canvaslayout.h"

#include <algorithm>
#include <cmath>

namespace rlab::ui {

int CanvasLayout::chipColumnsFor(int pods, bool presenter)
{
    const double n = std::max(pods, 0);
    return std::max(2, int(std::ceil(std::sqrt(presenter ? n / 2.0 : 2.0 * n))));
}

int CanvasLayout::settle(int current, int needed)
{
    return needed > current || needed * 3 <= current * 2 ? needed : current;
}

int CanvasLayout::rowsFor(int count, int chipCols)
{
    chipCols = std::max(chipCols, 1);
    return std::max(1, (count + chipCols - 1) / chipCols);
}

double CanvasLayout::columnWidth(int chipCols, bool presenter)
{
    return std::max(presenter ? kPresenterCardW : kCardW, 2 * kCellPadX + chipCols * kPitchX - (kPitchX - kChipW));
}

double CanvasLayout::laneHeight(int rows)
{
    return 2 * kCellPadY + std::max(rows, 1) * kPitchY - (kPitchY - kChipH);
}

QPointF CanvasLayout::chipOffset(int slot, int chipCols)
{
    chipCols = std::max(chipCols, 1);
    return QPointF(kCellPadX + (slot % chipCols) * kPitchX, kCellPadY + (slot / chipCols) * kPitchY);
}

CanvasLayout::Geometry CanvasLayout::compute(const std::vector<Column> &columns, const std::vector<int> &laneRows, bool presenter, bool compact)
{
    Geometry g;
    compact = compact && presenter;
    const double gutter = compact ? 0 : CanvasLayout::gutter(presenter);
    g.margin = compact ? kCompactMargin : kMargin;
    g.laneHeader = compact ? kLaneHeaderH : 0;
    if (presenter) {
        g.deploymentH = g.replicaSetH = kPresenterCardH;
        g.replicaSetY = g.deploymentY + g.deploymentH + 8;
    }
    double x = g.margin + gutter;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (i > 0)
            x += columns[i].startsGroup ? (compact ? kCompactGroupGap : kGroupGap) : (compact ? kCompactColumnGap : kColumnGap);
        const double w = !compact         ? std::max(columnWidth(columns[i].chipCols, presenter), std::ceil(columns[i].minWidth))
                         : columns[i].folded ? std::ceil(columns[i].minWidth)
                                             : std::max(compactColumnWidth(columns[i].chipCols), std::ceil(columns[i].minWidth));
        g.columnX.push_back(x);
        g.columnW.push_back(w);
        x += w;
    }
    const double right = (compact ? x : std::max(x, g.margin + gutter + (presenter ? kPresenterCardW : kCardW))) + g.margin;
    double y = presenter ? kPresenterLanesY : kLanesY;
    bool first = true;
    for (std::size_t i = 0; i < laneRows.size(); ++i) {
        if (presenter && laneRows[i] <= 0) {
            g.laneY.push_back(y);
            g.laneH.push_back(0);
            continue;
        }
        if (!first)
            y += kLaneGap;
        first = false;
        const double h = laneHeight(laneRows[i]) + g.laneHeader;
        g.laneY.push_back(y);
        g.laneH.push_back(h);
        y += h;
    }
    g.sceneRect = QRectF(0, 0, right, y + g.margin);
    return g;
}

bool CanvasLayout::naturalLess(const QString &a, const QString &b)
{
    auto split = [](const QString &s) {
        qsizetype i = s.size();
        while (i > 0 && s.at(i - 1).isDigit())
            --i;
        return std::pair<QString, qint64>(s.left(i), i < s.size() ? s.mid(i).toLongLong() : -1);
    };
    const auto sa = split(a), sb = split(b);
    return sa != sb ? sa < sb : a < b;
}

QRectF CanvasLayout::replicaSetCard(const Geometry &g, int column)
{
    const std::size_t c = std::size_t(column);
    return QRectF(g.columnX[c], g.replicaSetY, g.columnW[c], g.replicaSetH);
}

QRectF CanvasLayout::deploymentCard(const Geometry &g, int firstColumn, int lastColumn)
{
    const double left = g.columnX[std::size_t(firstColumn)];
    const double right = g.columnX[std::size_t(lastColumn)] + g.columnW[std::size_t(lastColumn)];
    return QRectF(left, g.deploymentY, right - left, g.deploymentH);
}

} // namespace rlab::ui
