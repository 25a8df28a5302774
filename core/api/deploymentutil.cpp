// SPDX-License-Identifier: Apache-2.0
// deploymentutil: conditions, revisions, annotations, templates and ReplicaSet lists. The
// replica arithmetic is in deploymentreplicas.cpp.
#include "core/api/deploymentutil.h"

#include <QStringList>

#include <algorithm>
#include <limits>

namespace rlab::deploymentutil {

using namespace rlab::api;

namespace {

// strconv.ParseInt(s, 10, 64): optional sign, decimal digits only.
std::optional<qint64> parseInt64(const QString &s)
{
    if (s.isEmpty())
        return std::nullopt;
    int i = 0;
    bool negative = false;
    if (s[0] == QLatin1Char('+') || s[0] == QLatin1Char('-')) {
        negative = s[0] == QLatin1Char('-');
        i = 1;
    }
    if (i == s.size())
        return std::nullopt;
    quint64 v = 0;
    for (; i < s.size(); ++i) {
        if (!s[i].isDigit() || s[i].unicode() > 127)
            return std::nullopt;
        v = v * 10 + quint64(s[i].unicode() - '0');
        if (v > quint64(std::numeric_limits<qint64>::max()) + (negative ? 1 : 0))
            return std::nullopt;
    }
    return negative ? qint64(0 - v) : qint64(v);
}

QString goMap(const QMap<QString, QString> &m)
{
    QStringList parts;
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        parts << it.key() + QLatin1Char(':') + it.value();
    return QStringLiteral("map[%1]").arg(parts.join(QLatin1Char(' ')));
}

} // namespace

// --- Conditions ---------------------------------------------------------------------------

Condition NewDeploymentCondition(const QString &type, const QString &status, const QString &reason,
                                 const QString &message, qint64 nowMs)
{
    Condition c;
    c.type = type;
    c.status = status;
    c.reason = reason;
    c.message = message;
    c.lastUpdateTime = nowMs / 1000 * 1000;
    c.lastTransitionTime = c.lastUpdateTime;
    return c;
}

const Condition *GetDeploymentCondition(const DeploymentStatus &status, const QString &type)
{
    const qsizetype i = findCondition(status.conditions, type);
    return i < 0 ? nullptr : &status.conditions[i];
}

void SetDeploymentCondition(DeploymentStatus &status, Condition condition)
{
    const Condition *current = GetDeploymentCondition(status, condition.type);
    if (current && current->status == condition.status && current->reason == condition.reason)
        return;
    if (current && current->status == condition.status)
        condition.lastTransitionTime = current->lastTransitionTime;
    RemoveDeploymentCondition(status, condition.type);
    status.conditions.append(std::move(condition));
}

void RemoveDeploymentCondition(DeploymentStatus &status, const QString &type)
{
    status.conditions.removeIf([&](const Condition &c) { return c.type == type; });
}

Condition ReplicaSetToDeploymentCondition(const Condition &rsCondition)
{
    Condition c;
    c.type = rsCondition.type;
    c.status = rsCondition.status;
    c.reason = rsCondition.reason;
    c.message = rsCondition.message;
    c.lastTransitionTime = rsCondition.lastTransitionTime;
    c.lastUpdateTime = rsCondition.lastTransitionTime;
    return c;
}

// --- Revisions ----------------------------------------------------------------------------

qint64 Revision(const Object &obj, bool *ok)
{
    const auto it = obj.metadata.annotations.constFind(RevisionAnnotation);
    if (it == obj.metadata.annotations.cend()) {
        if (ok)
            *ok = true;
        return 0;
    }
    const std::optional<qint64> v = parseInt64(it.value());
    if (ok)
        *ok = v.has_value();
    return v.value_or(0);
}

qint64 MaxRevision(const QList<ReplicaSetPtr> &allRSs)
{
    qint64 max = 0;
    for (const ReplicaSetPtr &rs : allRSs) {
        if (!rs)
            continue;
        bool ok = false;
        const qint64 v = Revision(*rs, &ok);
        if (ok && v > max)
            max = v;
    }
    return max;
}

qint64 LastRevision(const QList<ReplicaSetPtr> &allRSs)
{
    qint64 max = 0, secMax = 0;
    for (const ReplicaSetPtr &rs : allRSs) {
        if (!rs)
            continue;
        bool ok = false;
        const qint64 v = Revision(*rs, &ok);
        if (!ok)
            continue;
        if (v >= max) {
            secMax = max;
            max = v;
        } else if (v > secMax) {
            secMax = v;
        }
    }
    return secMax;
}

bool SetDeploymentRevision(Deployment &d, const QString &revision)
{
    if (d.metadata.annotations.value(RevisionAnnotation) == revision)
        return false;
    d.metadata.annotations.insert(RevisionAnnotation, revision);
    return true;
}

// --- Annotations --------------------------------------------------------------------------

bool skipCopyAnnotation(const QString &key)
{
    return key == LastAppliedConfigAnnotation || key == RevisionAnnotation || key == RevisionHistoryAnnotation
        || key == DesiredReplicasAnnotation || key == MaxReplicasAnnotation || key == DeprecatedRollbackTo;
}

bool copyDeploymentAnnotationsToReplicaSet(const Deployment &d, ReplicaSet &rs)
{
    bool changed = false;
    for (auto it = d.metadata.annotations.cbegin(); it != d.metadata.annotations.cend(); ++it) {
        if (skipCopyAnnotation(it.key()))
            continue;
        const auto existing = rs.metadata.annotations.constFind(it.key());
        if (existing != rs.metadata.annotations.cend() && existing.value() == it.value())
            continue;
        rs.metadata.annotations.insert(it.key(), it.value());
        changed = true;
    }
    return changed;
}

QMap<QString, QString> getSkippedAnnotations(const QMap<QString, QString> &annotations)
{
    QMap<QString, QString> skipped;
    for (auto it = annotations.cbegin(); it != annotations.cend(); ++it)
        if (skipCopyAnnotation(it.key()))
            skipped.insert(it.key(), it.value());
    return skipped;
}

bool SetNewReplicaSetAnnotations(const Deployment &d, ReplicaSet &rs, const QString &newRevision, bool exists,
                                 int revHistoryLimitInChars)
{
    bool changed = copyDeploymentAnnotationsToReplicaSet(d, rs);
    QMap<QString, QString> &ann = rs.metadata.annotations;
    const bool hadRevision = ann.contains(RevisionAnnotation);
    const QString oldRevision = ann.value(RevisionAnnotation);
    qint64 oldRevisionInt = 0;
    if (const std::optional<qint64> v = parseInt64(oldRevision)) {
        oldRevisionInt = *v;
    } else if (!oldRevision.isEmpty()) {
        return false;   // "Updating replica set revision OldRevision not int"
    }
    const std::optional<qint64> newRevisionInt = parseInt64(newRevision);
    if (!newRevisionInt)
        return false;
    if (oldRevisionInt < *newRevisionInt) {
        ann.insert(RevisionAnnotation, newRevision);
        changed = true;
    }
    // An RS that already had a revision and gets a higher one is being rolled back to: keep its
    // former revisions in revision-history, oldest dropped first when over the limit.
    if (hadRevision && oldRevisionInt < *newRevisionInt) {
        const QString history = ann.value(RevisionHistoryAnnotation);
        QStringList oldRevisions = history.split(QLatin1Char(','));
        if (oldRevisions.front().isEmpty()) {
            ann.insert(RevisionHistoryAnnotation, oldRevision);
        } else {
            qsizetype totalLen = history.size() + oldRevision.size() + 1;
            qsizetype start = 0;
            while (totalLen > revHistoryLimitInChars && start < oldRevisions.size()) {
                totalLen = totalLen - oldRevisions[start].size() - 1;
                ++start;
            }
            if (totalLen <= revHistoryLimitInChars) {
                oldRevisions = oldRevisions.mid(start);
                oldRevisions.append(oldRevision);
                ann.insert(RevisionHistoryAnnotation, oldRevisions.join(QLatin1Char(',')));
            }
        }
    }
    if (!exists && SetReplicasAnnotations(rs, d.replicas(), AddInt32(d.replicas(), MaxSurge(d))))
        changed = true;
    return changed;
}

void SetDeploymentAnnotationsTo(Deployment &d, const ReplicaSet &rs)
{
    d.metadata.annotations = getSkippedAnnotations(d.metadata.annotations);
    for (auto it = rs.metadata.annotations.cbegin(); it != rs.metadata.annotations.cend(); ++it)
        if (!skipCopyAnnotation(it.key()))
            d.metadata.annotations.insert(it.key(), it.value());
}

bool SetReplicasAnnotations(ReplicaSet &rs, int desiredReplicas, int maxReplicas)
{
    bool updated = false;
    const QString desired = QString::number(desiredReplicas);
    if (rs.metadata.annotations.value(DesiredReplicasAnnotation) != desired) {
        rs.metadata.annotations.insert(DesiredReplicasAnnotation, desired);
        updated = true;
    }
    const QString max = QString::number(maxReplicas);
    if (rs.metadata.annotations.value(MaxReplicasAnnotation) != max) {
        rs.metadata.annotations.insert(MaxReplicasAnnotation, max);
        updated = true;
    }
    return updated;
}

bool ReplicasAnnotationsNeedUpdate(const ReplicaSet &rs, int desiredReplicas, int maxReplicas)
{
    const QMap<QString, QString> &ann = rs.metadata.annotations;
    return ann.value(DesiredReplicasAnnotation) != QString::number(desiredReplicas)
        || ann.value(MaxReplicasAnnotation) != QString::number(maxReplicas);
}

std::pair<int, bool> getNonNegativeInt32FromAnnotation(const Object &obj, const QString &key, QString *error)
{
    const auto it = obj.metadata.annotations.constFind(key);
    if (it == obj.metadata.annotations.cend())
        return {0, false};
    const QString &text = it.value();
    // strconv.ParseUint(text, 10, 32)
    bool digits = !text.isEmpty();
    quint64 v = 0;
    bool overflow = false;
    for (const QChar c : text) {
        if (c.unicode() < '0' || c.unicode() > '9') {
            digits = false;
            break;
        }
        if (!overflow) {
            v = v * 10 + quint64(c.unicode() - '0');
            overflow = v > 0xFFFFFFFFULL;
        }
    }
    if (!digits) {
        if (error)
            *error = QStringLiteral("strconv.ParseUint: parsing \"%1\": invalid syntax").arg(text);
        return {0, false};
    }
    if (overflow) {
        if (error)
            *error = QStringLiteral("strconv.ParseUint: parsing \"%1\": value out of range").arg(text);
        return {0, false};
    }
    if (v > quint64(MaxInt32)) {
        if (error)
            *error = QStringLiteral("value %1 is out of range (higher than %2)").arg(v).arg(MaxInt32);
        return {0, false};
    }
    return {int(v), true};
}

std::optional<int> GetDesiredReplicasAnnotation(const ReplicaSet &rs)
{
    const auto [v, ok] = getNonNegativeInt32FromAnnotation(rs, DesiredReplicasAnnotation);
    return ok ? std::optional<int>(v) : std::nullopt;
}

std::optional<int> getMaxReplicasAnnotation(const ReplicaSet &rs)
{
    const auto [v, ok] = getNonNegativeInt32FromAnnotation(rs, MaxReplicasAnnotation);
    return ok ? std::optional<int>(v) : std::nullopt;
}

// --- Templates, new and old ReplicaSets ---------------------------------------------------

bool EqualIgnoreHash(const PodTemplateSpec &t1, const PodTemplateSpec &t2)
{
    PodTemplateSpec a = t1, b = t2;
    a.metadata.labels.remove(DefaultDeploymentUniqueLabelKey);
    b.metadata.labels.remove(DefaultDeploymentUniqueLabelKey);
    return a == b;
}

void SetFromReplicaSetTemplate(Deployment &d, const PodTemplateSpec &tmpl)
{
    d.spec.template_.metadata = tmpl.metadata;
    d.spec.template_.spec = tmpl.spec;
    d.spec.template_.metadata.labels.remove(DefaultDeploymentUniqueLabelKey);
}

ReplicaSetPtr FindNewReplicaSet(const Deployment &d, QList<ReplicaSetPtr> &rsList)
{
    std::stable_sort(rsList.begin(), rsList.end(), ReplicaSetsByCreationTimestamp);
    for (const ReplicaSetPtr &rs : rsList)
        if (rs && EqualIgnoreHash(rs->spec.template_, d.spec.template_))
            return rs;   // the oldest one wins when several match
    return nullptr;
}

std::pair<QList<ReplicaSetPtr>, QList<ReplicaSetPtr>> FindOldReplicaSets(const Deployment &d, QList<ReplicaSetPtr> &rsList)
{
    QList<ReplicaSetPtr> required, all;
    const ReplicaSetPtr newRS = FindNewReplicaSet(d, rsList);
    for (const ReplicaSetPtr &rs : rsList) {
        if (!rs || (newRS && rs->metadata.uid == newRS->metadata.uid))
            continue;
        all.append(rs);
        if (rs->replicas() != 0)
            required.append(rs);
    }
    return {required, all};
}

// --- Lists --------------------------------------------------------------------------------

QList<ReplicaSetPtr> FilterActiveReplicaSets(const QList<ReplicaSetPtr> &rss)
{
    QList<ReplicaSetPtr> active;
    for (const ReplicaSetPtr &rs : rss)
        if (rs && rs->replicas() > 0)
            active.append(rs);
    return active;
}

bool ReplicaSetsByCreationTimestamp(const ReplicaSetPtr &a, const ReplicaSetPtr &b)
{
    if (a->metadata.creationTimestamp == b->metadata.creationTimestamp)
        return a->metadata.name < b->metadata.name;
    return a->metadata.creationTimestamp < b->metadata.creationTimestamp;
}

bool ReplicaSetsBySizeOlder(const ReplicaSetPtr &a, const ReplicaSetPtr &b)
{
    if (a->replicas() == b->replicas())
        return ReplicaSetsByCreationTimestamp(a, b);
    return a->replicas() > b->replicas();
}

bool ReplicaSetsBySizeNewer(const ReplicaSetPtr &a, const ReplicaSetPtr &b)
{
    if (a->replicas() == b->replicas())
        return ReplicaSetsByCreationTimestamp(b, a);
    return a->replicas() > b->replicas();
}

bool ReplicaSetsByRevision(const ReplicaSetPtr &a, const ReplicaSetPtr &b)
{
    bool ok1 = false, ok2 = false;
    const qint64 r1 = Revision(*a, &ok1);
    const qint64 r2 = Revision(*b, &ok2);
    if (!ok1 || !ok2 || r1 == r2)
        return ReplicaSetsByCreationTimestamp(a, b);
    return r1 < r2;
}

QList<std::shared_ptr<const Deployment>> GetDeploymentsForReplicaSet(const QList<std::shared_ptr<const Deployment>> &deployments,
                                                                     const ReplicaSet &rs, QString *error)
{
    QList<std::shared_ptr<const Deployment>> out;
    if (rs.metadata.labels.isEmpty()) {
        if (error)
            *error = QStringLiteral("no deployments found for ReplicaSet %1 because it has no labels").arg(rs.metadata.name);
        return out;
    }
    for (const auto &d : deployments) {
        if (!d->spec.selector)
            continue;   // a nil selector matches nothing
        const std::optional<Selector> selector = Selector::fromLabelSelector(*d->spec.selector);
        // A deployment with an empty selector must match nothing, not everything.
        if (!selector || selector->isEmpty() || !selector->matches(rs.metadata.labels))
            continue;
        out.append(d);
    }
    if (out.isEmpty() && error)
        *error = QStringLiteral("could not find deployments set for ReplicaSet %1 in namespace %2 with labels: %3")
                     .arg(rs.metadata.name, rs.metadata.namespace_, goMap(rs.metadata.labels));
    return out;
}

} // namespace rlab::deploymentutil
