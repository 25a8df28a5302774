#pragma once
#include "core/api/deployment.h"

#include <QString>
#include <optional>

namespace rlab::ui {

// The rolling-update arithmetic of one Deployment as a learner reads it, computed by the
// controller's own functions (deploymentutil::ResolveFenceposts, NewRSNewReplicas) so that the
// panel and the controller cannot disagree. Worked example, replicas 10, 25% / 25%:
// surge "25% of 10 = 2.5 → rounds up to 3", unavailable "25% of 10 = 2.5 → rounds down to 2",
// maxTotal 10 + 3 = 13, minAvailable 10 − 2 = 8. Pure functions; any thread.
struct RollingMath
{
    struct Fenceposts
    {
        int replicas = 0;
        QString surgeWritten, unavailableWritten;   // "25%", "1", "(unset)"
        int surge = 0, unavailable = 0;             // resolved, unavailable capped at replicas
        QString surgeRule, unavailableRule;         // "25% of 10 = 2.5 → rounds up to 3"
        bool bumped = false;                        // both 0 → maxUnavailable 1
        int maxTotal = 0;                           // replicas + surge
        int minAvailable = 0;                       // replicas − unavailable
        QString error;
    };
    // maxSurge / maxUnavailable as written (nullopt = unset) for `replicas` desired pods.
    static Fenceposts resolve(const std::optional<api::IntOrString> &maxSurge,
                              const std::optional<api::IntOrString> &maxUnavailable, int replicas);
    // The deployment's strategy (Recreate: surge 0, unavailable = all, rules say so).
    static Fenceposts resolve(const api::Deployment &d);

    // How far reconcileNewReplicaSet may grow the new RS (NewRSNewReplicas): replicas 10,
    // surge 3, current 10 pods of which 3 new: room 13 − 10 = 3, still needed 10 − 3 = 7,
    // grows by min(3, 7) = 3 → 6.
    struct NewRSStep
    {
        int maxTotal = 0, current = 0, room = 0, needed = 0, result = 0;
        QString text;
    };
    static NewRSStep newRSNewReplicas(int replicas, int surge, int currentTotal, int newRSReplicas);

    // "25% of 10 = 2.5 → rounds up to 3 (maxSurge)"; ints: "3 (an absolute number)".
    static QString ruleText(const api::IntOrString &v, int replicas, bool roundUp, int resolved);
};

} // namespace rlab::ui
