// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace rlab {

// Page size: every binary keeps mimalloc's 4 KiB pages (MIMALLOC_LARGE_OS_PAGES=1 in the
// environment asks mimalloc itself for 2 MiB ones). rlab's batch commands took large pages until
// session 34, when that cost more than it saved on a VM whose balloon has free page reporting
// (virtio_balloon VIRTIO_BALLOON_F_REPORTING, page_reporting_order 5): the guest hands every
// freed block of 128 KiB or more back to the host, so nearly every 2 MiB page is new to the host
// at its first touch and is zeroed at ~0.2 GB/s, where 4 KiB pages come from the guest's own
// recently freed, still backed, pages. `rlab bench`, alternated on such a VM (2 cores):
//   --size medium, 3 runs each: 5.08-6.11 s CPU (2.13-2.74 in the kernel) with 2 MiB pages,
//                               3.43-3.75 s (0.26-0.41) with 4 KiB pages;
//   --size large:  51.4 s CPU (10.2 in the kernel; user time 41.2) against 49.3 s (2.3; 47.0).
// On a VM without free page reporting large pages had won at --size large (55.4-57.1 s against
// 58.8-60.0) and lost at medium; the window had kept 4 KiB pages all along (a 2 MiB page zeroed
// on the GUI thread: see app/reconcile-lab/main.cpp).

// Gives the memory the calling thread's heap holds free back to the system (mimalloc's
// mi_collect(force); without mimalloc: nothing). Not free: it walks the thread's heap, so for
// after a burst (a server whose connection flood has gone), not routinely.
void releaseFreeAllocatorMemory();

// How long mimalloc keeps a freed page before giving it back to the system (its decommit delay,
// 25 ms by default; MIMALLOC_DECOMMIT_DELAY or MIMALLOC_PURGE_DELAY in the environment wins).
// The lab frees and reallocates its objects all the time: given back after 25 ms, a page is
// faulted in again moments later, and on a VM whose balloon reports freed pages to the host that
// fault is a host round trip. `rlab bench`, alternated on such a VM (2 cores, session 36):
//   --size medium: 173-181 k page faults, 4.48-4.66 s CPU (0.72-0.74 in the kernel) with 25 ms;
//                  113 k, 3.98-4.02 s (0.53-0.57) with 1 s; peak RSS 411 -> 430 MiB;
//   --size large:  58.5 s CPU (6.9 in the kernel) against 50.6 s (3.7); 1,855 -> 1,865 MiB.
// Returns whether it was set: false without mimalloc (sanitizer builds, tests) or when the
// environment chose. Call it first thing in main, before the work it is for.
bool setAllocatorPurgeDelay(long ms);

} // namespace rlab
