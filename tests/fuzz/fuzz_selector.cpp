// SPDX-License-Identifier: Apache-2.0
// Fuzz target: `?labelSelector=` / kubectl -l (first line) and `?fieldSelector=` (the rest) as
// the API server parses them. Invariants: a refused selector says why; an accepted label
// selector's canonical string parses again to the same canonical string and matches the same.
#include "core/api/labelselector.h"
#include "core/apiserver/fieldselector.h"
#include "tests/fuzz/fuzzinput.h"

using namespace rlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto [first, rest] = fuzz::splitOnce(fuzz::bytes(data, size));
    QString error;
    const std::optional<api::Selector> sel = api::Selector::parse(QString::fromUtf8(first), &error);
    if (!sel) {
        RLAB_FUZZ_CHECK(!error.isEmpty());
    } else {
        const QString canonical = sel->toString();
        const std::optional<api::Selector> again = api::Selector::parse(canonical, &error);
        RLAB_FUZZ_CHECK(again && again->toString() == canonical);
        const api::Labels labels{{QStringLiteral("app"), QStringLiteral("web")}, {QStringLiteral("tier"), QStringLiteral("front")}};
        RLAB_FUZZ_CHECK(sel->matches(labels) == again->matches(labels));
    }
    for (const char *resource : {"pods", "deployments", "events"}) {
        QString fieldError;
        const auto fs = apiserver::FieldSelector::parse(QString::fromUtf8(rest), QLatin1String(resource), &fieldError);
        RLAB_FUZZ_CHECK(fs || !fieldError.isEmpty());
    }
    return 0;
}
