#pragma once
#include "core/api/fieldopts.h"
#include "core/api/time.h"

#include <QList>
#include <QString>

namespace rlab::api {

// One status condition. Upstream has one struct per kind (PodCondition, DeploymentCondition, …)
// with the same core; this one carries the union of their timestamps and writes only those set.
struct Condition
{
    static constexpr const char *kGoName = "Condition";
    QString type, status, reason, message;
    Time lastProbeTime = 0, lastHeartbeatTime = 0, lastUpdateTime = 0, lastTransitionTime = 0;
    bool operator==(const Condition &) const = default;
};

template<class V> void visitFields(V &v, Condition &c)
{
    v("type", c.type, Keep);
    v("status", c.status, Keep);
    v.time("lastProbeTime", c.lastProbeTime);
    v.time("lastHeartbeatTime", c.lastHeartbeatTime);
    v.time("lastUpdateTime", c.lastUpdateTime);
    v.time("lastTransitionTime", c.lastTransitionTime);
    v("reason", c.reason);
    v("message", c.message);
}

// Index of the condition of that type, or -1.
inline qsizetype findCondition(const QList<Condition> &conditions, const QString &type)
{
    for (qsizetype i = 0; i < conditions.size(); ++i)
        if (conditions[i].type == type)
            return i;
    return -1;
}

} // namespace rlab::api
