#pragma once
#include "core/api/object.h"

#include <QJsonObject>
#include <QStringList>

namespace rlab::api {

// Result of turning one JSON object into a typed (or generic) API object.
struct DecodeResult
{
    MutableObjectPtr object;   // null when `error` is set
    QStringList warnings;      // `unknown field "spec.foo"` (non-strict)
    QString error;             // first error, worded like the API server / kubectl
    QStringList errors;        // all errors
};

// Picks the C++ type from apiVersion + kind: the six simulated kinds become typed objects,
// any other kind a GenericObject. A simulated kind in a version the lab does not serve
// (extensions/v1beta1 Deployment) is refused: `no matches for kind "Deployment" in version
// "extensions/v1beta1"`. strict: unknown fields are errors (fieldValidation=Strict).
DecodeResult decodeObject(const QJsonObject &json, bool strict = false);

// New empty object of a simulated kind (apiVersion/kind set).
MutableObjectPtr newObject(Kind kind);

} // namespace rlab::api
