// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>
#include <QStringList>

#include <span>

namespace rlab::controller {

// A node the scheduler scored, as its reconcile note shows it: its name and total score.
struct ScoredNode
{
    const QString *name = nullptr;
    qint64 total = 0;
};

// scheduleOne's note for a binding after scoring, written into one string (the numbers without
// a QString each: it is made for every pod). `allScores`, when not empty, lists every node as
// "name total" (full detail); otherwise `top` gives the best few.
// E.g. bindNote("node-7", 180, {}, {{node-7, 180}, {node-9, 175}, {node-2, 170}})
// -> "bound to node-7 (score 180 of node-7 180, node-9 175, node-2 170)". Any thread.
QString bindNote(const QString &best, qint64 bestScore, const QStringList &allScores, std::span<const ScoredNode> top);

} // namespace rlab::controller
