#pragma once
#include "core/api/fielderror.h"
#include "core/api/object.h"

namespace rlab::api {

// API-server validation of the simulated kinds, as the registry strategies run it after
// defaulting (pkg/apis/apps/validation, pkg/apis/core/validation, apimachinery ObjectMeta
// validation): field paths, order and messages are upstream's. An empty list means valid.
// Callers do what the generic registry does first: default the object (setDefaults), put the
// request namespace on namespaced objects and clear it on cluster-scoped ones, generate a name
// from generateName. GenericObject: only its metadata is checked.

// strategy.Validate (+ the generic ObjectMeta checks of rest.BeforeCreate for Events).
FieldErrors validateCreate(const Object &obj);

// strategy.ValidateUpdate for PUT/PATCH of the main resource. Expects rest.BeforeUpdate's
// bookkeeping done (resourceVersion, uid, creationTimestamp and generation carried over from
// oldObj); includes the apps/v1 selector immutability check. Objects of different kinds are a
// programming error and give one Forbidden("kind").
FieldErrors validateUpdate(const Object &newObj, const Object &oldObj);

// ValidateXStatusUpdate for the status subresource (metadata rules + status counters).
FieldErrors validateStatusUpdate(const Object &newObj, const Object &oldObj);
// namespaces/finalize (ValidateNamespaceFinalizeUpdate).
FieldErrors validateFinalizeUpdate(const Object &newObj, const Object &oldObj);

} // namespace rlab::api
