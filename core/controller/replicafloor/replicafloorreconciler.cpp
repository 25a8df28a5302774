#include "core/controller/replicafloor/replicafloorreconciler.h"

#include "core/client/interface.h"

namespace rlab::controller {

using namespace rlab::api;

ReplicaFloorReconciler::ReplicaFloorReconciler(client::Interface &api, client::Lister<Deployment> deployments, int defaultFloor)
    : m_api(api), m_deployments(std::move(deployments)), m_defaultFloor(defaultFloor)
{
}

runtime::Result ReplicaFloorReconciler::reconcile(const runtime::Request &request)
{
    runtime::Result r;
    if (!m_enabled) {
        r.note = QStringLiteral("replica floor is switched off");
        return r;
    }
    const auto d = m_deployments.get(request.namespace_, request.name);
    if (!d || d->metadata.deletionTimestamp != 0) {
        r.note = QStringLiteral("Deployment %1 is gone: nothing to do").arg(request.key());
        return r;
    }
    int floor = m_defaultFloor;
    const QString annotated = d->metadata.annotations.value(QLatin1String(kFloorAnnotation));
    if (!annotated.isEmpty()) {
        bool ok = false;
        const int v = annotated.toInt(&ok);
        if (!ok || v < 0) {
            r.note = QStringLiteral("ignoring invalid %1 annotation \"%2\"").arg(QLatin1String(kFloorAnnotation), annotated);
            return r;
        }
        floor = v;
    }
    if (d->replicas() >= floor) {
        r.note = QStringLiteral("%1 has %2 replicas, floor %3: in the desired state").arg(request.key()).arg(d->replicas()).arg(floor);
        return r;
    }
    auto copy = std::static_pointer_cast<Deployment>(d->clone());
    copy->spec.replicas = floor;
    const auto updated = m_api.update(copy);
    if (!updated.ok()) {
        // A stale cache (409) is normal: the informer will bring the new version and a new event.
        r.error = updated.error->message;
        return r;
    }
    r.note = QStringLiteral("raised %1 from %2 to the floor of %3 replicas").arg(request.key()).arg(d->replicas()).arg(floor);
    return r;
}

} // namespace rlab::controller
