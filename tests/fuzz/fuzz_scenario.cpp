// SPDX-License-Identifier: Apache-2.0
// Fuzz target: a scenario or lesson file as `rlab run` / `rlab validate` and the window parse it
// (Scenario::parse; nothing is run). Invariant: a refused file says why, with its name.
#include "core/sim/scenario.h"
#include "tests/fuzz/fuzzinput.h"

using namespace rlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QStringList errors;
    const std::optional<Scenario> s = Scenario::parse(fuzz::bytes(data, size), QStringLiteral("fuzz.yaml"), &errors);
    if (!s) {
        RLAB_FUZZ_CHECK(!errors.isEmpty());
        for (const QString &e : errors)
            RLAB_FUZZ_CHECK(!e.isEmpty());
    }
    return 0;
}
