#include "core/apiserver/strategy.h"

#include "core/apiserver/featuregate.h"

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

namespace {
// The stored-as-given kinds whose registry strategy sets generation 1 on create and bumps it on
// spec changes (statefulset, daemonset, job, cronjob, ingress, poddisruptionbudget strategy.go);
// Service, ConfigMap, Secret, HPA, PV/PVC, LimitRange, ResourceQuota, ServiceAccount have none.
bool genericTracksGeneration(const GenericObject &g)
{
    static const QStringList kinds{QStringLiteral("apps/v1 StatefulSet"), QStringLiteral("apps/v1 DaemonSet"),
                                   QStringLiteral("batch/v1 Job"), QStringLiteral("batch/v1 CronJob"),
                                   QStringLiteral("networking.k8s.io/v1 Ingress"), QStringLiteral("policy/v1 PodDisruptionBudget")};
    return kinds.contains(g.apiVersion + QLatin1Char(' ') + g.kindName);
}

// Stored-as-given kinds with a status subresource: an update of the main resource keeps the
// stored status (every such strategy's PrepareForUpdate: `new.Status = old.Status`).
bool genericHasStatus(const GenericObject &g)
{
    static const QStringList kinds{QStringLiteral("v1 Service"), QStringLiteral("v1 PersistentVolumeClaim"),
                                   QStringLiteral("v1 PersistentVolume"), QStringLiteral("v1 ResourceQuota"),
                                   QStringLiteral("apps/v1 StatefulSet"), QStringLiteral("apps/v1 DaemonSet"),
                                   QStringLiteral("batch/v1 Job"), QStringLiteral("batch/v1 CronJob"),
                                   QStringLiteral("networking.k8s.io/v1 Ingress"),
                                   QStringLiteral("autoscaling/v2 HorizontalPodAutoscaler"),
                                   QStringLiteral("autoscaling/v1 HorizontalPodAutoscaler"),
                                   QStringLiteral("policy/v1 PodDisruptionBudget")};
    return kinds.contains(g.apiVersion + QLatin1Char(' ') + g.kindName);
}
} // namespace

bool tracksGeneration(const Object &obj)
{
    if (obj.kind() == Kind::Generic)
        return genericTracksGeneration(static_cast<const GenericObject &>(obj));
    return tracksGeneration(obj.kind());
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
    case Kind::Namespace: {
        // namespace strategy.go: born Active, and with the "kubernetes" finalizer the namespace
        // controller removes once it has deleted the namespace's content (appended to any given).
        auto &ns = static_cast<Namespace &>(obj);
        ns.status = NamespaceStatus{};
        ns.status.phase = QStringLiteral("Active");
        if (!ns.spec.finalizers.contains(kFinalizerKubernetes))
            ns.spec.finalizers.append(kFinalizerKubernetes);
        break;
    }
    default:
        break;
    }
    obj.metadata.generation = tracksGeneration(obj) ? 1 : 0;
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
        // namespace strategy.go: spec.finalizers change only through the finalize subresource.
        static_cast<Namespace &>(obj).spec.finalizers = static_cast<const Namespace &>(old).spec.finalizers;
        static_cast<Namespace &>(obj).status = static_cast<const Namespace &>(old).status;
        break;
    case Kind::Generic: {
        auto &g = static_cast<GenericObject &>(obj);
        if (genericHasStatus(g)) {
            const QJsonValue status = static_cast<const GenericObject &>(old).content.value(QLatin1String("status"));
            if (status.isUndefined())
                g.content.remove(QLatin1String("status"));
            else
                g.content.insert(QLatin1String("status"), status);
        }
        break;
    }
    default:
        break;
    }
    // rest.BeforeUpdate: a request cannot set the generation; the strategy may bump it.
    obj.metadata.generation = old.metadata.generation;
    bool bump = tracksGeneration(obj) && !specEqual(obj, old);
    // Deployment strategy.go: annotation changes bump it too, "because annotations are copied
    // from deployments to their replica sets" (kubectl annotate, the change-cause, the legacy
    // rollback request). A ReplicaSet's annotations do not.
    if (obj.kind() == Kind::Deployment && obj.metadata.annotations != old.metadata.annotations)
        bump = true;
    if (bump)
        obj.metadata.generation = old.metadata.generation + 1;
}

namespace {
// dropDisabledStatusFields (deployment and replicaset strategy.go): status.terminatingReplicas
// is not in the API before 1.33 (the decoder drops it); while its gate is off it is kept only
// when the stored status already had it.
void dropTerminatingReplicas(std::optional<int> &field, const std::optional<int> &old)
{
    const KubeVersion v = KubeVersion::served();
    if (!v.atLeast(1, 33) || (!FeatureGate::enabled(FeatureGate::DeploymentReplicaSetTerminatingReplicas, v) && !old))
        field.reset();
}
} // namespace

void prepareForStatusUpdate(Object &obj, const Object &old)
{
    switch (obj.kind()) {
    case Kind::Deployment: {
        auto &d = static_cast<Deployment &>(obj);
        d.spec = static_cast<const Deployment &>(old).spec;
        obj.metadata.labels = old.metadata.labels;   // deploymentStatusStrategy only
        dropTerminatingReplicas(d.status.terminatingReplicas, static_cast<const Deployment &>(old).status.terminatingReplicas);
        break;
    }
    case Kind::ReplicaSet: {
        auto &rs = static_cast<ReplicaSet &>(obj);
        rs.spec = static_cast<const ReplicaSet &>(old).spec;
        dropTerminatingReplicas(rs.status.terminatingReplicas, static_cast<const ReplicaSet &>(old).status.terminatingReplicas);
        break;
    }
    case Kind::Pod: {
        auto &pod = static_cast<Pod &>(obj);
        pod.spec = static_cast<const Pod &>(old).spec;
        // "don't allow the pods/status endpoint to touch owner references"; the QoS class is
        // immutable and backfilled when a kubelet dropped it.
        pod.metadata.ownerReferences = old.metadata.ownerReferences;
        if (pod.status.qosClass.isEmpty())
            pod.status.qosClass = static_cast<const Pod &>(old).status.qosClass;
        break;
    }
    case Kind::Node:
        static_cast<Node &>(obj).spec = static_cast<const Node &>(old).spec;
        break;
    case Kind::Namespace:
        static_cast<Namespace &>(obj).spec = static_cast<const Namespace &>(old).spec;
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
    obj.metadata.generation = old.metadata.generation;
    obj.metadata.deletionTimestamp = old.metadata.deletionTimestamp;
    obj.metadata.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
}

void prepareForFinalize(Object &obj, const Object &old)
{
    // namespaceFinalizeStrategy: the request sets spec.finalizers (and may touch metadata); the
    // status stays the stored one.
    if (obj.kind() == Kind::Namespace && old.kind() == Kind::Namespace)
        static_cast<Namespace &>(obj).status = static_cast<const Namespace &>(old).status;
    obj.metadata.generation = old.metadata.generation;
    obj.metadata.deletionTimestamp = old.metadata.deletionTimestamp;
    obj.metadata.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
}

} // namespace rlab::apiserver::strategy
