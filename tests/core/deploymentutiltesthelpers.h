// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_deploymentutil*.cpp suites: builders shaped like upstream's
// deployment_util_test.go helpers (timeFn, generateDeployment, generateRS, ...) and small
// formatting helpers for comparisons. Header-only; pure functions: any thread.
#include "core/client/threadsafestore.h"
#include "core/controller/deployment/computehash.h"
#include "core/api/deploymentutil.h"

#include <QSet>
#include <QTest>

#include <cmath>

using namespace rlab;
using namespace rlab::api;
using rlab::deploymentutil::ReplicaSetPtr;
namespace du = rlab::deploymentutil;


namespace rlab::test::dutil {

inline const QString kHash = du::DefaultDeploymentUniqueLabelKey;

// 2016-01-01T00:00:00Z + min:sec, like upstream's timeFn.
inline qint64 timeFn(int min, int sec)
{
    return 1451606400000LL + (min * 60 + sec) * 1000LL;
}

// generateDeployment(image): one container named after the image, label name=<image>.
inline Deployment generateDeployment(const QString &image)
{
    Deployment d;
    d.metadata.name = image;
    d.metadata.namespace_ = QStringLiteral("default");
    d.spec.replicas = 1;
    d.spec.strategy.type = QStringLiteral("RollingUpdate");
    const Labels podLabels{{QStringLiteral("name"), image}};
    LabelSelector s;
    s.matchLabels = podLabels;
    d.spec.selector = s;
    d.spec.template_.metadata.labels = podLabels;
    Container c;
    c.name = image;
    c.image = image;
    c.imagePullPolicy = QStringLiteral("Always");
    c.terminationMessagePath = QStringLiteral("/dev/termination-log");
    d.spec.template_.spec.containers = {c};
    d.spec.template_.spec.dnsPolicy = QStringLiteral("ClusterFirst");
    d.spec.template_.spec.terminationGracePeriodSeconds = 30;
    d.spec.template_.spec.restartPolicy = QStringLiteral("Always");
    return d;
}

// generateRS(deployment): the deployment's template, labels = template labels, spec 0.
inline std::shared_ptr<ReplicaSet> generateRS(const Deployment &d, const QString &name)
{
    auto rs = std::make_shared<ReplicaSet>();
    rs->metadata.name = name;
    rs->metadata.uid = QStringLiteral("uid-") + name;
    rs->metadata.namespace_ = d.metadata.namespace_;
    rs->metadata.labels = d.spec.template_.metadata.labels;
    rs->spec.replicas = 0;
    rs->spec.template_ = d.spec.template_;
    LabelSelector s;
    s.matchLabels = d.spec.template_.metadata.labels;
    rs->spec.selector = s;
    return rs;
}

inline PodTemplateSpec generatePodTemplateSpec(const QString &name, const QString &nodeName, const Labels &annotations,
                                        const Labels &labels)
{
    PodTemplateSpec t;
    t.metadata.name = name;
    t.metadata.annotations = annotations;
    t.metadata.labels = labels;
    t.spec.nodeName = nodeName;
    return t;
}

inline Deployment rollingDeployment(int replicas, std::optional<IntOrString> maxSurge, std::optional<IntOrString> maxUnavailable)
{
    Deployment d;
    d.spec.replicas = replicas;
    d.spec.strategy.type = QStringLiteral("RollingUpdate");
    RollingUpdateDeployment ru;
    ru.maxSurge = maxSurge;
    ru.maxUnavailable = maxUnavailable;
    d.spec.strategy.rollingUpdate = ru;
    return d;
}

inline IntOrString fromString(const QString &s)
{
    return IntOrString::fromString(s);
}

inline std::optional<IntOrString> optionalIntOrString(const QString &s)
{
    if (s == QLatin1String("nil"))
        return std::nullopt;
    bool isInt = false;
    const int v = s.toInt(&isInt);
    return isInt ? IntOrString::fromInt(v) : IntOrString::fromString(s);
}

inline Condition cond(const QString &text)   // "Type/Status/Reason"
{
    const QStringList p = text.split(QLatin1Char('/'));
    Condition c;
    c.type = p.value(0);
    c.status = p.value(1);
    c.reason = p.value(2);
    return c;
}

inline QStringList condStrings(const DeploymentStatus &s)
{
    QStringList out;
    for (const Condition &c : s.conditions)
        out << c.type + QLatin1Char('/') + c.status + QLatin1Char('/') + c.reason;
    return out;
}

inline std::shared_ptr<ReplicaSet> withRevision(const QString &name, const QString &revision, qint64 created = 0)
{
    auto rs = std::make_shared<ReplicaSet>();
    rs->metadata.name = name;
    rs->metadata.uid = name;
    rs->metadata.creationTimestamp = created;
    if (revision != QLatin1String("-"))
        rs->metadata.annotations.insert(du::RevisionAnnotation, revision);
    return rs;
}

inline QStringList names(const QList<ReplicaSetPtr> &rss)
{
    QStringList out;
    for (const ReplicaSetPtr &rs : rss)
        out << (rs ? rs->metadata.name : QStringLiteral("nil"));
    return out;
}

} // namespace rlab::test::dutil
