#pragma once
#include "core/client/interface.h"

#include <QJsonObject>

namespace rlab::kubectl {

// What `kubectl apply` did to one object: created, configured, unchanged (kubectl's words).
struct ApplyResult
{
    enum Outcome { Created, Configured, Unchanged };
    Outcome outcome = Created;
    api::ObjectPtr object;
    apiserver::ResourceType resource;
    QStringList warnings;   // unknown fields
    std::optional<apiserver::ApiError> error;
    bool ok() const { return !error; }
    QString describe() const;   // `deployment.apps/web configured`
};

// kubectl's client-side apply (k8s.io/kubectl/pkg/cmd/apply): the manifest is stored in the
// kubectl.kubernetes.io/last-applied-configuration annotation; a missing object is created,
// an existing one gets the three-way strategic merge patch of (last-applied, manifest, live), so
// fields someone else set survive and fields removed from the file since the last apply go.
// The GUI, scenarios and `rlab` use it; kubectl does the same over HTTP. Any thread.
ApplyResult kubectlApply(client::Interface &api, const QJsonObject &manifest, const QString &defaultNamespace = QStringLiteral("default"),
                         bool dryRun = false);

} // namespace rlab::kubectl
