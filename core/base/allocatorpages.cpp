// SPDX-License-Identifier: Apache-2.0
#include "core/base/allocatorpages.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

// mimalloc's collect and options, weak: null in binaries that do not link mimalloc. An option is
// its mi_option_t, an int in the C ABI.
extern "C" void mi_collect(bool force) __attribute__((weak));
extern "C" void mi_option_set(int option, long value) __attribute__((weak));

namespace {
// mi_option_decommit_delay in mimalloc 2.0 (Debian 12's), mi_option_purge_delay in 2.1: one slot
// of the ABI, which keeps deprecated options' numbers.
constexpr int kMiOptionDecommitDelay = 15;
// mi_option_large_os_pages in 2.0, mi_option_allow_large_os_pages in 2.1: the same slot.
constexpr int kMiOptionLargeOsPages = 6;
// VIRTIO_BALLOON_F_REPORTING (linux/virtio_balloon.h), and the balloon's device id.
constexpr std::size_t kBalloonReportingBit = 5;
constexpr const char *kBalloonDevice = "0x0005";

std::string firstLine(const std::filesystem::path &file)
{
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    return line;
}

// Whether a bound virtio balloon device offers free page reporting. sysfs writes a device's
// features as a string of '0'/'1', bit 0 first.
bool balloonReports(const std::filesystem::path &sys)
{
    std::error_code ec;
    for (const auto &dev : std::filesystem::directory_iterator(sys / "bus/virtio/devices", ec)) {
        if (firstLine(dev.path() / "device") != kBalloonDevice)
            continue;
        const std::string features = firstLine(dev.path() / "features");
        if (features.size() > kBalloonReportingBit && features[kBalloonReportingBit] == '1'
            && std::filesystem::exists(dev.path() / "driver", ec))
            return true;
    }
    return false;
}
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

bool largeAllocatorPagesPay(const char *sys)
{
    return !balloonReports(std::filesystem::path(sys));
}

bool preferLargeAllocatorPages(const char *sys)
{
    if (!mi_option_set || std::getenv("MIMALLOC_LARGE_OS_PAGES") || !largeAllocatorPagesPay(sys))
        return false;
    mi_option_set(kMiOptionLargeOsPages, 1);
    return true;
}

} // namespace rlab
