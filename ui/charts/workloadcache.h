#pragma once
#include "core/api/deployment.h"
#include "core/api/replicaset.h"
#include "core/sim/view/snapshot.h"
#include "core/sim/view/watchevent.h"

#include <QByteArray>
#include <QMap>
#include <QStringList>
#include <memory>
#include <vector>

namespace rlab::ui {

using DeploymentPtr = std::shared_ptr<const api::Deployment>;
using ReplicaSetCPtr = std::shared_ptr<const api::ReplicaSet>;

// The Deployments and ReplicaSets of the session, kept from its snapshot() and storeEvents()
// so that charts and the arithmetic panel read them without a request to the API server (they
// would otherwise show up in the "API requests per second" chart they draw). Keys are
// "namespace/name". A ReplicaSet belongs to the Deployment named by its controller
// ownerReference (same uid). GUI thread only.
class WorkloadCache
{
public:
    void reset(const view::Snapshot &snapshot);
    // Applies the writes; true when a Deployment or ReplicaSet changed.
    bool apply(const std::vector<view::WatchEvent> &events);

    QStringList deploymentKeys() const;   // sorted
    DeploymentPtr deployment(const QString &key) const;
    // Owned ReplicaSets, oldest first (creationTimestamp, then name).
    QList<ReplicaSetCPtr> replicaSetsOf(const api::Deployment &d) const;

private:
    bool put(const QByteArray &key, const api::ObjectPtr &value);

    QMap<QString, DeploymentPtr> m_deployments;     // "ns/name"
    QMap<QByteArray, ReplicaSetCPtr> m_replicaSets; // etcd key
};

} // namespace rlab::ui
