// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/namespace.h"
#include "core/client/lister.h"
#include "core/controller/controller.h"
#include "core/controller/namespace/namespacedresourcesdeleter.h"

namespace rlab::client {
class Interface;
class SharedInformerFactory;
} // namespace rlab::client

namespace rlab::controller {

// kube-controller-manager's namespace controller (pkg/controller/namespace): keys are namespace
// names. A namespace seen with a deletionTimestamp is queued 5 s later (namespaceDeletionGracePeriod:
// last-minute creations inside it get observed first); syncNamespaceFromKey runs the deleter,
// and while content remains it looks again estimate/2 + 1 seconds later (addAfter). Example:
// `kubectl delete ns prod` at t=100 s → queued until t=105 s; the pass deletes the pods, their
// ReplicaSet and Deployment and the Events, 2 pods remain Terminating (grace 30 s) → again at
// t≈121 s: nothing left, "kubernetes" finalized, prod gone.
// Thread rules: handlers on the informer thread; syncNamespaceFromKey on the Controller's worker.
class NamespaceController
{
public:
    static constexpr qint64 kNamespaceDeletionGracePeriodMs = 5000;

    NamespaceController(client::Interface &api, client::SharedInformerFactory &informers, Clock &clock, TraceLog *trace);
    Controller &controller() { return m_controller; }
    SyncResult syncNamespaceFromKey(const QString &key);

private:
    void enqueueNamespace(const api::ObjectPtr &obj);

    Controller m_controller;
    client::Lister<api::Namespace> m_namespaces;
    NamespacedResourcesDeleter m_deleter;
};

} // namespace rlab::controller
