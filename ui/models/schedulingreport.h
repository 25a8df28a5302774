#pragma once
#include "core/base/traceevent.h"

#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace rlab::ui {

// "Why node-1?": what the scheduler's scheduleOne decided for one pod, read from its Schedule
// trace event (detail.nodes: each node's filter result — "fits" or the failed filters'
// reasons — and, for the feasible nodes, each score plugin's {raw, score, weighted} and the
// total). Rows keep the event's node order; `chosen` is the node the pod was bound to. With one
// feasible node upstream skips scoring, and the rows have no plugins. text() renders it for the
// object inspector, each plugin with its weighted score (what the total sums), e.g.
//   node-1: fits · NodeResourcesFit 96, NodeResourcesBalancedAllocation 98, … = 291  ← chosen
//   node-3: filtered out: Insufficient cpu
// Plain values; any thread.
struct SchedulingReport
{
    struct Plugin
    {
        QString name;
        qint64 raw = 0, score = 0, weighted = 0;
        QString skip;   // the plugin did not score this pod (PreScore's Skip): why
    };
    struct Node
    {
        QString name;
        QString filter;   // "fits", or the reasons it does not
        bool fits = false;
        QList<Plugin> plugins;
        qint64 total = -1;   // -1: not scored
    };

    QList<Node> nodes;
    QString chosen;
    qint64 t = 0;   // virtual ms of the decision

    // The report of a Schedule event for that pod; nullopt for any other event.
    static std::optional<SchedulingReport> fromEvent(const TraceEvent &event, const QString &boundNode);
    // The newest Schedule event of `podKey` ("default/nginx-abc12") among `events`.
    static std::optional<SchedulingReport> latestFor(const std::vector<TraceEvent> &events, const QString &podKey,
                                                     const QString &boundNode);
    const Node *node(const QString &name) const;
    QString text() const;
};

} // namespace rlab::ui
