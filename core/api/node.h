#pragma once
#include "core/api/condition.h"
#include "core/api/object.h"

namespace rlab::api {

struct Taint
{
    static constexpr const char *kGoName = "Taint";
    QString key, value, effect;   // effect: NoSchedule | PreferNoSchedule | NoExecute
    Time timeAdded = 0;
    bool operator==(const Taint &) const = default;
};
template<class V> void visitFields(V &v, Taint &t)
{
    v("key", t.key, Keep);
    v("value", t.value);
    v("effect", t.effect, Keep);
    v.time("timeAdded", t.timeAdded);
}

struct NodeSpec
{
    static constexpr const char *kGoName = "NodeSpec";
    QString podCIDR, providerID;
    QStringList podCIDRs;
    bool unschedulable = false;
    QList<Taint> taints;
    QJsonObject extra;
    bool operator==(const NodeSpec &) const = default;
};
template<class V> void visitFields(V &v, NodeSpec &s)
{
    v("podCIDR", s.podCIDR);
    v("podCIDRs", s.podCIDRs);
    v("providerID", s.providerID);
    v("unschedulable", s.unschedulable);
    v("taints", s.taints);
    v.extra(s.extra, {"configSource", "externalID"});
}

struct NodeAddress
{
    static constexpr const char *kGoName = "NodeAddress";
    QString type, address;
    bool operator==(const NodeAddress &) const = default;
};
template<class V> void visitFields(V &v, NodeAddress &a)
{
    v("type", a.type, Keep);
    v("address", a.address, Keep);
}

struct NodeStatus
{
    static constexpr const char *kGoName = "NodeStatus";
    QMap<QString, QString> capacity, allocatable;
    QString phase;
    QList<Condition> conditions;
    QList<NodeAddress> addresses;
    QJsonObject nodeInfo;   // kubeletVersion, osImage, … (shown by kubectl -o wide)
    QJsonObject extra;
    bool operator==(const NodeStatus &) const = default;
};
template<class V> void visitFields(V &v, NodeStatus &s)
{
    v("capacity", s.capacity);
    v("allocatable", s.allocatable);
    v("phase", s.phase);
    v("conditions", s.conditions);
    v("addresses", s.addresses);
    v("nodeInfo", s.nodeInfo);
    v.extra(s.extra, {"daemonEndpoints", "images", "volumesInUse", "volumesAttached", "config",
                      "runtimeHandlers", "features"});
}

// core/v1 Node (cluster-scoped).
class Node : public Object
{
public:
    static constexpr Kind kKind = Kind::Node;
    static constexpr const char *kGoName = "Node";
    Node();
    Kind kind() const override { return kKind; }
    std::shared_ptr<Object> clone() const override { return std::make_shared<Node>(*this); }
    QJsonObject toJson() const override;
    void fromJson(const QJsonObject &json, DecodeContext &ctx) override;
    bool isReady() const;   // condition Ready == "True"

    NodeSpec spec;
    NodeStatus status;
};

template<class V> void visitFields(V &v, Node &o)
{
    v("apiVersion", o.apiVersion, Keep);
    v("kind", o.kindName, Keep);
    v("metadata", o.metadata);
    v("spec", o.spec);
    v("status", o.status);
}

} // namespace rlab::api
