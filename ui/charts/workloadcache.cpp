#include "ui/charts/workloadcache.h"

#include <algorithm>

namespace rlab::ui {

namespace {
const QByteArray kDeployments = QByteArrayLiteral("/registry/deployments/");
const QByteArray kReplicaSets = QByteArrayLiteral("/registry/replicasets/");

QString nsName(const QByteArray &key, const QByteArray &prefix)
{
    return QString::fromUtf8(key.mid(prefix.size()));
}
} // namespace

void WorkloadCache::reset(const view::Snapshot &snapshot)
{
    m_deployments.clear();
    m_replicaSets.clear();
    // The snapshot is sorted by key: only the two prefixes' ranges are read (a saved lab of
    // 20,000 pods and their Events has a few hundred of these among ~60,000 keys).
    for (const QByteArray &prefix : {kDeployments, kReplicaSets}) {
        auto it = std::lower_bound(snapshot.kvs.begin(), snapshot.kvs.end(), prefix,
                                   [](const view::KeyValue &kv, const QByteArray &p) { return kv.key < p; });
        for (; it != snapshot.kvs.end() && it->key.startsWith(prefix); ++it)
            put(it->key, it->value);
    }
}

bool WorkloadCache::put(const QByteArray &key, const api::ObjectPtr &value)
{
    if (key.startsWith(kDeployments)) {
        if (auto d = api::objectCast<api::Deployment>(value))
            m_deployments.insert(nsName(key, kDeployments), d);
        else
            m_deployments.remove(nsName(key, kDeployments));
        return true;
    }
    if (key.startsWith(kReplicaSets)) {
        if (auto rs = api::objectCast<api::ReplicaSet>(value))
            m_replicaSets.insert(key, rs);
        else
            m_replicaSets.remove(key);
        return true;
    }
    return false;
}

bool WorkloadCache::apply(const std::vector<view::WatchEvent> &events)
{
    bool changed = false;
    for (const view::WatchEvent &e : events)
        changed |= put(e.kv.key, e.type == view::WatchEvent::Put ? e.kv.value : nullptr);
    return changed;
}

QStringList WorkloadCache::deploymentKeys() const
{
    return m_deployments.keys();
}

DeploymentPtr WorkloadCache::deployment(const QString &key) const
{
    return m_deployments.value(key);
}

QList<ReplicaSetCPtr> WorkloadCache::replicaSetsOf(const api::Deployment &d) const
{
    QList<ReplicaSetCPtr> out;
    for (const ReplicaSetCPtr &rs : m_replicaSets) {
        if (rs->metadata.namespace_ != d.metadata.namespace_)
            continue;
        for (const api::OwnerReference &o : rs->metadata.ownerReferences)
            if (o.isController() && o.uid == d.metadata.uid)
                out.append(rs);
    }
    std::stable_sort(out.begin(), out.end(), [](const ReplicaSetCPtr &a, const ReplicaSetCPtr &b) {
        if (a->metadata.creationTimestamp != b->metadata.creationTimestamp)
            return a->metadata.creationTimestamp < b->metadata.creationTimestamp;
        return a->metadata.name < b->metadata.name;
    });
    return out;
}

} // namespace rlab::ui
