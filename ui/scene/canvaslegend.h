#pragma once
#include <QList>

namespace rlab::ui {

// The arithmetic of the canvas's colour legend (one entry per pod stage: a swatch, then its
// word), in view pixels: entries go left to right and wrap into another row rather than run
// past the view's edge (presenter mode's large type, a narrow canvas, Korean words). rows()
// gives how many entries each row holds, at least one per row. Example, swatch 16 + 6 + text +
// gap 14, text widths {60, 70, 60}, available 200: entries are 96, 106, 96 px → rows {1, 1, 1}
// (96 + 106 > 200); available 210 → {2, 1}. Plain functions; any thread.
struct CanvasLegend
{
    static constexpr int kSwatch = 16, kSwatchGap = 6, kGap = 14, kPad = 12;

    static int entryWidth(int textWidth) { return kSwatch + kSwatchGap + textWidth + kGap; }
    static QList<int> rows(const QList<int> &textWidths, int available);
    // The widest row's width plus the padding, for the legend's box.
    static int boxWidth(const QList<int> &textWidths, const QList<int> &rows);
};

} // namespace rlab::ui
