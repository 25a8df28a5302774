// SPDX-License-Identifier: Apache-2.0
#include "core/base/allocatorpages.h"

// mimalloc's collect, weak: null in binaries that do not link mimalloc.
extern "C" void mi_collect(bool force) __attribute__((weak));

namespace rlab {

void releaseFreeAllocatorMemory()
{
    if (mi_collect)
        mi_collect(true);
}

} // namespace rlab
