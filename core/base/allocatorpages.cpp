// SPDX-License-Identifier: Apache-2.0
#include "core/base/allocatorpages.h"

#include <cstdlib>

// mimalloc's option setter, weak: null in binaries that do not link mimalloc. The option is an
// enum in mimalloc.h; large_os_pages is 6 in mimalloc 2.0 (Debian 12's libmimalloc2.0) and
// still 6 (allow_large_os_pages) in 2.1.
extern "C" void mi_option_set(int option, long value) __attribute__((weak));
extern "C" void mi_collect(bool force) __attribute__((weak));

namespace rlab {

namespace {
constexpr int kMiOptionLargeOsPages = 6;
}

void preferLargeAllocatorPages()
{
    if (!mi_option_set || std::getenv("MIMALLOC_LARGE_OS_PAGES"))
        return;
    mi_option_set(kMiOptionLargeOsPages, 1);
}

void releaseFreeAllocatorMemory()
{
    if (mi_collect)
        mi_collect(true);
}

} // namespace rlab
