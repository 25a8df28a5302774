#pragma once
#include <QColor>
#include <QtGlobal>

namespace rlab::ui {

// How strongly a recently written row is highlighted: full strength (1.0) while it is younger
// than `holdMs`, then a linear fade to 0 at `durationMs`. Example with hold 300, duration 1000:
// age 0 -> 1.0, 300 -> 1.0, 650 -> 0.5, 1000 -> 0.0 (and later). A plain value; any thread.
struct HighlightFade
{
    qint64 holdMs = 300;
    qint64 durationMs = 1000;

    double strength(qint64 ageMs) const;
    bool isActive(qint64 ageMs) const { return ageMs >= 0 && ageMs < durationMs; }
    // `base` blended toward `accent` by strength(ageMs); `base` itself once the fade is over.
    QColor blend(const QColor &base, const QColor &accent, qint64 ageMs) const;
};

} // namespace rlab::ui
