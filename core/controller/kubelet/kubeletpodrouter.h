// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/base/lightmutex.h"
#include "core/client/resourceeventhandler.h"

#include <QHash>
#include <QString>

#include <memory>
#include <mutex>

namespace rlab::client {
class SharedInformerFactory;
}

namespace rlab::controller {

// One Pod handler for all the kubelets of a cluster, routing each change to the kubelet of the
// pod's spec.nodeName — what each real kubelet gets from its own watch with the field selector
// spec.nodeName=<node> (the watch cache indexes those watchers by that field). Without it, every
// pod change would be offered to every kubelet's handler and filtered there: 1,000 nodes meant
// 1,000 handler calls per pod write. Routing: onAdd and onDelete by the object's node, onUpdate by
// the new object's node (a kubelet ignores a pod once it is on another node); pods with no node
// reach no kubelet. The router takes the place in the informer's handler order of the first
// kubelet registered through it, so kubelets built one after another keep their order.
// Made with std::make_shared: the informer shares its ownership once the first route is added.
// Thread rules: add() from any thread (a mutex guards the routes); the handler calls come on the
// informer's pump thread, like any ResourceEventHandler's.
class KubeletPodRouter : public client::ResourceEventHandler, public std::enable_shared_from_this<KubeletPodRouter>
{
public:
    explicit KubeletPodRouter(client::SharedInformerFactory &informers);

    // The Pod handler of the kubelet of `nodeName` (one per node; a second add replaces it).
    void add(const QString &nodeName, std::shared_ptr<client::ResourceEventHandler> handler);

    void onAdd(const api::ObjectPtr &obj, bool isInInitialList) override;
    void onUpdate(const api::ObjectPtr &oldObj, const api::ObjectPtr &newObj) override;
    void onDelete(const api::ObjectPtr &obj, const client::DeletedFinalStateUnknown *tombstone) override;

private:
    std::shared_ptr<client::ResourceEventHandler> routeFor(const api::ObjectPtr &obj) const;

    client::SharedInformerFactory &m_informers;
    mutable LightMutex m_mutex;
    QHash<QString, std::shared_ptr<client::ResourceEventHandler>> m_routes;
    bool m_registered = false;
};

} // namespace rlab::controller
