#pragma once
#include <QtGlobal>

#include <algorithm>
#include <vector>

namespace rlab::ui {

// Rows to remove from a flat list model, taken as runs of adjacent rows, from the back so that
// the rows before a run keep their numbers: removeRun(first, last) is called once per run
// (begin/endRemoveRows around one QList::remove). Duplicates are ignored.
// E.g. rows {9, 2, 3, 4, 7, 8} -> removeRun(7, 9), then removeRun(2, 4).
// An Event TTL sweep deletes ~600 of 7,500 keys at once: one row at a time was a ~40 ms frame.
template<class F> void removeRowRunsFromTheBack(std::vector<qsizetype> rows, F &&removeRun)
{
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (std::size_t last = rows.size(); last > 0;) {
        std::size_t first = last - 1;
        while (first > 0 && rows[first - 1] == rows[first] - 1)
            --first;
        removeRun(rows[first], rows[last - 1]);
        last = first;
    }
}

} // namespace rlab::ui
