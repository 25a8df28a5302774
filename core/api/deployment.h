#pragma once
#include "core/api/condition.h"
#include "core/api/intorstring.h"
#include "core/api/labelselector.h"
#include "core/api/object.h"
#include "core/api/podspec.h"

namespace rlab::api {

struct RollingUpdateDeployment
{
    static constexpr const char *kGoName = "RollingUpdateDeployment";
    std::optional<IntOrString> maxUnavailable;
    std::optional<IntOrString> maxSurge;
    bool operator==(const RollingUpdateDeployment &) const = default;
};
template<class V> void visitFields(V &v, RollingUpdateDeployment &r)
{
    v("maxUnavailable", r.maxUnavailable);
    v("maxSurge", r.maxSurge);
}

struct DeploymentStrategy
{
    static constexpr const char *kGoName = "DeploymentStrategy";
    QString type;   // "RollingUpdate" | "Recreate"
    std::optional<RollingUpdateDeployment> rollingUpdate;
    bool operator==(const DeploymentStrategy &) const = default;
};
template<class V> void visitFields(V &v, DeploymentStrategy &s)
{
    v("type", s.type);
    v("rollingUpdate", s.rollingUpdate);
}

struct DeploymentSpec
{
    static constexpr const char *kGoName = "DeploymentSpec";
    std::optional<int> replicas;
    std::optional<LabelSelector> selector;
    PodTemplateSpec template_;
    DeploymentStrategy strategy;
    int minReadySeconds = 0;
    std::optional<int> revisionHistoryLimit;
    bool paused = false;
    std::optional<int> progressDeadlineSeconds;
    bool operator==(const DeploymentSpec &) const = default;
};
template<class V> void visitFields(V &v, DeploymentSpec &s)
{
    v("replicas", s.replicas);
    v("selector", s.selector);
    v("template", s.template_);
    v("strategy", s.strategy);
    v("minReadySeconds", s.minReadySeconds);
    v("revisionHistoryLimit", s.revisionHistoryLimit);
    v("paused", s.paused);
    v("progressDeadlineSeconds", s.progressDeadlineSeconds);
}

struct DeploymentStatus
{
    static constexpr const char *kGoName = "DeploymentStatus";
    qint64 observedGeneration = 0;
    int replicas = 0, updatedReplicas = 0, readyReplicas = 0, availableReplicas = 0,
        unavailableReplicas = 0;
    std::optional<int> terminatingReplicas;
    QList<Condition> conditions;
    std::optional<int> collisionCount;
    bool operator==(const DeploymentStatus &) const = default;
};
template<class V> void visitFields(V &v, DeploymentStatus &s)
{
    v("observedGeneration", s.observedGeneration);
    v("replicas", s.replicas);
    v("updatedReplicas", s.updatedReplicas);
    v("readyReplicas", s.readyReplicas);
    v("availableReplicas", s.availableReplicas);
    v("unavailableReplicas", s.unavailableReplicas);
    v("terminatingReplicas", s.terminatingReplicas);
    v("conditions", s.conditions);
    v("collisionCount", s.collisionCount);
}

// apps/v1 Deployment.
class Deployment : public Object
{
public:
    static constexpr Kind kKind = Kind::Deployment;
    static constexpr const char *kGoName = "Deployment";
    Deployment();
    Kind kind() const override { return kKind; }
    std::shared_ptr<Object> clone() const override { return std::make_shared<Deployment>(*this); }
    QJsonObject toJson() const override;
    void fromJson(const QJsonObject &json, DecodeContext &ctx) override;

    int replicas() const { return spec.replicas.value_or(1); }

    DeploymentSpec spec;
    DeploymentStatus status;
};

template<class V> void visitFields(V &v, Deployment &o)
{
    v("apiVersion", o.apiVersion, Keep);
    v("kind", o.kindName, Keep);
    v("metadata", o.metadata);
    v("spec", o.spec);
    v("status", o.status);
}

} // namespace rlab::api
