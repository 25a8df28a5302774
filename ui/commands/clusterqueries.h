#pragma once
#include <QList>
#include <QString>
#include <QStringList>

namespace rlab::client {
class Interface;
}

namespace rlab::ui {

// The read-only lookups behind the controls' choosers, through the client as `kubectl get`
// would: deployment names, one deployment's pods (owned by its ReplicaSets, found through
// ownerReferences as the garbage collector sees them; a read limited to maxPods lists by the
// Deployment's selector first, so an owned pod whose labels left the selector is not among
// them — the ReplicaSet controller releases such a pod anyway), the nodes and whether they
// are Ready, the rollout history. Sorted by name (pods: Terminating ones last; history by
// revision). Thread rules: any thread (client::Interface is thread-safe).
struct ClusterQueries
{
    struct Pod
    {
        QString name, phase, node;
        bool terminating = false;   // metadata.deletionTimestamp is set
        QString label() const;      // "nginx-5f77-abc12 · Running · node-2"
    };
    struct Node
    {
        QString name;
        QString ready;   // the Ready condition's status: "True", "False", "Unknown" ("" if none)
        QString label() const;   // "node-2 · NotReady"
    };

    // One line of `kubectl rollout history` with the ReplicaSet's image(s).
    struct Revision
    {
        qint64 revision = 0;
        QString images;        // "nginx:1.26" (comma-separated for several containers)
        QString changeCause;   // kubernetes.io/change-cause, "" if none
        bool current = false;  // the Deployment's own deployment.kubernetes.io/revision
        QString label() const; // "2 · nginx:1.26 · kubectl set image … (current)"
    };

    static QStringList deployments(client::Interface &api, const QString &ns);
    // The Deployment's pods, Running first, Terminating last, by name within each. maxPods > 0
    // lists only the first maxPods by name (in pages of the Deployment's label selector, so a
    // 20,000-pod cluster is not read whole every refresh), then orders those.
    static QList<Pod> podsOf(client::Interface &api, const QString &ns, const QString &deployment, int maxPods = 0);
    static QList<Node> nodes(client::Interface &api);
    // rollout::historyEntries, ascending, with images and the current revision marked.
    static QList<Revision> revisions(client::Interface &api, const QString &ns, const QString &deployment);
};

} // namespace rlab::ui
