#include "ui/models/highlightfade.h"

#include <algorithm>

namespace rlab::ui {

double HighlightFade::strength(qint64 ageMs) const
{
    if (ageMs < 0 || ageMs >= durationMs)
        return 0.0;
    if (ageMs <= holdMs || durationMs <= holdMs)
        return 1.0;
    return std::clamp(double(durationMs - ageMs) / double(durationMs - holdMs), 0.0, 1.0);
}

QColor HighlightFade::blend(const QColor &base, const QColor &accent, qint64 ageMs) const
{
    const double s = strength(ageMs);
    auto mix = [s](int a, int b) { return int(a + (b - a) * s + 0.5); };
    return QColor(mix(base.red(), accent.red()), mix(base.green(), accent.green()), mix(base.blue(), accent.blue()),
                  mix(base.alpha(), accent.alpha()));
}

} // namespace rlab::ui
