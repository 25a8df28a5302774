#include "ui/arithmetic/rollingmath.h"

#include "core/api/deploymentutil.h"

#include <algorithm>

namespace rlab::ui {

namespace du = rlab::deploymentutil;

QString RollingMath::ruleText(const api::IntOrString &v, int replicas, bool roundUp, int resolved)
{
    if (!v.isString)
        return QStringLiteral("%1 (an absolute number, no rounding)").arg(resolved);
    const QString percent = v.strVal.chopped(1);
    const double exact = percent.toDouble() * replicas / 100.0;
    const QString exactText = QString::number(exact, 'g', 6);
    const bool whole = exact == double(qint64(exact));
    if (whole)
        return QStringLiteral("%1 of %2 = %3 (whole, nothing to round)").arg(v.strVal).arg(replicas).arg(exactText);
    return QStringLiteral("%1 of %2 = %3 → rounds %4 to %5").arg(v.strVal).arg(replicas).arg(exactText,
                                                                                                roundUp ? QStringLiteral("up") : QStringLiteral("down"))
        .arg(resolved);
}

RollingMath::Fenceposts RollingMath::resolve(const std::optional<api::IntOrString> &maxSurge,
                                             const std::optional<api::IntOrString> &maxUnavailable, int replicas)
{
    Fenceposts f;
    f.replicas = replicas;
    f.surgeWritten = maxSurge ? maxSurge->toString() : QStringLiteral("(unset)");
    f.unavailableWritten = maxUnavailable ? maxUnavailable->toString() : QStringLiteral("(unset)");
    const du::Fenceposts core = du::ResolveFenceposts(maxSurge, maxUnavailable, replicas);
    if (!core.error.isEmpty()) {
        f.error = core.error;
        return f;
    }
    f.surge = core.surge;
    // MaxUnavailable caps at spec.replicas (and is 0 for 0 replicas).
    f.unavailable = replicas == 0 ? 0 : std::min(core.unavailable, replicas);
    const api::IntOrString zero = api::IntOrString::fromInt(0);
    f.surgeRule = ruleText(maxSurge.value_or(zero), replicas, true, f.surge);
    // The unrounded value before the 0/0 bump and the cap.
    const int unavailableRounded = maxUnavailable.value_or(zero).scaledValue(replicas, false).value_or(0);
    f.unavailableRule = ruleText(maxUnavailable.value_or(zero), replicas, false, unavailableRounded);
    f.bumped = core.surge == 0 && unavailableRounded == 0;
    if (f.bumped)
        f.unavailableRule += QStringLiteral("; maxSurge and maxUnavailable both 0 → maxUnavailable 1, so the rollout can progress");
    if (replicas == 0 && core.unavailable > 0)
        f.unavailableRule += QStringLiteral("; with 0 replicas nothing can be unavailable → 0");
    else if (core.unavailable > f.unavailable)
        f.unavailableRule += QStringLiteral("; capped at replicas %1").arg(replicas);
    f.maxTotal = replicas + f.surge;
    f.minAvailable = replicas - f.unavailable;
    return f;
}

RollingMath::Fenceposts RollingMath::resolve(const api::Deployment &d)
{
    if (!du::IsRollingUpdate(d)) {
        Fenceposts f;
        f.replicas = d.replicas();
        f.surgeWritten = f.unavailableWritten = QStringLiteral("(Recreate)");
        f.unavailable = f.replicas;
        f.surgeRule = QStringLiteral("Recreate: no surge, the new ReplicaSet starts after every old pod is gone");
        f.unavailableRule = QStringLiteral("Recreate: every old pod goes down first (all %1 unavailable)").arg(f.replicas);
        f.maxTotal = f.replicas;
        f.minAvailable = 0;
        return f;
    }
    const auto &ru = d.spec.strategy.rollingUpdate;
    return resolve(ru ? ru->maxSurge : std::nullopt, ru ? ru->maxUnavailable : std::nullopt, d.replicas());
}

RollingMath::NewRSStep RollingMath::newRSNewReplicas(int replicas, int surge, int currentTotal, int newRSReplicas)
{
    NewRSStep s;
    s.maxTotal = replicas + surge;
    s.current = currentTotal;
    s.room = s.maxTotal - currentTotal;
    s.needed = replicas - newRSReplicas;
    if (s.room <= 0) {
        s.result = newRSReplicas;
        s.text = QStringLiteral("no room: maxTotal %1 (%2 + maxSurge %3) − current %4 = %5 → stays %6")
                     .arg(s.maxTotal).arg(replicas).arg(surge).arg(currentTotal).arg(s.room).arg(newRSReplicas);
        return s;
    }
    const int grow = std::min(s.room, s.needed);
    s.result = newRSReplicas + grow;
    s.text = QStringLiteral("new RS may grow to maxTotal %1 (%2 + maxSurge %3) − current %4 = %5; still needed %2 − %6 = %7; "
                            "min(%5, %7) = %8 → %6 + %8 = %9")
                 .arg(s.maxTotal).arg(replicas).arg(surge).arg(currentTotal).arg(s.room).arg(newRSReplicas).arg(s.needed)
                 .arg(grow).arg(s.result);
    return s;
}

} // namespace rlab::ui
