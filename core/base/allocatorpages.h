// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace rlab {

// Asks mimalloc (when the executable links it; rlab calls this, the window does not: see
// app/reconcile-lab/main.cpp) for large OS pages from here on: its segments are then committed
// whole and advised as transparent huge pages (Debian's default THP mode, "madvise"), so the
// heap is faulted in 2 MiB at a time instead of 4 KiB.
// Measured on `rlab bench --size large` (2 cores, a quiet VM, alternated): 1.13 M minor page
// faults and 15.6 s of system time become ~12,000 and 4.2 s, user time falls too (fewer TLB
// misses): 120.6 -> 77.7 s CPU; peak RSS +37 MiB (2,150 -> 2,187).
// Measured again on a later VM (2 cores, alternated runs): at --size large still the better
// (55.4-57.1 s CPU against 58.8-60.0 with 4 KiB pages, decommit on or off), but at medium the
// worse (4.74-4.89 s against 4.28-4.54: its ~470 MiB are first touched in 2 MiB pages that
// this VM zeroes at ~0.5 GB/s, 0.96-1.01 s of system time against 0.36-0.48).
// MIMALLOC_LARGE_OS_PAGES in the environment wins (0 turns it off). Without mimalloc (tests,
// sanitizer builds): nothing. Call first thing in main(), before threads start.
void preferLargeAllocatorPages();

// Gives the memory the calling thread's heap holds free back to the system (mimalloc's
// mi_collect(force); without mimalloc: nothing). Not free: it walks the thread's heap, so for
// after a burst (a server whose connection flood has gone), not routinely.
void releaseFreeAllocatorMemory();

} // namespace rlab
