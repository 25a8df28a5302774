#include "core/apiserver/strategy.h"

#include "core/api/deployment.h"
#include "core/api/genericobject.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"

namespace rlab::apiserver::strategy {

using namespace rlab::api;

bool tracksGeneration(Kind kind)
{
    return kind == Kind::Deployment || kind == Kind::ReplicaSet;
}

bool hasStatus(Kind kind)
{
    return kind == Kind::Deployment || kind == Kind::ReplicaSet || kind == Kind::Pod
        || kind == Kind::Node || kind == Kind::Namespace;
}

namespace {
QString qosClass(const PodSpec &spec)
{
    bool anyRequest = false, allGuaranteed = true;
    for (const Container &c : spec.containers) {
        if (!c.resources.requests.isEmpty() || !c.resources.limits.isEmpty())
            anyRequest = true;
        for (const char *r : {"cpu", "memory"}) {
            const QString res = QLatin1String(r);
            const QString limit = c.resources.limits.value(res);
            const QString request = c.resources.requests.value(res, limit);
            if (limit.isEmpty() || request != limit)
                allGuaranteed = false;
        }
    }
    if (!anyRequest)
        return QStringLiteral("BestEffort");
    return allGuaranteed ? QStringLiteral("Guaranteed") : QStringLiteral("Burstable");
}
} // namespace

void prepareForCreate(Object &obj)
{
    switch (obj.kind()) {
    case Kind::Deployment:
        static_cast<Deployment &>(obj).status = DeploymentStatus{};
        break;
    case Kind::ReplicaSet:
        static_cast<ReplicaSet &>(obj).status = ReplicaSetStatus{};
        break;
    case Kind::Pod: {
        auto &pod = static_cast<Pod &>(obj);
        pod.status = PodStatus{};
        pod.status.phase = QStringLiteral("Pending");
        pod.status.qosClass = qosClass(pod.spec);
        break;
    }
    case Kind::Namespace:
        static_cast<Namespace &>(obj).status.phase = QStringLiteral("Active");
        break;
    default:
        break;
    }
    obj.metadata.generation = tracksGeneration(obj.kind()) ? 1 : 0;
    obj.metadata.deletionTimestamp = 0;
    obj.metadata.deletionGracePeriodSeconds.reset();
}

bool specEqual(const Object &a, const Object &b)
{
    if (a.kind() != b.kind())
        return false;
    switch (a.kind()) {
    case Kind::Deployment:
        return static_cast<const Deployment &>(a).spec == static_cast<const Deployment &>(b).spec;
    case Kind::ReplicaSet:
        return static_cast<const ReplicaSet &>(a).spec == static_cast<const ReplicaSet &>(b).spec;
    case Kind::Pod:
        return static_cast<const Pod &>(a).spec == static_cast<const Pod &>(b).spec;
    case Kind::Node:
        return static_cast<const Node &>(a).spec == static_cast<const Node &>(b).spec;
    case Kind::Generic:
        return static_cast<const GenericObject &>(a).content.value(QLatin1String("spec"))
            == static_cast<const GenericObject &>(b).content.value(QLatin1String("spec"));
    default:
        return true;
    }
}

void prepareForUpdate(Object &obj, const Object &old)
{
    switch (obj.kind()) {
    case Kind::Deployment:
        static_cast<Deployment &>(obj).status = static_cast<const Deployment &>(old).status;
        break;
    case Kind::ReplicaSet:
        static_cast<ReplicaSet &>(obj).status = static_cast<const ReplicaSet &>(old).status;
        break;
    case Kind::Pod:
        static_cast<Pod &>(obj).status = static_cast<const Pod &>(old).status;
        break;
    case Kind::Node:
        static_cast<Node &>(obj).status = static_cast<const Node &>(old).status;
        break;
    case Kind::Namespace:
        static_cast<Namespace &>(obj).status = static_cast<const Namespace &>(old).status;
        break;
    default:
        break;
    }
    obj.metadata.generation = old.metadata.generation;
    if (tracksGeneration(obj.kind())) {
        bool bump = !specEqual(obj, old);
        // The legacy rollback request rides on an annotation (deployment strategy.go).
        const QString rollbackTo = QStringLiteral("deprecated.deployment.rollback.to");
        if (obj.kind() == Kind::Deployment
            && obj.metadata.annotations.value(rollbackTo) != old.metadata.annotations.value(rollbackTo))
            bump = true;
        if (bump)
            obj.metadata.generation = old.metadata.generation + 1;
    }
}

void prepareForStatusUpdate(Object &obj, const Object &old)
{
    switch (obj.kind()) {
    case Kind::Deployment:
        static_cast<Deployment &>(obj).spec = static_cast<const Deployment &>(old).spec;
        break;
    case Kind::ReplicaSet:
        static_cast<ReplicaSet &>(obj).spec = static_cast<const ReplicaSet &>(old).spec;
        break;
    case Kind::Pod:
        static_cast<Pod &>(obj).spec = static_cast<const Pod &>(old).spec;
        break;
    case Kind::Node:
        static_cast<Node &>(obj).spec = static_cast<const Node &>(old).spec;
        break;
    case Kind::Generic: {
        auto &g = static_cast<GenericObject &>(obj);
        const QJsonValue spec = static_cast<const GenericObject &>(old).content.value(QLatin1String("spec"));
        if (spec.isUndefined())
            g.content.remove(QLatin1String("spec"));
        else
            g.content.insert(QLatin1String("spec"), spec);
        break;
    }
    default:
        break;
    }
    obj.metadata.labels = old.metadata.labels;
    obj.metadata.generation = old.metadata.generation;
    obj.metadata.deletionTimestamp = old.metadata.deletionTimestamp;
    obj.metadata.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
}

} // namespace rlab::apiserver::strategy
