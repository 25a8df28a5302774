#pragma once
#include "core/api/fielderror.h"
#include "core/apiserver/apitypes.h"

namespace rlab::apiserver {

// apimachinery's ValidateListOptions (pkg/apis/meta/internalversion/validation): which
// combinations of resourceVersion, resourceVersionMatch, continue and sendInitialEvents a list
// or a watch may ask for. kube-apiserver answers a non-empty result with 422
// `ListOptions.meta.k8s.io "" is invalid: …`. watchListEnabled: the WatchList feature gate.
// Pure; any thread.
api::FieldErrors validateListOptions(const ListOptions &options, bool watch, bool watchListEnabled);

} // namespace rlab::apiserver
