// SPDX-License-Identifier: Apache-2.0
// Fuzz target: a request target as `rlab serve` splits it before any handler runs — the path
// (first line) into group/version/namespace/resource/name/subresource (RestPath, as
// kube-apiserver's RequestInfoFactory) and the raw query (the rest) into parameters, flags,
// integers and the label and field selectors. Invariants: an integer either parses or says
// why; a parsed path names a resource.
#include "core/api/labelselector.h"
#include "core/apiserver/fieldselector.h"
#include "core/server/queryparameters.h"
#include "core/server/restpath.h"
#include "tests/fuzz/fuzzinput.h"

using namespace rlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto [path, query] = fuzz::splitOnce(fuzz::bytes(data, size));
    server::RestPath rest;
    if (server::RestPath::parse(QString::fromUtf8(path), &rest))
        RLAB_FUZZ_CHECK(!rest.resource.isEmpty());
    const server::QueryParameters params = server::QueryParameters::parse(QString::fromUtf8(query));
    for (const char *flag : {"watch", "allowWatchBookmarks", "sendInitialEvents", "pretty", "dryRun"})
        (void)params.flag(QLatin1String(flag));
    for (const char *key : {"limit", "timeoutSeconds", "gracePeriodSeconds"}) {
        QString error;
        const std::optional<qint64> v = params.integer(QLatin1String(key), &error);
        if (v)
            RLAB_FUZZ_CHECK(error.isEmpty());
        else if (params.has(QLatin1String(key)))
            RLAB_FUZZ_CHECK(!error.isEmpty());
    }
    QString error;
    const std::optional<api::Selector> labels = api::Selector::parse(params.value(QStringLiteral("labelSelector")), &error);
    RLAB_FUZZ_CHECK(labels || !error.isEmpty());
    error.clear();
    const auto fields = apiserver::FieldSelector::parse(params.value(QStringLiteral("fieldSelector")),
                                                        rest.resource.isEmpty() ? QStringLiteral("pods") : rest.resource, &error);
    RLAB_FUZZ_CHECK(fields || !error.isEmpty());
    return 0;
}
