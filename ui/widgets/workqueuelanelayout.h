#pragma once
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

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

    // Lines of a lane's header: the controller's name then, right-aligned on the same line,
    // its counters ("depth 0 · processing 1 · waiting 0") `spacing` px after it — or, when
    // both do not fit `available`, the counters on a second line (never cut).
    // Example, spacing 16: (120, 300, 500) -> 1; (120, 300, 400) -> 2.
    static int headerLines(int titleWidth, int countersWidth, int available, int spacing = 16);
    // The counters' parts ("depth 0", "processing 1", …, of `widths`, joined by a separator of
    // `separator` px) wrapped into lines of at most `available` px, at least one part a line:
    // how many parts each line holds. Example, separator 20, available 200: {70, 120, 80} ->
    // {1, 1, 1} (70 + 20 + 120 and 120 + 20 + 80 exceed 200); {60, 100, 80} -> {2, 1}.
    static QList<int> wrap(const QList<int> &widths, int separator, int available);

    // `text` in lines of at most `available` px (`advance` measures a string): greedy at spaces;
    // a word wider than a line (a long key) breaks after '/', '-', '(' or ',' where it can, else
    // between characters. Never cuts: the lines' characters are the text's, minus the spaces
    // broken at. Example, 10 px a character, available 100: "add(default/nginx): already queued"
    // -> {"add(", "default/", "nginx):", "already", "queued"}; available 200 ->
    // {"add(default/nginx):", "already queued"}.
    static QStringList wrapWords(const QString &text, int available, const std::function<int(const QString &)> &advance);

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
