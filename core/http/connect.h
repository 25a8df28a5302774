// SPDX-License-Identifier: Apache-2.0
#pragma once
// The entry point of live mode: a client::Interface on a real cluster or a served lab, from a
// kubeconfig as kubectl reads it.
//
//   http::KubeconfigSelection sel;           // {files, context, namespace_, cluster, user}
//   sel.files = {path};                      // empty: $KUBECONFIG or ~/.kube/config
//   QString error;
//   std::unique_ptr<http::RestClient> c = http::connect(sel, &error);
//   if (!c) { err << "error: " << error; }   // kubectl's words: `context "x" does not exist`
//   c->config().namespace_                   // the namespace to show (context's or --namespace)
//   client::SharedIndexInformer inf(*c, apiserver::resources::byKind(api::Kind::Deployment));
//
// connect() only resolves the kubeconfig and starts the client's network thread; it sends no
// request (the first verb does; a bad server shows up as that verb's ApiError). Use
// loadKubeconfig() alone to show what a kubeconfig resolves to (RestConfig::describe()).
// Thread rules: any thread; the client's verbs from any thread, except its own network thread.
#include "core/http/connectoptions.h"
#include "core/http/kubeconfigselection.h"
#include "core/http/restclient.h"
#include "core/http/restconfig.h"

#include <memory>
#include <optional>

namespace rlab::http {

// Resolves `sel` as kubectl does (client-go clientcmd loading rules and overrides). nullopt
// and *error (kubectl's message, without the "error: " prefix) when it cannot.
std::optional<RestConfig> loadKubeconfig(const KubeconfigSelection &sel, QString *error);

// loadKubeconfig + RestClient. nullptr and *error when the kubeconfig cannot be used (also for
// a removed auth-provider such as gcp or azure: client-go's message and what to use instead).
std::unique_ptr<RestClient> connect(const KubeconfigSelection &sel, QString *error, const ConnectOptions &options = {});
std::unique_ptr<RestClient> connect(const RestConfig &config, QString *error, const ConnectOptions &options = {});

} // namespace rlab::http
