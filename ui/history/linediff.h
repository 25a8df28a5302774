#pragma once
#include <QList>
#include <QString>
#include <QStringList>

namespace rlab::ui {

// A line diff of two texts by longest common subsequence, printed like `diff -u` without hunk
// headers: unchanged lines "  x", removed "- x", added "+ x", removals of a changed block before
// its additions. Worked example: a = [A, B, C], b = [A, X, C] -> LCS [A, C] ->
// "  A", "- B", "+ X", "  C". O(n·m) time and memory: for pod templates of a few dozen lines.
// Pure functions; any thread.
struct LineDiff
{
    enum class Op { Same, Removed, Added };
    struct Line
    {
        Op op = Op::Same;
        QString text;
        bool operator==(const Line &) const = default;
    };

    static QList<Line> compute(const QStringList &a, const QStringList &b);
    // One printed line per Line: "  ", "- " or "+ " before the text.
    static QStringList unified(const QList<Line> &lines);
    static int countOf(const QList<Line> &lines, Op op);
};

} // namespace rlab::ui
