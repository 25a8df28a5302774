// SPDX-License-Identifier: Apache-2.0
#include "core/controller/scheduler/bindnote.h"

#include <charconv>

namespace rlab::controller {

QString bindNote(const QString &best, qint64 bestScore, const QStringList &allScores, std::span<const ScoredNode> top)
{
    QString note;
    note.reserve(64 + (allScores.isEmpty() ? qsizetype(top.size()) * 24 : 0));
    const auto number = [&note](qint64 v) {
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
        note.append(QLatin1StringView(digits, end - digits));
    };
    note.append(u"bound to ").append(best).append(u" (score ");
    number(bestScore);
    note.append(u" of ");
    if (!allScores.isEmpty()) {
        note.append(allScores.join(QStringLiteral(", ")));
    } else {
        for (std::size_t i = 0; i < top.size(); ++i) {
            if (i > 0)
                note.append(u", ");
            note.append(*top[i].name).append(u' ');
            number(top[i].total);
        }
    }
    note.append(u')');
    return note;
}

} // namespace rlab::controller
