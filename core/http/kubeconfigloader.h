// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/http/kubeconfigfiles.h"
#include "core/http/kubeconfigselection.h"
#include "core/http/restconfig.h"

#include <optional>

namespace rlab::http {

// client-go's DirectClientConfig over merged kubeconfig files: picks the context (--context or
// current-context), its cluster and user (or the --cluster/--user overrides), reads the
// referenced files, decodes the -data fields and validates like ConfirmUsable, in kubectl's
// words ("Error in configuration: context was not found for specified context: x"). The removed
// auth-provider plugins (gcp, azure) fail with client-go's message naming their replacement.
// Stateless static functions: any thread.
class KubeconfigLoader
{
public:
    static std::optional<RestConfig> load(const KubeconfigSelection &sel, QString *error);
    static std::optional<RestConfig> resolve(const KubeconfigFiles &files, const KubeconfigSelection &sel, QString *error);
    // client-go's message for a removed in-tree auth-provider ("" for one that still exists).
    static QString removedAuthProviderMessage(const QString &name);
};

} // namespace rlab::http
