// SPDX-License-Identifier: Apache-2.0
#include "core/controller/scheduler/bindnote.h"

#include <charconv>

namespace rlab::controller {

namespace {
// Writes text at p; returns the end.
char16_t *put(char16_t *p, QStringView text)
{
    std::copy(text.utf16(), text.utf16() + text.size(), p);
    return p + text.size();
}
char16_t *put(char16_t *p, qint64 v)
{
    char digits[24];
    const char *end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    for (const char *d = digits; d != end; ++d)
        *p++ = char16_t(*d);
    return p;
}
constexpr qsizetype kMaxDigits = 20;   // a qint64 with its sign
} // namespace

QString bindNote(const QString &best, qint64 bestScore, const QStringList &allScores, std::span<const ScoredNode> top)
{
    if (!allScores.isEmpty()) {   // a small cluster's every score (kFullDetailNodes)
        QString note;
        note.append(u"bound to ").append(best).append(u" (score ").append(QString::number(bestScore)).append(u" of ");
        note.append(allScores.join(QStringLiteral(", ")));
        note.append(u')');
        return note;
    }
    // Written in place into a string sized for the longest it can be, then cut to length: an
    // append a piece (a dozen of them) cost ~2,000 instructions a pod.
    qsizetype most = 9 + best.size() + 8 + kMaxDigits + 4 + 1;
    for (const ScoredNode &n : top)
        most += 2 + n.name->size() + 1 + kMaxDigits;
    QString note(most, Qt::Uninitialized);
    char16_t *const start = reinterpret_cast<char16_t *>(note.data());
    char16_t *p = put(start, u"bound to ");
    p = put(p, best);
    p = put(p, u" (score ");
    p = put(p, bestScore);
    p = put(p, u" of ");
    for (std::size_t i = 0; i < top.size(); ++i) {
        if (i > 0)
            p = put(p, u", ");
        p = put(p, *top[i].name);
        *p++ = u' ';
        p = put(p, top[i].total);
    }
    *p++ = u')';
    note.truncate(p - start);
    return note;
}

} // namespace rlab::controller
