#pragma once
#include <QJsonObject>
#include <QString>
#include <optional>

namespace rlab::server {

// The documents kubectl reads before it can address a resource, built from the ApiServer's
// resource table (resources::all()): /version (KubeVersion::served(), v1.31.0, so the Cloud
// SDK's kubectl dispatcher runs kubectl 1.31, which sends JSON bodies), legacy discovery (/api, /apis, /api/v1,
// /apis/GROUP/VERSION with shortNames, categories, verbs and subresources; kubectl falls back
// to it when /api and /apis answer plain JSON), and the minimal OpenAPI v3 that makes
// `kubectl apply` validate on the server (fieldValidation=Strict). Stateless; any thread.
class Discovery
{
public:
    static QJsonObject version();
    static QJsonObject apiVersions(const QString &serverAddress);   // GET /api
    static QJsonObject apiGroupList();                              // GET /apis
    // GET /api/v1 or /apis/GROUP/VERSION; nullopt for a group-version the server does not have.
    static std::optional<QJsonObject> resourceList(const QString &group, const QString &version);
    // GET /openapi/v3: {"paths": {"api/v1": {"serverRelativeURL": "/openapi/v3/api/v1?hash=…"}, …}}
    static QJsonObject openApiRoot();
    // GET /openapi/v3/api/v1, /openapi/v3/apis/GROUP/VERSION: a PATCH operation per kind with
    // x-kubernetes-group-version-kind and the fieldValidation parameter.
    static std::optional<QJsonObject> openApiDocument(const QString &group, const QString &version);
};

} // namespace rlab::server
