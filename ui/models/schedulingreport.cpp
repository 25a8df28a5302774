#include "ui/models/schedulingreport.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace rlab::ui {

namespace {
QString tr(const char *s)
{
    return QCoreApplication::translate("rlab::ui::SchedulingReport", s);
}
} // namespace

std::optional<SchedulingReport> SchedulingReport::fromEvent(const TraceEvent &event, const QString &boundNode)
{
    if (event.type != QLatin1String("Schedule") || event.component != QLatin1String("scheduler"))
        return std::nullopt;
    SchedulingReport r;
    r.chosen = boundNode;
    r.t = event.t;
    for (const QJsonValue &v : event.detail.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject o = v.toObject();
        Node n;
        n.name = o.value(QStringLiteral("node")).toString();
        n.filter = o.value(QStringLiteral("filter")).toString();
        n.fits = n.filter == QLatin1String("fits");
        n.total = o.contains(QStringLiteral("score")) ? o.value(QStringLiteral("score")).toInteger() : -1;
        const QJsonObject plugins = o.value(QStringLiteral("plugins")).toObject();
        for (auto it = plugins.begin(); it != plugins.end(); ++it) {
            const QJsonObject p = it.value().toObject();
            n.plugins << Plugin{it.key(), p.value(QStringLiteral("raw")).toInteger(), p.value(QStringLiteral("score")).toInteger(),
                                p.value(QStringLiteral("weighted")).toInteger(), p.value(QStringLiteral("skip")).toString()};
        }
        r.nodes << n;
    }
    return r;
}

std::optional<SchedulingReport> SchedulingReport::latestFor(const std::vector<TraceEvent> &events, const QString &podKey,
                                                            const QString &boundNode)
{
    for (auto it = events.rbegin(); it != events.rend(); ++it)
        if (it->key == podKey && it->type == QLatin1String("Schedule"))
            return fromEvent(*it, boundNode);
    return std::nullopt;
}

const SchedulingReport::Node *SchedulingReport::node(const QString &name) const
{
    for (const Node &n : nodes)
        if (n.name == name)
            return &n;
    return nullptr;
}

QString SchedulingReport::text() const
{
    QStringList lines;
    int fitting = 0;
    for (const Node &n : nodes)
        fitting += n.fits ? 1 : 0;
    lines << tr("scheduleOne: %1 of %2 nodes passed the filters").arg(fitting).arg(nodes.size());
    for (const Node &n : nodes) {
        QString line = n.name + QStringLiteral(": ") + (n.fits ? tr("fits") : tr("filtered out: %1").arg(n.filter));
        if (n.total >= 0) {
            QStringList parts;
            for (const Plugin &p : n.plugins)
                parts << (p.skip.isEmpty() ? QStringLiteral("%1 %2").arg(p.name).arg(p.weighted)
                                           : tr("%1 skipped").arg(p.name));
            line += QStringLiteral(" · ") + parts.join(QStringLiteral(", ")) + tr(" = %1").arg(n.total);
        } else if (n.fits && fitting == 1) {
            line += tr(" · the only one: no scoring (as upstream)");
        }
        if (n.name == chosen)
            line += tr("  ← chosen");
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace rlab::ui
