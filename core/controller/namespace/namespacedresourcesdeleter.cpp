// SPDX-License-Identifier: Apache-2.0
#include "core/controller/namespace/namespacedresourcesdeleter.h"

#include "core/api/pod.h"
#include "core/apiserver/strategy.h"
#include "core/base/clock.h"
#include "core/client/interface.h"
#include "core/controller/namespace/namespaceconditionupdater.h"

#include <algorithm>

namespace rlab::controller {

using namespace rlab::api;
using apiserver::ResourceType;

namespace {
// finalizerEstimateSeconds: what an item held by a finalizer is given to go (the collector's work).
constexpr qint64 kFinalizerEstimateSeconds = 15;

// A GroupVersionResource as Go's %v prints it: "/v1, Resource=pods", "apps/v1, Resource=replicasets".
QString gvrText(const ResourceType &rt)
{
    return QStringLiteral("%1/%2, Resource=%3").arg(rt.group, rt.version, rt.resource);
}
} // namespace

NamespacedResourcesDeleter::NamespacedResourcesDeleter(client::Interface &api)
    : m_api(api)
{
}

NamespaceDeletion NamespacedResourcesDeleter::delete_(const QString &namespaceName)
{
    NamespaceDeletion out;
    const ResourceType nsType = apiserver::resources::byKind(Kind::Namespace);
    // Multiple controllers may edit a namespace during termination: the latest state, not the cache.
    auto current = m_api.getAs<Namespace>(QString(), namespaceName);
    if (!current || current->metadata.deletionTimestamp == 0) {
        out.notes << QStringLiteral("namespace %1 is not being deleted").arg(namespaceName);
        return out;
    }
    // updateNamespaceStatusFunc: the phase says Terminating.
    if (current->status.phase != QLatin1String("Terminating")) {
        auto copy = std::static_pointer_cast<Namespace>(current->clone());
        copy->status.phase = QStringLiteral("Terminating");
        const auto r = m_api.updateStatus(copy);
        if (!r.ok()) {
            if (r.error->code != 404)
                out.error = r.error->message;
            return out;
        }
        current = objectCast<Namespace>(r.value);
    }
    if (current->spec.finalizers.isEmpty()) {   // finalized: nothing of ours left to do
        out.notes << QStringLiteral("namespace %1 is finalized").arg(namespaceName);
        return out;
    }

    // deleteAllContent: every namespaced resource, the errors kept while the rest go on.
    const qint64 deletedAt = current->metadata.deletionTimestamp;
    NamespaceConditionUpdater conditions;
    NamespaceContentTotals totals;
    QStringList errors;
    qint64 estimate = 0;
    for (const ResourceType &rt : apiserver::resources::all()) {
        if (!rt.namespaced)
            continue;
        ResourceRemaining left = deleteAllContentForResource(rt, namespaceName, deletedAt, out.notes);
        if (!left.error.isEmpty()) {
            errors << left.error;
            conditions.processDeleteContentErr(left.error, m_api.clock().now());
        }
        estimate = std::max(estimate, left.estimateSeconds);
        if (left.numRemaining > 0) {
            totals.resourceToNumRemaining[rt.resource + QLatin1Char('.') + rt.group] = left.numRemaining;
            for (const auto &[finalizer, n] : left.finalizersToNumRemaining)
                totals.finalizersToNumRemaining[finalizer] += n;
        }
    }
    conditions.processContentTotals(totals, m_api.clock().now());
    // Always written when they changed: a condition that said "failed" must say "worked" later.
    auto withConditions = std::static_pointer_cast<Namespace>(current->clone());
    if (conditions.update(*withConditions, m_api.clock().now())) {
        const auto r = m_api.updateStatus(withConditions);
        if (r.ok())
            current = objectCast<Namespace>(r.value);
    }
    if (!errors.isEmpty()) {
        out.error = errors.size() == 1 ? errors.front() : QLatin1Char('[') + errors.join(QStringLiteral(", ")) + QLatin1Char(']');
        return out;
    }
    if (estimate > 0) {
        out.estimateSeconds = estimate;
        out.notes << QStringLiteral("some content remains in the namespace, estimate %1 seconds before it is removed").arg(estimate);
        return out;
    }

    // finalizeNamespace: "kubernetes" out of spec.finalizers (the rest kept, sorted); with none
    // left the API server removes the namespace.
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (!current)
            break;
        auto finalize = std::static_pointer_cast<Namespace>(current->clone());
        QStringList rest;
        for (const QString &f : std::as_const(current->spec.finalizers))
            if (f != apiserver::strategy::kFinalizerKubernetes && !rest.contains(f))
                rest << f;
        rest.sort();
        finalize->spec.finalizers = rest;
        apiserver::WriteOptions opts;
        opts.subresource = QStringLiteral("finalize");
        const auto r = m_api.update(nsType, QString(), finalize, opts);
        if (r.ok() || r.error->code == 404) {
            out.notes << (rest.isEmpty() ? QStringLiteral("finalized namespace %1: its content is gone, so is it").arg(namespaceName)
                                         : QStringLiteral("finalized namespace %1: finalizers %2 remain").arg(namespaceName, rest.join(u',')));
            return out;
        }
        if (r.error->code != 409) {   // retryOnConflictError: only conflicts are retried
            out.error = r.error->message;
            return out;
        }
        const auto latest = m_api.getAs<Namespace>(QString(), namespaceName);
        if (latest && latest->metadata.uid != current->metadata.uid) {
            out.error = QStringLiteral("namespace uid has changed across retries");
            return out;
        }
        current = latest;
    }
    return out;
}

