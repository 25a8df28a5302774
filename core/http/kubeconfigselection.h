// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>
#include <QStringList>

namespace rlab::http {

// Which kubeconfig, context and namespace to use: kubectl's --kubeconfig / --context /
// --namespace / --cluster / --user flags (clientcmd.ConfigOverrides). Empty fields mean "as
// kubectl decides": files from $KUBECONFIG (':'-separated, merged) or ~/.kube/config, the
// current-context, the context's namespace or "default". A plain value.
struct KubeconfigSelection
{
    QStringList files;     // --kubeconfig (one file) or an explicit precedence list
    QString context;       // --context
    QString namespace_;    // --namespace
    QString cluster;       // --cluster (overrides the context's)
    QString user;          // --user (overrides the context's)
};

} // namespace rlab::http
