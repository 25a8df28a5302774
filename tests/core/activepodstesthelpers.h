// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by tst_activepods.cpp and tst_podstodelete.cpp: controller_utils_test.go's pod() builder,
// the test clock's "now", names of a pod list and picking pods by upstream's variable names.
// Header-only; pure functions.
#include "core/api/pod.h"
#include "core/controller/podutil.h"

#include <QHash>
#include <QMap>
#include <QStringList>

Q_DECLARE_METATYPE(rlab::controller::PodPtr)

namespace rlab::test::activepods {

using controller::PodPtr;

inline constexpr qint64 kNow = 1767225600000;                       // 2026-01-01T00:00:00Z
inline constexpr qint64 kHour = 3600 * 1000;
inline constexpr qint64 kThen1Month = kNow - 31LL * 24 * kHour;      // now.AddDate(0, -1, 0)

// controller_utils_test.go's pod(): a Ready pod gets one container status with `restarts`.
inline PodPtr pod(const QString &name, const QString &nodeName, const QString &phase, bool ready, int restarts, qint64 readySince,
           qint64 created, const QMap<QString, QString> &annotations = {})
{
    auto p = std::make_shared<api::Pod>();
    p->metadata.name = name;
    p->metadata.namespace_ = QStringLiteral("default");
    p->metadata.creationTimestamp = created;
    p->metadata.annotations = annotations;
    p->spec.nodeName = nodeName;
    p->status.phase = phase;
    if (ready) {
        api::Condition c;
        c.type = QStringLiteral("Ready");
        c.status = QStringLiteral("True");
        c.lastTransitionTime = readySince;
        p->status.conditions.append(c);
        api::ContainerStatus cs;
        cs.restartCount = restarts;
        p->status.containerStatuses.append(cs);
    }
    return p;
}

inline QStringList names(const QList<PodPtr> &pods)
{
    QStringList out;
    for (const PodPtr &p : pods)
        out << p->metadata.name;
    return out;
}

inline QList<PodPtr> pick(const QHash<QString, PodPtr> &pods, const QStringList &vars)
{
    QList<PodPtr> out;
    for (const QString &v : vars) {
        if (!pods.contains(v))
            qFatal("unknown pod %s", qPrintable(v));
        out << pods.value(v);
    }
    return out;
}

} // namespace rlab::test::activepods
