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

} // namespace rlab
