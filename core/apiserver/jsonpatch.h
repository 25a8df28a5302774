// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonValue>
#include <QString>

#include <optional>

namespace rlab::apiserver {

// JSON patch (RFC 6902, application/json-patch+json) as the API server applies it with
// evanphx/json-patch v4: ops run in order on a copy, the first failure aborts with v4's text
// (a 422 message). Pure function: any thread. Example: [{"op":"replace","path":"/spec/foo",
// "value":1}] on a Deployment fails with "replace operation does not apply: doc is missing key:
// /spec/foo: missing value" (RFC 6902 §4.3 and kubectl-protocol.md §7.1; v4 itself would add).
std::optional<QJsonValue> applyJsonPatch(const QJsonValue &document, const QJsonValue &patch,
                                         QString *error);

} // namespace rlab::apiserver
