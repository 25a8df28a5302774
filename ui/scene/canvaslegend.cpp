#include "ui/scene/canvaslegend.h"

#include <algorithm>

namespace rlab::ui {

QList<int> CanvasLegend::rows(const QList<int> &textWidths, int available)
{
    QList<int> out;
    int used = 0, count = 0;
    for (int w : textWidths) {
        const int e = entryWidth(w);
        if (count > 0 && used + e > available) {
            out << count;
            used = count = 0;
        }
        used += e;
        ++count;
    }
    if (count > 0)
        out << count;
    return out;
}

int CanvasLegend::boxWidth(const QList<int> &textWidths, const QList<int> &rows)
{
    int widest = 0, i = 0;
    for (int n : rows) {
        int w = 0;
        for (int k = 0; k < n && i < textWidths.size(); ++k, ++i)
            w += entryWidth(textWidths[i]);
        widest = std::max(widest, w);
    }
    return widest + kPad;
}

} // namespace rlab::ui
