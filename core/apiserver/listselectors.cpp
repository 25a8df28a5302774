// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/listselectors.h"

namespace rlab::apiserver {

std::optional<ApiError> parseListSelectors(const ListOptions &opts, const ResourceType &rt, std::optional<api::Selector> *labels,
                                           std::optional<FieldSelector> *fields)
{
    QString error;
    *labels = api::Selector::parse(opts.labelSelector, &error);
    if (!*labels)
        return ApiError::badRequest(QStringLiteral("unable to parse requirement: %1").arg(error));
    *fields = FieldSelector::parse(opts.fieldSelector, rt.resource, &error);
    if (!*fields)
        return ApiError::badRequest(error);
    return std::nullopt;
}

} // namespace rlab::apiserver
