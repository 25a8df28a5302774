// SPDX-License-Identifier: Apache-2.0
#include "core/controller/scheduler/scheduletrace.h"

#include "core/base/joined.h"

#include <QJsonArray>
#include <QStringList>

namespace rlab::controller::scheduletrace {

// The stored detail holds the node entries (and the filter reasons, when a node did not fit).
QJsonObject scheduleDetail(const TraceEvent &ev)
{
    QJsonObject d = ev.detail;
    d.insert(QStringLiteral("numNodes"), ev.args[0]);
    d.insert(QStringLiteral("evaluated"), ev.args[1]);
    d.insert(QStringLiteral("feasible"), ev.args[2]);
    if (!d.contains(QLatin1String("filtered")))
        d.insert(QStringLiteral("filtered"), QJsonObject());
    return d;
}

// From the completed detail (detailFn runs first): the top nodes' names and scores.
QString scheduleText(const TraceEvent &ev)
{
    QStringList scores;
    for (const QJsonValue &n : ev.detail.value(QLatin1String("nodes")).toArray())
        scores << joined(n[QLatin1String("node")].toString(), u" ", QString::number(n[QLatin1String("score")].toInteger()));
    return joined(u"scheduleOne ", ev.key, u": ", QString::number(ev.args[2]), u" of ", QString::number(ev.args[0]), u" nodes fit (",
                  QString::number(ev.args[1]), u" evaluated, percentageOfNodesToScore); top scores ", scores.join(QStringLiteral(", ")),
                  u" → ", ev.text);
}

} // namespace rlab::controller::scheduletrace
