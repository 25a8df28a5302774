// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace rlab {

// Page size: rlab asks mimalloc for 2 MiB pages where they pay (preferLargeAllocatorPages); the
// window keeps 4 KiB pages (a 2 MiB page zeroed on the GUI thread: see
// app/reconcile-lab/main.cpp). MIMALLOC_LARGE_OS_PAGES in the environment wins either way.
// Large pages cut the lab's TLB misses, but whether they cost more at their first touch
// depends on the machine, so rlab reads that from /sys (largeAllocatorPagesPay):
// - a VM whose balloon reports freed blocks smaller than 2 MiB to the host
//   (virtio_balloon VIRTIO_BALLOON_F_REPORTING, page_reporting_order 5): nearly every 2 MiB page
//   is new to the host at its first touch and zeroed at ~0.2 GB/s, where 4 KiB pages come from
//   the guest's own recently freed, still backed, pages. `rlab bench`, alternated (session 34):
//     --size medium, 3 runs each: 5.08-6.11 s CPU (2.13-2.74 in the kernel) with 2 MiB pages,
//                                 3.43-3.75 s (0.26-0.41) with 4 KiB pages;
//     --size large:  51.4 s CPU (10.2 in the kernel; user 41.2) against 49.3 s (2.3; 47.0).
// - one that reports only whole 2 MiB blocks (page_reporting_order 9): both sizes fault in
//   host memory alike (the kernel's share was the same) and 2 MiB pages save user time.
//   Alternated, 6 runs each (session 40): --size medium 5.04 s CPU median (0.87 in the kernel;
//   pipeline/floor 11.4, in user time 9.4) against 6.24 s (0.88; 13.6, 11.7); --size large
//   one run each: 40.9 s CPU (3.05 in the kernel; 8.3, 7.7) against 44.2 s (2.82; 8.9, 8.6),
//   peak RSS 1,864 MiB against 1,825.
// - without reporting (no balloon, bare metal) nothing is handed back to zero again; on the VM
//   of commit 9020a1d (reporting not recorded) large pages had won: --size large 120.6 -> 80.1 s
//   CPU, 24 -> 4 s in the kernel.

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

// Whether 2 MiB allocator pages pay on this machine: false only where a bound virtio balloon
// offers free page reporting (feature bit 5 of its features in sysfs) at an order below that of
// a 2 MiB page (page_reporting_order < 9 with 4 KiB pages), as above. `sys` is where sysfs is
// (tests give a directory laid out like it).
bool largeAllocatorPagesPay(const char *sys = "/sys");

// Asks mimalloc for 2 MiB OS pages from here on (mi_option_large_os_pages: segments committed
// whole and advised as transparent huge pages, Debian's THP mode being "madvise") when
// largeAllocatorPagesPay(sys). Returns whether it asked: false without mimalloc (sanitizer
// builds), where they do not pay, or when MIMALLOC_LARGE_OS_PAGES is set (that wins). Call it
// first thing in main, before threads start.
bool preferLargeAllocatorPages(const char *sys = "/sys");

} // namespace rlab
