#pragma once
#include "core/live/liveclustersource.h"

#include <QStringList>
#include <memory>

namespace rlab::live {

// kubectl's --kubeconfig / --context / --namespace for live mode.
struct LiveConnectRequest
{
    QStringList kubeconfigs;   // empty: $KUBECONFIG or ~/.kube/config, as kubectl
    QString context, namespace_;
    bool allNamespaces = false;   // kubectl -A: every namespace
};

// Opens a real cluster for live mode over core/http's client (http::connect: the kubeconfig
// resolved as kubectl does, credentials kept inside the client), asks it for /version, and
// returns the session source; null with kubectl's words in `error` (`context "x" does not
// exist`, the server's refusal, …). Thread rules: any thread; the result as LiveSource.
std::unique_ptr<LiveClusterSource> connectLive(const LiveConnectRequest &request, QString *error);

} // namespace rlab::live
