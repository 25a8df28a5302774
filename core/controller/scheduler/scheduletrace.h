// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/base/traceevent.h"

#include <QJsonObject>
#include <QString>

namespace rlab::controller::scheduletrace {

// A compact Schedule event (a cluster of more than Scheduler::kFullDetailNodes nodes) keeps its
// top nodes' entries in its detail, the counts in its args ({numNodes, evaluated, feasible}) and
// the chosen node as its text; these make the rest when the trace is read (TraceEvent::detailFn
// and textFn). Plain functions; any thread.
// The detail: {nodes, numNodes, evaluated, feasible, filtered}.
QJsonObject scheduleDetail(const TraceEvent &ev);
// The sentence: "scheduleOne default/web-1: 100 of 200 nodes fit (100 evaluated,
// percentageOfNodesToScore); top scores node-7 180, node-9 175, node-2 170 → node-7".
QString scheduleText(const TraceEvent &ev);

} // namespace rlab::controller::scheduletrace
