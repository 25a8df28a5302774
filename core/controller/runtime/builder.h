#pragma once
#include "core/apiserver/resourcetype.h"
#include "core/controller/runtime/manager.h"

#include <QString>

namespace rlab::controller::runtime {

// controller-runtime's builder: ControllerManagedBy(mgr).Named("x").For(&Deployment{})
// .Owns(&ReplicaSet{}).Complete(reconciler). For: every event of that kind enqueues the object's
// own key. Owns: every event of an owned kind enqueues its controller owner's key (when the owner
// is of the For kind), like handler.EnqueueRequestForOwner(OnlyControllerOwner). The controller
// gets its own rate-limited queue named after it, visible in the GUI like the built-in ones.
class Builder
{
public:
    explicit Builder(Manager &manager) : m_manager(manager) { }
    Builder &named(const QString &name)
    {
        m_name = name;
        return *this;
    }
    template<class T> Builder &forType()
    {
        m_for = apiserver::resources::byKind(T::kKind);
        return *this;
    }
    template<class T> Builder &owns()
    {
        m_owns.push_back(apiserver::resources::byKind(T::kKind));
        return *this;
    }
    Controller &complete(std::shared_ptr<Reconciler> reconciler);

private:
    Manager &m_manager;
    QString m_name;
    apiserver::ResourceType m_for;
    std::vector<apiserver::ResourceType> m_owns;
};

} // namespace rlab::controller::runtime
