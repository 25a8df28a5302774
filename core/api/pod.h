#pragma once
#include "core/api/condition.h"
#include "core/api/object.h"
#include "core/api/podspec.h"

namespace rlab::api {

struct ContainerStateWaiting
{
    static constexpr const char *kGoName = "ContainerStateWaiting";
    QString reason, message;
    bool operator==(const ContainerStateWaiting &) const = default;
};
template<class V> void visitFields(V &v, ContainerStateWaiting &s)
{
    v("reason", s.reason);
    v("message", s.message);
}

struct ContainerStateRunning
{
    static constexpr const char *kGoName = "ContainerStateRunning";
    Time startedAt = 0;
    bool operator==(const ContainerStateRunning &) const = default;
};
template<class V> void visitFields(V &v, ContainerStateRunning &s) { v.time("startedAt", s.startedAt); }

struct ContainerStateTerminated
{
    static constexpr const char *kGoName = "ContainerStateTerminated";
    int exitCode = 0, signal = 0;
    QString reason, message, containerID;
    Time startedAt = 0, finishedAt = 0;
    bool operator==(const ContainerStateTerminated &) const = default;
};
template<class V> void visitFields(V &v, ContainerStateTerminated &s)
{
    v("exitCode", s.exitCode, Keep);
    v("signal", s.signal);
    v("reason", s.reason);
    v("message", s.message);
    v.time("startedAt", s.startedAt, NullIfZero);
    v.time("finishedAt", s.finishedAt, NullIfZero);
    v("containerID", s.containerID);
}

// At most one member is set (core/v1 ContainerState).
struct ContainerState
{
    static constexpr const char *kGoName = "ContainerState";
    std::optional<ContainerStateWaiting> waiting;
    std::optional<ContainerStateRunning> running;
    std::optional<ContainerStateTerminated> terminated;
    bool operator==(const ContainerState &) const = default;
};
template<class V> void visitFields(V &v, ContainerState &s)
{
    v("waiting", s.waiting);
    v("running", s.running);
    v("terminated", s.terminated);
}

struct ContainerStatus
{
    static constexpr const char *kGoName = "ContainerStatus";
    QString name, image, imageID, containerID;
    ContainerState state, lastState;
    bool ready = false;
    int restartCount = 0;
    std::optional<bool> started;
    bool operator==(const ContainerStatus &) const = default;
};
template<class V> void visitFields(V &v, ContainerStatus &s)
{
    v("name", s.name, Keep);
    v("state", s.state);
    v("lastState", s.lastState);
    v("ready", s.ready, Keep);
    v("restartCount", s.restartCount, Keep);
    v("image", s.image, Keep);
    v("imageID", s.imageID, Keep);
    v("containerID", s.containerID);
    v("started", s.started);
}

struct PodIP
{
    static constexpr const char *kGoName = "PodIP";
    QString ip;
    bool operator==(const PodIP &) const = default;
};
template<class V> void visitFields(V &v, PodIP &p) { v("ip", p.ip, Keep); }

struct PodStatus
{
    static constexpr const char *kGoName = "PodStatus";
    QString phase, message, reason, nominatedNodeName, hostIP, podIP, qosClass;
    QList<Condition> conditions;
    QList<PodIP> podIPs;
    Time startTime = 0;
    QList<ContainerStatus> initContainerStatuses, containerStatuses;
    QJsonObject extra;
    bool operator==(const PodStatus &) const = default;
};
template<class V> void visitFields(V &v, PodStatus &s)
{
    v("phase", s.phase);
    v("conditions", s.conditions);
    v("message", s.message);
    v("reason", s.reason);
    v("nominatedNodeName", s.nominatedNodeName);
    v("hostIP", s.hostIP);
    v("podIP", s.podIP);
    v("podIPs", s.podIPs);
    v.time("startTime", s.startTime);
    v("initContainerStatuses", s.initContainerStatuses);
    v("containerStatuses", s.containerStatuses);
    v("qosClass", s.qosClass);
    v.extra(s.extra, {"hostIPs", "ephemeralContainerStatuses", "resize", "resourceClaimStatuses"});
}

// core/v1 Pod.
class Pod : public Object
{
public:
    static constexpr Kind kKind = Kind::Pod;
    static constexpr const char *kGoName = "Pod";
    Pod();
    Kind kind() const override { return kKind; }
    std::shared_ptr<Object> clone() const override { return std::make_shared<Pod>(*this); }
    QJsonObject toJson() const override;
    void fromJson(const QJsonObject &json, DecodeContext &ctx) override;

    PodSpec spec;
    PodStatus status;
};

template<class V> void visitFields(V &v, Pod &o)
{
    v("apiVersion", o.apiVersion, Keep);
    v("kind", o.kindName, Keep);
    v("metadata", o.metadata);
    v("spec", o.spec);
    v("status", o.status);
}

} // namespace rlab::api
