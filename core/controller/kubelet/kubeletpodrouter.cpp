// SPDX-License-Identifier: Apache-2.0
#include "core/controller/kubelet/kubeletpodrouter.h"

#include "core/api/pod.h"
#include "core/client/sharedinformerfactory.h"

namespace rlab::controller {

KubeletPodRouter::KubeletPodRouter(client::SharedInformerFactory &informers)
    : m_informers(informers)
{
}

void KubeletPodRouter::add(const QString &nodeName, std::shared_ptr<client::ResourceEventHandler> handler)
{
    bool registerNow = false;
    {
        std::lock_guard lock(m_mutex);
        m_routes.insert(nodeName, std::move(handler));
        registerNow = !std::exchange(m_registered, true);
    }
    if (registerNow)
        m_informers.informerFor<api::Pod>().addEventHandler(shared_from_this());
}

std::shared_ptr<client::ResourceEventHandler> KubeletPodRouter::routeFor(const api::ObjectPtr &obj) const
{
    const auto pod = api::objectCast<api::Pod>(obj);
    if (!pod || pod->spec.nodeName.isEmpty())
        return nullptr;
    std::lock_guard lock(m_mutex);
    return m_routes.value(pod->spec.nodeName);
}

void KubeletPodRouter::onAdd(const api::ObjectPtr &obj, bool isInInitialList)
{
    if (const auto h = routeFor(obj))
        h->onAdd(obj, isInInitialList);
}

void KubeletPodRouter::onUpdate(const api::ObjectPtr &oldObj, const api::ObjectPtr &newObj)
{
    if (const auto h = routeFor(newObj))
        h->onUpdate(oldObj, newObj);
}

void KubeletPodRouter::onDelete(const api::ObjectPtr &obj, const client::DeletedFinalStateUnknown *tombstone)
{
    if (const auto h = routeFor(obj))
        h->onDelete(obj, tombstone);
}

} // namespace rlab::controller
