#pragma once
#include <QString>

namespace rlab::server {

// The parts of a Kubernetes REST path, split the way kube-apiserver's RequestInfoFactory does:
// "/apis/apps/v1/namespaces/default/deployments/web/scale" -> group "apps", version "v1",
// namespace "default", resource "deployments", name "web", subresource "scale". Namespaces are
// both a scope and a resource: "/api/v1/namespaces/default" is the Namespace "default" and
// "/api/v1/namespaces/default/status" its status. A plain value; parse() from any thread.
struct RestPath
{
    QString group, version, namespace_, resource, name, subresource;

    // False for anything that is not /api/v1/... or /apis/GROUP/VERSION/... with a resource
    // (discovery documents such as "/api/v1" itself are not resource paths).
    static bool parse(const QString &path, RestPath *out);
};

} // namespace rlab::server
