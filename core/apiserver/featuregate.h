#pragma once
#include "core/apiserver/kubeversion.h"

namespace rlab::apiserver {

// The kube-apiserver / kube-controller-manager feature gates whose default changes what a
// client sees, with upstream's versioned defaults (component-base VersionedSpecs in
// pkg/features and staging/src/k8s.io/apiserver/pkg/features): a gate is on when the version's
// newest spec says Default: true. Pure functions; any thread.
class FeatureGate
{
public:
    enum Feature {
        // ?sendInitialEvents on watch (streaming lists): alpha 1.27 off, beta 1.32 on,
        // 1.33 off again ("the json and proto streaming encoders appear to work better"), 1.34 on.
        WatchList,
        // Deployment/ReplicaSet status.terminatingReplicas: alpha 1.33 off, beta 1.35 on;
        // absent from the API before 1.33.
        DeploymentReplicaSetTerminatingReplicas,
    };
    static bool enabled(Feature feature, const KubeVersion &version);
    static bool enabled(Feature feature) { return enabled(feature, KubeVersion::served()); }
    static const char *name(Feature feature);
};

} // namespace rlab::apiserver
