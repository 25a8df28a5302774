#include "ui/history/linediff.h"

#include <vector>

namespace rlab::ui {

QList<LineDiff::Line> LineDiff::compute(const QStringList &a, const QStringList &b)
{
    const qsizetype n = a.size(), m = b.size();
    // lcs[i][j]: length of the LCS of a[i..] and b[j..].
    std::vector<std::vector<int>> lcs(size_t(n + 1), std::vector<int>(size_t(m + 1), 0));
    for (qsizetype i = n - 1; i >= 0; --i)
        for (qsizetype j = m - 1; j >= 0; --j)
            lcs[size_t(i)][size_t(j)] = a[i] == b[j] ? lcs[size_t(i + 1)][size_t(j + 1)] + 1
                                                     : std::max(lcs[size_t(i + 1)][size_t(j)], lcs[size_t(i)][size_t(j + 1)]);
    QList<Line> out;
    qsizetype i = 0, j = 0;
    while (i < n && j < m) {
        if (a[i] == b[j]) {
            out.append({Op::Same, a[i]});
            ++i;
            ++j;
        } else if (lcs[size_t(i + 1)][size_t(j)] >= lcs[size_t(i)][size_t(j + 1)]) {
            out.append({Op::Removed, a[i++]});
        } else {
            out.append({Op::Added, b[j++]});
        }
    }
    while (i < n)
        out.append({Op::Removed, a[i++]});
    while (j < m)
        out.append({Op::Added, b[j++]});
    return out;
}

QStringList LineDiff::unified(const QList<Line> &lines)
{
    QStringList out;
    for (const Line &l : lines) {
        const char *prefix = l.op == Op::Same ? "  " : (l.op == Op::Removed ? "- " : "+ ");
        out << QLatin1String(prefix) + l.text;
    }
    return out;
}

int LineDiff::countOf(const QList<Line> &lines, Op op)
{
    int n = 0;
    for (const Line &l : lines)
        n += l.op == op ? 1 : 0;
    return n;
}

} // namespace rlab::ui
