// SPDX-License-Identifier: Apache-2.0
#include "core/controller/kubelet/podfaults.h"

#include "core/api/pod.h"
#include "core/controller/kubelet/goduration.h"

namespace rlab::controller {

PodFaults PodFaults::of(const api::Pod &pod)
{
    PodFaults f;
    const auto &annotations = pod.metadata.annotations;
    if (annotations.isEmpty())
        return f;   // most pods (runs for every sync): no lookup, no key made
    static const QString crashAfter = QLatin1String(kCrashAfter), neverReady = QLatin1String(kNeverReady);
    const auto crash = annotations.constFind(crashAfter);
    if (crash != annotations.constEnd()) {
        const std::optional<qint64> ms = parseGoDuration(*crash);
        if (ms)
            f.crashAfterMs = *ms;
        else
            f.problem = QStringLiteral("%1: cannot parse \"%2\" as a duration such as 5s (ignored)")
                            .arg(QLatin1String(kCrashAfter), *crash);
    }
    const QString never = annotations.value(neverReady).trimmed();
    f.neverReady = never.compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
    return f;
}

} // namespace rlab::controller
