#pragma once
#include "core/sim/view/snapshot.h"
#include "core/sim/view/watchevent.h"
#include "ui/commands/clusterqueries.h"

#include <QHash>
#include <QMap>
#include <QStringList>

#include <memory>
#include <vector>

namespace rlab::ui {

// The pods of one namespace by owning ReplicaSet, and the ReplicaSets by owning Deployment, kept
// from the session's snapshot and its storeEvents: the pods chooser reads its Deployment's first
// pods here instead of listing every pod of the namespace through the API (issue #17: a
// 20,000-pod lab, 6–16 ms a read, four times a second while pods change). Ownership as
// ClusterQueries::podsOf: a pod is a Deployment's when an ownerReference names one of its
// ReplicaSets, which an ownerReference names the Deployment.
// The rebuild from a snapshot runs in slices (rebuild(), a budget each); writes that arrive
// before it is done are held and applied after the snapshot's pods, in order and in slices too:
// the snapshot is the state the writes continue from. Example: reset(snapshot at rev 90);
// apply(writes 91..95) -> held; rebuild(…) until true -> the snapshot's pods, then 91..95
// applied. GUI thread only.
class DeploymentPods
{
public:
    void reset(std::shared_ptr<const view::Snapshot> snapshot, const QString &ns);
    // Goes on with the rebuild for about budgetMs (one chunk at 0); true once it is done.
    bool rebuild(int budgetMs);
    // Pods read between two looks at the clock. A big lab's pods are cold (scattered over the
    // heap the restore built): ~12 µs each in the first frames after it, so chunks of 512 took
    // 6-7 ms in frames whose canvas slice had already spent the budget (issue #17).
    static constexpr std::size_t kChunk = 64;
    bool isReady() const { return !m_snapshot; }
    // The writes after the snapshot; true when a pod or ReplicaSet of the namespace changed.
    bool apply(const std::vector<view::WatchEvent> &events);
    // The Deployment's first maxPods pods by name (all with maxPods <= 0), Running first and
    // Terminating last, by name within each — as ClusterQueries::podsOf(api, …, maxPods).
    QList<ClusterQueries::Pod> podsOf(const QString &deployment, int maxPods) const;

private:
    bool applyOne(const view::WatchEvent &e);   // true when it was a pod's or ReplicaSet's
    void put(const view::KeyValue &kv);
    void drop(const QByteArray &key);

    QString m_ns;
    QByteArray m_podPrefix, m_rsPrefix;                            // "/registry/pods/<ns>/"
    QHash<QString, QStringList> m_rsOwners;                        // ReplicaSet -> Deployments
    QHash<QString, QStringList> m_podOwners;                       // pod -> ReplicaSets
    QHash<QString, QMap<QString, ClusterQueries::Pod>> m_podsByRs; // ReplicaSet -> pods by name
    std::shared_ptr<const view::Snapshot> m_snapshot;              // being rebuilt from
    std::size_t m_next = 0, m_end = 0;                             // its keys still to read
    std::vector<view::WatchEvent> m_held;                          // writes after it, meanwhile
    std::size_t m_heldNext = 0;                                    // the first not applied yet
    std::size_t m_heldArrived = 0;                                 // held since the last rebuild()
};

} // namespace rlab::ui
