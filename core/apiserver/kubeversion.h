#pragma once
#include <QString>

namespace rlab::apiserver {

// The Kubernetes release the lab is: the one constant behind /version, the nodes'
// kubeletVersion, the feature gates (FeatureGate) and so the fields the API serves. Change
// kServed and everything follows (kubectl's dispatcher picks its kubectl from /version).
// A value; any thread.
struct KubeVersion
{
    int major = 1;
    int minor = 0;
    int patch = 0;

    QString gitVersion() const { return QStringLiteral("v%1.%2.%3").arg(major).arg(minor).arg(patch); }
    bool atLeast(int maj, int min) const { return major > maj || (major == maj && minor >= min); }

    static constexpr int kServedMinor = 31;
    static KubeVersion served() { return KubeVersion{1, kServedMinor, 0}; }
};

} // namespace rlab::apiserver
