#include "ui/models/objectsummary.h"

#include <QCoreApplication>

#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"

namespace rlab::ui {

using namespace rlab::api;

namespace {

template<class T> QString replicaStatus(const T &o)
{
    QString s = QStringLiteral("%1/%2 ready").arg(o.status.readyReplicas).arg(o.replicas());
    if (o.metadata.deletionTimestamp != 0)
        s += QStringLiteral(" · deleting");
    else if (o.status.observedGeneration < o.metadata.generation)
        s += QStringLiteral(" · generation not observed yet");
    return s;
}

template<class T> QString replicaExplanation(const T &o, const char *controller)
{
    QString s = QCoreApplication::translate("rlab::ui::ObjectSummary", "spec.replicas %1 · status: %2 current, %3 ready, %4 available")
                    .arg(o.replicas())
                    .arg(o.status.replicas)
                    .arg(o.status.readyReplicas)
                    .arg(o.status.availableReplicas);
    if (o.status.observedGeneration < o.metadata.generation)
        s += QStringLiteral("\nobservedGeneration %1 < generation %2: no %3 controller has reconciled it yet.")
                 .arg(o.status.observedGeneration)
                 .arg(o.metadata.generation)
                 .arg(QLatin1String(controller));
    return s;
}

} // namespace

bool ObjectSummary::awaitsController(const Object &obj)
{
    if (auto d = dynamic_cast<const Deployment *>(&obj))
        return d->status.observedGeneration < d->metadata.generation;
    if (auto rs = dynamic_cast<const ReplicaSet *>(&obj))
        return rs->status.observedGeneration < rs->metadata.generation;
    return false;
}

QString ObjectSummary::status(const Object &obj)
{
    switch (obj.kind()) {
    case Kind::Deployment:
        return replicaStatus(static_cast<const Deployment &>(obj));
    case Kind::ReplicaSet:
        return replicaStatus(static_cast<const ReplicaSet &>(obj));
    case Kind::Pod: {
        const auto &pod = static_cast<const Pod &>(obj);
        if (pod.metadata.deletionTimestamp != 0)
            return QStringLiteral("Terminating");
        const QString phase = pod.status.phase.isEmpty() ? QStringLiteral("Pending") : pod.status.phase;
        if (pod.spec.nodeName.isEmpty())
            return phase + QStringLiteral(" · unscheduled");
        return QStringLiteral("%1 on %2").arg(phase, pod.spec.nodeName);
    }
    case Kind::Node: {
        const auto &node = static_cast<const Node &>(obj);
        QString s = node.isReady() ? QStringLiteral("Ready") : QStringLiteral("NotReady");
        if (node.spec.unschedulable)
            s += QStringLiteral(", SchedulingDisabled");
        return s;
    }
    case Kind::Namespace: {
        const auto &ns = static_cast<const Namespace &>(obj);
        if (ns.metadata.deletionTimestamp != 0)
            return QStringLiteral("Terminating");
        return ns.status.phase.isEmpty() ? QStringLiteral("Active") : ns.status.phase;
    }
    case Kind::Event: {
        const auto &ev = static_cast<const Event &>(obj);
        return QStringLiteral("%1 %2").arg(ev.type, ev.reason).trimmed();
    }
    case Kind::Generic:
        break;
    }
    return QStringLiteral("stored only (not simulated)");
}

QString ObjectSummary::explanation(const Object &obj)
{
    switch (obj.kind()) {
    case Kind::Deployment:
        return replicaExplanation(static_cast<const Deployment &>(obj), "Deployment");
    case Kind::ReplicaSet:
        return replicaExplanation(static_cast<const ReplicaSet &>(obj), "ReplicaSet");
    case Kind::Pod: {
        const auto &pod = static_cast<const Pod &>(obj);
        if (pod.spec.nodeName.isEmpty())
            return QStringLiteral("spec.nodeName is empty: no scheduler has bound this pod to a node yet.");
        return QStringLiteral("Bound to %1; phase %2.").arg(pod.spec.nodeName, pod.status.phase.isEmpty() ? QStringLiteral("Pending") : pod.status.phase);
    }
    case Kind::Event:
        return static_cast<const Event &>(obj).message;
    case Kind::Generic:
        return QStringLiteral("%1 is not simulated: the API server stores it in etcd, and no controller acts on it.")
            .arg(obj.kindName);
    default:
        break;
    }
    return status(obj);
}

} // namespace rlab::ui
