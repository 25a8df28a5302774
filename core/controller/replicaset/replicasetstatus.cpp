// SPDX-License-Identifier: Apache-2.0
#include "core/controller/replicaset/replicasetstatus.h"

#include "core/base/joined.h"
#include "core/client/interface.h"

namespace rlab::controller {

using apiserver::Result;
using RSPtr = std::shared_ptr<const api::ReplicaSet>;

namespace {
bool hasAllLabels(const api::Labels &podLabels, const api::Labels &templateLabels)
{
    for (auto it = templateLabels.cbegin(); it != templateLabels.cend(); ++it) {
        const auto found = podLabels.constFind(it.key());
        if (found == podLabels.cend() || *found != it.value())
            return false;
    }
    return true;
}

QString optionalText(const std::optional<int> &v)
{
    return v ? QString::number(*v) : QStringLiteral("nil");
}
} // namespace

api::ReplicaSetStatus calculateStatus(const api::ReplicaSet &rs, const QList<PodPtr> &activePods,
                                      const QList<PodPtr> &terminatingPods, const QString &manageReplicasErr,
                                      qint64 nowMs, bool withTerminatingReplicas)
{
    api::ReplicaSetStatus newStatus = rs.status;
    int fullyLabeled = 0, ready = 0, available = 0;
    // The template's labels are a superset of the selector, so only active (claimed) pods can
    // be fully labelled; pods may carry more labels than the template.
    const api::Labels &templateLabels = rs.spec.template_.metadata.labels;
    for (const PodPtr &pod : activePods) {
        // Most pods hold their template's very labels (one shared map): no walk for those.
        if (pod->metadata.labels.isSharedWith(templateLabels) || hasAllLabels(pod->metadata.labels, templateLabels))
            ++fullyLabeled;
        if (IsPodReady(*pod)) {
            ++ready;
            if (IsPodAvailable(*pod, rs.spec.minReadySeconds, nowMs))
                ++available;
        }
    }

    const api::Condition *failureCond = GetCondition(rs.status, ReplicaSetReplicaFailure);
    if (!manageReplicasErr.isEmpty() && !failureCond) {
        QString reason;
        const qsizetype diff = activePods.size() - rs.replicas();
        if (diff < 0)
            reason = QStringLiteral("FailedCreate");
        else if (diff > 0)
            reason = QStringLiteral("FailedDelete");
        SetCondition(newStatus, NewReplicaSetCondition(ReplicaSetReplicaFailure, QStringLiteral("True"), reason,
                                                       manageReplicasErr, nowMs));
    } else if (manageReplicasErr.isEmpty() && failureCond) {
        RemoveCondition(newStatus, ReplicaSetReplicaFailure);
    }

    newStatus.replicas = int(activePods.size());
    newStatus.fullyLabeledReplicas = fullyLabeled;
    newStatus.readyReplicas = ready;
    newStatus.availableReplicas = available;
    newStatus.terminatingReplicas = withTerminatingReplicas ? std::optional<int>(int(terminatingPods.size())) : std::nullopt;
    return newStatus;
}

api::Condition NewReplicaSetCondition(const QString &type, const QString &status, const QString &reason,
                                      const QString &message, qint64 nowMs)
{
    api::Condition c;
    c.type = type;
    c.status = status;
    c.lastTransitionTime = nowMs / 1000 * 1000;   // metav1.Now() as stored: seconds
    c.reason = reason;
    c.message = message;
    return c;
}

const api::Condition *GetCondition(const api::ReplicaSetStatus &status, const QString &type)
{
    const qsizetype i = api::findCondition(status.conditions, type);
    return i < 0 ? nullptr : &status.conditions.at(i);
}

void SetCondition(api::ReplicaSetStatus &status, const api::Condition &condition)
{
    const api::Condition *current = GetCondition(status, condition.type);
    if (current && current->status == condition.status && current->reason == condition.reason)
        return;
    RemoveCondition(status, condition.type);
    status.conditions.append(condition);
}

void RemoveCondition(api::ReplicaSetStatus &status, const QString &type)
{
    status.conditions.removeIf([&type](const api::Condition &c) { return c.type == type; });
}

Result<RSPtr> updateReplicaSetStatus(client::Interface &api, RSPtr rs, api::ReplicaSetStatus newStatus, QString *note)
{
    if (note)
        note->clear();
    const api::ReplicaSetStatus &cur = rs->status;
    if (cur.replicas == newStatus.replicas && cur.fullyLabeledReplicas == newStatus.fullyLabeledReplicas
        && cur.readyReplicas == newStatus.readyReplicas && cur.availableReplicas == newStatus.availableReplicas
        && cur.terminatingReplicas == newStatus.terminatingReplicas && rs->metadata.generation == cur.observedGeneration
        && cur.conditions == newStatus.conditions)
        return {rs, {}};   // the steady state

    // Record the generation acted on, so a retry never claims to have seen a newer spec.
    newStatus.observedGeneration = rs->metadata.generation;
    std::optional<apiserver::ApiError> updateErr;
    const auto n = [](qint64 v) { return QString::number(v); };
    for (int i = 0;; ++i) {
        if (note)
            *note = joined(u"Updating status for ReplicaSet: ", rs->metadata.namespace_, u"/", rs->metadata.name,
                           u", replicas ", n(rs->status.replicas), u"->", n(newStatus.replicas), u" (need ", n(rs->replicas()),
                           u"), fullyLabeledReplicas ", n(rs->status.fullyLabeledReplicas), u"->", n(newStatus.fullyLabeledReplicas),
                           u", readyReplicas ", n(rs->status.readyReplicas), u"->", n(newStatus.readyReplicas),
                           u", availableReplicas ", n(rs->status.availableReplicas), u"->", n(newStatus.availableReplicas),
                           u", terminatingReplicas ", optionalText(rs->status.terminatingReplicas), u"->",
                           optionalText(newStatus.terminatingReplicas), u", sequence No: ", n(rs->status.observedGeneration), u"->",
                           n(newStatus.observedGeneration));
        auto copy = std::static_pointer_cast<api::ReplicaSet>(rs->clone());
        copy->status = newStatus;
        const Result<api::ObjectPtr> r = api.updateStatus(copy);
        if (r.ok())
            return {api::objectCast<api::ReplicaSet>(r.value), {}};
        updateErr = r.error;
        if (i >= statusUpdateRetries)
            break;
        // Retry on the latest resourceVersion.
        const Result<api::ObjectPtr> fresh = api.get(apiserver::resources::byKind(api::Kind::ReplicaSet),
                                                     rs->metadata.namespace_, rs->metadata.name);
        if (!fresh.ok())
            return Result<RSPtr>::failure(*fresh.error);   // more interesting than the update error
        rs = api::objectCast<api::ReplicaSet>(fresh.value);
    }
    return Result<RSPtr>::failure(*updateErr);
}

} // namespace rlab::controller
