#pragma once
#include <QString>

namespace rlab::api {

// The kinds the lab simulates with typed objects; everything else is Generic ("not simulated").
enum class Kind { Namespace, Node, Pod, ReplicaSet, Deployment, Event, Generic };

// Static facts about a resource, as discovery and etcd name them.
struct ResourceInfo
{
    Kind kind;
    const char *kindName;    // "Deployment"
    const char *group;       // "apps", "" for core
    const char *version;     // "v1"
    const char *resource;    // "deployments" (plural, etcd key segment)
    bool namespaced;
    QString apiVersion() const;   // "apps/v1" or "v1"
};

// Known typed resources; nullptr for other kinds.
const ResourceInfo *resourceForKind(const QString &kindName);
const ResourceInfo *resourceForPlural(const QString &resource);
const ResourceInfo &resourceInfo(Kind kind);   // kind != Generic
QString pluralForKind(const QString &kindName); // lower-case + "s"/"es"/"ies" for generic kinds

} // namespace rlab::api
