// SPDX-License-Identifier: Apache-2.0
#include "core/controller/activepods.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rlab::controller {

int podPhaseToOrdinal(const QString &phase)
{
    if (phase == QLatin1String("Unknown"))
        return 1;
    if (phase == QLatin1String("Running"))
        return 2;
    return 0;   // Pending, and anything unexpected ranks with it
}

bool afterOrZero(api::Time t1, api::Time t2)
{
    if (t1 == 0 || t2 == 0)
        return t1 == 0;
    return t1 > t2;
}

qint64 logarithmicRankDiff(api::Time t1, api::Time t2, qint64 nowMs)
{
    const auto rank = [nowMs](api::Time t) -> qint64 {
        const qint64 ms = nowMs - t;
        if (ms <= 0)
            return -1;
        return qint64(std::log2(double(ms) * 1e6));   // Go: int64(math.Log2(float64(duration ns)))
    };
    return rank(t1) - rank(t2);
}

qint32 getDeletionCostFromPodAnnotations(const QMap<QString, QString> &annotations, bool *valid)
{
    if (valid)
        *valid = true;
    const auto it = annotations.constFind(PodDeletionCost);
    if (it == annotations.cend())
        return 0;
    const QString value = *it;
    // validFirstDigit: "-…", "0" alone, or 1-9 first; so no "+10" and no leading zeros. Then
    // strconv.ParseInt(value, 10, 32): an optional '-' and decimal digits only, in int32 range.
    const bool firstOk = !value.isEmpty()
        && (value.front() == u'-' || value == QLatin1String("0") || (value.front() >= u'1' && value.front() <= u'9'));
    const qsizetype digitsFrom = value.startsWith(u'-') ? 1 : 0;
    bool digits = value.size() > digitsFrom;
    for (qsizetype i = digitsFrom; digits && i < value.size(); ++i)
        digits = value.at(i) >= u'0' && value.at(i) <= u'9';
    bool ok = false;
    const qlonglong n = (firstOk && digits) ? value.toLongLong(&ok, 10) : 0;
    if (!ok || n < std::numeric_limits<qint32>::min() || n > std::numeric_limits<qint32>::max()) {
        if (valid)
            *valid = false;
        return 0;
    }
    return qint32(n);
}

ContainerRestarts maxContainerRestarts(const api::Pod &pod)
{
    ContainerRestarts r;
    for (const api::ContainerStatus &c : pod.status.containerStatuses)
        r.regular = std::max(r.regular, c.restartCount);
    QSet<QString> sidecars;
    for (const api::Container &c : pod.spec.initContainers)
        if (c.extra.value(QStringLiteral("restartPolicy")).toString() == QLatin1String("Always"))
            sidecars.insert(c.name);
    for (const api::ContainerStatus &c : pod.status.initContainerStatuses)
        if (sidecars.contains(c.name))
            r.sidecar = std::max(r.sidecar, c.restartCount);
    return r;
}

std::optional<bool> compareMaxContainerRestarts(const api::Pod &a, const api::Pod &b)
{
    const ContainerRestarts ra = maxContainerRestarts(a), rb = maxContainerRestarts(b);
    if (ra.regular != rb.regular)
        return ra.regular > rb.regular;
    if (ra.sidecar != rb.sidecar)
        return ra.sidecar > rb.sidecar;
    return std::nullopt;
}

bool ActivePods::less(const api::Pod &a, const api::Pod &b)
{
    const QString &na = a.spec.nodeName, &nb = b.spec.nodeName;
    if (na != nb && (na.isEmpty() || nb.isEmpty()))
        return na.isEmpty();
    const int pa = podPhaseToOrdinal(a.status.phase), pb = podPhaseToOrdinal(b.status.phase);
    if (pa != pb)
        return pa < pb;
    const bool ra = IsPodReady(a), rb = IsPodReady(b);
    if (ra != rb)
        return !ra;
    if (ra && rb) {
        const api::Time ta = podReadyTime(a), tb = podReadyTime(b);
        if (ta != tb)
            return afterOrZero(ta, tb);
    }
    if (const std::optional<bool> r = compareMaxContainerRestarts(a, b))
        return *r;
    if (a.metadata.creationTimestamp != b.metadata.creationTimestamp)
        return afterOrZero(a.metadata.creationTimestamp, b.metadata.creationTimestamp);
    return false;
}

void ActivePods::sort(QList<PodPtr> &pods)
{
    std::stable_sort(pods.begin(), pods.end(), [](const PodPtr &a, const PodPtr &b) { return less(*a, *b); });
}

} // namespace rlab::controller
