#pragma once
#include <QString>

namespace rlab::ui {

// Break opportunities for long identifiers in wrapped text: in every run of non-space characters
// at least kMinRun long, a zero-width space (U+200B) goes before each capital that follows a
// lower-case letter or digit and after '/', '.', '_', '-', ':' and '(' — so a word-wrapped label
// folds `scaleDownOldReplicaSetsForRollingUpdate` into "scaleDownOldReplicaSets" + "ForRolling…"
// instead of growing wider than its dock. strip() takes them out again (for copying, tests).
// Pure functions; any thread.
struct SoftBreaks
{
    static constexpr int kMinRun = 16;
    static constexpr QChar kBreak = QChar(0x200B);

    // minRun: the shortest run broken (a title in the largest type breaks "syncDeployment:" too).
    static QString insert(const QString &text, int minRun = kMinRun);
    static QString strip(QString text);
};

} // namespace rlab::ui