NamespacedResourcesDeleter::ResourceRemaining NamespacedResourcesDeleter::deleteAllContentForResource(
    const ResourceType &rt, const QString &ns, qint64 deletedAt, QStringList &notes)
{
    ResourceRemaining left;
    const auto listed = m_api.list(rt, ns);
    if (!listed.ok()) {
        left.error = listed.error->message;
        return left;
    }
    if (listed.value.items.isEmpty())
        return left;
    // Estimated from the items as listed before the deletes (upstream lists the pods once more for it).
    left.estimateSeconds = estimateGracefulTermination(rt, listed.value.items, deletedAt);
    apiserver::DeleteOptions background;
    background.propagationPolicy = QStringLiteral("Background");
    int deleted = 0;
    for (const ObjectPtr &o : listed.value.items) {
        const auto r = m_api.remove(rt, ns, o->metadata.name, background);
        if (!r.ok() && r.error->code != 404 && r.error->code != 405) {
            left.error = r.error->message;
            return left;
        }
        if (o->metadata.deletionTimestamp == 0)
            ++deleted;
    }
    if (deleted > 0)
        notes << QStringLiteral("deleted %1 %2").arg(deleted).arg(rt.resource);
    // Verify nothing remains; what does with no estimate and no finalizer is unexpected.
    const auto again = m_api.list(rt, ns);
    if (!again.ok()) {
        left.error = again.error->message;
        return left;
    }
    left.numRemaining = int(again.value.items.size());
    if (left.numRemaining == 0) {
        left.estimateSeconds = 0;
        return left;
    }
    for (const ObjectPtr &o : again.value.items)
        for (const QString &f : o->metadata.finalizers)
            ++left.finalizersToNumRemaining[f];
    if (left.estimateSeconds > 0)
        return left;
    if (!left.finalizersToNumRemaining.empty()) {
        left.estimateSeconds = kFinalizerEstimateSeconds;
        return left;
    }
    left.error = QStringLiteral("unexpected items still remain in namespace: %1 for gvr: %2").arg(ns, gvrText(rt));
    return left;
}

qint64 NamespacedResourcesDeleter::estimateGracefulTermination(const ResourceType &rt, const QList<ObjectPtr> &items,
                                                               qint64 deletedAt) const
{
    if (rt.typedKind != Kind::Pod)
        return 0;
    // estimateGracefulTerminationForPods: the longest grace period of the pods not yet terminal.
    qint64 estimate = 0;
    for (const ObjectPtr &o : items) {
        const auto pod = objectCast<Pod>(o);
        if (!pod || pod->status.phase == QLatin1String("Succeeded") || pod->status.phase == QLatin1String("Failed"))
            continue;
        if (pod->spec.terminationGracePeriodSeconds)
            estimate = std::max(estimate, *pod->spec.terminationGracePeriodSeconds);
    }
    // Counted from the namespace's deletion: once that long has passed, no more waiting.
    if (m_api.clock().now() - deletedAt >= estimate * 1000)
        estimate = 0;
    return estimate;
}

} // namespace rlab::controller
