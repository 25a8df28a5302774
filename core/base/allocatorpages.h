// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace rlab {

// Asks mimalloc (when the executable links it: rlab and reconcile-lab) for large OS pages from
// here on: its segments are then committed whole and advised as transparent huge pages (Debian's
// default THP mode, "madvise"), so the heap is faulted in 2 MiB at a time instead of 4 KiB and
// freed pages are not decommitted and faulted in again. Measured on `rlab bench --size large`
// (2 cores, a VM): 1.2 M minor page faults and 24 s of system time become ~1,700 and 4 s, user
// time falls too (fewer TLB misses): 120 -> 80 s CPU; peak RSS +40 MiB (2,148 -> 2,188).
// MIMALLOC_LARGE_OS_PAGES in the environment wins (0 turns it off). Without mimalloc (tests,
// sanitizer builds): nothing. Call first thing in main(), before threads start.
void preferLargeAllocatorPages();

} // namespace rlab
