// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/object.h"

#include <QString>

#include <functional>
#include <utility>

namespace rlab::client {

// client-go cache.DeletedFinalStateUnknown: the informer missed the DELETED event (its watch
// expired and the relist no longer contained the object), so `obj` is only the last state its
// cache knew, possibly stale. A plain value.
struct DeletedFinalStateUnknown
{
    QString key;   // "namespace/name"
    api::ObjectPtr obj;
};

// client-go cache.ResourceEventHandler: what a SharedIndexInformer tells each of its handlers.
// Every handler sees every change of the informer's cache, in the order the cache changed, after
// the cache changed. onUpdate also arrives for relists and resyncs, where old and new may be the
// same object (compare resourceVersions to tell). onDelete always gets a usable object: the
// final state from the watch, or, when `tombstone` is set, the last known state
// (tombstone->obj == obj). Objects are shared immutable values.
// Thread rules: called on the thread that pumps the informer, one call at a time per informer;
// a handler must be quick (enqueue a key) and must not call back into that informer's
// addEventHandler/removeEventHandler/processPending/stop.
class ResourceEventHandler
{
public:
    virtual ~ResourceEventHandler() = default;
    // isInInitialList: the object came from the informer's first list (or is a synthetic add
    // for a handler registered after the informer started).
    virtual void onAdd(const api::ObjectPtr &obj, bool isInInitialList) = 0;
    virtual void onUpdate(const api::ObjectPtr &oldObj, const api::ObjectPtr &newObj) = 0;
    virtual void onDelete(const api::ObjectPtr &obj, const DeletedFinalStateUnknown *tombstone) = 0;
};

// client-go cache.ResourceEventHandlerFuncs: a ResourceEventHandler made of optional functions
// (a missing one ignores that kind of event). Same thread rules as ResourceEventHandler.
class ResourceEventHandlerFuncs : public ResourceEventHandler
{
public:
    using AddFunc = std::function<void(const api::ObjectPtr &, bool)>;
    using UpdateFunc = std::function<void(const api::ObjectPtr &, const api::ObjectPtr &)>;
    using DeleteFunc = std::function<void(const api::ObjectPtr &, const DeletedFinalStateUnknown *)>;

    ResourceEventHandlerFuncs(AddFunc add = {}, UpdateFunc update = {}, DeleteFunc del = {})
        : m_add(std::move(add)), m_update(std::move(update)), m_delete(std::move(del))
    {
    }

    void onAdd(const api::ObjectPtr &obj, bool isInInitialList) override
    {
        if (m_add)
            m_add(obj, isInInitialList);
    }
    void onUpdate(const api::ObjectPtr &oldObj, const api::ObjectPtr &newObj) override
    {
        if (m_update)
            m_update(oldObj, newObj);
    }
    void onDelete(const api::ObjectPtr &obj, const DeletedFinalStateUnknown *tombstone) override
    {
        if (m_delete)
            m_delete(obj, tombstone);
    }

private:
    AddFunc m_add;
    UpdateFunc m_update;
    DeleteFunc m_delete;
};

} // namespace rlab::client
