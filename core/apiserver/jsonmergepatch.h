// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace rlab::apiserver {

// JSON merge patch (RFC 7386, Content-Type application/merge-patch+json): objects merge key by
// key, a null deletes the key, anything else (arrays included) replaces the target wholesale.
// kubectl sends it for `scale` (on /scale) and `annotate`. Pure functions: any thread.
// Example: target {"spec":{"replicas":3,"paused":true}} + patch {"spec":{"replicas":5,
// "paused":null}} = {"spec":{"replicas":5}}.
QJsonValue applyMergePatch(const QJsonValue &target, const QJsonValue &patch);

// What the API server does with a merge patch body for an object: a null body is rejected with
// evanphx/json-patch's "Invalid JSON Patch" (a 400 BadRequest), and so is a body that is not an
// object (upstream would replace the whole object and then fail to decode it).
std::optional<QJsonObject> applyMergePatchToObject(const QJsonObject &target,
                                                   const QJsonValue &patch, QString *error);

// The smallest merge patch that turns original into modified (evanphx CreateMergePatch):
// changed or added keys carry the new value, removed keys are null, arrays are compared whole.
// Example: {"a":1,"b":[1],"c":{"d":1}} -> {"a":1,"b":[2],"c":{}} gives {"b":[2],"c":{"d":null}}.
// applyMergePatch(original, createMergePatch(original, modified)) == modified for objects.
QJsonValue createMergePatch(const QJsonValue &original, const QJsonValue &modified);

} // namespace rlab::apiserver
