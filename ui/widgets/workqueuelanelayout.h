#pragma once
#include <QList>
#include <QString>

namespace rlab::ui {

// The arithmetic of the workqueue drawing, kept out of the painter so it can be tested:
// how many key chips fit on one row, and how a countdown reads. Plain functions; any thread.
struct WorkQueueLaneLayout
{
    // How many chips (of `widths`, left to right, `spacing` apart) fit in `available` pixels.
    // When not all fit, room for a "+N more" chip of `moreWidth` (plus spacing) is kept.
    // Example: widths {100, 80, 120}, spacing 8, moreWidth 40: available 400 -> 3 (316 px);
    // 250 -> 2 (188 px + 48 reserved); 150 -> 1; 60 -> 0.
    static int fitCount(const QList<int> &widths, int available, int spacing, int moreWidth);

    // A virtual-time countdown, rounded UP so it never reads 0 while the key still waits:
    // 0 -> "now", 50 -> "0.1 s", 4201 -> "4.3 s", 9999 -> "10 s", 61000 -> "61 s",
    // 125000 -> "2m05s".
    static QString countdown(qint64 ms);

    // A duration rounded to what a learner reads at a glance: 0 -> "0 ms", 340 -> "340 ms",
    // 1234 -> "1.2 s", 75000 -> "75 s".
    static QString duration(qint64 ms);

    // Opacity of a fading note or "last key" ghost: 1 until half of `lifeMs`, then linear to 0.
    // Example, life 1000: age 0 -> 1.0, 500 -> 1.0, 750 -> 0.5, 1000 -> 0.0.
    static double fade(qint64 ageMs, qint64 lifeMs);
};

} // namespace rlab::ui
