#include "core/api/objectmeta.h"

namespace rlab::api {

const OwnerReference *ObjectMeta::controllerRef() const
{
    for (const OwnerReference &o : ownerReferences)
        if (o.isController())
            return &o;
    return nullptr;
}

} // namespace rlab::api
