#pragma once
#include "core/api/object.h"

namespace rlab::apiserver {

// What kube-apiserver's per-kind registry strategies do before validation
// (pkg/registry/apps/deployment/strategy.go and friends):
//  - prepareForCreate: status reset (a Deployment is born with an empty status, a Pod Pending),
//    generation 1 for kinds that track spec changes.
//  - prepareForUpdate: the main resource cannot change status, the status subresource cannot
//    change spec; generation + 1 when the spec changed (scaling 3 -> 5 bumps it) and, for a
//    Deployment only, when any annotation changed (`kubectl annotate deploy web k=v` bumps it;
//    the same on a ReplicaSet does not). Status updates also keep a Deployment's labels and a
//    Pod's ownerReferences.
// Pure functions on values; any thread.
namespace strategy {
bool tracksGeneration(api::Kind kind);            // typed kinds
bool tracksGeneration(const api::Object &obj);    // also StatefulSet, Job, Ingress… stored as given
bool hasStatus(api::Kind kind);
void prepareForCreate(api::Object &obj);
void prepareForUpdate(api::Object &obj, const api::Object &old);
void prepareForStatusUpdate(api::Object &obj, const api::Object &old);
// The namespaces/finalize subresource: spec.finalizers (and metadata) from the request, status kept.
void prepareForFinalize(api::Object &obj, const api::Object &old);
// api.FinalizerKubernetes: the finalizer every namespace is created with (namespace controller's).
inline const QString kFinalizerKubernetes = QStringLiteral("kubernetes");
bool specEqual(const api::Object &a, const api::Object &b);
} // namespace strategy

} // namespace rlab::apiserver
