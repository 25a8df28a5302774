#pragma once
#include "core/api/object.h"

namespace rlab::api {

struct ObjectReference
{
    static constexpr const char *kGoName = "ObjectReference";
    QString kind, namespace_, name, uid, apiVersion, resourceVersion, fieldPath;
    bool operator==(const ObjectReference &) const = default;
};
template<class V> void visitFields(V &v, ObjectReference &r)
{
    v("kind", r.kind);
    v("namespace", r.namespace_);
    v("name", r.name);
    v("uid", r.uid);
    v("apiVersion", r.apiVersion);
    v("resourceVersion", r.resourceVersion);
    v("fieldPath", r.fieldPath);
}

struct EventSource
{
    static constexpr const char *kGoName = "EventSource";
    QString component, host;
    bool operator==(const EventSource &) const = default;
};
template<class V> void visitFields(V &v, EventSource &s)
{
    v("component", s.component);
    v("host", s.host);
}

// core/v1 Event, as the controllers' event recorder writes it and `kubectl describe` reads it.
class Event : public Object
{
public:
    static constexpr Kind kKind = Kind::Event;
    static constexpr const char *kGoName = "Event";
    Event();
    Kind kind() const override { return kKind; }
    std::shared_ptr<Object> clone() const override { return std::make_shared<Event>(*this); }
    QJsonObject toJson() const override;
    void fromJson(const QJsonObject &json, DecodeContext &ctx) override;

    ObjectReference involvedObject;
    QString reason, message, type, reportingComponent, reportingInstance, action;
    EventSource source;
    Time firstTimestamp = 0, lastTimestamp = 0;
    int count = 0;
    QJsonObject extra;
};

template<class V> void visitFields(V &v, Event &o)
{
    v("apiVersion", o.apiVersion, Keep);
    v("kind", o.kindName, Keep);
    v("metadata", o.metadata);
    v("involvedObject", o.involvedObject);
    v("reason", o.reason);
    v("message", o.message);
    v("source", o.source);
    v.time("firstTimestamp", o.firstTimestamp, NullIfZero);
    v.time("lastTimestamp", o.lastTimestamp, NullIfZero);
    v("count", o.count);
    v("type", o.type);
    v("action", o.action);
    v("reportingComponent", o.reportingComponent, Keep);
    v("reportingInstance", o.reportingInstance, Keep);
    v.extra(o.extra, {"eventTime", "series", "related"});
}

} // namespace rlab::api
