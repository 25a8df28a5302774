// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>

#include <optional>

namespace rlab::api {
class Pod;
}

namespace rlab::controller {

// The teacher-made faults a pod asks for with annotations (documented in the README):
//   rlab.dev/crash-after: "5s"   every container exits with code 1 after running that long
//                                 (a Go duration: 500ms, 5s, 1m30s); restartPolicy decides the
//                                 rest: Always/OnFailure → restart with CrashLoopBackOff
//                                 back-off 10s, 20s, 40s … 5m0s; Never → the pod Fails
//   rlab.dev/never-ready: "true" containers run but never pass their readiness check
// Images that cannot be pulled are ImageRules' business. A plain value, read from a Pod:
// any thread. An unparsable value is ignored and explained in `problem`.
struct PodFaults
{
    static constexpr const char *kCrashAfter = "rlab.dev/crash-after";
    static constexpr const char *kNeverReady = "rlab.dev/never-ready";

    std::optional<qint64> crashAfterMs;
    bool neverReady = false;
    QString problem;   // "rlab.dev/crash-after: cannot parse \"soon\" as a duration (ignored)"

    static PodFaults of(const api::Pod &pod);
};

} // namespace rlab::controller
