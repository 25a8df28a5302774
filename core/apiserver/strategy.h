#pragma once
#include "core/api/object.h"

namespace rlab::apiserver {

// What kube-apiserver's per-kind registry strategies do before validation
// (pkg/registry/apps/deployment/strategy.go and friends):
//  - prepareForCreate: status reset (a Deployment is born with an empty status, a Pod Pending),
//    generation 1 for kinds that track spec changes.
//  - prepareForUpdate: the main resource cannot change status, the status subresource cannot
//    change spec; generation + 1 only when the spec changed (scaling 3 -> 5 bumps it, adding an
//    annotation does not).
// Pure functions on values; any thread.
namespace strategy {
bool tracksGeneration(api::Kind kind);
bool hasStatus(api::Kind kind);
void prepareForCreate(api::Object &obj);
void prepareForUpdate(api::Object &obj, const api::Object &old);
void prepareForStatusUpdate(api::Object &obj, const api::Object &old);
bool specEqual(const api::Object &a, const api::Object &b);
} // namespace strategy

} // namespace rlab::apiserver
