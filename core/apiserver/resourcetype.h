#pragma once
#include "core/api/kind.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace rlab::apiserver {

// One REST resource the API server serves: its group/version, plural name, kind, scope, the
// names kubectl knows it by, and where its objects live in etcd. Values; copy freely.
struct ResourceType
{
    QString group, version, resource, kind, singular;
    bool namespaced = true;
    QStringList shortNames, categories;
    QStringList subresources;   // "status", "scale", "binding", "log"
    api::Kind typedKind = api::Kind::Generic;
    QString etcdPrefix;         // "/registry/deployments" ("/registry/minions" for nodes)

    QString apiVersion() const { return group.isEmpty() ? version : group + QLatin1Char('/') + version; }
    QString qualified() const { return group.isEmpty() ? resource : resource + QLatin1Char('.') + group; }
    bool isValid() const { return !resource.isEmpty(); }
    bool simulated() const { return typedKind != api::Kind::Generic; }
    // "/registry/deployments/default/web"; with an empty name the prefix of that namespace
    // ("/registry/deployments/default/"), with both empty the whole resource.
    QByteArray etcdKey(const QString &ns, const QString &name) const;
};

// The fixed table of resources (the six simulated kinds and common "not simulated" ones) plus
// kinds first seen in applied manifests (custom resources, stored generically). Thread-safe.
namespace resources {
const QList<ResourceType> &builtin();
ResourceType byResource(const QString &group, const QString &resource);   // invalid if unknown
ResourceType byKind(const QString &apiVersion, const QString &kind);       // registers unknown kinds
// A built-in kind's type, from a table that lives as long as the program (no copy of its strings
// a call: the kubelet and the API server ask on every status update); empty for Generic.
const ResourceType &byKind(api::Kind kind);
// kubectl-style lookup: "deploy", "deployments", "deployment", "deployments.apps".
ResourceType lookup(const QString &name);
QList<ResourceType> all();
} // namespace resources

} // namespace rlab::apiserver
