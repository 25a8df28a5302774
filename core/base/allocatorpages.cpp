// SPDX-License-Identifier: Apache-2.0
#include "core/base/allocatorpages.h"

#include <cstdlib>

// mimalloc's collect and options, weak: null in binaries that do not link mimalloc. An option is
// its mi_option_t, an int in the C ABI.
extern "C" void mi_collect(bool force) __attribute__((weak));
extern "C" void mi_option_set(int option, long value) __attribute__((weak));

namespace {
// mi_option_decommit_delay in mimalloc 2.0 (Debian 12's), mi_option_purge_delay in 2.1: one slot
// of the ABI, which keeps deprecated options' numbers.
constexpr int kMiOptionDecommitDelay = 15;
} // namespace

namespace rlab {

void releaseFreeAllocatorMemory()
{
    if (mi_collect)
        mi_collect(true);
}

bool setAllocatorPurgeDelay(long ms)
{
    if (!mi_option_set || std::getenv("MIMALLOC_DECOMMIT_DELAY") || std::getenv("MIMALLOC_PURGE_DELAY"))
        return false;
    mi_option_set(kMiOptionDecommitDelay, ms);
    return true;
}

} // namespace rlab
