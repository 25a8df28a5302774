#include "core/apiserver/featuregate.h"

namespace rlab::apiserver {

namespace {
struct Spec
{
    int minor;      // from 1.<minor> on
    bool enabled;   // Default
};
} // namespace

bool FeatureGate::enabled(Feature feature, const KubeVersion &version)
{
    static const Spec watchList[] = {{27, false}, {32, true}, {33, false}, {34, true}};
    static const Spec terminating[] = {{33, false}, {35, true}};
    const Spec *begin = feature == WatchList ? std::begin(watchList) : std::begin(terminating);
    const Spec *end = feature == WatchList ? std::end(watchList) : std::end(terminating);
    bool on = false;
    for (const Spec *s = begin; s != end; ++s)
        if (version.atLeast(1, s->minor))
            on = s->enabled;
    return on;
}

const char *FeatureGate::name(Feature feature)
{
    switch (feature) {
    case WatchList: return "WatchList";
    case DeploymentReplicaSetTerminatingReplicas: return "DeploymentReplicaSetTerminatingReplicas";
    }
    return "";
}

} // namespace rlab::apiserver
