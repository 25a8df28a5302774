#pragma once
#include "core/server/userinfo.h"

#include <QString>

namespace rlab::server {

class QueryParameters;

// authorizer.Attributes of k8s.io/apiserver: the user and what the request asks, as
// RequestInfoFactory derives it from method and path. Verb: get, list, watch, create, update,
// patch, delete, deletecollection for resource requests; the lower-case method for others
// (path set, resource empty). A list or watch narrowed by fieldSelector=metadata.name=N names N.
// A plain value; any thread.
struct AuthorizerAttributes
{
    UserInfo user;
    QString verb;
    bool resourceRequest = false;
    QString apiGroup, apiVersion, namespace_, resource, subresource, name;
    QString path;

    static AuthorizerAttributes fromRequest(const UserInfo &user, const QString &method, const QString &path,
                                            const QueryParameters &params);
};

} // namespace rlab::server
