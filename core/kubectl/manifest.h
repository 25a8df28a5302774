#pragma once
#include "core/api/object.h"
#include "core/api/sourcedocument.h"
#include "core/kubectl/apply.h"

#include <QList>
#include <optional>
#include <QStringList>

namespace rlab::kubectl {

// One object of a manifest file, decoded and checked.
struct ManifestObject
{
    api::SourceDocument source;
    QJsonObject json;               // as written in the file
    api::MutableObjectPtr object;   // typed or generic
};

// A manifest file read, decoded, defaulted and validated as `kubectl apply` + the API server
// would, WITHOUT touching any cluster: errors say `file:line:column: …` in the API server's
// words (`The Deployment "web" is invalid: spec.replicas: Invalid value: -1: …`). The lab applies
// a file all-or-nothing: if any document is bad, nothing is applied (stricter than kubectl,
// which applies the good documents of a file whose others the server rejects).
struct Manifest
{
    QList<ManifestObject> objects;
    QStringList errors;     // formatted, one per problem
    QStringList warnings;   // `file:line:column: Warning: unknown field "spec.foo"`
    QList<api::SourceError> sourceErrors;   // the same errors with positions, for editors
    bool ok() const { return errors.isEmpty(); }
};

// kubectl's REST mapping of a manifest's apiVersion/kind against what the server serves (the
// lab has no CustomResourceDefinitions: the kinds of resources::builtin()). nullopt if served
// (or if apiVersion/kind are missing, which validation reports first); otherwise kubectl's
// error, `resource mapping not found for name: "web" namespace: "" from "web.yaml": no matches
// for kind "Deploymnt" in version "apps/v1"` + "\nensure CRDs are installed first". `source` is
// the file name as given (kubectl's "STDIN" for standard input). The window's Apply uses it too.
std::optional<QString> resourceMappingError(const QJsonObject &json, const QString &source);

// A file with no object at all (empty, comments, `---` only, an empty List) is an error, as
// `kubectl apply -f FILE` says: `FILE: error: no objects passed to apply`.
Manifest loadManifest(const QByteArray &text, const QString &fileName, bool strict = false);
Manifest loadManifestFile(const QString &path, bool strict = false);
// kubectlApply for every object, in file order; call only when manifest.ok().
QList<ApplyResult> applyManifest(client::Interface &api, const Manifest &manifest, const QString &defaultNamespace = QStringLiteral("default"));

} // namespace rlab::kubectl
