// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/labelselector.h"
#include "core/apiserver/apierror.h"
#include "core/apiserver/apitypes.h"
#include "core/apiserver/fieldselector.h"
#include "core/apiserver/resourcetype.h"

#include <optional>

namespace rlab::apiserver {

// A LIST's or WATCH's ?labelSelector= and ?fieldSelector= for rt, parsed into *labels and
// *fields; the API server's 400 in upstream's words when one does not parse (e.g. "unable to
// parse requirement: found 'in', expected: ',' or 'end of string'"). Pure; any thread.
std::optional<ApiError> parseListSelectors(const ListOptions &opts, const ResourceType &rt, std::optional<api::Selector> *labels,
                                           std::optional<FieldSelector> *fields);

} // namespace rlab::apiserver
