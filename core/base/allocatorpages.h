// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace rlab {

// Page size: rlab asks mimalloc for 2 MiB pages where they pay (preferLargeAllocatorPages); the
// window keeps 4 KiB pages (a 2 MiB page zeroed on the GUI thread: see
// app/reconcile-lab/main.cpp). MIMALLOC_LARGE_OS_PAGES in the environment wins either way.
// Large pages cut TLB misses, but on a VM whose balloon reports freed memory to the host
// (virtio_balloon VIRTIO_BALLOON_F_REPORTING) they cost far more at their first touch: the
// balloon reports only free blocks of page_reporting_order and up, and a 2 MiB page is such a
// block, so each one is new to the host (zeroed there), where a 4 KiB page mostly comes from
// the guest's smaller free blocks, never reported and still backed. Touching 360 MiB once,
// 25 s after the last run (session 46, order 9): 0.53-0.86 s in the kernel with 2 MiB pages,
// 0.12-0.14 s with 4 KiB. A single `rlab bench` is such a cold run; alternated (session 46):
//   --size medium, 8 runs each: 3.23 s CPU median (0.65 in the kernel; pipeline/floor 10.8) with
//                               2 MiB pages, 2.88 s (0.19; 8.6) with 4 KiB (user time 2.58 and
//                               2.69 s: the TLB saving is ~4 %, the floor's ~9 %);
//   --size large, one cold run each: 42.1 s CPU (3.7 in the kernel; 10.4) against 38.2 s (0.9; 8.2).
// Session 34 (order 5) found the same; session 40 (order 9) found the opposite, from runs back
// to back whose freed pages were not yet reported. Without reporting (no balloon, bare metal)
// nothing freed is handed back: on the VM of commit 9020a1d large pages had won, --size large
// 120.6 -> 80.1 s CPU, 24 -> 4 s in the kernel.

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
// offers free page reporting (feature bit 5 of its features in sysfs), as above. `sys` is where
// sysfs is (tests give a directory laid out like it).
bool largeAllocatorPagesPay(const char *sys = "/sys");

// Asks mimalloc for 2 MiB OS pages from here on (mi_option_large_os_pages: segments committed
// whole and advised as transparent huge pages, Debian's THP mode being "madvise") when
// largeAllocatorPagesPay(sys). Returns whether it asked: false without mimalloc (sanitizer
// builds), where they do not pay, or when MIMALLOC_LARGE_OS_PAGES is set (that wins). Call it
// first thing in main, before threads start.
bool preferLargeAllocatorPages(const char *sys = "/sys");

} // namespace rlab
