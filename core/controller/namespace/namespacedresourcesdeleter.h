// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/namespace.h"
#include "core/apiserver/resourcetype.h"

#include <QString>
#include <QList>
#include <QStringList>

#include <map>

namespace rlab::client {
class Interface;
}

namespace rlab::controller {

// What one deletion pass over a namespace came to (upstream returns nil, a
// ResourcesRemainingError with the estimate, or an error).
struct NamespaceDeletion
{
    qint64 estimateSeconds = 0;   // > 0: content remains, look again in estimate/2 + 1 s
    QString error;                // non-empty: failed, retried with backoff
    QStringList notes;            // what the pass did, for the trace
};

// The namespace controller's deleter (pkg/controller/namespace/deletion/
// namespaced_resources_deleter.go), over the API only. delete_(name) on a namespace being
// deleted: phase Terminating if not yet; then every namespaced resource's objects in it are
// deleted (Background propagation; the lab's clients have no DeleteCollection, so each item,
// upstream's deleteEachItem) and listed again; the status conditions say what remains; with
// nothing left the "kubernetes" finalizer is removed through namespaces/finalize, which lets
// the API server remove the namespace. Pods are estimated to take their longest
// terminationGracePeriodSeconds from the namespace's deletion (0 once that has passed); items
// held by finalizers count 15 s. Example: prod deleted at t=100 s with 2 running pods (grace
// 30 s) and their ReplicaSet: the first pass deletes all three (the pods go Terminating), sees
// 2 pods remain, estimate 30 → next pass at t≈116 s finds nothing and finalizes.
// Thread rules: one delete_() at a time (the controller's worker); all writes through the API.
class NamespacedResourcesDeleter
{
public:
    explicit NamespacedResourcesDeleter(client::Interface &api);
    NamespaceDeletion delete_(const QString &namespaceName);

private:
    struct ResourceRemaining
    {
        qint64 estimateSeconds = 0;
        int numRemaining = 0;
        std::map<QString, int> finalizersToNumRemaining;
        QString error;
    };
    ResourceRemaining deleteAllContentForResource(const apiserver::ResourceType &rt, const QString &ns, qint64 deletedAt,
                                                  QStringList &notes);
    qint64 estimateGracefulTermination(const apiserver::ResourceType &rt, const QList<api::ObjectPtr> &items, qint64 deletedAt) const;

    client::Interface &m_api;
};

} // namespace rlab::controller
