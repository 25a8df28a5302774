#pragma once
#include "core/api/object.h"

namespace rlab::apiserver::admission {

// The admission plugins of a default kube-apiserver that change what the lab simulates:
// DefaultTolerationSeconds gives every pod tolerations for the node.kubernetes.io/not-ready and
// node.kubernetes.io/unreachable NoExecute taints for 300 s, which is why pods on a failed node
// are evicted (and replaced by their ReplicaSet) five minutes after it fails.
void admit(api::Object &obj);

} // namespace rlab::apiserver::admission
