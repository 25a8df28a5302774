#pragma once
#include "core/api/condition.h"
#include "core/api/labelselector.h"
#include "core/api/object.h"
#include "core/api/podspec.h"

namespace rlab::api {

struct ReplicaSetSpec
{
    static constexpr const char *kGoName = "ReplicaSetSpec";
    std::optional<int> replicas;
    int minReadySeconds = 0;
    std::optional<LabelSelector> selector;
    PodTemplateSpec template_;
    bool operator==(const ReplicaSetSpec &) const = default;
};
template<class V> void visitFields(V &v, ReplicaSetSpec &s)
{
    v("replicas", s.replicas);
    v("minReadySeconds", s.minReadySeconds);
    v("selector", s.selector);
    v("template", s.template_);
}

struct ReplicaSetStatus
{
    static constexpr const char *kGoName = "ReplicaSetStatus";
    int replicas = 0, fullyLabeledReplicas = 0, readyReplicas = 0, availableReplicas = 0;
    std::optional<int> terminatingReplicas;
    qint64 observedGeneration = 0;
    QList<Condition> conditions;
    bool operator==(const ReplicaSetStatus &) const = default;
};
template<class V> void visitFields(V &v, ReplicaSetStatus &s)
{
    v("replicas", s.replicas, Keep);
    v("fullyLabeledReplicas", s.fullyLabeledReplicas);
    v("readyReplicas", s.readyReplicas);
    v("availableReplicas", s.availableReplicas);
    v("terminatingReplicas", s.terminatingReplicas);
    v("observedGeneration", s.observedGeneration);
    v("conditions", s.conditions);
}

// apps/v1 ReplicaSet.
class ReplicaSet : public Object
{
public:
    static constexpr Kind kKind = Kind::ReplicaSet;
    static constexpr const char *kGoName = "ReplicaSet";
    ReplicaSet();
    Kind kind() const override { return kKind; }
    std::shared_ptr<Object> clone() const override { return std::make_shared<ReplicaSet>(*this); }
    QJsonObject toJson() const override;
    void fromJson(const QJsonObject &json, DecodeContext &ctx) override;

    int replicas() const { return spec.replicas.value_or(1); }

    ReplicaSetSpec spec;
    ReplicaSetStatus status;
};

template<class V> void visitFields(V &v, ReplicaSet &o)
{
    v("apiVersion", o.apiVersion, Keep);
    v("kind", o.kindName, Keep);
    v("metadata", o.metadata);
    v("spec", o.spec);
    v("status", o.status);
}

} // namespace rlab::api
