#include "ui/controls/deploymentpods.h"

#include "core/api/pod.h"

#include <QElapsedTimer>

#include <algorithm>
#include <tuple>
#include <utility>

namespace rlab::ui {

namespace {
std::pair<std::size_t, std::size_t> rangeOf(const std::vector<view::KeyValue> &kvs, const QByteArray &prefix)
{
    const auto byKey = [](const view::KeyValue &kv, const QByteArray &key) { return kv.key < key; };
    const auto begin = std::lower_bound(kvs.cbegin(), kvs.cend(), prefix, byKey);
    // The keys under a prefix are one sorted run: its end by bisection too (walked, the 20,000
    // pods' keys of a big lab took reset(), in the restore's synchronous handover, 0.28 ms with
    // warm caches against 0.03: tst_deploymentpods benchResetBigLab).
    const auto end = std::partition_point(begin, kvs.cend(), [&prefix](const view::KeyValue &kv) { return kv.key.startsWith(prefix); });
    return {std::size_t(begin - kvs.cbegin()), std::size_t(end - kvs.cbegin())};
}

QStringList ownersOfKind(const api::Object &o, QLatin1String kind)
{
    QStringList names;
    for (const api::OwnerReference &ref : o.metadata.ownerReferences)
        if (ref.kind == kind)
            names << ref.name;
    return names;
}
} // namespace

void DeploymentPods::reset(std::shared_ptr<const view::Snapshot> snapshot, const QString &ns)
{
    m_ns = ns;
    m_podPrefix = QByteArrayLiteral("/registry/pods/") + ns.toUtf8() + '/';
    m_rsPrefix = QByteArrayLiteral("/registry/replicasets/") + ns.toUtf8() + '/';
    m_rsOwners.clear();
    m_podOwners.clear();
    m_podsByRs.clear();
    m_held.clear();
    m_heldNext = m_heldArrived = 0;
    m_snapshot = std::move(snapshot);
    m_next = m_end = 0;
    if (!m_snapshot)
        return;
    const auto [rsBegin, rsEnd] = rangeOf(m_snapshot->kvs, m_rsPrefix);   // a few hundred at most: now
    for (std::size_t i = rsBegin; i < rsEnd; ++i)
        put(m_snapshot->kvs[i]);
    std::tie(m_next, m_end) = rangeOf(m_snapshot->kvs, m_podPrefix);
}

bool DeploymentPods::rebuild(int budgetMs)
{
    if (!m_snapshot)
        return true;
    QElapsedTimer clock;
    clock.start();
    // The snapshot's pods, then the writes held meanwhile, a chunk at a time: the next chunk
    // only if it fits in what is left, as long as the last one took (as
    // CanvasScene::continueReset's); one at least. Held writes: a chunk plus as many as
    // arrived since the last call once the snapshot was read, so that a busy cluster cannot
    // outrun the rebuild (a restored lab's controllers write thousands in its first seconds;
    // applied at once when the pods were read, they took 5-7 ms of one frame: issue #17).
    const qint64 budgetNs = qint64(budgetMs) * 1'000'000;
    std::size_t heldQuota = m_heldArrived;
    m_heldArrived = 0;
    const auto pending = [this] { return m_next < m_end || m_heldNext < m_held.size(); };
    qint64 chunkStartNs = 0;
    do {
        chunkStartNs = clock.nsecsElapsed();
        if (m_next < m_end) {
            const std::size_t end = std::min(m_end, m_next + kChunk);
            for (; m_next < end; ++m_next)
                put(m_snapshot->kvs[m_next]);
            continue;
        }
        const std::size_t n = kChunk + heldQuota;
        heldQuota = 0;
        const std::size_t end = std::min(m_held.size(), m_heldNext + n);
        for (; m_heldNext < end; ++m_heldNext)
            applyOne(m_held[m_heldNext]);
    } while (pending() && (budgetMs < 0 || 2 * clock.nsecsElapsed() - chunkStartNs <= budgetNs));
    if (pending())
        return false;
    m_snapshot.reset();
    m_held.clear();
    m_heldNext = 0;
    return true;
}

bool DeploymentPods::apply(const std::vector<view::WatchEvent> &events)
{
    if (m_snapshot) {
        m_held.insert(m_held.end(), events.cbegin(), events.cend());
        if (m_next >= m_end)   // the snapshot read: rebuild() takes these on top of a chunk
            m_heldArrived += events.size();
        return false;
    }
    bool changed = false;
    for (const view::WatchEvent &e : events)
        changed = applyOne(e) || changed;
    return changed;
}

bool DeploymentPods::applyOne(const view::WatchEvent &e)
{
    if (!e.kv.key.startsWith(m_podPrefix) && !e.kv.key.startsWith(m_rsPrefix))
        return false;
    if (e.type == view::WatchEvent::Delete)
        drop(e.kv.key);
    else
        put(e.kv);
    return true;
}

void DeploymentPods::put(const view::KeyValue &kv)
{
    if (!kv.value)
        return;
    if (kv.key.startsWith(m_rsPrefix)) {
        const QStringList owners = ownersOfKind(*kv.value, QLatin1String("Deployment"));
        if (owners.isEmpty())
            m_rsOwners.remove(kv.value->metadata.name);
        else
            m_rsOwners.insert(kv.value->metadata.name, owners);
        return;
    }
    const auto pod = api::objectCast<api::Pod>(kv.value);
    if (!pod)
        return;
    drop(kv.key);   // its owners may have changed (adopted, released)
    const QStringList owners = ownersOfKind(*pod, QLatin1String("ReplicaSet"));
    if (owners.isEmpty())
        return;
    const QString &name = pod->metadata.name;
    m_podOwners.insert(name, owners);
    const ClusterQueries::Pod summary{name, pod->status.phase, pod->spec.nodeName, pod->metadata.deletionTimestamp != 0};
    for (const QString &rs : owners)
        m_podsByRs[rs].insert(name, summary);
}

void DeploymentPods::drop(const QByteArray &key)
{
    const QString name = QString::fromUtf8(key.mid(key.lastIndexOf('/') + 1));
    if (key.startsWith(m_rsPrefix)) {
        m_rsOwners.remove(name);   // its pods go with their own writes
        return;
    }
    const auto owners = m_podOwners.constFind(name);
    if (owners == m_podOwners.cend())
        return;
    for (const QString &rs : *owners) {
        const auto pods = m_podsByRs.find(rs);
        if (pods == m_podsByRs.end())
            continue;
        pods->remove(name);
        if (pods->isEmpty())
            m_podsByRs.erase(pods);
    }
    m_podOwners.erase(owners);
}

QList<ClusterQueries::Pod> DeploymentPods::podsOf(const QString &deployment, int maxPods) const
{
    QList<ClusterQueries::Pod> pods;
    for (auto rs = m_rsOwners.cbegin(); rs != m_rsOwners.cend(); ++rs) {
        if (!rs->contains(deployment))
            continue;
        const auto owned = m_podsByRs.constFind(rs.key());
        if (owned == m_podsByRs.cend())
            continue;
        int taken = 0;   // each ReplicaSet's first maxPods by name are enough to find the first overall
        for (auto p = owned->cbegin(); p != owned->cend() && (maxPods <= 0 || taken < maxPods); ++p, ++taken)
            pods.append(*p);
    }
    const auto byName = [](const ClusterQueries::Pod &a, const ClusterQueries::Pod &b) { return a.name < b.name; };
    std::sort(pods.begin(), pods.end(), byName);
    pods.erase(std::unique(pods.begin(), pods.end(), [](const auto &a, const auto &b) { return a.name == b.name; }), pods.end());
    if (maxPods > 0 && pods.size() > maxPods)
        pods.resize(maxPods);
    std::sort(pods.begin(), pods.end(), [](const ClusterQueries::Pod &a, const ClusterQueries::Pod &b) {
        return std::tie(a.terminating, a.name) < std::tie(b.terminating, b.name);
    });
    return pods;
}

} // namespace rlab::ui
