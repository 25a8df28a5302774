#include "core/apiserver/jsonequivalence.h"

#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"

namespace rlab::apiserver {

Equivalence jsonEquivalent(const api::Object &a, const api::Object &b)
{
    if (a.kind() != b.kind())
        return Equivalence::Unknown;
    using R = detail::FieldRecorder;
    switch (a.kind()) {
    case api::Kind::Pod: return R::sameStruct<api::Pod>(static_cast<const api::Pod *>(&a), static_cast<const api::Pod *>(&b));
    case api::Kind::ReplicaSet: return R::sameStruct<api::ReplicaSet>(static_cast<const api::ReplicaSet *>(&a), static_cast<const api::ReplicaSet *>(&b));
    case api::Kind::Deployment: return R::sameStruct<api::Deployment>(static_cast<const api::Deployment *>(&a), static_cast<const api::Deployment *>(&b));
    case api::Kind::Node: return R::sameStruct<api::Node>(static_cast<const api::Node *>(&a), static_cast<const api::Node *>(&b));
    case api::Kind::Event: return R::sameStruct<api::Event>(static_cast<const api::Event *>(&a), static_cast<const api::Event *>(&b));
    case api::Kind::Namespace: return R::sameStruct<api::Namespace>(static_cast<const api::Namespace *>(&a), static_cast<const api::Namespace *>(&b));
    default: return Equivalence::Unknown;
    }
}

} // namespace rlab::apiserver
